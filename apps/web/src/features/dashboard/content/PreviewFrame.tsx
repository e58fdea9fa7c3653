import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The storefront's parts drawn at a device's width: inside a frame of its own, so the page's
 * styles answer to that width (a phone's 360 px, a desktop's 1280 px) whatever the dashboard's
 * own, shrunk to fit the column it sits in. The page's styles are copied in; the parts render
 * with the app's own state and router (a portal).
 */
export function PreviewFrame({
  width,
  title,
  children,
}: {
  width: number;
  title: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [room, setRoom] = useState(width);
  const [height, setHeight] = useState(200);

  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.open();
    doc.write(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>',
    );
    doc.close();
    for (const style of document.querySelectorAll('link[rel="stylesheet"], style')) {
      doc.head.appendChild(style.cloneNode(true));
    }
    doc.body.className = 'bg-paper p-3';
    setBody(doc.body);
    const grow = new ResizeObserver(() => setHeight(doc.documentElement.scrollHeight));
    grow.observe(doc.body);
    return () => grow.disconnect();
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = new ResizeObserver(() => setRoom(el.clientWidth));
    fit.observe(el);
    return () => fit.disconnect();
  }, []);

  const scale = Math.min(1, room / width);
  return (
    <div ref={box} className="w-full overflow-hidden" style={{ height: height * scale }}>
      <iframe
        ref={frame}
        title={title}
        width={width}
        height={height}
        style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }}
        className="block rounded-card border border-line bg-paper"
      />
      {body && createPortal(children, body)}
    </div>
  );
}
