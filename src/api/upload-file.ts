import {
  endpoints,
  readAnswer,
  type ThreadFile,
  type UploadBody,
  xsrfHeaderName,
} from '../../domain/api/api-contract'
import { queryString } from './call-endpoint'
import { apiBaseUrl, ensureXsrfToken, HttpError, onUnauthenticatedAnswer } from './http-client'

/**
 * Uploads one file of a request's workspace (`uploadFile` in the contract: the raw bytes as
 * the body, the request and the file's name in the query), reporting the bytes sent: fetch
 * cannot report an upload's progress, XMLHttpRequest can. The server recognises the type from
 * the bytes, never from the name. Resolves with the stored upload; rejects with the HTTP
 * client's errors ("Request aborted" when `signal` aborts), the server's answer attached.
 */
export async function uploadFile(
  requestId: string,
  file: Blob & { readonly name: string },
  {
    onProgress,
    signal,
  }: { readonly onProgress: (sent: number) => void; readonly signal: AbortSignal },
): Promise<ThreadFile> {
  const path = `${endpoints.uploadFile.path}${queryString({ request: requestId, name: file.name })}`
  for (let attempt = 0; ; attempt += 1) {
    const token = await ensureXsrfToken({ signal }, attempt > 0)
    const answer = await send(path, file, token, onProgress, signal)
    if (answer.status >= 200 && answer.status < 300) return (answer.data as UploadBody).upload
    const body = readAnswer(answer.data)
    if (answer.status === 403 && body?.code === 'xsrf_failed' && attempt === 0) continue
    if (answer.status === 401 && body?.code === 'unauthenticated') onUnauthenticatedAnswer()
    throw new HttpError(`Request failed with status code ${answer.status}`, answer)
  }
}

type Answer = { readonly status: number; readonly data: unknown }

function send(
  path: string,
  file: Blob & { readonly name: string },
  token: string | undefined,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new HttpError('Request aborted'))
      return
    }
    const request = new XMLHttpRequest()
    request.open('POST', `${apiBaseUrl}${path}`)
    request.setRequestHeader('Accept', 'application/json')
    request.setRequestHeader('Content-Type', 'application/octet-stream')
    if (token) request.setRequestHeader(xsrfHeaderName, token)
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded))
    const abort = () => request.abort()
    signal.addEventListener('abort', abort, { once: true })
    const settle = () => signal.removeEventListener('abort', abort)
    request.addEventListener('load', () => {
      settle()
      resolve({ status: request.status, data: parse(request.responseText) })
    })
    request.addEventListener('error', () => {
      settle()
      reject(new HttpError('Network Error'))
    })
    request.addEventListener('abort', () => {
      settle()
      reject(new HttpError('Request aborted'))
    })
    request.send(file)
  })
}

function parse(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
