import { useEffect, useRef, useState } from 'react';
import { formatRs } from '@courtside/shop';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HEIGHT = 300;
const PAD = { top: 16, right: 12, bottom: 28, left: 52 };
export const SERIES_COLOURS = { thisYear: '#2563eb', lastYear: '#ec4899' } as const;

/** A round axis maximum: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const short = (n: number) =>
  n >= 1_000_000
    ? `${+(n / 1_000_000).toFixed(1)}M`
    : n >= 1000
      ? `${+(n / 1000).toFixed(1)}k`
      : `${n}`;

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

/** Sales value by month, this year (blue) against last year (pink), 300 px high (D7). */
export function SalesChart({ year, month, thisYear, lastYear }: SalesChartProps) {
  const { ref, width } = useWidth(640);
  const max = niceMax(Math.max(...thisYear, ...lastYear));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (plotW * i) / 11;
  const y = (v: number) => PAD.top + plotH - (plotH * v) / max;
  const path = (values: readonly number[]) =>
    values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => t * max);
  const narrow = width < 480;
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
      <div ref={ref} className="w-full">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`Sales value by month, ${year} against ${year - 1}`}
          className="block max-w-full"
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
              <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#64748b">
                {short(t)}
              </text>
            </g>
          ))}
          {MONTHS.map((m, i) => (
            <text key={m} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#64748b">
              {narrow ? m[0] : m}
            </text>
          ))}
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
      </div>
      <SalesTable year={year} month={month} thisYear={thisYear} lastYear={lastYear} />
    </figure>
  );
}
