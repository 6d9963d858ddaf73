/**
 * Ends the current task and resumes in a new one, so the browser can handle input and paint in
 * between. Start-up runs in a few such tasks (load the route, then hydrate) rather than one long
 * task: a phone's main thread is never blocked for long, and a click in between is not delayed.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}
