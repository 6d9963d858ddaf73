import type { Page } from 'playwright-core'

/**
 * The upload's network boundary in the Chromium paths. An upload reports its progress through
 * XMLHttpRequest, and a real transfer's progress events (how many, how many bytes) are the
 * browser's to choose: to step the machine exactly, the page's XMLHttpRequest is wrapped
 * before any script runs, and a call to the upload endpoint is held in the page — the step
 * reports its progress, answers or fails it — while every other request is the real one.
 * Everything else about the upload is real: the file picked in the real input, the progress
 * bar drawn, the cancel button clicked where a visitor sees it.
 */

/** What a held upload's controls look like in the page (`globalThis.__heldUploads`). */
type HeldUploadControls = {
  readonly url: string
  readonly headers: Record<string, string>
  readonly size: number
  aborted: boolean
  progress(loaded: number): void
  respond(status: number, body: string): void
  fail(): void
}
type HeldUploadsHost = typeof globalThis & { __heldUploads?: HeldUploadControls[] }

/**
 * Runs in the page, serialised with toString: it may use nothing from this module, and only
 * arrow functions (no class or named function a transform could give a helper the page lacks).
 */
export const wrapUploads = (host: HeldUploadsHost, uploadPath: string): void => {
  const Real = host.XMLHttpRequest
  const held: HeldUploadControls[] = []
  host.__heldUploads = held
  /** A stand-in for one upload: the parts of XMLHttpRequest the page's upload uses. */
  const heldUpload = (url: string) => {
    const events = new EventTarget()
    const headers: Record<string, string> = {}
    let done = false
    let controls: HeldUploadControls | undefined
    const finish = (name: string) => {
      if (done) return
      done = true
      events.dispatchEvent(new ProgressEvent(name))
    }
    const self = {
      upload: new EventTarget(),
      status: 0,
      responseText: '',
      open: () => {},
      setRequestHeader: (name: string, value: string) => {
        headers[name] = value
      },
      addEventListener: (name: string, listener: EventListener) =>
        events.addEventListener(name, listener),
      removeEventListener: (name: string, listener: EventListener) =>
        events.removeEventListener(name, listener),
      abort: () => {
        if (done) return
        if (controls) controls.aborted = true
        finish('abort')
      },
      send: (body: Blob) => {
        controls = {
          url,
          headers: { ...headers },
          size: body.size,
          aborted: false,
          progress: (loaded) => {
            if (!done)
              self.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total: body.size }))
          },
          respond: (status, answer) => {
            if (done) return
            self.status = status
            self.responseText = answer
            finish('load')
          },
          fail: () => finish('error'),
        }
        held.push(controls)
      },
    }
    return self
  }
  host.XMLHttpRequest = new Proxy(Real, {
    construct: (target, args) => {
      const real = Reflect.construct(target, args) as XMLHttpRequest
      // Decided at `open`, where the address is known: the upload is held, anything else real.
      let stand: ReturnType<typeof heldUpload> | undefined
      return new Proxy(real, {
        get: (_, key) => {
          if (key === 'open')
            return (method: string, url: string, ...rest: unknown[]) => {
              if (new URL(url, host.location.href).pathname === uploadPath) stand = heldUpload(url)
              else (real.open as (...all: unknown[]) => void).call(real, method, url, ...rest)
            }
          const from: object = stand ?? real
          const value = Reflect.get(from, key) as unknown
          return typeof value === 'function' ? value.bind(from) : value
        },
        set: (_, key, value) => Reflect.set(stand ?? real, key, value),
      })
    },
  })
}

/** Holds the page's uploads to `uploadPath` from its first script on (call before it opens). */
export async function holdUploads(page: Page, uploadPath: string): Promise<void> {
  await page.addInitScript(`(${wrapUploads.toString()})(globalThis, ${JSON.stringify(uploadPath)})`)
}

export type HeldUploadView = {
  readonly url: string
  readonly headers: Record<string, string>
  readonly size: number
  readonly aborted: boolean
}

/** The uploads the page has sent so far, as seen from the test. */
export const heldUploads = (page: Page): Promise<HeldUploadView[]> =>
  page.evaluate(() =>
    ((globalThis as HeldUploadsHost).__heldUploads ?? []).map(
      ({ url, headers, size, aborted }) => ({
        url,
        headers,
        size,
        aborted,
      }),
    ),
  )

/** Acts on the latest upload in the page: progress, an answer or a failed network. */
export function onLatestUpload(
  page: Page,
  act:
    | { readonly progress: number }
    | { readonly status: number; readonly body: unknown }
    | { readonly fail: true },
): Promise<void> {
  return page.evaluate((action) => {
    const latest = (globalThis as HeldUploadsHost).__heldUploads?.at(-1)
    if (!latest) throw new Error('No upload was sent')
    if ('progress' in action) latest.progress(action.progress)
    else if ('fail' in action) latest.fail()
    else latest.respond(action.status, JSON.stringify(action.body))
  }, act)
}
