/** The status (e.g. "404 Not Found") or the message of whatever a route threw. */
export function describeRouteError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as {
      status?: unknown
      statusText?: unknown
      message?: unknown
    }
    if (typeof status === 'number') {
      return typeof statusText === 'string' && statusText
        ? `${status} ${statusText}`
        : String(status)
    }
    if (typeof message === 'string' && message) return message
  }
  return typeof error === 'string' && error ? error : String(error)
}
