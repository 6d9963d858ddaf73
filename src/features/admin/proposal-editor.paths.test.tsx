import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { CallFailure } from '../../../domain/api/api-contract'
import { type DraftValues, draftInput } from '../../../domain/requests/proposal-draft'
import type { EditorAnswer } from '../../../machines/proposal-editor-machine'
import { proposalEditorMachine } from '../../../machines/proposal-editor-machine'
import { installFakeNetwork, testXsrfToken } from '../../../tests/doubles/fake-network'
import { adminPaymentsRead, noPayments } from '../../../tests/doubles/payments-answers'
import {
  changeOutput,
  detailRead,
  type EditorChange,
  type EditorServer,
  opening,
  proposalEditorPathEvents,
  proposalEditorPossible,
  proposalsRead,
  saveChange,
  sendChange,
  withdrawChange,
} from '../../../tests/doubles/proposal-editor-answers'
import { testAdmin } from '../../../tests/fixtures/account-user'
import { adminRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const detailPath = `/api/v1/admin/service-requests/${adminRequest.id}`
const listPath = `${detailPath}/proposals`

/** What the server holds now. */
let onServer: EditorServer = opening.none

async function answerReads(server: EditorServer, proposalsFail = false) {
  const detail = await network.next(detailPath)
  const read = detailRead(server)
  detail.respond(read.status, read.body)
  const list = await network.next(listPath)
  if (proposalsFail) return list.fail()
  const proposals = proposalsRead(server.proposals)
  list.respond(proposals.status, proposals.body)
}

/** The values the last `save` typed: the plan the call must send. */
let lastTyped: DraftValues | undefined

/** Answers a change's call, then the inbox's reads the editor refreshes after it. */
async function answerChange(
  path: string,
  method: string,
  change: EditorChange,
  sent?: DraftValues,
) {
  const request = await network.next(path)
  expect(request.method).toBe(method)
  expect(request.headers.get('X-XSRF-TOKEN')).toBe(testXsrfToken)
  // A saved draft carries the plan as typed, in the contract's shape.
  if (sent)
    expect((request.body as { paymentSchedule?: unknown }).paymentSchedule).toEqual(
      draftInput(sent).paymentSchedule,
    )
  request.respond(change.answer.status, change.answer.body)
  onServer = change.after
  await answerReads(onServer)
  await answerLedger()
}

/** The detail's payments section reads its ledger (none here) with every inbox read. */
async function answerLedger() {
  const ledger = adminPaymentsRead(noPayments)
  ;(await network.next(`${detailPath}/payments`)).respond(ledger.status, ledger.body)
}

async function failChange(path: string, error: CallFailure, sent?: DraftValues) {
  const request = await network.next(path)
  if (sent)
    expect((request.body as { paymentSchedule?: unknown }).paymentSchedule).toEqual(
      draftInput(sent).paymentSchedule,
    )
  request.failWith(error)
  await answerReads(onServer)
  await answerLedger()
}

const section = () => screen.getByRole('region', { name: 'Proposal' })
const status = () => within(section()).getByRole('status')
const button = (name: string | RegExp) => within(section()).getByRole('button', { name })
const form = () => within(section()).getByRole('form', { name: 'Proposal draft' })
const itemRows = () =>
  within(form())
    .getAllByRole('listitem')
    .filter((row) => row.classList.contains('proposal-editor-item'))
const planRows = () =>
  within(form())
    .queryAllByRole('listitem')
    .filter((row) => row.classList.contains('proposal-plan-row'))

type Typist = {
  clear: (element: Element) => Promise<void>
  type: (element: Element, text: string) => Promise<void>
}

async function type(label: string | RegExp, text: string, user: Typist) {
  const field = within(form()).getByLabelText(label)
  await user.clear(field)
  if (text !== '') await user.type(field, text)
}

const serverFor = (output: EditorAnswer): EditorServer =>
  output.proposal === undefined
    ? opening.none
    : output.proposal.state === 'draft'
      ? opening.draft
      : opening.sent

testMachinePaths(proposalEditorMachine, {
  render: async () => {
    network = installFakeNetwork()
    onServer = opening.none
    const view = await renderSignedIn(`/admin?id=${adminRequest.id}`, testAdmin)
    const read = detailRead(onServer)
    ;(await network.next(detailPath)).respond(read.status, read.body)
    await answerLedger()
    await screen.findByRole('region', { name: 'Proposal' }, { timeout: 10_000 })
    return view
  },
  events: proposalEditorPathEvents,
  possible: proposalEditorPossible,
  exec: {
    'xstate.done.actor.loadProposal': async (_, event) => {
      onServer = serverFor(event.output as EditorAnswer)
      await answerReads(onServer)
    },
    'xstate.error.actor.loadProposal': () => answerReads(onServer, true),
    retry: ({ user }) => user.click(button('Try again')),
    reload: ({ user }) => user.click(button('Reload the proposal')),
    edit: ({ user }) =>
      user.click(button(/^(Draft a proposal|Edit the draft|Revise \(new version\))$/)),
    addItem: ({ user }) => user.click(button('Add an item')),
    removeItem: ({ user }, event) => {
      const rows = itemRows()
      const index = rows.findIndex((row) =>
        row.querySelector(`[name="item-${event.key}-description"]`),
      )
      return user.click(button(`Remove item ${index + 1}`))
    },
    addInstalment: ({ user }) => user.click(button(/^(Add a payment plan|Add an instalment)$/)),
    removeInstalment: ({ user }, event) => {
      const index = planRows().findIndex((row) =>
        row.querySelector(`[name="plan-${event.key}-share"]`),
      )
      return user.click(button(`Remove instalment ${index + 1}`))
    },
    cancel: ({ user }) =>
      user.click(within(section()).getByRole('button', { name: /^(Cancel|Not yet|Keep it)$/ })),
    save: async ({ user }, event) => {
      const { values } = event
      lastTyped = values
      await type('Title', values.title, user)
      for (const [index, item] of values.items.entries()) {
        await type(`Item ${index + 1}: description`, item.description, user)
        const row = itemRows()[index]
        if (!row) throw new Error(`No row ${index + 1}`)
        const quantity = within(row).getByLabelText('Quantity')
        await user.clear(quantity)
        await user.type(quantity, item.quantity)
        const price = within(row).getByLabelText('Unit price')
        await user.clear(price)
        await user.type(price, item.unitPrice)
      }
      await type('Discount in pesos (optional)', values.discount, user)
      fireEvent.change(within(form()).getByLabelText('Valid until'), {
        target: { value: values.validUntil },
      })
      await type('Scope (optional)', values.scope, user)
      await type('Terms (optional)', values.terms, user)
      for (const [index, instalment] of (values.plan?.instalments ?? []).entries()) {
        const number = index + 1
        await type(`Instalment ${number}: percentage`, instalment.share, user)
        await user.selectOptions(
          within(form()).getAllByLabelText('Due')[index] as HTMLElement,
          instalment.due,
        )
        if (instalment.due === 'date') {
          const date = await within(form()).findByLabelText('Due date')
          fireEvent.change(date, { target: { value: instalment.date } })
        }
      }
      await user.click(button('Save the draft'))
    },
    'xstate.done.actor.saveDraft': async ({ snapshot }) => {
      const from = onServer.proposals[0]
      const change = saveChange(from?.state)
      const path = from?.state === 'draft' ? `${listPath}/${from.id}` : listPath
      await answerChange(path, from?.state === 'draft' ? 'PATCH' : 'POST', change, lastTyped)
      expect(snapshot.context.current).toEqual(changeOutput(change).proposal)
    },
    'xstate.error.actor.saveDraft': (_, event) =>
      failChange(listPath, event.error as CallFailure, lastTyped),
    send: ({ user }) => user.click(button('Send to the client')),
    withdraw: ({ user }) => user.click(button('Withdraw')),
    confirm: ({ user }) => user.click(button(/^Yes, (send|withdraw) it$/)),
    'xstate.done.actor.sendProposal': () =>
      answerChange(`${listPath}/${onServer.proposals[0]?.id}/send`, 'POST', sendChange),
    'xstate.error.actor.sendProposal': (_, event) =>
      failChange(`${listPath}/${onServer.proposals[0]?.id}/send`, event.error as CallFailure),
    'xstate.done.actor.withdrawProposal': () =>
      answerChange(`${listPath}/${onServer.proposals[0]?.id}/withdraw`, 'POST', withdrawChange),
    'xstate.error.actor.withdrawProposal': (_, event) =>
      failChange(`${listPath}/${onServer.proposals[0]?.id}/withdraw`, event.error as CallFailure),
  },
  states: {
    loading: () => expect(status().textContent).toBe('Loading the proposal…'),
    loadFailed: async () => {
      await waitFor(() => expect(status().textContent).toBe('The proposal could not be loaded.'))
      button('Try again')
    },
    showing: async ({ snapshot }) => {
      const { current, message } = snapshot.context
      await waitFor(() => expect(status().textContent).toBe(message ?? ''))
      if (current === undefined) {
        expect(within(section()).getByText('No proposal yet.')).toBeTruthy()
        button('Draft a proposal')
      } else {
        const heading = within(section()).getByRole('heading', { level: 4, name: /\(v\d\)$/ })
        expect(heading.textContent).toContain(`(v${current.version})`)
      }
      // Only what the proposal machine allows is offered.
      const offered = within(section())
        .queryAllByRole('button')
        .map((element) => element.textContent)
      expect(offered.includes('Send to the client')).toBe(current?.state === 'draft')
      expect(offered.includes('Withdraw')).toBe(current?.state === 'sent')
    },
    editing: async ({ snapshot }) => {
      const { values, refusedSubmissions } = snapshot.context
      await waitFor(() => expect(itemRows()).toHaveLength(values.items.length))
      expect(planRows()).toHaveLength(values.plan?.instalments.length ?? 0)
      expect(within(form()).getByLabelText<HTMLInputElement>('Title').value).toBe(values.title)
      if (refusedSubmissions > 0 && values.title === '') {
        expect(within(form()).getByText('Give the proposal a title.')).toBeTruthy()
        expect(within(form()).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true')
      }
      expect(within(form()).queryAllByRole('button', { name: /^Remove item/ })).toHaveLength(
        values.items.length > 1 ? values.items.length : 0,
      )
      if (values.plan === null) button('Add a payment plan')
      else {
        button('Add an instalment')
        // The amount each instalment comes to, to the centavo, and the rounding rule said once.
        expect(within(form()).getByText(/^Each percentage is rounded down/)).toBeTruthy()
        // Typed: one item of 12,500.00 + IVA; a plan's only (last) instalment takes it all.
        if (refusedSubmissions > 0)
          expect(within(form()).getByText('Comes to MX$14,500.00')).toBeTruthy()
        if (refusedSubmissions > 0 && values.plan.instalments.some((row) => row.share === '50'))
          expect(
            within(form()).getByText('The percentages of a payment plan must add up to 100.'),
          ).toBeTruthy()
      }
    },
    saving: () =>
      waitFor(() => expect(button('Saving…').getAttribute('aria-disabled')).toBe('true')),
    failed: async () => {
      await waitFor(() =>
        expect(status().textContent).toBe('The draft could not be saved. Please try again.'),
      )
    },
    confirmingSend: () =>
      waitFor(() =>
        expect(
          within(section()).getByText(
            new RegExp(`^Send version 1 to ${adminRequest.client.email}\\?`),
          ),
        ).toBeTruthy(),
      ),
    sending: () => waitFor(() => expect(status().textContent).toBe('Sending the proposal…')),
    confirmingWithdraw: () =>
      waitFor(() => expect(within(section()).getByText(/^Withdraw version 1\?/)).toBeTruthy()),
    withdrawing: () =>
      waitFor(() => expect(status().textContent).toBe('Withdrawing the proposal…')),
    actionFailed: async ({ snapshot }) => {
      await waitFor(() =>
        expect(status().textContent).toBe(
          snapshot.context.message ?? 'That did not work. Please reload the proposal.',
        ),
      )
      button('Reload the proposal')
    },
  },
})
