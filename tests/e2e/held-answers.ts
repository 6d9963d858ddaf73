import { type AnyStateMachine, createActor, type SnapshotFrom, type StateNode } from 'xstate'
import type { CallFailure, EndpointName } from '../../domain/api/api-contract'
import { endpoints } from '../../domain/api/api-contract'
import { changePasswordMachine } from '../../machines/change-password-machine'
import { contactFormMachine } from '../../machines/contact-form-machine'
import { contentEditorMachine } from '../../machines/content-editor-machine'
import { contentRevisionsMachine } from '../../machines/content-revisions-machine'
import { conversationMachine } from '../../machines/conversation-machine'
import { deleteAccountMachine } from '../../machines/delete-account-machine'
import { factorActionsMachine } from '../../machines/factor-actions-machine'
import { isCeremonyCancelled, isProofCancelled } from '../../machines/form-flow'
import { passkeyRegistrationMachine } from '../../machines/passkey-registration-machine'
import { passwordResetMachine } from '../../machines/password-reset-machine'
import { profileMachine } from '../../machines/profile-machine'
import { proposalAnswerMachine } from '../../machines/proposal-answer-machine'
import { proposalEditorMachine } from '../../machines/proposal-editor-machine'
import { recordPaymentMachine } from '../../machines/record-payment-machine'
import { recoveryCodesMachine } from '../../machines/recovery-codes-machine'
import { recoveryRequestMachine } from '../../machines/recovery-request-machine'
import { registrationMachine } from '../../machines/registration-machine'
import { secondFactorMachine } from '../../machines/second-factor-machine'
import { serviceRequestFormMachine } from '../../machines/service-request-form-machine'
import { sessionActionsMachine } from '../../machines/session-actions-machine'
import { sessionMachine } from '../../machines/session-machine'
import { signInMachine } from '../../machines/sign-in-machine'
import { statusChangeMachine } from '../../machines/status-change-machine'
import { stepUpMachine } from '../../machines/step-up-machine'
import { totpEnrolmentMachine } from '../../machines/totp-enrolment-machine'
import { verificationRequestMachine } from '../../machines/verification-request-machine'
import { verifyEmailMachine } from '../../machines/verify-email-machine'
import { voidInstalmentMachine } from '../../machines/void-instalment-machine'
import { addPasskeyPathEvents, creationOptionsRead } from '../doubles/add-passkey-answers'
import { anEnquiry, enquiryDetailRead, enquiryListRead } from '../doubles/admin-detail-answers'
import { type HeldRead, isOffContract } from '../doubles/api-answers'
import { uploadReads } from '../doubles/attachment-answers'
import { changePasswordPathEvents } from '../doubles/change-password-answers'
import { contactPathEvents } from '../doubles/contact-answers'
import {
  contentEditorInputs,
  contentEditorPathEvents,
  contentEditorReads,
} from '../doubles/content-editor-answers'
import {
  contentRevisionsPathEvents,
  contentRevisionsReads,
  revisionsInput,
} from '../doubles/content-revisions-answers'
import { conversationPathEvents, conversationReads } from '../doubles/conversation-answers'
import { deleteAccountPathEvents } from '../doubles/delete-account-answers'
import { myRequestsReads } from '../doubles/my-requests-answers'
import { passwordResetPathEvents, resetToken } from '../doubles/password-reset-answers'
import {
  adminPaymentsRead,
  freshPayments,
  myPaymentsRead,
  recordPaymentPathEvents,
  voidInstalmentPathEvents,
} from '../doubles/payments-answers'
import { profilePathEvents } from '../doubles/profile-answers'
import { proposalAnswerPathEvents, proposalAnswerReads } from '../doubles/proposal-answer-answers'
import { proposalEditorPathEvents, proposalEditorReads } from '../doubles/proposal-editor-answers'
import { passkeyFactorsRead, recoveryCodesPathEvents } from '../doubles/recovery-codes-answers'
import { recoveryRequestPathEvents } from '../doubles/recovery-request-answers'
import { registrationPathEvents } from '../doubles/registration-flow-answers'
import { requestBriefPathEvents } from '../doubles/request-brief-answers'
import {
  allMethods,
  secondFactorPathEvents,
  secondStepReads,
} from '../doubles/second-factor-answers'
import { laptopFactorsRead, securitySectionPathEvents } from '../doubles/security-section-answers'
import {
  meRead,
  sessionEndedRead,
  sessionPathEvents,
  signedOutRead,
} from '../doubles/session-answers'
import { sessionActionsPathEvents, sessionsRead } from '../doubles/sessions-list-answers'
import {
  passkeyOptionsRead,
  secondStepSignedInRead,
  signInExpiredRead,
  signInPathEvents,
} from '../doubles/sign-in-answers'
import { requestDetailRead, statusChangePathEvents } from '../doubles/status-change-answers'
import { stepUpPathEvents, stepUpReads } from '../doubles/step-up-answers'
import { totpPathEvents } from '../doubles/totp-answers'
import { verificationRequestPathEvents } from '../doubles/verification-request-answers'
import { verifyEmailPathEvents, verifyToken } from '../doubles/verify-email-answers'
import { testUser } from '../fixtures/account-user'
import { adminRequest } from '../fixtures/service-requests'
import type { PathEvents } from '../paths/path-plan'

/**
 * Every answer the path tests and the jsdom tests hold (the tables of tests/doubles/, which the
 * jsdom paths and the Chromium paths answer from), gathered for the check against the real
 * server (doubles-match-server.test.ts): the answers each table's events give in every state of
 * its machine, and the reads the tests give around their flows.
 */

/** One answer a table holds, with the endpoint it stands for. */
export type HeldAnswer = {
  /** `<endpoint> <code>`, `<endpoint> ok` or `<endpoint> <success>`: the situation to make real. */
  readonly situation: string
  /** The table it comes from (the test's name says where to look). */
  readonly table: string
  readonly endpoint: EndpointName
  readonly status: number
  readonly body: unknown
}

/** The endpoint each call actor of the machines makes (the components' `callEndpoint`). */
const actorEndpoints: Record<string, EndpointName> = {
  registerUser: 'register',
  resendRecoveryEmail: 'resendRecoveryEmail',
  resetPassword: 'resetPassword',
  login: 'login',
  passkeySignIn: 'passkeySignIn',
  checkCode: 'loginSecondFactor',
  reauthenticate: 'reauthenticate',
  regenerateCodes: 'regenerateRecoveryCodes',
  startTotp: 'enrolTotp',
  registrationOptions: 'passkeyRegistrationOptions',
  savePasskey: 'registerPasskey',
  renamePasskey: 'renamePasskey',
  removePasskey: 'removePasskey',
  disableTotp: 'disableTotp',
  loadThread: 'myThreadMessages',
  loadOlder: 'myThreadMessages',
  sendMessage: 'sendMyThreadMessage',
  confirmTotp: 'confirmTotp',
  passkeyProof: 'reauthenticatePasskey',
  resendVerification: 'resendVerification',
  changePassword: 'changePassword',
  deleteAccount: 'deleteAccount',
  updateProfile: 'updateProfile',
  endSession: 'endSession',
  revokeOtherSessions: 'revokeOtherSessions',
  verifyEmail: 'verifyEmail',
  changeStatus: 'changeRequestStatus',
  recordPayment: 'recordPayment',
  voidInstalment: 'voidInstalment',
  sendEnquiry: 'contact',
  sendRequest: 'createServiceRequest',
  loadSession: 'me',
  signOut: 'logout',
  loadProposal: 'adminProposals',
  saveDraft: 'createProposal',
  sendProposal: 'sendProposal',
  withdrawProposal: 'withdrawProposal',
  acceptProposal: 'acceptProposal',
  declineProposal: 'declineProposal',
  // The site content's editor, on a testimonial (the kind its path tests edit).
  loadItem: 'contentTestimonialsRead',
  readTheirs: 'contentTestimonialsRead',
  saveItem: 'contentTestimonialsEdit',
  publishItem: 'contentTestimonialsPublish',
  unpublishItem: 'contentTestimonialsUnpublish',
  deleteItem: 'contentTestimonialsDelete',
  // Its revision history.
  loadRevisions: 'contentTestimonialsRevisions',
  restoreRevision: 'contentTestimonialsRestore',
}

/** Actors that make no call: the browser's passkey dialog (its answer is the browser's). */
const browserActors = new Set(['createCredential'])

/**
 * Actors that resolve with a part of their endpoint's body (the options in it, the messages as
 * the page shows them): the whole body is held as a read beside the events, and compared there.
 */
const partOfRead = new Set([
  'registrationOptions',
  'loadThread',
  'loadOlder',
  'sendMessage',
  // The proposal editor's calls resolve with what the editor keeps of the server's proposals.
  'loadProposal',
  'saveDraft',
  'sendProposal',
  'withdrawProposal',
  // The content editor's calls resolve with the item and the text of the answer.
  'loadItem',
  'readTheirs',
  'saveItem',
  'publishItem',
  'unpublishItem',
  'deleteItem',
  // The revision history's calls resolve with the list, and with the restored item and text.
  'loadRevisions',
  'restoreRevision',
])

/** A failure the server sends: the contract's failure body, with a code. */
function isFailureBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const { success, code } = body as { success?: unknown; code?: unknown }
  return success === false && typeof code === 'string'
}

/** A success the server sends: `success: true` (a proxy's or an older server's body is not). */
function isSuccessBody(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true
  )
}

/** Each state of `machine`, as the value `resolveState` takes. */
function stateValues(node: StateNode): unknown[] {
  const children = Object.entries(node.states)
  if (children.length === 0) return []
  return children.flatMap(([key, child]): unknown[] => {
    const below = stateValues(child)
    return below.length === 0 ? [key] : below.map((value) => ({ [key]: value }))
  })
}

/**
 * Answers left out of the check, each with why: a failed network (`unreachable()`, no answer
 * at all), a body the server never sends by design (`offContract`: a proxy's page, an older
 * server), an actor that resolves with no body (the session's: its body is a read) and a call
 * given up because the visitor closed the fresh-proof dialog (the server's 403 before it is a
 * table's own answer) or the browser's passkey dialog (no call is made), the browser's dialog
 * itself (not a call) and an actor resolving with a part of a body held as a read. An
 * answer that is none of these and not the contract's is listed without a reason, and fails.
 */
export const leftOut: { readonly table: string; readonly event: string; readonly why: string }[] =
  []

/** Why an actor's output or error is left out, or undefined when it is to be compared. */
function whyLeftOut(actor: string, done: boolean, answer: unknown): string | undefined {
  if (browserActors.has(actor)) return 'the browser’s passkey dialog, not a call'
  if (done && partOfRead.has(actor)) return 'resolves with a part of its body (held as a read)'
  if (done) {
    if (answer === undefined) return 'resolves with no body (its body is a read)'
    if (isSuccessBody(answer) && !isOffContract(answer)) return undefined
    return isOffContract(answer) ? 'off contract' : ''
  }
  if (isProofCancelled(answer)) return 'the visitor declined fresh proof (no call answered)'
  if (isCeremonyCancelled(answer)) return 'the visitor closed the passkey dialog (no call made)'
  const response = (answer as CallFailure).response
  if (!response) return 'a failed network'
  if (isOffContract(response.data)) return 'off contract'
  return isFailureBody(response.data) ? undefined : ''
}

/** The answers `events` gives for `machine` in any of its states (from the initial context). */
function fromEvents<M extends AnyStateMachine>(
  table: string,
  machine: M,
  events: PathEvents<M>,
  input?: unknown,
): HeldAnswer[] {
  const initial = createActor(machine as AnyStateMachine, { input }).getSnapshot() as {
    readonly context: unknown
  }
  const answers: HeldAnswer[] = []
  for (const value of stateValues(machine.root)) {
    const snapshot = machine.resolveState({
      value: value as never,
      context: initial.context,
    }) as SnapshotFrom<M>
    for (const event of events(snapshot) as readonly { type: string }[]) {
      const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)
      const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type)
      const actor = done?.[1] ?? failed?.[1]
      if (!actor) continue
      const endpoint = actorEndpoints[actor]
      if (!endpoint && !browserActors.has(actor))
        throw new Error(`${table}: no endpoint is known for the actor ${actor}`)
      const answer = done
        ? (event as unknown as { output: unknown }).output
        : (event as unknown as { error: unknown }).error
      const why = whyLeftOut(actor, Boolean(done), answer)
      if (why !== undefined) {
        leftOut.push({ table, event: `${event.type} ${JSON.stringify(answer)}`, why })
        continue
      }
      if (!endpoint) continue
      if (done) {
        const status = endpoints[endpoint].status
        answers.push({ situation: `${endpoint} ok`, table, endpoint, status, body: answer })
      } else {
        const response = (answer as CallFailure).response
        if (!response) continue
        const code = (response.data as { code: string }).code
        answers.push({
          situation: `${endpoint} ${code}`,
          table,
          endpoint,
          status: response.status,
          body: response.data,
        })
      }
    }
  }
  return answers
}

function fromRead(table: string, { success, ...read }: HeldRead): HeldAnswer {
  const code = isFailureBody(read.body) ? (read.body as { code: string }).code : (success ?? 'ok')
  return { situation: `${read.endpoint} ${code}`, table, ...read }
}

/** Every table of tests/doubles/ that holds answers, by its file name. */
export const heldTables = [
  'add-passkey-answers',
  'admin-detail-answers',
  'attachment-answers',
  'change-password-answers',
  'contact-answers',
  'content-editor-answers',
  'content-revisions-answers',
  'conversation-answers',
  'delete-account-answers',
  'my-requests-answers',
  'password-reset-answers',
  'payments-answers',
  'profile-answers',
  'proposal-answer-answers',
  'proposal-editor-answers',
  'recovery-codes-answers',
  'recovery-request-answers',
  'registration-flow-answers',
  'request-brief-answers',
  'second-factor-answers',
  'security-section-answers',
  'session-answers',
  'sessions-list-answers',
  'sign-in-answers',
  'status-change-answers',
  'step-up-answers',
  'totp-answers',
  'verification-request-answers',
  'verify-email-answers',
]

export const heldAnswers: HeldAnswer[] = [
  ...fromEvents('add-passkey-answers', passkeyRegistrationMachine, addPasskeyPathEvents),
  fromRead('add-passkey-answers', creationOptionsRead),
  fromRead('admin-detail-answers', enquiryDetailRead(anEnquiry)),
  fromRead('admin-detail-answers', enquiryListRead([anEnquiry])),
  ...uploadReads.map((read) => fromRead('attachment-answers', read)),
  ...fromEvents('change-password-answers', changePasswordMachine, changePasswordPathEvents),
  ...fromEvents('contact-answers', contactFormMachine, contactPathEvents, {
    service: 'e-commerce',
  }),
  ...fromEvents(
    'content-editor-answers',
    contentEditorMachine,
    contentEditorPathEvents,
    contentEditorInputs[1],
  ),
  ...contentEditorReads.map((read) => fromRead('content-editor-answers', read)),
  ...fromEvents(
    'content-revisions-answers',
    contentRevisionsMachine,
    contentRevisionsPathEvents,
    revisionsInput,
  ),
  ...contentRevisionsReads.map((read) => fromRead('content-revisions-answers', read)),
  ...fromEvents('conversation-answers', conversationMachine, conversationPathEvents),
  ...conversationReads.map((read) => fromRead('conversation-answers', read)),
  ...fromEvents('delete-account-answers', deleteAccountMachine, deleteAccountPathEvents),
  ...myRequestsReads.map((read) => fromRead('my-requests-answers', read)),
  ...fromEvents('password-reset-answers', passwordResetMachine, passwordResetPathEvents, {
    token: resetToken,
  }),
  ...fromEvents('profile-answers', profileMachine, profilePathEvents, {
    profile: testUser.profile,
  }),
  ...fromEvents('payments-answers', recordPaymentMachine, recordPaymentPathEvents('2026-11-23')),
  ...fromEvents('payments-answers', voidInstalmentMachine, voidInstalmentPathEvents),
  fromRead('payments-answers', myPaymentsRead(freshPayments())),
  fromRead('payments-answers', adminPaymentsRead(freshPayments())),
  ...fromEvents('proposal-answer-answers', proposalAnswerMachine, proposalAnswerPathEvents),
  ...proposalAnswerReads.map((read) => fromRead('proposal-answer-answers', read)),
  ...fromEvents('proposal-editor-answers', proposalEditorMachine, proposalEditorPathEvents),
  ...proposalEditorReads.map((read) => fromRead('proposal-editor-answers', read)),
  ...fromEvents('recovery-codes-answers', recoveryCodesMachine, recoveryCodesPathEvents),
  fromRead('recovery-codes-answers', passkeyFactorsRead),
  ...fromEvents('recovery-request-answers', recoveryRequestMachine, recoveryRequestPathEvents),
  ...fromEvents('registration-flow-answers', registrationMachine, registrationPathEvents),
  ...fromEvents('request-brief-answers', serviceRequestFormMachine, requestBriefPathEvents, {
    serviceId: 'web-design',
  }),
  ...fromEvents('second-factor-answers', secondFactorMachine, secondFactorPathEvents, {
    methods: allMethods,
  }),
  ...secondStepReads.map((read) => fromRead('second-factor-answers', read)),
  ...fromEvents('security-section-answers', factorActionsMachine, securitySectionPathEvents),
  fromRead('security-section-answers', laptopFactorsRead),
  ...fromEvents('session-answers', sessionMachine, sessionPathEvents),
  fromRead('session-answers', meRead),
  fromRead('session-answers', signedOutRead),
  fromRead('session-answers', sessionEndedRead),
  ...fromEvents('sessions-list-answers', sessionActionsMachine, sessionActionsPathEvents),
  fromRead('sessions-list-answers', sessionsRead),
  ...fromEvents('sign-in-answers', signInMachine, signInPathEvents),
  fromRead('sign-in-answers', passkeyOptionsRead),
  fromRead('sign-in-answers', secondStepSignedInRead),
  fromRead('sign-in-answers', signInExpiredRead),
  ...fromEvents('status-change-answers', statusChangeMachine, statusChangePathEvents),
  fromRead('status-change-answers', requestDetailRead(adminRequest)),
  ...fromEvents('step-up-answers', stepUpMachine, stepUpPathEvents),
  ...stepUpReads.map((read) => fromRead('step-up-answers', read)),
  ...fromEvents('totp-answers', totpEnrolmentMachine, totpPathEvents),
  ...fromEvents(
    'verification-request-answers',
    verificationRequestMachine,
    verificationRequestPathEvents,
  ),
  ...fromEvents('verify-email-answers', verifyEmailMachine, verifyEmailPathEvents, {
    token: verifyToken,
  }),
]

/**
 * How a held body differs from the real one in shape: the same keys at every level, the same
 * type at every leaf (a `null` on either side stands for a value that may be absent), and each
 * element of a held list shaped like the real list's first one. Values are not compared: the
 * texts are the translations', the ids and stamps the moment's.
 */
export function shapeDifferences(held: unknown, real: unknown, at = 'body'): string[] {
  if (held === null || real === null) return []
  if (Array.isArray(held) || Array.isArray(real)) {
    if (!Array.isArray(held) || !Array.isArray(real)) return [`${at}: a list on one side only`]
    if (held.length === 0) return []
    if (real.length === 0) return [`${at}: the real list is empty, the held one is not`]
    // Item by item where the real list has as many (a list of variants, such as instalments due
    // on acceptance and on a status, holds them in the same order), else against its first.
    return held.flatMap((item, index) =>
      shapeDifferences(item, index < real.length ? real[index] : real[0], `${at}[${index}]`),
    )
  }
  if (typeof held === 'object' && typeof real === 'object') {
    const heldRecord = held as Record<string, unknown>
    const realRecord = real as Record<string, unknown>
    const keys = new Set([...Object.keys(heldRecord), ...Object.keys(realRecord)])
    return [...keys].sort().flatMap((key) => {
      if (!(key in realRecord)) return [`${at}.${key}: held, but the server does not send it`]
      if (!(key in heldRecord)) return [`${at}.${key}: sent by the server, missing in the table`]
      return shapeDifferences(heldRecord[key], realRecord[key], `${at}.${key}`)
    })
  }
  return typeof held === typeof real ? [] : [`${at}: ${typeof held} held, ${typeof real} sent`]
}
