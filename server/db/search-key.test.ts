import { describe, expect, it } from 'vitest'
import { foldedLetters, plainLetters } from './search-key'

describe('the search key letters', () => {
  const folded = [...foldedLetters]
  const plain = [...plainLetters]

  it('pair every accented letter with its plain lower-case letter, then drop the combining accents', () => {
    const letters = folded.slice(0, plain.length)
    // Letters with a stroke or without a dot have no decomposition: their base is named here.
    const strokes: Record<string, string> = { đ: 'd', ı: 'i', ł: 'l', ø: 'o', ŧ: 't' }
    letters.forEach((letter, at) => {
      const lower = letter.toLowerCase()
      const base = strokes[lower] ?? lower.normalize('NFD').replace(/\p{M}/gu, '')
      expect(plain[at], letter).toBe(base)
    })
    expect(new Set(letters).size).toBe(letters.length)
    expect(folded.slice(plain.length).every((mark) => /^\p{M}$/u.test(mark))).toBe(true)
    expect(folded.length - plain.length).toBe(0x70)
  })

  it('cover every letter Spanish, Portuguese, French, German and Catalan names use', () => {
    for (const letter of 'áéíóúüñÁÉÍÓÚÜÑàèìòùâêîôûäëïöãõçÀÈÌÒÙÂÊÎÔÛÄËÏÖÃÕÇ')
      expect(folded, letter).toContain(letter)
  })
})
