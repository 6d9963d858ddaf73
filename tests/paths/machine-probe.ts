/**
 * What a running machine actor did, as XState's inspection API reports it: one record per
 * microstep (the event, the transitions it took, the snapshot after it), plus the snapshot an
 * actor starts in. The app hands every inspection event of its actors to
 * `globalThis.__machineProbe` when one is installed (src/ui/machine-inspector.ts); the path
 * harness installs one in jsdom, and the browser harness installs the same function into the
 * page. Plain JSON, so records cross from Chromium to Node unchanged.
 */
export type ProbeRecord = {
  /** The actor's session id: one component instance. */
  readonly actor: string
  /** The machine's id (`createMachine({ id })`), which `.provide()` keeps. */
  readonly machine: string
  /** `microstep`: transitions taken; `start`: the actor's first snapshot, nothing taken. */
  readonly kind: 'microstep' | 'start'
  readonly eventType: string
  /** Keys of the transitions taken (see transitionKey in machine-edges.ts). */
  readonly transitions: readonly string[]
  readonly value: unknown
  readonly context: unknown
}

export type ProbeHost = {
  __machineProbe?: (event: unknown) => void
  __machineRecords?: ProbeRecord[]
}

/**
 * Installs the probe on `host` (globalThis): records land in `host.__machineRecords`.
 * Self-contained (no imports, no closures over module scope), because Playwright sends its
 * source into the page as an init script.
 */
export function installMachineProbe(host: ProbeHost): void {
  type Node = {
    readonly id: string
    readonly transitions: Map<string, readonly unknown[]>
    readonly always?: readonly unknown[]
  }
  type Transition = { readonly source: Node; readonly eventType: string }
  type Inspected = {
    readonly type: string
    readonly actorRef?: { readonly sessionId: string }
    readonly event?: { readonly type: string }
    readonly snapshot?: {
      readonly machine?: { readonly id: string }
      readonly value?: unknown
      readonly context?: unknown
    }
    readonly _transitions?: readonly Transition[]
  }
  const records: ProbeRecord[] = []
  const started = new Set<string>()
  const plain = (value: unknown): unknown =>
    value === undefined ? undefined : JSON.parse(JSON.stringify(value))
  const key = (transition: Transition): string => {
    const { source, eventType } = transition
    const list = eventType === '' ? source.always : source.transitions.get(eventType)
    return `${source.id}|${eventType}|${list ? list.indexOf(transition) : -1}`
  }
  host.__machineRecords = records
  host.__machineProbe = (raw) => {
    const event = raw as Inspected
    const machine = event.snapshot?.machine?.id
    const actor = event.actorRef?.sessionId
    if (!machine || !actor || !event.snapshot) return
    const base = {
      actor,
      machine,
      eventType: event.event?.type ?? '',
      value: plain(event.snapshot.value),
      context: plain(event.snapshot.context),
    }
    if (event.type === '@xstate.microstep') {
      started.add(actor)
      records.push({ ...base, kind: 'microstep', transitions: (event._transitions ?? []).map(key) })
    } else if (event.type === '@xstate.snapshot' && !started.has(actor)) {
      started.add(actor)
      records.push({ ...base, kind: 'start', transitions: [] })
    }
  }
}
