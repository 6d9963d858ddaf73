import { describe, expect, it } from 'vitest'
import { scriptJson } from './script-json'

describe('scriptJson', () => {
  it('writes no character that could end a script or start markup, and parses back', () => {
    const value = { quote: '</script><script>alert(1)</script> & <!-- \u2028\u2029' }
    const json = scriptJson(value)
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual(value)
  })
})
