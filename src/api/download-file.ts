import { apiBaseUrl, HttpError } from './http-client'

/**
 * A file the API makes (an export), fetched rather than followed as a link so that a refusal —
 * a step-up's 403 `reauthentication_required` above all — reaches the page as the contract's
 * answer instead of being saved as the file. Resolves with the bytes and the server's file name.
 */
export async function downloadFile(
  path: string,
): Promise<{ readonly blob: Blob; readonly filename: string | undefined }> {
  let response: Response
  try {
    response = await fetch(`${apiBaseUrl}${path}`, { credentials: 'same-origin' })
  } catch {
    throw new HttpError('Network Error')
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    let data: unknown = text
    try {
      data = JSON.parse(text) as unknown
    } catch {
      // not JSON: kept as text
    }
    throw new HttpError(`Request failed with status code ${response.status}`, {
      status: response.status,
      data,
    })
  }
  const disposition = response.headers.get('Content-Disposition') ?? ''
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1]
  return { blob: await response.blob(), filename }
}

/** Hands a fetched file to the browser's downloads, under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
