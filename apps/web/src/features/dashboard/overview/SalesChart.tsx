import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatRs } from '@courtside/shop';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HEIGHT = 300;
const PAD = { top: 16, right: 12, bottom: 28, left: 60 };
export const SERIES_COLOURS = { thisYear: '#2563eb', lastYear: '#ec4899' } as const;

/** A round axis maximum: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** An axis value in rupees, short: "Rs 250k", "Rs 1.5M". */
export const axisRupees = (n: number) =>
  `Rs ${
    n >= 1_000_000
      ? `${+(n / 1_000_000).toFixed(1)}M`
      : n >= 1000
        ? `${+(n / 1000).toFixed(1)}k`
        : `${n}`
  }`;

function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.round(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface SalesChartProps {
  year: number;
  /** The current month (0 = January): this year's line stops there. */
  month: number;
  thisYear: readonly number[];
  lastYear: readonly number[];
}

/** The same figures as a table, for screen readers. */
function SalesTable({ year, month, thisYear, lastYear }: SalesChartProps) {
  return (
    <table className="sr-only">
      <caption>Sales value by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">{year}</th>
          <th scope="col">{year - 1}</th>
        </tr>
      </thead>
      <tbody>
        {MONTHS.map((m, i) => (
          <tr key={m}>
            <th scope="row">{m}</th>
            <td>{i <= month ? formatRs(thisYear[i] ?? 0) : '–'}</td>
            <td>{formatRs(lastYear[i] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rupees up the side (five lines across) and the months along the bottom. */
function Axes(props: {
  max: number;
  width: number;
  x: (i: number) => number;
  y: (v: number) => number;
}) {
  const { max, width, x, y } = props;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => t * max);
  const narrow = width < 480;
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
          <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#64748b">
            {axisRupees(t)}
          </text>
        </g>
      ))}
      {MONTHS.map((m, i) => (
        <text key={m} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#64748b">
          {narrow ? m[0] : m}
        </text>
      ))}
    </>
  );
}

/**
 * Which month the chart shows the figures of: the one under the mouse, the one tapped, or the one
 * the arrow keys step to once the chart has the focus (this month first); none when it leaves.
 */
function useMonthPointer(month: number, plotW: number) {
  const [at, setAt] = useState<number | null>(null);
  const clamp = (i: number) => Math.min(11, Math.max(0, i));
  const monthAt = (clientX: number, svg: SVGSVGElement) => {
    const px = clientX - svg.getBoundingClientRect().left;
    return clamp(Math.round(((px - PAD.left) / plotW) * 11));
  };
  const handlers = {
    tabIndex: 0,
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => setAt(monthAt(e.clientX, e.currentTarget)),
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => setAt(monthAt(e.clientX, e.currentTarget)),
    onPointerLeave: (e: PointerEvent<SVGSVGElement>) => {
      if (e.pointerType === 'mouse') setAt(null);
    },
    onFocus: () => setAt((was) => was ?? month),
    onBlur: () => setAt(null),
    onKeyDown: (e: KeyboardEvent<SVGSVGElement>) => {
      const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (step === 0) return;
      e.preventDefault();
      setAt((was) => clamp((was ?? month) + step));
    },
  };
  return { at, handlers };
}

/** The month under the pointer or the keyboard's choice, its figures in a box above the chart. */
function MonthTip(props: SalesChartProps & { at: number; left: number; width: number }) {
  const { year, month, thisYear, lastYear, at, left, width } = props;
  const box = 176;
  const x = Math.min(Math.max(left - box / 2, 0), width - box);
  return (
    <div
      role="status"
      style={{ left: x, width: box }}
      className="pointer-events-none absolute top-0 rounded-lg border border-line bg-white p-2 text-xs shadow-md"
    >
      <p className="font-bold">{MONTHS[at]}</p>
      <p className="flex justify-between gap-2 tabular-nums">
        <span style={{ color: SERIES_COLOURS.thisYear }}>{year}</span>
        <span>{at <= month ? formatRs(thisYear[at] ?? 0) : 'not yet'}</span>
      </p>
      <p className="flex justify-between gap-2 tabular-nums">
        <span style={{ color: SERIES_COLOURS.lastYear }}>{year - 1}</span>
        <span>{formatRs(lastYear[at] ?? 0)}</span>
      </p>
    </div>
  );
}

/**
 * Sales value by month, this year (blue) against last year (pink), 300 px high (D7), the axis in
 * rupees. Pointing at a month (or tapping it, or the arrow keys once the chart has the focus)
 * shows its figures.
 */
export function SalesChart({ year, month, thisYear, lastYear }: SalesChartProps) {
  const { ref, width } = useWidth(640);
  const max = niceMax(Math.max(...thisYear, ...lastYear));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (plotW * i) / 11;
  const y = (v: number) => PAD.top + plotH - (plotH * v) / max;
  const path = (values: readonly number[]) =>
    values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const pointing = useMonthPointer(month, plotW);
  const at = pointing.at;
  const series = [
    { key: 'lastYear', label: String(year - 1), values: lastYear, colour: SERIES_COLOURS.lastYear },
    {
      key: 'thisYear',
      label: String(year),
      values: thisYear.slice(0, month + 1),
      colour: SERIES_COLOURS.thisYear,
    },
  ];
  return (
    <figure>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <figcaption className="text-lg font-bold">Sales value</figcaption>
        <ul className="flex gap-4 text-xs font-semibold text-ink-soft">
          {[...series].reverse().map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="h-1 w-4 rounded-full" style={{ background: s.colour }} />
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      <div ref={ref} className="relative w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`Sales value by month, ${year} against ${year - 1}`}
          {...pointing.handlers}
          className="block max-w-full touch-pan-y rounded outline-none focus-visible:ring-2 focus-visible:ring-ink"
        >
          {at !== null && (
            <line
              x1={x(at)}
              x2={x(at)}
              y1={PAD.top}
              y2={HEIGHT - PAD.bottom}
              stroke="#94a3b8"
              strokeDasharray="4 3"
            />
          )}
          <Axes max={max} width={width} x={x} y={y} />
          {series.map((s) => (
            <g key={s.key}>
              <path
                d={path(s.values)}
                fill="none"
                stroke={s.colour}
                strokeWidth="2.5"
                strokeLinejoin="round"
              />
              {s.values.map((v, i) => (
                <circle
                  key={i}
                  cx={x(i)}
                  cy={y(v)}
                  r="3"
                  fill="#fff"
                  stroke={s.colour}
                  strokeWidth="2"
                >
                  <title>{`${MONTHS[i]} ${s.label}: ${formatRs(v)}`}</title>
                </circle>
              ))}
            </g>
          ))}
        </svg>
        {at !== null && (
          <MonthTip
            year={year}
            month={month}
            thisYear={thisYear}
            lastYear={lastYear}
            at={at}
            left={x(at)}
            width={width}
          />
        )}
      </div>
      <SalesTable year={year} month={month} thisYear={thisYear} lastYear={lastYear} />
    </figure>
  );
}
