import { useEffect, useState, type RefObject } from 'react';

/**
 * What a floating button must never sit on: anything one taps or types into (links: below), and
 * what a buyer reads to decide, marked `data-keep-clear` (prices, badges, totals).
 */
const CONTROLS = 'button, input, select, textarea, summary, [role="button"], [data-keep-clear]';

/**
 * Points of a box to test, a little inside: its middle, its corners and the middles of its sides
 * (a line of text under the round button's edge passes between the corners).
 */
function probes(r: DOMRect): [number, number][] {
  const i = 4;
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  return [
    [x, y],
    [r.left + i, r.top + i],
    [r.right - i, r.top + i],
    [r.left + i, r.bottom - i],
    [r.right - i, r.bottom - i],
    [r.left + i, y],
    [r.right - i, y],
    [x, r.top + i],
    [x, r.bottom - i],
  ];
}

const inside = (r: DOMRect, x: number, y: number) =>
  x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;

/**
 * Whether `el` at (x, y) is a control: a button or field, or a link whose own words or picture
 * are there. A product card's link stretched over the whole card (its ::after) is not: the card
 * can be tapped anywhere else.
 */
function isControl(el: Element, x: number, y: number): boolean {
  if (el.closest(CONTROLS)) return true;
  const link = el.closest('a[href]');
  return link !== null && [...link.getClientRects()].some((r) => inside(r, x, y));
}

const meets = (r: DOMRect, box: DOMRect) =>
  r.width + r.height > 0 &&
  r.left <= box.right &&
  r.right >= box.left &&
  r.top <= box.bottom &&
  r.bottom >= box.top;

/** Everything a hit on which `isControl` may count: a control or a part of one, or a link. */
const CONTROL_PARTS = `${CONTROLS}, :is(${CONTROLS}) *`;

/**
 * The boxes on the page, `own`'s aside, where a hit may be a control within `box`: every control
 * and part of one (a hit on a part counts, wherever the part lies), and each link's own words or
 * picture. A point in none of them cannot be over a control, so the browser's hit testing
 * (costly: the page's layout and a walk of its layers, per point) is left for the points in one.
 */
function boxesNear(own: HTMLElement, box: DOMRect): DOMRect[] {
  const near: DOMRect[] = [];
  for (const el of document.querySelectorAll(CONTROL_PARTS)) {
    if (own.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (meets(r, box)) near.push(r);
  }
  for (const link of document.querySelectorAll('a[href]')) {
    if (own.contains(link)) continue;
    for (const r of link.getClientRects()) if (meets(r, box)) near.push(r);
  }
  return near;
}

/** Whether a control of the page lies under `own`'s box (`own`'s own parts aside). */
export function overControl(own: HTMLElement): boolean {
  const box = own.getBoundingClientRect();
  if (box.width === 0 || typeof document.elementsFromPoint !== 'function') return false;
  const near = boxesNear(own, box);
  if (near.length === 0) return false;
  // A box's edge a pixel wide either way: the browser rounds where it hits.
  const maybe = (x: number, y: number) =>
    near.some((r) => x >= r.left - 1 && x <= r.right + 1 && y >= r.top - 1 && y <= r.bottom + 1);
  return probes(box).some(
    ([x, y]) =>
      maybe(x, y) &&
      document.elementsFromPoint(x, y).some((el) => !own.contains(el) && isControl(el, x, y)),
  );
}

/**
 * True while a control of the page (a button, a field, Add to cart, Check Out) or a price, badge
 * or total passes under the fixed element `ref` holds, so that element can step aside instead of covering it. Checked
 * once a frame at most: on scroll, on resize, when the page's height changes (data arriving)
 * and on every new page (`page`).
 */
export function useOverControl(ref: RefObject<HTMLElement | null>, page: string): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (ref.current) setOver(overControl(ref.current));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resized?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
    };
  }, [ref, page]);
  return over;
}
