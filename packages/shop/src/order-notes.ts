/**
 * The owner's notes on an order (docs/shop.md#the-dashboard): plain text, kept in their own
 * admin-only collection because customers read their orders. The dashboard's form and the
 * server check them with this one rule.
 */
export const ORDER_NOTE_MAX = 1000;

export const ORDER_NOTE_MESSAGES = Object.freeze({
  empty: 'Write the note first',
  long: `A note holds at most ${ORDER_NOTE_MAX} characters`,
  unknownOrder: 'There is no such order to note on',
  notEdited: 'A note cannot be changed: delete it and add another',
});

/** The note as kept (trimmed), or the reason it cannot be. */
export function checkOrderNoteText(text: unknown): { ok: string } | { error: string } {
  const value = typeof text === 'string' ? text.trim() : '';
  if (!value) return { error: ORDER_NOTE_MESSAGES.empty };
  if (value.length > ORDER_NOTE_MAX) return { error: ORDER_NOTE_MESSAGES.long };
  return { ok: value };
}
