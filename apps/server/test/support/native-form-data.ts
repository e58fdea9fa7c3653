/**
 * Stands in for `isomorphic-form-data` in Node tests: importing nothing keeps the platform's
 * FormData, which (unlike the `form-data` package) can carry a File.
 */
export {};
