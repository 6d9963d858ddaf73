// The services listing's card arrow, drawn: the site's typeface has no arrow character, and as
// "→" it came from whichever symbol font the device had (docs/decisions/057).
export function ArrowIcon() {
  return (
    <svg
      className="area-card-arrow"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  )
}
