import { createContext, useContext } from 'react';

/**
 * The HTTP status of a page rendered on the server: a page that finds nothing to show (an
 * unknown path, product, category, brand or page) marks it 404 while it renders, and the
 * renderer (entry-server.tsx) hands it to the backend with the page. Nothing in the browser.
 */
export type SetPageStatus = (code: number) => void;

const PageStatusContext = createContext<SetPageStatus | null>(null);

export const PageStatusProvider = PageStatusContext.Provider;

/** Marks the page being rendered on the server as not found. */
export function useNotFoundStatus(): void {
  useContext(PageStatusContext)?.(404);
}
