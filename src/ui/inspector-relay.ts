import type {
  AnyActorRef,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate'
import {
  type AppMessage,
  appChannel,
  type Command,
  commandChannel,
  type JsonValue,
  syncChannel,
} from './inspector-protocol'

/**
 * Development only (loaded by machine-inspector.ts under `import.meta.env.DEV`): hands what
 * this tab's machine actors do to the dev server, which passes it to every open `/__inspector`
 * page, and sends them the events an inspector asks for, as if the person had acted.
 */
const hot = import.meta.hot
const tab = crypto.randomUUID()
const live = new Map<string, AnyActorRef>()

type MachineRef = AnyActorRef & { readonly logic: AnyStateMachine }

const isMachineActor = (ref: AnyActorRef): ref is MachineRef => {
  const logic = (ref as { readonly logic?: unknown }).logic
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic
}

/** JSON of anything a context or an event may hold: actors by id, no cycles, no functions. */
function plain(value: unknown): JsonValue {
  const seen = new WeakSet<object>()
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'function') return '[function]'
    if (typeof item === 'bigint') return item.toString()
    if (typeof item !== 'object' || item === null) return item
    if ('sessionId' in item && 'send' in item) return { actor: String(item.sessionId) }
    if (item instanceof Error) return { error: item.name, message: item.message }
    if (seen.has(item)) return '[circular]'
    seen.add(item)
    return item
  })
  return text === undefined ? null : (JSON.parse(text) as JsonValue)
}

function post(message: AppMessage): void {
  hot?.send(appChannel, message)
}

function describe(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map((node) => node.id).join(', ')
  return `${transition.source.id} → ${targets || `${transition.source.id} (stays)`}`
}

function transitionId(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const list = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id}|${eventType}|${list ? list.indexOf(transition) : -1}`
}

function snapshotMessage(sessionId: string, snapshot: AnyMachineSnapshot): AppMessage {
  const nodes = snapshot._nodes ?? []
  const accepts = new Set<string>()
  for (const node of nodes)
    for (const type of node.ownEvents) if (!type.startsWith('xstate.')) accepts.add(type)
  return {
    type: 'snapshot',
    tab,
    sessionId,
    time: Date.now(),
    value: plain(snapshot.value),
    context: plain(snapshot.context),
    status: snapshot.status,
    activeStates: nodes.map((node) => node.id),
    accepts: [...accepts].sort(),
  }
}

function actorMessage(ref: MachineRef): AppMessage {
  const parent = (ref as { readonly _parent?: AnyActorRef })._parent
  return {
    type: 'actor',
    tab,
    sessionId: ref.sessionId,
    time: Date.now(),
    machineId: ref.logic.id,
    actorId: ref.id,
    parent: parent?.sessionId ?? null,
    page: window.location.pathname + window.location.search,
  }
}

/** Every inspection event of this tab's actors (machine-inspector.ts's observer calls it). */
export function relayInspection(event: InspectionEvent): void {
  const ref = event.actorRef as AnyActorRef
  if (!isMachineActor(ref)) return
  const { sessionId } = ref
  switch (event.type) {
    case '@xstate.actor':
      live.set(sessionId, ref)
      post(actorMessage(ref))
      return
    case '@xstate.event':
      post({
        type: 'event',
        tab,
        sessionId,
        time: Date.now(),
        event: plain(event.event),
        eventType: event.event.type,
        source: event.sourceRef?.sessionId ?? null,
      })
      return
    case '@xstate.microstep':
      post({
        type: 'microstep',
        tab,
        sessionId,
        time: Date.now(),
        eventType: event.event.type,
        transitions: (event._transitions as AnyTransitionDefinition[]).map((transition) => ({
          id: transitionId(transition),
          description: describe(transition),
        })),
      })
      return
    case '@xstate.snapshot': {
      const snapshot = event.snapshot as AnyMachineSnapshot
      post(snapshotMessage(sessionId, snapshot))
      if (snapshot.status !== 'active') live.delete(sessionId)
      return
    }
    default:
      return
  }
}

if (hot) {
  hot.on(commandChannel, (command: Command) => {
    if (command.tab === tab) live.get(command.sessionId)?.send(command.event)
  })
  // An inspector opened after this tab: it learns every live actor and where it stands.
  hot.on(syncChannel, () => {
    for (const ref of live.values()) {
      if (!isMachineActor(ref)) continue
      post(actorMessage(ref))
      post(snapshotMessage(ref.sessionId, ref.getSnapshot() as AnyMachineSnapshot))
    }
  })
  window.addEventListener('pagehide', () => post({ type: 'tab-closed', tab, time: Date.now() }))
}
