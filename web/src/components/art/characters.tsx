/**
 * The four friends, each one SVG illustration (web/public/illustrations) shown whole
 * or as a head-and-shoulders portrait. Shared by the home page, the characters
 * page, the header's logo and Dream Maker.
 */
export type CharacterId = 'siso' | 'nainni' | 'lizzie' | 'feefee'

export const characters: { id: CharacterId; name: string; kind: string; blurb: string; color: string }[] = [
  { id: 'siso', name: 'Siso', kind: 'the Tiger', blurb: 'Brave, curious and always first to say "let\u2019s find out!"', color: 'bg-tiger-100' },
  { id: 'nainni', name: 'Nainni', kind: 'the Rabbit', blurb: 'A gentle dreamer who notices the tiny wonders everyone else hops past.', color: 'bg-berry-100' },
  { id: 'lizzie', name: 'Lizzie', kind: 'the Lizard', blurb: 'Quick-thinking and clever, with a fact for every occasion.', color: 'bg-leaf-100' },
  { id: 'feefee', name: 'FeeFee', kind: 'the Elephant', blurb: 'Big-hearted and kind, FeeFee never forgets a friend.', color: 'bg-sky-100' },
]

/**
 * Where each friend's head sits in its full-body illustration (web/public/illustrations,
 * 240 × 300): the portrait is that square of the same illustration, so every picture of
 * a friend is one illustration, wherever it appears.
 */
const headBox: Record<CharacterId, string> = {
  siso: '38 10 164 164',
  nainni: '40 0 156 156',
  lizzie: '26 14 176 176',
  feefee: '2 4 236 236',
}

/** A character's face; `decorative` hides it from screen readers when a name stands beside it. */
export function CharacterPortrait({ id, className, decorative = false }: { id: CharacterId; className?: string; decorative?: boolean }) {
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': characters.find((c) => c.id === id)?.name }
  return (
    <svg viewBox={headBox[id]} className={className} {...label}>
      <image href={`/illustrations/${id}.svg`} width="240" height="300" />
    </svg>
  )
}

/**
 * A friend shown full-body (web/public/illustrations): a file, not inlined
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
