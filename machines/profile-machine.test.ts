import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { rejection, testUser } from '../tests/fixtures/account-user'
import { profileMachine } from './profile-machine'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const profile = testUser.profile

function start(update: (values: unknown) => Promise<unknown>) {
  const announceUpdate = vi.fn()
  const actor = createActor(
    profileMachine.provide({
      actors: { updateProfile: fromPromise(async ({ input }) => (await update(input)) as never) },
      actions: { announceUpdate: (_, body) => announceUpdate(body) },
    }),
    { input: { profile } },
  ).start()
  return { actor, announceUpdate }
}

describe('profileMachine', () => {
  it('edits, refuses invalid details, saves valid ones and shows what the server kept', async () => {
    const { actor, announceUpdate } = start(async (values) => ({
      success: true,
      user: { ...testUser, profile: values },
    }))
    actor.send({ type: 'edit' })
    actor.send({ type: 'save', values: { ...profile, postalCode: '' } })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(1)
    actor.send({ type: 'save', values: { ...profile, city: 'Oaxaca' } })
    expect(actor.getSnapshot().value).toBe('saving')
    await settle()
    expect(actor.getSnapshot().value).toBe('saved')
    expect(actor.getSnapshot().context.saved.city).toBe('Oaxaca')
    expect(actor.getSnapshot().context.refusedSubmissions).toBe(0)
    expect(announceUpdate).toHaveBeenCalledTimes(1)
  })

  it('a cancel brings back the saved details; a failure keeps the form to retry', async () => {
    const { actor } = start(async () => {
      throw rejection(400, 'invalid_fields', 'Check the fields.')
    })
    actor.send({ type: 'edit' })
    actor.send({ type: 'save', values: { ...profile, city: 'Puebla' } })
    await settle()
    expect(actor.getSnapshot().value).toBe('error')
    expect(actor.getSnapshot().context.message).toBe('Check the fields.')
    actor.send({ type: 'retry' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values.city).toBe('Puebla')
    actor.send({ type: 'cancel' })
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(actor.getSnapshot().context.values).toEqual(profile)
  })
})
