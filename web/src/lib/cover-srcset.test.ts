import { describe, expect, it } from 'vitest'
import { coverSrcSet } from './cover-srcset'

const hash = 'ab'.repeat(32)

describe('coverSrcSet', () => {
  it('lists the four copies of a cover 640 pixels wide or more', () => {
    expect(coverSrcSet(`/covers/u/${hash}-640.jpg`)).toBe(
      `/covers/u/${hash}-160.jpg 160w, /covers/u/${hash}-320.jpg 320w, /covers/u/${hash}-480.jpg 480w, /covers/u/${hash}-640.jpg 640w`,
    )
  })

  it('ends at the width of a narrower picture, in its format', () => {
    expect(coverSrcSet(`/covers/u/${hash}-500.png`)).toBe(
      `/covers/u/${hash}-160.png 160w, /covers/u/${hash}-320.png 320w, /covers/u/${hash}-480.png 480w, /covers/u/${hash}-500.png 500w`,
    )
    expect(coverSrcSet(`/covers/u/${hash}-480.jpg`)).toBe(`/covers/u/${hash}-160.jpg 160w, /covers/u/${hash}-320.jpg 320w, /covers/u/${hash}-480.jpg 480w`)
  })

  it.each([
    '/covers/book-3.svg',
    `https://elsewhere.example/covers/u/${hash}-640.jpg`,
    `/covers/u/${hash}-640.gif`,
    `/covers/u/${hash}-1280.jpg`,
    `/covers/u/${hash}-0640.jpg`,
    `/covers/u/${hash.slice(2)}-640.jpg`,
    `/covers/u/${hash.toUpperCase()}-640.jpg`,
    `/covers/u/${hash}-640.jpg?x=1`,
    '',
  ])('has none for %j', (src) => {
    expect(coverSrcSet(src)).toBeUndefined()
  })
})
