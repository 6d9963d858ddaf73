import { describe, expect, it } from 'vitest'
import { mexicanStateCodes, mexicanStates } from './mexican-states'

describe('the address lists', () => {
  it('lists the 32 Mexican states in the order of their Spanish names, as written', () => {
    const byName = [...mexicanStateCodes].sort((a, b) =>
      mexicanStates[a].localeCompare(mexicanStates[b], 'es'),
    )
    expect(mexicanStateCodes).toHaveLength(32)
    expect(mexicanStateCodes).toEqual(byName)
  })
})
