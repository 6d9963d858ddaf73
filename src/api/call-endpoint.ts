import {
  type ApiAnswer,
  type EndpointRequests,
  endpoints,
  type PostEndpointName,
  readAnswer,
} from '../domain/api/api-contract'
import { postJson, type RequestOptions } from './http-client'

/**
 * Calls a state-changing endpoint of the API contract by name: the body is typed by the
 * endpoint, the answer read by the contract's one parser. Resolves on 2xx; rejects with the
 * HTTP client's error (a `CallFailure`) otherwise.
 */
export async function callEndpoint<Name extends PostEndpointName>(
  name: Name,
  body: EndpointRequests[Name],
  options?: RequestOptions,
): Promise<ApiAnswer> {
  const { data } = await postJson(endpoints[name].path, body, options)
  return readAnswer(data) ?? {}
}
