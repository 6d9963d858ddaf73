import type { AppMessage, Command, JsonValue } from '../../../src/ui/inspector-protocol'
import { jsonTree } from './json-tree'

type Snapshot = Extract<AppMessage, { type: 'snapshot' }>
type ActorInfo = Extract<AppMessage, { type: 'actor' }>

const maxLogEntries = 300

const clock = (time: number) => {
  const date = new Date(time)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

let cards = 0

/**
 * One live actor: its machine's chart with the active states highlighted (and the last
 * transitions taken marked), its context as folding JSON, a log of the events it received and
 * the transitions it took, and a form to send it one of the events its states accept.
 */
export class ActorCard {
  readonly element: HTMLElement
  private readonly chart: HTMLElement
  private readonly stateLine: HTMLElement
  private readonly statusBadge: HTMLElement
  private readonly context: HTMLElement
  private readonly log: HTMLOListElement
  private readonly select: HTMLSelectElement
  private readonly payload: HTMLTextAreaElement
  private readonly sendButton: HTMLButtonElement
  private readonly problem: HTMLElement
  private held: HTMLLIElement[] = []
  private stopped = false

  constructor(
    readonly info: ActorInfo,
    tabLabel: string,
    chartSvg: string | undefined,
    private readonly send: (command: Command) => void,
  ) {
    const id = `actor-${++cards}`
    this.element = document.createElement('article')
    this.element.className = 'actor'
    this.element.dataset.machine = info.machineId
    this.element.dataset.session = info.sessionId
    this.element.dataset.status = 'running'
    this.element.setAttribute('aria-labelledby', `${id}-title`)
    const title = document.createElement('h3')
    title.id = `${id}-title`
    title.textContent = `${info.machineId} `
    this.statusBadge = document.createElement('span')
    this.statusBadge.className = 'status'
    this.statusBadge.textContent = 'running'
    title.append(this.statusBadge)
    const where = document.createElement('p')
    where.className = 'where'
    where.textContent = `${tabLabel} · ${info.page} · actor ${info.actorId} (${info.sessionId})${info.parent ? ` · child of ${info.parent}` : ''}`
    this.stateLine = document.createElement('p')
    this.stateLine.className = 'state-value'
    this.chart = document.createElement('div')
    this.chart.className = 'chart'
    // A wide chart and a long log scroll: focusable, so the keyboard can scroll them too.
    this.chart.tabIndex = 0
    this.chart.setAttribute('role', 'region')
    this.chart.setAttribute('aria-label', `Chart of ${info.machineId}, ${info.sessionId}`)
    if (chartSvg) this.chart.innerHTML = chartSvg
    else this.chart.textContent = `No definition of ${info.machineId} in machines/.`
    this.context = document.createElement('div')
    this.context.className = 'context'

    const form = document.createElement('form')
    form.className = 'send'
    const selectId = `${id}-event`
    const payloadId = `${id}-payload`
    form.innerHTML = `<fieldset><legend>Send an event to ${info.machineId}</legend><label for="${selectId}">Event</label> <select id="${selectId}"></select> <label for="${payloadId}">Payload (JSON object)</label> <textarea id="${payloadId}" rows="2" cols="30" spellcheck="false">{}</textarea> <button type="submit">Send</button><p class="problem" role="alert"></p></fieldset>`
    this.select = form.querySelector('select') as HTMLSelectElement
    this.payload = form.querySelector('textarea') as HTMLTextAreaElement
    this.sendButton = form.querySelector('button') as HTMLButtonElement
    this.problem = form.querySelector('.problem') as HTMLElement
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      this.submit()
    })

    const logHeading = document.createElement('h4')
    logHeading.textContent = 'Events received and transitions taken'
    this.log = document.createElement('ol')
    this.log.className = 'log'
    this.log.setAttribute('aria-label', `Log of ${info.machineId}, ${info.sessionId}`)
    this.log.tabIndex = 0
    this.element.append(where, this.stateLine, this.chart, this.context, form, logHeading, this.log)
    this.element.prepend(title)
  }

  get isStopped(): boolean {
    return this.stopped
  }

  private submit(): void {
    this.problem.textContent = ''
    const type = this.select.value
    if (!type) return
    let payload: JsonValue
    try {
      payload = JSON.parse(this.payload.value || '{}') as JsonValue
    } catch (error) {
      this.problem.textContent = `The payload is not JSON: ${(error as Error).message}`
      return
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      this.problem.textContent = 'The payload must be a JSON object, like {"index": 2}.'
      return
    }
    this.send({
      tab: this.info.tab,
      sessionId: this.info.sessionId,
      event: { ...(payload as { readonly [key: string]: JsonValue }), type },
    })
  }

  showSnapshot(snapshot: Snapshot): void {
    // The machine itself is always active: only its states are highlighted.
    const active = new Set(snapshot.activeStates.filter((id) => id !== this.info.machineId))
    for (const state of this.chart.querySelectorAll<SVGGElement>('[data-state]'))
      state.classList.toggle('active', active.has(state.dataset.state ?? ''))
    this.stateLine.textContent = `State: ${JSON.stringify(snapshot.value)}`
    this.context.replaceChildren(jsonTree(snapshot.context, 'Context'))
    const chosen = this.select.value
    this.select.replaceChildren(
      ...snapshot.accepts.map((type) => {
        const option = document.createElement('option')
        option.value = type
        option.textContent = type
        return option
      }),
    )
    if (snapshot.accepts.includes(chosen)) this.select.value = chosen
    if (snapshot.status !== 'active') this.markStopped(snapshot.status)
  }

  showTransitions(ids: readonly string[]): void {
    const taken = new Set(ids)
    for (const arrow of this.chart.querySelectorAll<SVGGElement>('[data-transition]'))
      arrow.classList.toggle('last-taken', taken.has(arrow.dataset.transition ?? ''))
  }

  markStopped(reason = 'stopped'): void {
    this.stopped = true
    this.element.dataset.status = 'stopped'
    this.statusBadge.textContent = reason === 'done' ? 'done' : 'stopped'
    this.select.disabled = true
    this.payload.disabled = true
    this.sendButton.disabled = true
  }

  /** Adds a log line; while the log is paused it waits (`paused`), in order. */
  addLog(time: number, kind: 'event' | 'transition', text: string, paused: boolean): void {
    const item = document.createElement('li')
    item.className = `log-${kind}`
    item.dataset.kind = kind
    const stamp = document.createElement('time')
    stamp.textContent = clock(time)
    item.append(stamp, ` ${kind === 'event' ? '⇢' : '→'} ${text}`)
    if (paused) this.held.push(item)
    else this.append(item)
  }

  resume(): void {
    for (const item of this.held.splice(0)) this.append(item)
  }

  private append(item: HTMLLIElement): void {
    this.log.append(item)
    while (this.log.children.length > maxLogEntries) this.log.firstElementChild?.remove()
  }
}
