import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { ContentRevision } from '../../../../domain/api/api-contract'
import { contentRevisionsMachine } from '../../../../machines/content-revisions-machine'
import { itemId } from '../../../../tests/doubles/content-editor-answers'
import {
  contentRevisionsPathEvents,
  contentRevisionsPossible,
  restoreAnswer,
  restoredItem,
  revisionsAnswer,
  revisionsInput,
} from '../../../../tests/doubles/content-revisions-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { testAdmin } from '../../../../tests/fixtures/account-user'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const base = `/api/v1/admin/content/testimonials/${itemId}`

const history = () => screen.getByRole('region', { name: 'History' })
const status = () => history().querySelector<HTMLElement>('.content-history-status') as HTMLElement
const button = (name: string | RegExp) => within(history()).getByRole('button', { name })

/** The outcome's text has focus (announced and where the keyboard is). */
async function focusOnStatus(text: string) {
  await waitFor(() => expect(status().textContent).toBe(text))
  expect(document.activeElement).toBe(status())
}

type Snapshot = {
  readonly context: {
    readonly revisions: readonly ContentRevision[]
    readonly from: number | undefined
    readonly to: number | undefined
  }
}

/** The list: each revision a row, the two chosen ones checked. */
async function listShown({ snapshot }: { readonly snapshot: Snapshot }) {
  const { revisions, from, to } = snapshot.context
  await waitFor(() =>
    expect(within(history()).getAllByRole('row')).toHaveLength(revisions.length + 1),
  )
  const radio = (name: string) => within(history()).getByRole<HTMLInputElement>('radio', { name })
  expect(radio(`From version ${from}`).checked).toBe(true)
  expect(radio(`To version ${to}`).checked).toBe(true)
  // The current version cannot be restored; every other one can.
  const newest = revisions[0]?.number
  expect(within(history()).queryByRole('button', { name: `Restore version ${newest}` })).toBeNull()
  expect(button('Restore version 1')).toBeTruthy()
}

testMachinePaths(contentRevisionsMachine, {
  input: revisionsInput,
  render: async () => {
    network = installFakeNetwork()
    return renderSignedIn(`/admin/content/testimonials/${itemId}`, testAdmin)
  },
  events: contentRevisionsPathEvents,
  possible: contentRevisionsPossible,
  exec: {
    'xstate.done.actor.loadRevisions': async (_, event) => {
      const { revisions } = event.output as { revisions: ContentRevision<'testimonials'>[] }
      const read = revisionsAnswer(revisions)
      const request = await network.next(`${base}/revisions`)
      expect(request.method).toBe('GET')
      request.respond(read.status, read.body)
    },
    'xstate.error.actor.loadRevisions': async (_, event) =>
      (await network.next(`${base}/revisions`)).failWith(event.error),
    'xstate.done.actor.restoreRevision': async ({ snapshot }) => {
      const request = await network.next('/restore')
      expect(request.method).toBe('POST')
      expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
      // The revision chosen, on the version the list showed as current.
      const chosen = snapshot.context.revisions.find((revision) => revision.number === 1)
      expect(request.url.endsWith(`${base}/revisions/${chosen?.id}/restore`)).toBe(true)
      const answer = restoreAnswer(restoredItem)
      request.respond(answer.status, answer.body)
    },
    'xstate.error.actor.restoreRevision': async (_, event) =>
      (await network.next('/restore')).failWith(event.error),
    choose: ({ user }, event) =>
      user.click(
        within(history()).getByRole('radio', {
          name: `${event.side === 'from' ? 'From' : 'To'} version ${event.number}`,
        }),
      ),
    compare: ({ user }) => user.click(button('Compare the two chosen')),
    restore: ({ user }, event) => user.click(button(`Restore version ${event.number}`)),
    reload: ({ user }) => user.click(button('Read the history again')),
    retry: ({ user }) => user.click(button('Load the history again')),
  },
  states: {
    loading: () => waitFor(() => expect(status().textContent).toBe('Loading the history…')),
    refreshing: () => waitFor(() => expect(status().textContent).toBe('Loading the history…')),
    refreshingAfterConflict: () =>
      waitFor(() => expect(status().textContent).toBe('Loading the history…')),
    loadFailed: async () => {
      await focusOnStatus('The history could not be loaded.')
      button('Load the history again')
    },
    browsing: listShown,
    comparing: async (context) => {
      await listShown(context)
      const { from, to, revisions } = context.snapshot.context
      const heading = within(history()).getByRole('heading', {
        name: `From version ${from} to version ${to}`,
      })
      await waitFor(() => expect(document.activeElement).toBe(heading))
      const diff = heading.closest('section') as HTMLElement
      const older = revisions.find((revision) => revision.number === from)
      const newer = revisions.find((revision) => revision.number === to)
      const person = (revision: ContentRevision | undefined) =>
        (revision?.data as { person: string } | undefined)?.person
      if (person(older) === person(newer)) {
        expect(within(diff).queryByText('Person')).toBeNull()
        return
      }
      // The field named, the old value marked removed and the new one added, in words.
      const item = within(diff).getByText('Person').closest('li') as HTMLElement
      expect(item.querySelector('del')?.textContent).toBe(person(older))
      expect(item.querySelector('ins')?.textContent).toBe(person(newer))
      expect(within(item).getByText('Removed:')).toBeTruthy()
      expect(within(item).getByText('Added:')).toBeTruthy()
    },
    restoring: () => waitFor(() => expect(status().textContent).toBe('Restoring version 1…')),
    restored: async (context) => {
      await focusOnStatus('Version 1 restored as version 4; the form above shows it.')
      await listShown(context)
      // The editor reads the item again, to show what was restored.
      await waitFor(() =>
        expect(
          network.seen.filter((request) => request.url.endsWith(base) && request.method === 'GET')
            .length,
        ).toBeGreaterThanOrEqual(2),
      )
    },
    conflict: async (context) => {
      await focusOnStatus(
        'Someone changed the item meanwhile: nothing was restored. The history now shows their change; restore again if you still want that version.',
      )
      await listShown(context)
    },
    restoreFailed: async (context) => {
      await focusOnStatus('The version could not be restored.')
      await listShown(context)
    },
  },
})
