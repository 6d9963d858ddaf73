import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { registrationMessages } from '../registration/registration-messages'
import { firstIssuePerField } from '../validation/schema-issues'
import { createProfileUpdateSchema } from './account-schemas'

// Messages as their ids: what the checks say, not a language.
const schema = createProfileUpdateSchema((descriptor) => descriptor.id)
const fails = (change: Record<string, unknown>) =>
  firstIssuePerField(v.safeParse(schema, change).issues ?? [])

describe('the profile change: the state/country rule', () => {
  it('judges the state and the country together when both are sent, on the state field', () => {
    const cases: readonly [Record<string, unknown>, Record<string, string>][] = [
      [{ country: 'MX', state: 'JAL' }, {}],
      [{ country: 'US', state: '' }, {}],
      [{ country: 'MX', state: '' }, { state: registrationMessages.stateRequired.id }],
      [{ country: 'US', state: 'JAL' }, { state: registrationMessages.stateOutsideMexico.id }],
    ]
    for (const [change, refused] of cases)
      expect(fails(change), JSON.stringify(change)).toEqual(refused)
  })

  it('leaves one of them alone to the server (judged against the stored other)', () => {
    expect(fails({ state: '' })).toEqual({})
    expect(fails({ country: 'US' })).toEqual({})
    expect(fails({ state: 'JAL' })).toEqual({})
  })

  it('still says so when another field is refused too', () => {
    expect(Object.keys(fails({ country: 'MX', state: '', name: '' })).sort()).toEqual([
      'name',
      'state',
    ])
  })
})
