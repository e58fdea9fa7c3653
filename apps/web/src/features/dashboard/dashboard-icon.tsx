/** A dashboard line icon from one SVG path, drawn inline so it costs no request. */
export const dashboardIcon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="size-5 shrink-0"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);
