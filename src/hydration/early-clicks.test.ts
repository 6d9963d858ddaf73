import { readFileSync } from 'node:fs'
import { options } from 'preact'
import { afterEach, describe, expect, it } from 'vitest'
import { noteHandledEvents, replayClicks, replayTyping, takeEarlyClicks } from './early-clicks'

// The recorder of index.html, run as the page runs it (its inline script's own text).
const recorderSource = (() => {
  const html = readFileSync('index.html', 'utf8')
  const found = /<script id="early-input">([\s\S]*?)<\/script>/.exec(html)
  if (!found?.[1]) throw new Error('index.html has no <script id="early-input">')
  return found[1]
})()

function record(): () => void {
  new Function(recorderSource)()
  return () => window.earlyClicks?.take()
}

const previousEvent = options.event
afterEach(() => {
  options.event = previousEvent
  window.earlyClicks = undefined
  document.body.innerHTML = ''
})

describe('early clicks', () => {
  it('hands over the clicks no handler of the app received, and replays them once', () => {
    const stop = record()
    noteHandledEvents()
    document.body.innerHTML =
      '<button type="button" id="live">live</button><button type="button" id="waiting">waiting</button>'
    const live = document.getElementById('live') as HTMLButtonElement
    const waiting = document.getElementById('waiting') as HTMLButtonElement
    // A hydrated button: Preact passes its events through the `event` option.
    live.addEventListener('click', (event) => options.event?.(event))
    live.click()
    waiting.click()
    live.click()

    const taken = takeEarlyClicks()
    expect(taken).toEqual([{ target: waiting }])
    // Taking stops the recorder: the replay is not recorded again.
    let replayed = 0
    waiting.addEventListener('click', () => replayed++)
    replayClicks(taken)
    expect(replayed).toBe(1)
    expect(takeEarlyClicks()).toEqual([])
    stop()
  })

  it('skips a button the app has replaced before the replay', () => {
    const stop = record()
    noteHandledEvents()
    document.body.innerHTML = '<button type="button">gone</button>'
    const button = document.querySelector('button') as HTMLButtonElement
    button.click()
    const taken = takeEarlyClicks()
    let clicked = 0
    button.addEventListener('click', () => clicked++)
    button.remove()
    replayClicks(taken)
    expect(taken).toEqual([{ target: button }])
    expect(clicked).toBe(0)
    stop()
  })

  it('holds back a form sent before its handler listens, and sends it once, by its button', () => {
    const stop = record()
    noteHandledEvents()
    document.body.innerHTML =
      '<form method="post"><input name="email" value="a@b.mx"><button id="send">Send</button></form>'
    const form = document.querySelector('form') as HTMLFormElement
    const send = document.getElementById('send') as HTMLButtonElement
    const posted: boolean[] = []
    const watch = (event: Event) => posted.push(!event.defaultPrevented)
    window.addEventListener('submit', watch)
    send.click()
    send.click()
    window.removeEventListener('submit', watch)
    // Held back: nothing posted the page (the default was prevented), and kept once.
    expect(posted).toEqual([false, false])
    const taken = takeEarlyClicks()
    expect(taken).toEqual([{ target: form, submitter: send }])

    const sent: (HTMLElement | null)[] = []
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      sent.push(event.submitter)
    })
    replayClicks(taken)
    expect(sent).toEqual([send])
    stop()
  })

  it('leaves alone a form whose handler already listens', () => {
    const stop = record()
    noteHandledEvents()
    document.body.innerHTML = '<form><button>Send</button></form>'
    const form = document.querySelector('form') as HTMLFormElement
    let handledByApp = 0
    form.addEventListener('submit', (event) => {
      handledByApp++
      event.preventDefault()
    })
    form.requestSubmit()
    expect(handledByApp).toBe(1)
    expect(takeEarlyClicks()).toEqual([])
    stop()
  })

  it('says whether anything was kept, for the scripts’ loader', () => {
    const stop = record()
    document.body.innerHTML = '<button type="button">early</button>'
    expect(window.earlyClicks?.any()).toBe(false)
    document.querySelector('button')?.click()
    expect(window.earlyClicks?.any()).toBe(true)
    stop()
  })
})

describe('typing before the app listens', () => {
  it('hands each changed field to its handler, and only those', () => {
    document.body.innerHTML = `<form>
      <input name="name" value="">
      <input name="kept" value="as rendered">
      <textarea name="message"></textarea>
      <input type="checkbox" name="consent">
      <select name="service"><option value="a" selected>a</option><option value="b">b</option></select>
      <input type="hidden" name="token" value="">
    </form>`
    const field = (name: string) =>
      document.querySelector(`[name="${name}"]`) as HTMLInputElement & HTMLSelectElement
    field('name').value = 'Ana'
    field('message').value = 'Hello'
    field('consent').checked = true
    field('service').value = 'b'
    field('token').value = 'changed by a script'
    const seen: string[] = []
    for (const type of ['input', 'change'])
      document.addEventListener(type, (event) => {
        seen.push(`${type} ${(event.target as HTMLInputElement).name}`)
      })

    replayTyping(document)

    expect(seen.sort()).toEqual(['change consent', 'change service', 'input message', 'input name'])
  })
})
