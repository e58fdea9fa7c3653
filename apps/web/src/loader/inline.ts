import { APP_MARKERS } from '@courtside/shop/web-page';

/** What goes inline into index.html: a script at the end of the head, the loader at the end of the body. */
export interface InlineScripts {
  head: string;
  body: string;
}

/** A script's code made safe inside `<script>`: it cannot close the element early. */
const inert = (code: string) => code.replace(/<\/script/gi, '<\\/script');

/**
 * index.html with the head's script at the end of the head, and its entry script replaced by the
 * loader at the end of the body, carrying the entry's address.
 */
export function withLoader(
  html: string,
  scripts: InlineScripts,
  fail: (m: string) => never,
): string {
  for (const marker of Object.values(APP_MARKERS)) {
    if (!html.includes(marker)) fail(`index.html has no ${marker} marker`);
  }
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
  const src = entry.exec(html)?.[1];
  if (!src) return fail('no entry script in index.html');
  const loader = `<script data-entry="${src}">${inert(scripts.body)}</script>`;
  return html
    .replace(entry, '')
    .replace('</head>', () => `<script>${inert(scripts.head)}</script>\n  </head>`)
    .replace('</body>', () => `${loader}\n  </body>`);
}
