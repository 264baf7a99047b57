/**
 * The four friends, drawn as simple SVG portraits so they load instantly and
 * scale crisply. Shared by the home page, the characters page and Dream Maker.
 */
export type CharacterId = 'siso' | 'nainni' | 'lizzie' | 'feefee'

export const characters: { id: CharacterId; name: string; kind: string; blurb: string; color: string }[] = [
  { id: 'siso', name: 'Siso', kind: 'the Tiger', blurb: 'Brave, curious and always first to say "let\u2019s find out!"', color: 'bg-tiger-100' },
  { id: 'nainni', name: 'Nainni', kind: 'the Rabbit', blurb: 'A gentle dreamer who notices the tiny wonders everyone else hops past.', color: 'bg-berry-100' },
  { id: 'lizzie', name: 'Lizzie', kind: 'the Lizard', blurb: 'Quick-thinking and clever, with a fact for every occasion.', color: 'bg-leaf-100' },
  { id: 'feefee', name: 'FeeFee', kind: 'the Elephant', blurb: 'Big-hearted and kind, FeeFee never forgets a friend.', color: 'bg-sky-100' },
]

/** A character's face; `decorative` hides it from screen readers when a name stands beside it. */
export function CharacterPortrait({ id, className, decorative = false }: { id: CharacterId; className?: string; decorative?: boolean }) {
  const Portrait = portraits[id]
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': characters.find((c) => c.id === id)?.name }
  return (
    <svg viewBox="0 0 120 120" className={className} {...label}>
      <Portrait />
    </svg>
  )
}

const eyes = (y = 58) => (
  <>
    <circle cx="47" cy={y} r="5" fill="#1c1917" />
    <circle cx="73" cy={y} r="5" fill="#1c1917" />
    <circle cx="49" cy={y - 2} r="1.6" fill="#fff" />
    <circle cx="75" cy={y - 2} r="1.6" fill="#fff" />
  </>
)

const smile = (y = 78) => <path d={`M50 ${y}q10 8 20 0`} stroke="#7c2d12" strokeWidth="3" fill="none" strokeLinecap="round" />

const portraits: Record<CharacterId, () => React.JSX.Element> = {
  siso: () => (
    <>
      <circle cx="30" cy="30" r="14" fill="#f97316" />
      <circle cx="90" cy="30" r="14" fill="#f97316" />
      <circle cx="30" cy="30" r="7" fill="#fed7aa" />
      <circle cx="90" cy="30" r="7" fill="#fed7aa" />
      <circle cx="60" cy="64" r="42" fill="#f97316" />
      <path d="M52 24l3 14M68 24l-3 14M18 58h14M18 70h12M88 58h14M90 70h12" stroke="#7c2d12" strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="60" cy="80" rx="24" ry="17" fill="#fff7ed" />
      {eyes()}
      <ellipse cx="60" cy="72" rx="7" ry="5" fill="#7c2d12" />
      {smile(82)}
    </>
  ),
  nainni: () => (
    <>
      <ellipse cx="44" cy="26" rx="10" ry="26" fill="#f9a8d4" />
      <ellipse cx="76" cy="26" rx="10" ry="26" fill="#f9a8d4" />
      <ellipse cx="44" cy="28" rx="5" ry="18" fill="#fce7f3" />
      <ellipse cx="76" cy="28" rx="5" ry="18" fill="#fce7f3" />
      <circle cx="60" cy="70" r="38" fill="#fbcfe8" />
      <circle cx="38" cy="76" r="7" fill="#f9a8d4" opacity=".7" />
      <circle cx="82" cy="76" r="7" fill="#f9a8d4" opacity=".7" />
      {eyes(64)}
      <path d="M56 74l4 4 4-4z" fill="#db2777" />
      <path d="M60 78v5M52 86q8 5 16 0" stroke="#9d174d" strokeWidth="3" fill="none" strokeLinecap="round" />
    </>
  ),
  lizzie: () => (
    <>
      {/* The crest of spikes is what makes her a lizard and not a frog. */}
      <path d="M36 36l6-14 6 12 6-14 6 14 6-14 6 12 6-14 6 14z" fill="#f59e0b" />
      <ellipse cx="60" cy="66" rx="44" ry="36" fill="#4ade80" />
      <circle cx="40" cy="42" r="14" fill="#4ade80" />
      <circle cx="80" cy="42" r="14" fill="#4ade80" />
      <circle cx="40" cy="42" r="9" fill="#fff" />
      <circle cx="80" cy="42" r="9" fill="#fff" />
      <circle cx="42" cy="43" r="5" fill="#1c1917" />
      <circle cx="82" cy="43" r="5" fill="#1c1917" />
      <circle cx="32" cy="78" r="4" fill="#16a34a" />
      <circle cx="90" cy="72" r="5" fill="#16a34a" />
      <circle cx="78" cy="90" r="3" fill="#16a34a" />
      <path d="M36 74q24 18 48 0" stroke="#166534" strokeWidth="3.5" fill="none" strokeLinecap="round" />
    </>
  ),
  feefee: () => (
    <>
      <ellipse cx="22" cy="60" rx="20" ry="28" fill="#93c5fd" />
      <ellipse cx="98" cy="60" rx="20" ry="28" fill="#93c5fd" />
      <ellipse cx="24" cy="60" rx="12" ry="19" fill="#dbeafe" />
      <ellipse cx="96" cy="60" rx="12" ry="19" fill="#dbeafe" />
      <circle cx="60" cy="58" r="36" fill="#93c5fd" />
      {eyes(52)}
      <path d="M60 66c0 20-2 32 10 40" stroke="#93c5fd" strokeWidth="16" fill="none" strokeLinecap="round" />
      <path d="M42 72q-6 8-2 14M78 72q6 8 2 14" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="40" cy="66" r="5" fill="#f9a8d4" opacity=".7" />
      <circle cx="80" cy="66" r="5" fill="#f9a8d4" opacity=".7" />
    </>
  ),
}

/**
 * A friend drawn full-body (web/public/illustrations): a file, not inlined
 * JavaScript, so it costs nothing until shown and is cached by the browser.
 */
export function CharacterFigure({ id, className, decorative = false }: { id: CharacterId; className?: string; decorative?: boolean }) {
  const c = characters.find((x) => x.id === id)
  return (
    <img
      src={`/illustrations/${id}.svg`}
      width={240}
      height={300}
      alt={decorative || !c ? '' : `${c.name} ${c.kind}`}
      loading="lazy"
      decoding="async"
      className={className}
    />
  )
}
