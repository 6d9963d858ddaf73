import {
  type ApiAnswer,
  type EndpointName,
  type EndpointRequests,
  type EndpointSuccess,
  endpoints,
  readAnswer,
} from '../../domain/api/api-contract'
import { contentEndpointSet } from '../../domain/api/content-endpoints'
import { type RequestOptions, requestJson } from './http-client'

/** The `:name` parameters of a path, as an object of strings (`{}` when it has none). */
export type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { readonly [K in Param]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? { readonly [K in Param]: string }
    : Record<never, never>

type ParamsOf<Name extends EndpointName> = PathParams<(typeof endpoints)[Name]['path']>

/** A call's options: the HTTP client's, and the query string of a read (the admin lists). */
export type CallOptions = RequestOptions & {
  readonly query?: Readonly<Record<string, string>>
}

/** What a call of `Name` takes: its body (when it has one), its path parameters, options. */
export type CallArgs<Name extends EndpointName> = [
  ...(Name extends keyof EndpointRequests ? [body: EndpointRequests[Name]] : []),
  ...([keyof ParamsOf<Name>] extends [never] ? [] : [params: ParamsOf<Name>]),
  options?: CallOptions,
]

/** `?a=1&b=2` for the non-empty values of `query`, or nothing. */
export function queryString(query: Readonly<Record<string, string>> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== '')
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`
}

/** What a call of `Name` resolves with: its typed success body, else the parsed answer. */
export type EndpointAnswer<Name extends EndpointName> = Name extends keyof EndpointSuccess
  ? EndpointSuccess[Name]
  : ApiAnswer

/** `/api/v1/me/sessions/:id` with `{ id: 'a b' }` → `/api/v1/me/sessions/a%20b`. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`The path ${path} needs the parameter ${name}`)
    return encodeURIComponent(value)
  })
}

/**
 * Calls an endpoint of the API contract by name, with its method: the body and the path
 * parameters are typed by the endpoint, and so is the answer (`EndpointSuccess`; endpoints
 * without a typed body are read by the contract's one parser). Resolves on 2xx; rejects with
 * the HTTP client's error (a `CallFailure`) otherwise.
 */
export async function callEndpoint<Name extends EndpointName>(
  name: Name,
  ...args: CallArgs<Name>
): Promise<EndpointAnswer<Name>> {
  const endpoint = endpoints[name]
  const takesBody = endpoint.method !== 'GET' && name in bodyEndpoints
  const hasParams = endpoint.path.includes(':')
  const rest = [...args] as unknown[]
  const body = takesBody ? rest.shift() : undefined
  const params = hasParams ? (rest.shift() as Record<string, string>) : {}
  const { query, ...options } = (rest.shift() as CallOptions | undefined) ?? {}
  const { data } = await requestJson<unknown>(
    endpoint.method,
    `${fillPath(endpoint.path, params)}${queryString(query)}`,
    body,
    options,
  )
  if (name in typedEndpoints) return data as EndpointAnswer<Name>
  return (readAnswer(data) ?? {}) as EndpointAnswer<Name>
}

/** The endpoints that take a body (the keys of `EndpointRequests`, as values). */
const bodyEndpoints: { readonly [Name in keyof EndpointRequests]: true } = {
  register: true,
  resendRecoveryEmail: true,
  resetPassword: true,
  verifyEmail: true,
  resendVerification: true,
  login: true,
  loginSecondFactor: true,
  passkeySignInOptions: true,
  passkeySignIn: true,
  logout: true,
  updateProfile: true,
  changePassword: true,
  deleteAccount: true,
  revokeOtherSessions: true,
  enrolTotp: true,
  confirmTotp: true,
  regenerateRecoveryCodes: true,
  passkeyRegistrationOptions: true,
  registerPasskey: true,
  renamePasskey: true,
  reauthenticate: true,
  reauthenticatePasskeyOptions: true,
  reauthenticatePasskey: true,
  contact: true,
  createServiceRequest: true,
  withdrawServiceRequest: true,
  markEnquiryHandled: true,
  changeRequestStatus: true,
  sendMyThreadMessage: true,
  markMyThreadRead: true,
  sendAdminThreadMessage: true,
  markAdminThreadRead: true,
  createProposal: true,
  editProposal: true,
  sendProposal: true,
  reviseProposal: true,
  withdrawProposal: true,
  acceptProposal: true,
  declineProposal: true,
  recordPayment: true,
  voidInstalment: true,
  payInstalmentOnline: true,
  refundInstalment: true,
  ...contentEndpointSet(['Create', 'Edit', 'Delete', 'Publish', 'Unpublish', 'Restore']),
}

/** The endpoints with a typed success body (the keys of `EndpointSuccess`, as values). */
const typedEndpoints: { readonly [Name in keyof EndpointSuccess]: true } = {
  login: true,
  loginSecondFactor: true,
  passkeySignInOptions: true,
  passkeySignIn: true,
  factors: true,
  enrolTotp: true,
  confirmTotp: true,
  regenerateRecoveryCodes: true,
  passkeyRegistrationOptions: true,
  registerPasskey: true,
  renamePasskey: true,
  reauthenticatePasskeyOptions: true,
  me: true,
  updateProfile: true,
  sessions: true,
  revokeOtherSessions: true,
  exportAccount: true,
  myServiceRequests: true,
  createServiceRequest: true,
  withdrawServiceRequest: true,
  adminEnquiries: true,
  adminEnquiry: true,
  markEnquiryHandled: true,
  adminServiceRequests: true,
  adminReceivables: true,
  adminServiceRequest: true,
  changeRequestStatus: true,
  myThreadMessages: true,
  sendMyThreadMessage: true,
  uploadFile: true,
  adminThreadMessages: true,
  sendAdminThreadMessage: true,
  adminInboxSummary: true,
  adminProposals: true,
  createProposal: true,
  editProposal: true,
  sendProposal: true,
  reviseProposal: true,
  withdrawProposal: true,
  myProposals: true,
  myCurrentProposal: true,
  acceptProposal: true,
  declineProposal: true,
  myPayments: true,
  adminPayments: true,
  recordPayment: true,
  voidInstalment: true,
  payInstalmentOnline: true,
  refundInstalment: true,
  stripeWebhook: true,
  ...contentEndpointSet([
    'List',
    'Create',
    'Read',
    'Edit',
    'Publish',
    'Unpublish',
    'Revisions',
    'Restore',
  ]),
  work: true,
}
