/** The browser's own fetch, standing in for the SDK's cross-fetch polyfill in the build. */
export const fetch: typeof globalThis.fetch = (...args) => globalThis.fetch(...args);
export default fetch;
