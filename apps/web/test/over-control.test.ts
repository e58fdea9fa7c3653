import { afterEach, describe, expect, it, vi } from 'vitest';
import { overControl } from '../src/features/shell/use-over-control';

const rect = (left: number, top: number, right: number, bottom: number) =>
  ({ left, top, right, bottom, width: right - left, height: bottom - top }) as DOMRect;

/**
 * The floating chat button at (296, 680)-(344, 728), as on a 360 px phone, over a page whose
 * only control is `control` with these boxes; the browser's hit testing is stubbed by boxes.
 */
function setUp(control: HTMLElement, boxes: DOMRect[]) {
  const chat = document.createElement('a');
  document.body.append(control, chat);
  chat.getBoundingClientRect = () => rect(296, 680, 344, 728);
  control.getClientRects = () => boxes as unknown as DOMRectList;
  const hits = (x: number, y: number) =>
    boxes.some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  document.elementsFromPoint = vi.fn((x: number, y: number) =>
    hits(x, y) ? [chat, control, document.body] : [chat, document.body],
  );
  return chat;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the floating button steps aside from a control under it', () => {
  it('sees a line of link text under its round edge, between its corners', () => {
    // "New to Courtside? Create an account": the link ends under the button's left side.
    const link = Object.assign(document.createElement('a'), { href: '/signup' });
    expect(overControl(setUp(link, [rect(174, 701, 318, 717)]))).toBe(true);
  });

  it('stays when nothing one taps is under it', () => {
    const link = Object.assign(document.createElement('a'), { href: '/signup' });
    expect(overControl(setUp(link, [rect(20, 701, 290, 717)]))).toBe(false);
  });

  it('asks the browser what lies under it only where a control is near', () => {
    const link = Object.assign(document.createElement('a'), { href: '/signup' });
    overControl(setUp(link, [rect(20, 100, 290, 117)]));
    expect(document.elementsFromPoint).not.toHaveBeenCalled();
  });

  it('sees a part of a button reaching out of the button under it (a badge on its corner)', () => {
    const button = document.createElement('button');
    const part = document.createElement('span');
    button.append(part);
    const chat = setUp(button, []);
    button.getBoundingClientRect = () => rect(250, 660, 292, 682);
    document.elementsFromPoint = vi.fn((x: number, y: number) =>
      x >= 288 && x <= 304 && y >= 676 && y <= 690 ? [chat, part, button] : [chat],
    );
    expect(overControl(chat)).toBe(true);
  });
});
