import { options } from 'preact'

/**
 * Runs Preact's effects (the machines starting, the hydration mark, early clicks replayed)
 * right after the task that rendered, as React schedules them, instead of at the next animation
 * frame: frames pause in background tabs and under a test's paused clock, and until the
 * effects ran the page looks live but its machines are not.
 */
export function runEffectsAfterEachTask(): void {
  const channel = new MessageChannel()
  const queue: (() => void)[] = []
  channel.port1.onmessage = () => {
    for (const callback of queue.splice(0)) callback()
  }
  options.requestAnimationFrame = (callback) => {
    queue.push(callback)
    if (queue.length === 1) channel.port2.postMessage(null)
  }
}
