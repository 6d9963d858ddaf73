import { readAnswer, xsrfHeaderName } from '../domain/api/api-contract'
import { apiBaseUrl, ensureXsrfToken, HttpError, onUnauthenticatedAnswer } from './http-client'

/**
 * Sends one file as the raw body of a POST, reporting the bytes sent: fetch cannot report an
 * upload's progress, XMLHttpRequest can. The file's name travels URL-encoded in a header
 * (its type is recognised by the server from the bytes, never from the name). Resolves with
 * the answer's body on 2xx; rejects with the HTTP client's errors otherwise ("Request
 * aborted" when `signal` aborts), with the server's answer attached.
 */
export async function uploadFile(
  path: string,
  file: Blob & { readonly name: string },
  {
    onProgress,
    signal,
  }: { readonly onProgress: (sent: number) => void; readonly signal: AbortSignal },
): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    const token = await ensureXsrfToken({ signal }, attempt > 0)
    const answer = await send(path, file, token, onProgress, signal)
    if (answer.status >= 200 && answer.status < 300) return answer.data
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
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name))
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
