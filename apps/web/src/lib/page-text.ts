/**
 * The simple text format of the shop's pages (the owner writes it in the dashboard), read into
 * blocks that the page renders as React elements: never HTML, so nothing the text holds can run
 * or inject markup.
 *
 * - `## Heading` (or `#`), `### Smaller heading`
 * - `- item` or `* item`; `1. item` for a numbered list; a line under an item continues it
 * - a blank line starts a new paragraph; a single line break stays a line break
 * - `**bold**`, `[words](https://…)`, and bare https:// addresses become links
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 2 | 3; content: Inline[] }
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

/**
 * A link's address when it is one a page may open: web addresses, e-mail, phone, and this
 * shop's own paths (`/faq`). Anything else (`javascript:`, `data:`, `//host`) is null.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^\/(?![/\\])/.test(href)) return href;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href) || /^tel:\+?[\d\s-]+$/i.test(href)) return href;
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    return new URL(href).protocol.startsWith('http') ? href : null;
  } catch {
    return null;
  }
}

const INLINE =
  /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^()\s]+)\)|(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/g;

/** Bold, links and text; `nested`: inside bold, which does not nest. */
export function parseInline(text: string, nested = false): Inline[] {
  const out: Inline[] = [];
  const push = (t: string) => {
    if (!t) return;
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += t;
    else out.push({ kind: 'text', text: t });
  };
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    push(text.slice(at, m.index));
    at = m.index + m[0].length;
    const [whole, strong, label, target, bare] = m;
    if (strong !== undefined && !nested) {
      out.push({ kind: 'strong', children: parseInline(strong, true) });
    } else if (label !== undefined && target !== undefined) {
      const href = safeHref(target);
      // The words of a link are plain text: no link may sit inside another.
      if (href) out.push({ kind: 'link', href, children: [{ kind: 'text', text: label }] });
      else push(whole); // an address a page may not open stays the text it was
    } else if (bare !== undefined) {
      out.push({ kind: 'link', href: bare, children: [{ kind: 'text', text: bare }] });
    } else {
      push(whole);
    }
  }
  push(text.slice(at));
  return out;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*•]\s+(.*)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.*)$/;

type Open =
  { kind: 'paragraph'; lines: string[] } | { kind: 'list'; ordered: boolean; items: string[] };

function close(open: Open | null, blocks: Block[]) {
  if (!open) return;
  if (open.kind === 'paragraph') {
    blocks.push({ kind: 'paragraph', lines: open.lines.map((l) => parseInline(l)) });
  } else {
    blocks.push({
      kind: 'list',
      ordered: open.ordered,
      items: open.items.map((i) => parseInline(i)),
    });
  }
}

/** The page's blocks, in order. */
export function parsePageText(body: string): Block[] {
  const blocks: Block[] = [];
  let open: Open | null = null;
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (!line || heading) {
      close(open, blocks);
      open = null;
      if (heading?.[2]) {
        const level = heading[1]!.length === 3 ? 3 : 2;
        blocks.push({ kind: 'heading', level, content: parseInline(heading[2]) });
      }
    } else if (item) {
      const ordered = !BULLET.test(line);
      if (open?.kind !== 'list' || open.ordered !== ordered) {
        close(open, blocks);
        open = { kind: 'list', ordered, items: [] };
      }
      open.items.push(item[1]!);
    } else if (open?.kind === 'list') {
      open.items[open.items.length - 1] += ` ${line}`;
    } else if (open?.kind === 'paragraph') {
      open.lines.push(line);
    } else {
      open = { kind: 'paragraph', lines: [line] };
    }
  }
  close(open, blocks);
  return blocks;
}
