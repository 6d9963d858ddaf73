import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { ContentItem } from '../../../../domain/api/api-contract'
import type { TestimonialData } from '../../../../domain/content/content-schemas'
import type { ContentAnswer } from '../../../../machines/content-editor-machine'
import { contentEditorMachine } from '../../../../machines/content-editor-machine'
import {
  contentEditorInputs,
  contentEditorPathEvents,
  contentEditorPossible,
  createAnswer,
  deleteAnswer,
  editAnswer,
  itemId,
  publishAnswer,
  readAnswer,
  unpublishAnswer,
} from '../../../../tests/doubles/content-editor-answers'
import { installFakeNetwork, testXsrfToken } from '../../../../tests/doubles/fake-network'
import { testAdmin } from '../../../../tests/fixtures/account-user'
import { testMachinePaths } from '../../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const base = '/api/v1/admin/content/testimonials'
/** The id of the item the editor holds (undefined until a new one is saved). */
let held: string | undefined

const outputOf = (event: { readonly output: unknown }) => event.output as ContentAnswer

async function answer(path: string, method: string, status: number, body: unknown) {
  const request = await network.next(path)
  expect(request.method).toBe(method)
  if (method !== 'GET') expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
  request.respond(status, body)
}

async function fail(path: string, error: unknown) {
  ;(await network.next(path)).failWith(error)
}

const section = () => screen.getByRole('region', { name: /^(New item|Edit): Testimonials$/ })
const status = () => within(section()).getByRole('status')
const form = () => within(section()).getByRole('form', { name: 'Item fields' })
const button = (name: string | RegExp) => within(section()).getByRole('button', { name })
const person = () => within(form()).getByLabelText<HTMLInputElement>('Person')

/** The outcome's text has focus (announced and where the keyboard is). */
async function focusOnStatus(text: string) {
  await waitFor(() => expect(status().textContent).toBe(text))
  expect(document.activeElement).toBe(status())
}

const editingState = async ({
  snapshot,
}: {
  readonly snapshot: { context: { values: unknown } }
}) => {
  const values = snapshot.context.values as TestimonialData
  await waitFor(() => expect(person().value).toBe(values.person))
}

testMachinePaths(contentEditorMachine, {
  inputs: contentEditorInputs,
  render: async (input) => {
    network = installFakeNetwork()
    held = input?.id
    return renderSignedIn(`/admin/content/testimonials/${input?.id ?? 'new'}`, testAdmin)
  },
  events: contentEditorPathEvents,
  possible: contentEditorPossible,
  exec: {
    'xstate.done.actor.loadItem': async (_, event) => {
      const { item } = outputOf(event)
      await answer(`${base}/${held ?? itemId}`, 'GET', 200, readAnswer(item).body)
    },
    'xstate.error.actor.loadItem': (_, event) => fail(`${base}/${held ?? itemId}`, event.error),
    'xstate.done.actor.readTheirs': async (_, event) => {
      const { item } = outputOf(event)
      await answer(`${base}/${held}`, 'GET', 200, readAnswer(item).body)
    },
    'xstate.error.actor.readTheirs': (_, event) => fail(`${base}/${held}`, event.error),
    'xstate.done.actor.saveItem': async (_, event) => {
      const { item } = outputOf(event)
      if (held === undefined) {
        const created = createAnswer(item)
        await answer(base, 'POST', created.status, created.body)
      } else await answer(`${base}/${held}`, 'PATCH', 200, editAnswer(item).body)
      held = item.id
    },
    'xstate.error.actor.saveItem': (_, event) =>
      fail(held === undefined ? base : `${base}/${held}`, event.error),
    'xstate.done.actor.publishItem': (_, event) =>
      answer(`${base}/${held}/publish`, 'POST', 200, publishAnswer(outputOf(event).item).body),
    'xstate.error.actor.publishItem': (_, event) => fail(`${base}/${held}/publish`, event.error),
    'xstate.done.actor.unpublishItem': (_, event) =>
      answer(`${base}/${held}/unpublish`, 'POST', 200, unpublishAnswer(outputOf(event).item).body),
    'xstate.error.actor.unpublishItem': (_, event) =>
      fail(`${base}/${held}/unpublish`, event.error),
    'xstate.done.actor.deleteItem': () =>
      answer(`${base}/${held}`, 'DELETE', deleteAnswer.status, deleteAnswer.body),
    'xstate.error.actor.deleteItem': (_, event) => fail(`${base}/${held}`, event.error),
    change: (_, event) => {
      fireEvent.change(person(), {
        target: { value: (event.values as TestimonialData).person },
      })
    },
    save: ({ user }) => user.click(button(/^(Save|Saving…)$/)),
    publish: ({ user }) => user.click(button('Publish')),
    unpublish: ({ user }) => user.click(button('Unpublish')),
    retry: ({ user }) => user.click(button(/^(Try again|Reload the item)$/)),
    takeTheirs: ({ user }) =>
      user.click(screen.getByRole('button', { name: 'Take their version' })),
    keepMine: ({ user }) => user.click(screen.getByRole('button', { name: 'Keep editing mine' })),
    delete: ({ user }) => user.click(button('Delete')),
    cancelDelete: async ({ user }) => {
      await user.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep the item' }),
      )
      // Focus goes back to the button that opened the question.
      expect(document.activeElement).toBe(button('Delete'))
    },
    confirmDelete: ({ user }) =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete it' })),
  },
  states: {
    loading: () => waitFor(() => expect(status().textContent).toBe('Loading the item…')),
    loadFailed: async () => {
      await focusOnStatus('The item could not be loaded.')
      button('Reload the item')
    },
    'editing.clean': async (context) => {
      await editingState(context)
      const { item } = context.snapshot.context
      // Publish or unpublish as the item's state allows; the Spanish fields are marked Spanish.
      expect(within(form()).queryByRole('button', { name: 'Publish' }) !== null).toBe(
        item?.state === 'draft',
      )
      expect(within(form()).queryByRole('button', { name: 'Unpublish' }) !== null).toBe(
        item?.state === 'published',
      )
      const spanish = within(form()).getByRole('group', { name: 'Spanish' })
      expect(spanish.getAttribute('lang')).toBe('es')
      expect(within(spanish).getByLabelText('Quote (Spanish)')).toBeTruthy()
    },
    'editing.dirty': async (context) => {
      await editingState(context)
      expect(within(form()).queryByRole('button', { name: 'Publish' })).toBeNull()
      expect(within(form()).queryByRole('button', { name: 'Unpublish' })).toBeNull()
    },
    saving: () => waitFor(() => expect(status().textContent).toBe('Saving…')),
    saved: async ({ snapshot }) => {
      await focusOnStatus(snapshot.context.message ?? 'Saved.')
      const item = snapshot.context.item as ContentItem
      expect(within(section()).getByText(new RegExp(`^Version ${item.version},`))).toBeTruthy()
    },
    refused: async () => {
      const summary = await within(section()).findByRole('alert')
      await waitFor(() => expect(document.activeElement).toBe(summary))
      const link = within(summary).getByRole('link', { name: 'Consent to publish given on' })
      expect(link.getAttribute('href')).toBe('#content-consentDate')
      const field = within(form()).getByLabelText<HTMLInputElement>(/^Consent to publish/)
      expect(field.getAttribute('aria-invalid')).toBe('true')
    },
    failed: () => focusOnStatus('The changes could not be saved. Please try again.'),
    readingTheirs: () => waitFor(() => expect(status().textContent).toBe('Saving…')),
    theirsFailed: () =>
      focusOnStatus('Someone saved a newer version, which could not be loaded. Please try again.'),
    conflict: async ({ snapshot }) => {
      const theirs = snapshot.context.theirs as ContentItem
      const dialog = await screen.findByRole('dialog')
      expect(
        within(dialog).getByRole('heading', {
          name: `luis@puente.example saved version ${theirs.version} while you were editing`,
        }),
      ).toBeTruthy()
      expect(within(dialog).getByText('Ana García')).toBeTruthy()
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    },
    publishing: () => waitFor(() => expect(status().textContent).toBe('Publishing…')),
    published: ({ snapshot }) => focusOnStatus(snapshot.context.message ?? 'Published.'),
    publishRefused: async () => {
      const summary = await within(section()).findByRole('alert')
      await waitFor(() => expect(document.activeElement).toBe(summary))
      expect(within(summary).getByRole('link', { name: 'Quote (Spanish)' })).toBeTruthy()
      const spanish = within(form()).getByRole('group', { name: 'Spanish' })
      expect(within(spanish).getByLabelText('Quote (Spanish)').getAttribute('aria-invalid')).toBe(
        'true',
      )
    },
    unpublishing: () => waitFor(() => expect(status().textContent).toBe('Unpublishing…')),
    unpublished: ({ snapshot }) =>
      focusOnStatus(snapshot.context.message ?? 'Unpublished: the site no longer shows it.'),
    actionFailed: () => focusOnStatus('That did not work. Please reload the item.'),
    confirmingDelete: async ({ snapshot }) => {
      const { person } = (snapshot.context.item as ContentItem).data as TestimonialData
      // An item without its name yet is named by its kind.
      const dialog = await screen.findByRole('dialog', {
        name: `Delete “${person || 'Testimonials'}”?`,
      })
      // The safe answer has focus first.
      await waitFor(() =>
        expect(document.activeElement).toBe(
          within(dialog).getByRole('button', { name: 'Keep the item' }),
        ),
      )
    },
    deleting: () => waitFor(() => expect(status().textContent).toBe('Deleting…')),
    deleted: async ({ snapshot }) => {
      await focusOnStatus(snapshot.context.message ?? 'Deleted.')
      expect(within(section()).queryByRole('form')).toBeNull()
      expect(
        within(section()).getByRole('link', { name: 'Back to the list: Testimonials' }),
      ).toBeTruthy()
      // The history of a deleted item is gone with it.
      expect(screen.queryByRole('region', { name: 'History' })).toBeNull()
    },
  },
})
