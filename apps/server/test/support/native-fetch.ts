/** Stands in for `cross-fetch` when the SDK runs in Node tests: the platform's own fetch. */
export const fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
export default fetch;
