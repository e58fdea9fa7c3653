/** The account menu's dropdown box, under the button, right-aligned. */
export const MENU_BOX =
  'absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-card border border-line bg-white shadow-lg';
