/**
 * The JSON a `<script type="application/json">` of the page holds (the server writes the shop's
 * facts, its content and a rendered page's data so), or undefined when the page has none or it
 * cannot be read.
 */
export function pageJson(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
