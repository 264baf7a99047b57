/** The longest slug made from a title: room is left for a -copy or -2 the server may add (internal/catalog: Slugify). */
const MAX_SLUG_FROM_TITLE = 88

const special: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l' }

/**
 * A book's slug from its title, as the server makes one: lowercase ASCII
 * letters and digits joined by single hyphens, accents dropped, apostrophes
 * ignored ("Siso's Big Day!" -> "sisos-big-day").
 */
export function slugify(title: string): string {
  const folded = title
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøđł]/g, (c) => special[c])
    .replace(/['’]/g, '')
  let slug = folded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-')
  if (slug.length > MAX_SLUG_FROM_TITLE) slug = slug.slice(0, MAX_SLUG_FROM_TITLE).replace(/-+$/, '')
  if (!/[a-z]/.test(slug)) slug = ['book', slug].filter(Boolean).join('-')
  return slug
}
