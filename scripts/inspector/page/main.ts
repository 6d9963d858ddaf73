import type { AnyStateMachine } from 'xstate'
import {
  type AppMessage,
  appChannel,
  type Command,
  commandChannel,
  syncChannel,
} from '../../../src/ui/inspector-protocol'
import { machineChart } from '../../machine-chart/machine-chart'
import { machinesOf } from '../../machine-mermaid'
import { ActorCard } from './actor-card'
import { inspectorStyle } from './style'

/**
 * The development inspector (`/__inspector`, served by inspector-plugin.ts): every machine of
 * machines/ as a statechart, and every live actor of the app tabs open on this dev server, fed
 * by XState's inspection API through src/ui/inspector-relay.ts. Offline: everything it loads
 * comes from the dev server.
 */
const hot = import.meta.hot
const modules = import.meta.glob<Record<string, unknown>>('/machines/*-machine.ts', {
  eager: true,
})
const machines = new Map<string, AnyStateMachine>()
for (const path of Object.keys(modules).sort())
  for (const entry of machinesOf(path, modules[path] ?? {}))
    if (!machines.has(entry.machine.id)) machines.set(entry.machine.id, entry.machine)

const charts = new Map<string, Promise<string>>()
const chartOf = (machineId: string): Promise<string | undefined> => {
  const machine = machines.get(machineId)
  if (!machine) return Promise.resolve(undefined)
  let chart = charts.get(machineId)
  if (!chart) {
    chart = machineChart(machine).then((drawn) => drawn.svg)
    charts.set(machineId, chart)
  }
  return chart
}

const root = document.getElementById('inspector-root') as HTMLElement
const style = document.createElement('style')
style.textContent = inspectorStyle
document.head.append(style)
root.innerHTML = `
<header>
  <h1>Machine inspector</h1>
  <p>Development only. Every actor of the app tabs open on this dev server, live; and every machine of <code>machines/</code>.</p>
  <p class="controls"><button type="button" id="pause" aria-pressed="false">Pause the log</button>
  <button type="button" id="clear-stopped">Remove stopped actors</button>
  <span id="connection" role="status"></span></p>
</header>
<main>
  <section aria-labelledby="live-title"><h2 id="live-title">Live actors</h2>
    <p id="no-actors">No app tab has reported an actor yet: open the site (<a href="/">home page</a>) in another tab.</p>
    <div id="actors"></div>
  </section>
  <section aria-labelledby="machines-title"><h2 id="machines-title">Machines</h2><div id="machines"></div></section>
</main>`

const actorsBox = root.querySelector('#actors') as HTMLElement
const noActors = root.querySelector('#no-actors') as HTMLElement
const pauseButton = root.querySelector('#pause') as HTMLButtonElement
const connection = root.querySelector('#connection') as HTMLElement
const cards = new Map<string, ActorCard>()
const tabs = new Map<string, string>()
// Messages of an actor whose card is still being drawn wait here, in order.
const early = new Map<string, AppMessage[]>()
let paused = false

const key = (tab: string, sessionId: string) => `${tab} ${sessionId}`
const sendCommand = (command: Command) => hot?.send(commandChannel, command)

pauseButton.addEventListener('click', () => {
  paused = !paused
  pauseButton.setAttribute('aria-pressed', String(paused))
  pauseButton.textContent = paused ? 'Resume the log' : 'Pause the log'
  if (!paused) for (const card of cards.values()) card.resume()
})
root.querySelector('#clear-stopped')?.addEventListener('click', () => {
  for (const [id, card] of cards)
    if (card.isStopped) {
      card.element.remove()
      cards.delete(id)
    }
  noActors.hidden = cards.size > 0
})

function tabLabel(tab: string): string {
  let label = tabs.get(tab)
  if (!label) {
    label = `Tab ${tabs.size + 1}`
    tabs.set(tab, label)
  }
  return label
}

async function addActor(message: Extract<AppMessage, { type: 'actor' }>): Promise<void> {
  const id = key(message.tab, message.sessionId)
  if (cards.has(id) || early.has(id)) return
  early.set(id, [])
  const card = new ActorCard(
    message,
    tabLabel(message.tab),
    await chartOf(message.machineId),
    sendCommand,
  )
  cards.set(id, card)
  actorsBox.append(card.element)
  noActors.hidden = true
  for (const waiting of early.get(id) ?? []) apply(card, waiting)
  early.delete(id)
}

function apply(card: ActorCard, message: AppMessage): void {
  switch (message.type) {
    case 'snapshot':
      card.showSnapshot(message)
      return
    case 'event': {
      const { type: _type, ...payload } = message.event as Record<string, unknown>
      const from = message.source ? ` from ${message.source}` : ''
      const data = Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : ''
      card.addLog(message.time, 'event', `${message.eventType}${data}${from}`, paused)
      return
    }
    case 'microstep':
      card.showTransitions(message.transitions.map((transition) => transition.id))
      for (const transition of message.transitions)
        card.addLog(
          message.time,
          'transition',
          `${message.eventType || 'always'}: ${transition.description}`,
          paused,
        )
      return
    default:
      return
  }
}

function receive(message: AppMessage): void {
  if (message.type === 'tab-closed') {
    for (const card of cards.values()) if (card.info.tab === message.tab) card.markStopped()
    return
  }
  if (message.type === 'actor') {
    void addActor(message)
    return
  }
  const id = key(message.tab, message.sessionId)
  const card = cards.get(id)
  if (card) apply(card, message)
  else early.get(id)?.push(message)
}

if (hot) {
  hot.on(appChannel, receive)
  hot.on('vite:ws:disconnect', () => {
    connection.textContent = 'Disconnected from the dev server.'
  })
  hot.on('vite:ws:connect', () => {
    connection.textContent = ''
  })
  hot.send(syncChannel, {})
} else {
  connection.textContent = 'Not served by the dev server: nothing live to show.'
}

// Every machine's chart, one after another (the live actors' charts come first).
const machinesBox = root.querySelector('#machines') as HTMLElement
for (const [machineId] of machines) {
  const section = document.createElement('section')
  section.className = 'machine'
  section.dataset.machine = machineId
  const heading = document.createElement('h3')
  heading.textContent = machineId
  const chart = document.createElement('div')
  chart.className = 'chart'
  // A wide chart scrolls: focusable, so the keyboard can scroll it too.
  chart.tabIndex = 0
  chart.setAttribute('role', 'region')
  chart.setAttribute('aria-label', `Chart of ${machineId}`)
  section.append(heading, chart)
  machinesBox.append(section)
  chart.innerHTML = (await chartOf(machineId)) ?? ''
}
machinesBox.dataset.drawn = 'true'
