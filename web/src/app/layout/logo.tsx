/** Siso the tiger's face: the brand mark. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <circle cx="14" cy="14" r="9" fill="#f97316" />
      <circle cx="50" cy="14" r="9" fill="#f97316" />
      <circle cx="14" cy="14" r="4" fill="#fed7aa" />
      <circle cx="50" cy="14" r="4" fill="#fed7aa" />
      <circle cx="32" cy="34" r="26" fill="#f97316" />
      <path d="M26 10l3 9M38 10l-3 9M7 30h9M7 38h8M48 30h9M49 38h8" stroke="#7c2d12" strokeWidth="3" strokeLinecap="round" />
      <ellipse cx="32" cy="45" rx="15" ry="11" fill="#fff7ed" />
      <circle cx="23" cy="32" r="3.5" fill="#1c1917" />
      <circle cx="41" cy="32" r="3.5" fill="#1c1917" />
      <ellipse cx="32" cy="41" rx="4.5" ry="3" fill="#7c2d12" />
      <path d="M27 47q5 4 10 0" stroke="#7c2d12" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </svg>
  )
}
