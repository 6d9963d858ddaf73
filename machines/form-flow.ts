import { assign, type EventObject } from 'xstate'
import { type FieldErrors, failureAnswer, failureStatus } from '../domain/api/api-contract'
import { serverText, text } from './server-text'

/**
 * The life every form machine shares, written once:
 *
 *   (submit) validating → submitting | back to the form, one more refusal counted
 *   submitting → done | back to the form (the server refused fields) | rateLimited | failed
 *   rateLimited | failed → (retry) the form, the values kept
 *
 * Each machine spreads `formFlowActions` (or `fieldsFlowActions`) and `formFlowGuards` into its
 * own `setup` and builds its states from the pieces below, keeping only what is its own (its
 * values, its calls, its other outcomes). The pieces are plain config: the machines stay plain
 * exported machines, drawn, inspected and path-tested like any other. No React or I/O here.
 */

/** What every form machine's context holds besides its values. */
export type FormFlowContext = {
  /** Submissions refused by the schema or the server: the view moves focus on each. */
  readonly refusedSubmissions: number
  /** The server's text for the current outcome; the view falls back to its own. */
  readonly message: string | undefined
}

/** A form whose server may refuse single fields. */
export type FieldsFlowContext = FormFlowContext & {
  /** Per-field messages of the server's 400 (already in the request's language). */
  readonly serverFieldErrors: FieldErrors
}

type MessageContext = Pick<FormFlowContext, 'message'>

/**
 * Showing and forgetting the server's text, for a machine with context `TContext` and events
 * `TEvent`: typed as the machine's own actions, so `setup` takes them as it takes those it
 * declares.
 */
export function messageActions<TContext extends MessageContext, TEvent extends EventObject>() {
  // Each action sets only its part of the context, whatever else the machine holds.
  const only = (patch: MessageContext) => patch as Partial<TContext>
  return {
    showMessage: assign<TContext, TEvent, { readonly message: unknown }, TEvent, never>(
      (_, { message }) => only({ message: text(message) }),
    ),
    forgetMessage: assign<TContext, TEvent, undefined, TEvent, never>(() =>
      only({ message: undefined }),
    ),
  }
}

/** The actions of the flow: the messages', and counting refusals. */
export function formFlowActions<TContext extends FormFlowContext, TEvent extends EventObject>() {
  return {
    ...messageActions<TContext, TEvent>(),
    countRefusal: assign<TContext, TEvent, undefined, TEvent, never>(
      ({ context }) =>
        ({ refusedSubmissions: context.refusedSubmissions + 1 }) as Partial<TContext>,
    ),
  }
}

/**
 * The actions of a form whose context holds its `values` and whose server may refuse single
 * fields: the flow's, keeping the submitted values (forgetting the server's last per-field
 * messages), and keeping those messages.
 */
export function fieldsFlowActions<
  TContext extends FieldsFlowContext & { readonly values: unknown },
  TEvent extends EventObject,
>() {
  const only = (patch: Partial<FieldsFlowContext & { readonly values: unknown }>) =>
    patch as Partial<TContext>
  return {
    ...formFlowActions<TContext, TEvent>(),
    rememberValues: assign<
      TContext,
      TEvent,
      { readonly values: TContext['values'] },
      TEvent,
      never
    >((_, { values }) => only({ values, serverFieldErrors: {} })),
    keepServerFieldErrors: assign<
      TContext,
      TEvent,
      { readonly fields: FieldErrors | undefined },
      TEvent,
      never
    >((_, { fields }) => only({ serverFieldErrors: fields ?? {} })),
  }
}

type Failure = { readonly error: unknown }

const nameOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined

/**
 * What a passkey dialog rejects with when the visitor closes it (or it times out, or another
 * ceremony replaces it): WebAuthn's `NotAllowedError` / `AbortError`, which SimpleWebAuthn
 * keeps as the error's name.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  const name = nameOf(error)
  return name === 'NotAllowedError' || name === 'AbortError'
}

/** The name of the error a call rejects with when the visitor declines to prove it is them. */
export const proofCancelledName = 'ProofCancelled'

export function isProofCancelled(error: unknown): boolean {
  return nameOf(error) === proofCancelledName
}

export const formFlowGuards = {
  /** A 400 naming at least one field (not only the whole input). */
  fieldsRefused: (_: unknown, { error }: Failure) =>
    failureStatus(error) === 400 &&
    Object.keys(failureAnswer(error)?.fields ?? {}).some((field) => field !== ''),
  tooManyTries: (_: unknown, { error }: Failure) => failureStatus(error) === 429,
  /** The refusal's code is `code`. */
  codeIs: (_: unknown, { error, code }: Failure & { readonly code: string }) =>
    failureAnswer(error)?.code === code,
  /** The password the visitor confirmed with is not theirs. */
  wrongPassword: (_: unknown, { error }: Failure) =>
    failureAnswer(error)?.code === 'wrong_password',
  /** The browser's passkey dialog was closed, timed out or aborted: nothing failed. */
  ceremonyCancelled: (_: unknown, { error }: Failure) => isCeremonyCancelled(error),
  /** The visitor closed the fresh-proof dialog the call asked for: the action is dropped. */
  proofCancelled: (_: unknown, { error }: Failure) => isProofCancelled(error),
  /** The 2xx answer says it succeeded (an older endpoint may answer 2xx with `success: false`). */
  answerSucceeded: (_: unknown, answer: { readonly success?: boolean } | undefined) =>
    answer?.success === true,
}

// Params, read from the event of an invoked call.
type ErrorArgs = { readonly event: Failure }
type OutputArgs = {
  readonly event: { readonly output: { readonly message?: string; readonly error?: string } }
}

/** The failed call's error, for the guards above. */
export const failureOf = ({ event }: ErrorArgs) => ({ error: event.error })

/** The answer of a call that succeeded, for `answerSucceeded`. */
const outputOf = <TOutput>({ event }: { readonly event: { readonly output: TOutput } }) =>
  event.output

/** The submitted values of a `submit` event carrying them. */
export const valuesOf = <TValues>({ event }: { readonly event: { readonly values: TValues } }) => ({
  values: event.values,
})

/** The guard of a refusal with `code`, e.g. `invalid_credentials`. */
export const codeIs = (code: string) =>
  ({ type: 'codeIs', params: ({ event }: ErrorArgs) => ({ error: event.error, code }) }) as const

/** Shows the server's text of a failed call. */
export const showServerText = {
  type: 'showMessage',
  params: ({ event }: ErrorArgs) => ({ message: serverText(event.error) }),
} as const

/** The older flows read the answer's `error`, which the server fills like `message`. */
export const showServerError = {
  type: 'showMessage',
  params: ({ event }: ErrorArgs) => ({ message: serverText(event.error, 'error') }),
} as const

/** Shows the text of a 2xx answer. */
export const showAnswerText = {
  type: 'showMessage',
  params: ({ event }: OutputArgs) => ({ message: event.output.message }),
} as const

/** Shows why a 2xx answer without success failed. */
export const showAnswerRefusal = {
  type: 'showMessage',
  params: ({ event }: OutputArgs) => ({ message: event.output.error ?? event.output.message }),
} as const

/**
 * The check of the submitted values: on to `valid` (with `actions`), or back to `refused`
 * counting one more refusal.
 */
export function validating<
  const Guard extends string,
  const Valid extends string,
  const Refused extends string,
  const Actions extends readonly string[],
>(guard: Guard, valid: Valid, refused: Refused, ...actions: Actions) {
  return {
    always: [
      { guard, target: valid, actions },
      { target: refused, actions: 'countRefusal' },
    ],
  } as const
}

/** The server refused single fields: back to the form, their messages kept. */
export function onFieldsRefused<const Target extends string>(target: Target) {
  return {
    guard: { type: 'fieldsRefused', params: failureOf },
    target,
    actions: [
      {
        type: 'keepServerFieldErrors',
        params: ({ event }: ErrorArgs) => ({ fields: failureAnswer(event.error)?.fields }),
      },
      'countRefusal',
    ],
  } as const
}

/** The browser's passkey dialog was closed: `target`, quietly. */
export function onCeremonyCancelled<const Target extends string>(target: Target) {
  return { guard: { type: 'ceremonyCancelled', params: failureOf }, target } as const
}

/** The fresh proof a call asked for was declined: `target`, the action dropped quietly. */
export function onProofCancelled<
  const Target extends string,
  const Actions extends readonly string[],
>(target: Target, ...actions: Actions) {
  return { guard: { type: 'proofCancelled', params: failureOf }, target, actions } as const
}

/**
 * A refusal the machine's guard `guard` recognises (given the failed call's error): `target`,
 * after `actions`, with the server's text (e.g. a 409: the thing changed meanwhile).
 */
export function onRefusal<
  const Guard extends string,
  const Target extends string,
  const Actions extends readonly string[],
>(guard: Guard, target: Target, ...actions: Actions) {
  return {
    guard: { type: guard, params: failureOf },
    target,
    actions: [...actions, showServerText],
  } as const
}

/** The server's 429: the `rateLimited` state, with its text. */
export function onTooManyTries<const Actions extends readonly string[]>(...actions: Actions) {
  return onRefusal('tooManyTries', 'rateLimited', ...actions)
}

/** Any other failure: `target`, with the server's text when it sent one. */
export function onFailure<const Target extends string, const Actions extends readonly string[]>(
  target: Target,
  ...actions: Actions
) {
  return { target, actions: [...actions, showServerText] } as const
}

/** A refused password: the `wrongPassword` state (after `actions`), the form shown again. */
export function onWrongPassword<const Actions extends readonly string[]>(...actions: Actions) {
  return {
    guard: { type: 'wrongPassword', params: failureOf },
    target: 'wrongPassword',
    actions,
  } as const
}

/** `retry` from a failure: back to `target`, the values kept, the failure's text gone. */
export function retryTo<const Target extends string>(target: Target) {
  return { retry: { target, actions: 'forgetMessage' } } as const
}

/** `submit` with the form's values: kept, then on to `target` (a form whose context holds `values`). */
export function submitTo<const Target extends string>(target: Target) {
  return { submit: { target, actions: { type: 'rememberValues', params: valuesOf } } } as const
}

/**
 * A 2xx answer: `done` when it says it succeeded (its text shown, then `actions`), else
 * `refused` with its reason.
 */
export function onAnswer<
  const Done extends string,
  const Refused extends string,
  const Actions extends readonly string[],
>(done: Done, refused: Refused, ...actions: Actions) {
  return [
    {
      guard: { type: 'answerSucceeded', params: outputOf },
      target: done,
      actions: [showAnswerText, ...actions],
    },
    { target: refused, actions: showAnswerRefusal },
  ] as const
}

/** The flow's part of a fresh context. */
export const freshFlow = { refusedSubmissions: 0, message: undefined } as const

/** The flow's part of a fresh context, for a form whose server may refuse single fields. */
export const freshFieldsFlow = { ...freshFlow, serverFieldErrors: {} } as const

/**
 * The whole life of a form that sends its `values` with the actor `actor`:
 *
 *   editing → (submit) validating → submitting | editing (refused)
 *   submitting → sent | editing (the server refused fields) | … | error
 *   error → (retry) editing, the values kept
 *
 * `refusals` are the form's own outcomes, tried before the general `error` (e.g.
 * `onTooManyTries()`, whose `rateLimited` state the form then declares).
 */
export function valuesFormStates<
  const Actor extends string,
  const Refusals extends readonly object[],
>(actor: Actor, ...refusals: Refusals) {
  return {
    editing: { on: submitTo('validating') },
    validating: validating('valuesAreValid', 'submitting', 'editing'),
    submitting: {
      invoke: {
        id: actor,
        src: actor,
        input: valuesInContext,
        onDone: { target: 'sent', actions: showAnswerText },
        onError: [onFieldsRefused('editing'), ...refusals, onFailure('error')],
      },
    },
    sent: { type: 'final' },
    error: { on: retryTo('editing') },
  } as const
}

const valuesInContext = <TValues>({
  context,
}: {
  readonly context: { readonly values: TValues }
}) => context.values
