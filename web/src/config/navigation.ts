/** Navigation state that makes /profile scroll to My Children after 100 ms (Dream Maker sends it). */
export const scrollToChildren = { scrollToChildren: true } as const
