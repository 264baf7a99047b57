import { CharacterPortrait } from '@/components/art/characters'

/** Siso the tiger's face: the brand mark, beside the brand name. */
export function Logo({ className }: { className?: string }) {
  return <CharacterPortrait id="siso" decorative className={className} />
}
