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

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;

const inside = (r: Box, x: number, y: number) =>
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

const meets = (r: DOMRect, box: DOMRect, slack = 0) =>
  r.width + r.height > 0 &&
  r.left - slack <= box.right &&
  r.right + slack >= box.left &&
  r.top - slack <= box.bottom &&
  r.bottom + slack >= box.top;

/**
 * How far past a control's box a part of it may reach and still count (a count badge on a
 * corner): a hit there is on the control too.
 */
const PART_SLACK = 16;

/**
 * The boxes on the page, `own`'s aside, where a hit may be a control within `box`: every control
 * (with PART_SLACK around it), and each link's own words or picture. A point in none of them
 * cannot be over a control, so the browser's hit testing (costly: the page's layout and a walk
 * of its layers, per point) is left for the points in one.
 */
function boxesNear(own: HTMLElement, box: DOMRect): Box[] {
  const near: Box[] = [];
  for (const el of document.querySelectorAll(CONTROLS)) {
    const r = el.getBoundingClientRect();
    if (!meets(r, box, PART_SLACK) || own.contains(el)) continue;
    const [left, top] = [r.left - PART_SLACK, r.top - PART_SLACK];
    near.push({ left, top, right: r.right + PART_SLACK, bottom: r.bottom + PART_SLACK });
  }
  for (const link of document.querySelectorAll('a[href]')) {
    for (const r of link.getClientRects()) if (meets(r, box) && !own.contains(link)) near.push(r);
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
    near.some((r) =>
      inside({ left: r.left - 1, top: r.top - 1, right: r.right + 1, bottom: r.bottom + 1 }, x, y),
    );
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
