/**
 * How the backend and the web app meet on a server-rendered page, written once for both sides:
 * the backend loads the web app's renderer module (built from apps/web/src/entry-server.tsx),
 * puts the page it renders into the built index.html between the app markers, adds the data it
 * was rendered from as inert JSON, and the browser's app hydrates it.
 */

/** The `<script type="application/json">` holding a rendered page's data (RTK Query's cache). */
export const SHOP_STATE_ID = 'shop-state';

/**
 * The `<script type="application/json">` in every page's head holding the shop's facts (its
 * name, numbers, links, accounts: facts.ts), as the owner last saved them, so the app shows them
 * from its first render.
 */
export const SHOP_FACTS_ID = 'shop-facts';

/**
 * The `<script type="application/json">` in every page's head holding the storefront's content
 * (the banner's slides, the promo, the logo and size chart: shop-content.ts), as the owner last
 * saved it, so the home page shows it from its first render.
 */
export const SHOP_CONTENT_ID = 'shop-content';

/**
 * Around the shell's first-load content in index.html (the logo and a spinner): a rendered page
 * takes its place. The web app's build fails when they are missing.
 */
export const APP_MARKERS = { start: '<!--app-->', end: '<!--/app-->' } as const;

/**
 * Sent on `document` once the app has hydrated a server-rendered page and restored the
 * visitor's cart and wishlist: the page's loader then taps again the buttons that were tapped
 * before the app could answer them.
 */
export const HYDRATED_EVENT = 'courtside:hydrated';

/**
 * A rendered page's own chunks (a product, a list of pairs), space-separated in this `<meta>`'s
 * content: the page's loader asks for them with the app's entry, after the first paint, so they
 * never compete with the page's pictures for the link.
 */
export const PAGE_CHUNKS_META = 'courtside:page-chunks';

/** Where the renderer module sits, from the built web app's folder (`apps/web/dist`). */
export const RENDERER_PATH = '../dist-server/entry-server.js';

/** Vite's manifest of the browser build, from the built web app's folder. */
export const MANIFEST_PATH = '.vite/manifest.json';

/** A landing page as the server rendered it. */
export interface RenderedPage {
  /** The markup that goes between the app markers. */
  html: string;
  /** The data it was rendered from, for the browser's store (JSON-serialisable). */
  state: unknown;
  /** The answer's HTTP status: 404 when the page found nothing to show; 200 when absent. */
  status?: number;
}

/** `url`: the page's absolute address as the browser sees it. Null: not a page rendered there. */
export type PageRenderer = (url: string) => Promise<RenderedPage | null>;

/** What the renderer module exports. */
export interface PageRendererModule {
  /** Points the app's SDK at the API (`endpoint`, e.g. `http://host/v1`) through `fetch`. */
  configure(o: { endpoint: string; fetch: typeof fetch }): void;
  renderPage: PageRenderer;
  /**
   * The source files (as Vite's manifest names them, e.g. `src/features/cart/CartPage.tsx`) of
   * the pages loaded on demand that `pathname` shows: their code can be preloaded with the page.
   */
  lazyModulesFor(pathname: string): string[];
}
