import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, vi } from 'vitest'
import { copyTextMachine } from '../../../machines/copy-text-machine'
import { installFakeNetwork } from '../../../tests/doubles/fake-network'
import { myRequestsRead } from '../../../tests/doubles/my-requests-answers'
import {
  deposit,
  freshPayments,
  myPaymentsRead,
  speiAccount,
} from '../../../tests/doubles/payments-answers'
import {
  acceptedProposal,
  awaitingRequest,
  currentProposalRead,
} from '../../../tests/doubles/proposal-answer-answers'
import { movedRequest } from '../../../tests/fixtures/service-requests'
import { testMachinePaths } from '../../../tests/paths/machine-paths'
import { renderSignedIn } from '../../../tests/paths/render-signed-in'

let network = installFakeNetwork()
afterEach(() => {
  network.restore()
  localStorage.clear()
})

const request = movedRequest(awaitingRequest, 'inProgress', '', 'client')
const listPath = '/api/v1/me/service-requests'
const requestPath = `${listPath}/${request.id}`

/** The copy the page asked the clipboard for, answered by the path's next step. */
let copying: { text: string; resolve: () => void; reject: (error: unknown) => void } | undefined

/** A clipboard that answers when the path says (user-event's own answers at once). */
function installClipboard() {
  copying = undefined
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: vi.fn(
        (text: string) =>
          new Promise<void>((resolve, reject) => {
            copying = { text, resolve, reject }
          }),
      ),
    },
  })
}

/** What a browser's clipboard answers when the page may not write to it. */
const clipboardRefused = new DOMException('Write permission denied.', 'NotAllowedError')

const section = () => screen.getByRole('region', { name: 'Payments' })
const status = () => within(section()).getByRole('status')
const referenceField = `reference:${deposit.folio}`

testMachinePaths(copyTextMachine, {
  render: async () => {
    network = installFakeNetwork()
    const view = await renderSignedIn(`/my-services/${request.id}`)
    const list = myRequestsRead(request)
    ;(await network.next(listPath)).respond(list.status, list.body)
    const proposals = currentProposalRead(acceptedProposal)
    ;(await network.next(`${requestPath}/proposals`)).respond(proposals.status, proposals.body)
    const payments = myPaymentsRead(freshPayments())
    ;(await network.next(`${requestPath}/payments`)).respond(payments.status, payments.body)
    await within(
      await screen.findByRole('region', { name: 'Payments' }, { timeout: 10_000 }),
    ).findByText(speiAccount.clabe)
    return view
  },
  events: (snapshot) =>
    snapshot.matches('copying')
      ? [
          { type: 'xstate.done.actor.copyText', output: undefined },
          { type: 'xstate.error.actor.copyText', error: clipboardRefused },
        ]
      : [
          { type: 'copy', field: 'clabe', text: speiAccount.clabe },
          { type: 'copy', field: referenceField, text: deposit.speiReference },
        ],
  possible: (snapshot, event) => {
    if (event.type.startsWith('xstate.')) return 'output' in event || 'error' in event
    if (!('field' in event)) return false
    // Either value first; after an outcome, the CLABE again (the paths stay finite).
    return snapshot.matches('idle') || event.field === 'clabe'
  },
  exec: {
    copy: async ({ user }, event) => {
      installClipboard()
      const name =
        event.field === 'clabe' ? 'Copy the CLABE' : `Copy the reference for ${deposit.folio}`
      await user.click(within(section()).getByRole('button', { name }))
      await waitFor(() => expect(copying?.text).toBe(event.text))
    },
    'xstate.done.actor.copyText': () => copying?.resolve(),
    'xstate.error.actor.copyText': () => copying?.reject(new Error('Not allowed')),
  },
  states: {
    idle: () => {
      expect(status().textContent).toBe('')
      // What is due now and how to pay it: the account and the instalment's own reference.
      expect(within(section()).getByText(`${deposit.folio}: MX$7,250.00 to pay`)).toBeTruthy()
      expect(within(section()).getByText(speiAccount.beneficiary)).toBeTruthy()
      expect(within(section()).getByText(deposit.speiReference)).toBeTruthy()
      expect(within(section()).queryByText('Nothing is due now.')).toBeNull()
    },
    copying: () => expect(copying).toBeDefined(),
    copied: ({ snapshot }) =>
      waitFor(() =>
        expect(status().textContent).toBe(
          snapshot.context.field === 'clabe'
            ? 'Copied: CLABE'
            : `Copied: reference for ${deposit.folio}`,
        ),
      ),
    failed: ({ snapshot }) =>
      waitFor(() =>
        expect(status().textContent).toBe(
          `The ${snapshot.context.field === 'clabe' ? 'CLABE' : `reference for ${deposit.folio}`} could not be copied: select it and copy it instead.`,
        ),
      ),
  },
})
