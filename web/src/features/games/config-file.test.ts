import { describe, expect, it } from 'vitest'
import { pairsFile, parsePairsFile } from './config-file'
import { DEFAULT_DIFFERENCE_PAIR } from './defaults'

describe('the exported configuration file', () => {
  it('is read back by Import Config as the same pairs', () => {
    const pairs = [DEFAULT_DIFFERENCE_PAIR, { ...DEFAULT_DIFFERENCE_PAIR, id: 'pair_2', name: 'Another' }]
    expect(parsePairsFile(pairsFile(pairs))).toEqual(pairs)
  })

  it('also takes the bare list the console shows', () => {
    expect(parsePairsFile(JSON.stringify([DEFAULT_DIFFERENCE_PAIR]))).toEqual([DEFAULT_DIFFERENCE_PAIR])
  })

  it('refuses what is not a configuration', () => {
    expect(parsePairsFile('not json')).toBeNull()
    expect(parsePairsFile('{}')).toBeNull()
    expect(parsePairsFile(JSON.stringify({ differencePairs: [{ ...DEFAULT_DIFFERENCE_PAIR, differences: [{ x: 120, y: 5, radius: 10 }] }] }))).toBeNull()
    const four = Array.from({ length: 4 }, (_, i) => ({ ...DEFAULT_DIFFERENCE_PAIR, id: `pair_${i}` }))
    expect(parsePairsFile(pairsFile(four))).toBeNull()
  })
})
