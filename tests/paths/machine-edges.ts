import { type DirectedGraphNode, toDirectedGraph } from '@xstate/graph'
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import type { ProbeRecord } from './machine-probe'

/**
 * Every transition of a machine, as the path tests count them, and which of them a run took:
 * - `event`: each transition of `toDirectedGraph(machine)` (guarded alternatives separately),
 *   invoked actors' onDone/onError included;
 * - `delayed`: the `after` ones (also in that graph, as `xstate.after.<delay>.<state>` events);
 * - `eventless`: each branch of an `always`;
 * - `initial`: each compound state's initial transition (the machine's start included);
 * - `refused`: the other side of a guard that has no alternative after it: the event arrives
 *   while the guard says no, so that transition is not taken (and an ancestor's handler, if
 *   any, is). A guard followed by an alternative needs no such entry: the alternative is it.
 */
export type EdgeKind = 'event' | 'delayed' | 'eventless' | 'initial' | 'refused'
export type MachineEdge = { readonly id: string; readonly label: string; readonly kind: EdgeKind }

type AnyTransition = AnyTransitionDefinition

const afterPrefix = 'xstate.after.'

/** A transition's id: source state, event type ('' for eventless) and its place in that list. */
export function transitionKey(transition: AnyTransition): string {
  const { source, eventType } = transition
  const list = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id}|${eventType}|${list ? list.indexOf(transition) : -1}`
}

function statePath(node: AnyStateNode): string {
  return node.path.join('.') || '(machine)'
}

function guardName(transition: AnyTransition): string {
  const { guard } = transition
  if (typeof guard === 'string') return guard
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type)
  return typeof guard === 'function' ? 'inline guard' : ''
}

function allGraphNodes(node: DirectedGraphNode): DirectedGraphNode[] {
  return [node, ...node.children.flatMap(allGraphNodes)]
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStateNodes)]
}

function targetsOf(transition: AnyTransition): string {
  return transition.target?.length
    ? transition.target.map(statePath).join(', ')
    : `${statePath(transition.source)} (stays)`
}

/** A guarded transition with no alternative after it in its list. */
function isRefusable(transition: AnyTransition): boolean {
  if (!transition.guard || transition.eventType === '') return false
  const list = transition.source.transitions.get(transition.eventType) ?? []
  return list.at(-1) === transition
}

export type MachineCatalogue = {
  readonly edges: readonly MachineEdge[]
  /** Transition key → its definition on THIS machine object. */
  readonly transitions: ReadonlyMap<string, AnyTransition>
}

const catalogues = new WeakMap<AnyStateMachine, MachineCatalogue>()

/** Every edge of `machine` (see the file header), in a stable order. */
export function machineCatalogue(machine: AnyStateMachine): MachineCatalogue {
  const known = catalogues.get(machine)
  if (known) return known
  const edges: MachineEdge[] = []
  const transitions = new Map<string, AnyTransition>()
  for (const node of allGraphNodes(toDirectedGraph(machine))) {
    for (const edge of node.edges) {
      const transition = edge.transition as AnyTransition
      const id = transitionKey(transition)
      if (transitions.has(id)) continue // one entry per transition, whatever its targets
      transitions.set(id, transition)
      const guard = guardName(transition)
      const source = statePath(transition.source)
      const kind = transition.eventType.startsWith(afterPrefix) ? 'delayed' : 'event'
      edges.push({
        id,
        kind,
        label: `${source} --${transition.eventType}${guard ? ` [${guard}]` : ''}--> ${targetsOf(transition)}`,
      })
      if (isRefusable(transition))
        edges.push({
          id: `${id}|refused`,
          kind: 'refused',
          label: `${source} --${transition.eventType} [not ${guard}]--> not taken`,
        })
    }
  }
  for (const node of allStateNodes(machine.root)) {
    for (const transition of (node.always ?? []) as AnyTransition[]) {
      const id = transitionKey(transition)
      transitions.set(id, transition)
      const guard = guardName(transition)
      edges.push({
        id,
        kind: 'eventless',
        label: `${statePath(node)} --always${guard ? ` [${guard}]` : ''}--> ${targetsOf(transition)}`,
      })
    }
    if (node.type === 'compound') {
      edges.push({
        id: `${node.id}|initial`,
        kind: 'initial',
        label: `${statePath(node)} --initial--> ${node.initial.target.map(statePath).join(', ')}`,
      })
    }
  }
  const catalogue = { edges, transitions }
  catalogues.set(machine, catalogue)
  return catalogue
}

/** The initial transitions taken when `node` is entered (down to an atomic state). */
function initialChain(node: AnyStateNode): string[] {
  const ids: string[] = []
  let current: AnyStateNode | undefined = node
  while (current && current.type === 'compound') {
    ids.push(`${current.id}|initial`)
    current = current.initial.target[0]
  }
  return ids
}

function valueOfPath(path: readonly string[]): unknown {
  if (path.length === 0) return undefined
  const [head, ...rest] = path
  return rest.length ? { [head as string]: valueOfPath(rest) } : head
}

function isActive(machine: AnyStateMachine, state: ProbeRecord, node: AnyStateNode): boolean {
  if (node.path.length === 0) return true
  const snapshot = machine.resolveState({
    value: state.value as never,
    context: state.context as never,
  })
  return snapshot.matches(valueOfPath(node.path) as never)
}

/**
 * The edges a sequence of records of ONE machine took (records of several actors of it are
 * told apart by `actor`): transitions named by the records, the initial transitions of the
 * states they entered (and of each actor's start), and guards that said no.
 */
export function edgesTaken(
  machine: AnyStateMachine,
  records: readonly ProbeRecord[],
  /** The record of the state the actor was in before these (none: they start with the actor). */
  before?: ProbeRecord,
): Set<string> {
  const { transitions } = machineCatalogue(machine)
  const taken = new Set<string>()
  const last = new Map<string, ProbeRecord>(before ? [[before.actor, before]] : [])
  for (const record of records) {
    const before = last.get(record.actor)
    if (!before) for (const id of initialChain(machine.root)) taken.add(id)
    const selected = record.transitions.flatMap((key) => {
      const transition = transitions.get(key)
      return transition ? [transition] : []
    })
    for (const transition of selected) {
      taken.add(transitionKey(transition))
      for (const target of transition.target ?? [])
        for (const id of initialChain(target)) taken.add(id)
    }
    const eventless = selected.some((transition) => transition.eventType === '')
    if (before && record.kind === 'microstep' && !eventless) {
      for (const [key, candidate] of transitions) {
        if (candidate.eventType !== record.eventType || !isRefusable(candidate)) continue
        if (selected.includes(candidate)) continue
        // A deeper (or the same) state's transition won: this one was never asked.
        const outranked = selected.some((chosen) =>
          candidate.source.path.every((part, index) => chosen.source.path[index] === part),
        )
        if (!outranked && isActive(machine, before, candidate.source)) taken.add(`${key}|refused`)
      }
    }
    last.set(record.actor, record)
  }
  return taken
}

/** "focus.leave: playing.held --focus.leave [pointerIsOutside]--> playing.rotating", for messages. */
export function describeRecords(machine: AnyStateMachine, records: readonly ProbeRecord[]): string {
  if (!records.length) return 'nothing'
  const { transitions } = machineCatalogue(machine)
  return records
    .map((record) => {
      const taken = record.transitions.map((key) => {
        const transition = transitions.get(key)
        return transition
          ? `${statePath(transition.source)} → ${targetsOf(transition)}`
          : `unknown transition ${key}`
      })
      return `${record.eventType || '(eventless)'} [${taken.join('; ') || 'no transition'}]`
    })
    .join(', ')
}
