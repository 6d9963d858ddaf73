import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { machineCatalogue, transitionKey } from './machine-edges'
import type { ProbeRecord } from './machine-probe'

/**
 * Coverage beyond "each transition taken", read from the same probe records (the running
 * component's actor, or the model's replay when planning):
 * - **guard outcomes**: each guarded transition's guard seen saying yes (the transition was
 *   selected) and saying no (it was asked — the event came while its state was active, no
 *   deeper state and no earlier alternative in its list took the event — and not selected).
 *   An `always` guard is asked after every microstep and at the start, while its state is
 *   active: no when the actor came to rest there without it.
 * - **transition pairs**: two transitions of one actor taken one right after the other.
 *   Possible pairs are counted from the chart: the second's source is active once the first
 *   has been taken (guards not considered, so some may be impossible).
 * Ids stay apart from the transitions' (`guard:…`, `pair:…`): one set of ids per run holds all.
 */

export type CoverageItem = { readonly id: string; readonly label: string }

type AnyTransition = AnyTransitionDefinition

const guardPrefix = 'guard:'
const pairPrefix = 'pair:'

/** The id of a guard's outcome on the transition with key `key`. */
export const guardOutcomeId = (key: string, outcome: boolean) =>
  `${guardPrefix}${key}|${outcome ? 'yes' : 'no'}`

/** The id of the pair "`first` then `second`" (transition keys). */
export const pairId = (first: string, second: string) => `${pairPrefix}${first} > ${second}`

export const isGuardOutcomeId = (id: string) => id.startsWith(guardPrefix)
export const isPairId = (id: string) => id.startsWith(pairPrefix)
/** A transition's own id (not a guard outcome nor a pair). */
export const isEdgeId = (id: string) => !isGuardOutcomeId(id) && !isPairId(id)

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStateNodes)]
}

const moves = (machine: AnyStateMachine) =>
  machineCatalogue(machine).edges.filter(
    (edge) => edge.kind === 'event' || edge.kind === 'delayed' || edge.kind === 'eventless',
  )

/** Every outcome of every guard: yes and no, per guarded transition, in the catalogue's order. */
export function guardOutcomes(machine: AnyStateMachine): CoverageItem[] {
  const { transitions } = machineCatalogue(machine)
  return moves(machine)
    .filter((edge) => transitions.get(edge.id)?.guard)
    .flatMap((edge) => [
      { id: guardOutcomeId(edge.id, true), label: `${edge.label}: guard says yes` },
      { id: guardOutcomeId(edge.id, false), label: `${edge.label}: guard says no` },
    ])
}

const isAncestorOrSelf = (ancestor: AnyStateNode, node: AnyStateNode) =>
  ancestor.path.every((part, index) => node.path[index] === part) &&
  ancestor.path.length <= node.path.length

/** The states that may be active right after `transition` (its guards aside). */
function activeAfter(transition: AnyTransition): Set<AnyStateNode> {
  const active = new Set<AnyStateNode>()
  const addDown = (node: AnyStateNode, everyChild: boolean) => {
    active.add(node)
    if (node.type === 'parallel' || everyChild)
      for (const child of Object.values(node.states)) addDown(child, everyChild)
    else if (node.type === 'compound')
      for (const child of node.initial.target) addDown(child, false)
  }
  const targets = transition.target?.length ? transition.target : undefined
  for (const node of targets ?? [transition.source]) {
    // A targetless transition leaves whatever was active below its source.
    addDown(node, !targets)
    for (let up = node.parent; up; up = up.parent) {
      active.add(up)
      // Other regions of a parallel ancestor: anywhere inside.
      if (up.type === 'parallel')
        for (const region of Object.values(up.states)) addDown(region, true)
    }
  }
  return active
}

const pairsOf = new WeakMap<AnyStateMachine, CoverageItem[]>()

/** Every pair (first, second) where second's source may be active once first is taken. */
export function possiblePairs(machine: AnyStateMachine): CoverageItem[] {
  const known = pairsOf.get(machine)
  if (known) return known
  const { transitions } = machineCatalogue(machine)
  const all = moves(machine).flatMap((edge) => {
    const transition = transitions.get(edge.id)
    return transition ? [{ edge, transition }] : []
  })
  const pairs = all.flatMap((first) => {
    const active = activeAfter(first.transition)
    return all
      .filter((second) => active.has(second.transition.source))
      .map((second) => ({
        id: pairId(first.edge.id, second.edge.id),
        label: `${first.edge.label}  ⇒  ${second.edge.label}`,
      }))
  })
  pairsOf.set(machine, pairs)
  return pairs
}

function valueOfPath(path: readonly string[]): unknown {
  if (path.length === 0) return undefined
  const [head, ...rest] = path
  return rest.length ? { [head as string]: valueOfPath(rest) } : head
}

/** The state nodes active in a record's state. */
function activeNodes(machine: AnyStateMachine, record: ProbeRecord): AnyStateNode[] {
  const snapshot = machine.resolveState({
    value: record.value as never,
    context: record.context as never,
  })
  return allStateNodes(machine.root).filter(
    (node) => node.path.length === 0 || snapshot.matches(valueOfPath(node.path) as never),
  )
}

/**
 * The outcomes of the guards asked while `active` was the state and `selected` was chosen,
 * for the transitions `candidates` (those of the event, or the `always` ones).
 */
function outcomes(
  candidates: readonly AnyTransition[],
  active: readonly AnyStateNode[],
  selected: readonly AnyTransition[],
  into: Set<string>,
): void {
  for (const candidate of candidates) {
    if (!candidate.guard || !active.includes(candidate.source)) continue
    if (selected.includes(candidate)) {
      into.add(guardOutcomeId(transitionKey(candidate), true))
      continue
    }
    const list =
      candidate.eventType === ''
        ? (candidate.source.always ?? [])
        : (candidate.source.transitions.get(candidate.eventType) ?? [])
    // Not asked: an earlier alternative of its list, or a deeper state's transition, won.
    const preempted = selected.some((chosen) =>
      chosen.source === candidate.source
        ? list.indexOf(chosen) < list.indexOf(candidate)
        : isAncestorOrSelf(candidate.source, chosen.source),
    )
    if (!preempted) into.add(guardOutcomeId(transitionKey(candidate), false))
  }
}

/**
 * The guard outcomes and transition pairs a sequence of records of ONE machine shows (records
 * of several actors told apart by `actor`). `before`: the record of the state the actor was
 * in before these, if they do not start with it.
 */
export function movesSeen(
  machine: AnyStateMachine,
  records: readonly ProbeRecord[],
  before?: ProbeRecord,
): Set<string> {
  const { transitions } = machineCatalogue(machine)
  const all = [...transitions.values()]
  const always = all.filter((transition) => transition.eventType === '')
  const seen = new Set<string>()
  const state = new Map<string, ProbeRecord>(before ? [[before.actor, before]] : [])
  const lastMove = new Map<string, string>()
  const activeOf = new Map<ProbeRecord, AnyStateNode[]>()
  const active = (record: ProbeRecord) => {
    let nodes = activeOf.get(record)
    if (!nodes) {
      nodes = activeNodes(machine, record)
      activeOf.set(record, nodes)
    }
    return nodes
  }
  // The eventless guards asked in the state `record` left the actor in, given what came next.
  const eventless = (record: ProbeRecord, selected: readonly AnyTransition[]) => {
    if (record.eventType === 'xstate.stop') return
    outcomes(always, active(record), selected, seen)
  }
  for (const record of records) {
    const previous = state.get(record.actor)
    const selected = record.transitions.flatMap((key) => {
      const transition = transitions.get(key)
      return transition ? [transition] : []
    })
    const isEventless = selected.some((transition) => transition.eventType === '')
    if (!previous && record.kind === 'microstep' && isEventless) {
      // The actor's start went on without a rest (the probe saw no state before it): the
      // guards asked are those of the lists the taken ones belong to.
      const sources = selected.flatMap((transition) => {
        const nodes: AnyStateNode[] = []
        for (let node: AnyStateNode | undefined = transition.source; node; node = node.parent)
          nodes.push(node)
        return nodes
      })
      outcomes(always, sources, selected, seen)
    } else if (previous && record.kind === 'microstep') {
      if (isEventless) eventless(previous, selected)
      else {
        // The actor rested in `previous`: its eventless guards all said no.
        eventless(previous, [])
        if (record.eventType !== 'xstate.stop' && record.eventType !== 'xstate.init')
          outcomes(
            all.filter((transition) => transition.eventType === record.eventType),
            active(previous),
            selected,
            seen,
          )
      }
    }
    for (const transition of selected) {
      const key = transitionKey(transition)
      const last = lastMove.get(record.actor)
      if (last) seen.add(pairId(last, key))
      lastMove.set(record.actor, key)
    }
    state.set(record.actor, record)
  }
  // Where each actor came to rest: its eventless guards said no there too.
  for (const record of state.values()) if (record !== before) eventless(record, [])
  return seen
}

/** The guard outcomes and pairs the planned paths show on the model (each path replayed). */
export function plannedMoves(
  machine: AnyStateMachine,
  paths: readonly { readonly steps: readonly { readonly microsteps: readonly ProbeRecord[] }[] }[],
): Set<string> {
  return new Set(
    paths.flatMap((path) => [
      ...movesSeen(
        machine,
        path.steps.flatMap((step) => step.microsteps),
      ),
    ]),
  )
}

/**
 * The guard outcomes a planned path shows that no passing run showed, by label: the coverage
 * test's list (a guard outcome no planned path shows is reported, not required).
 */
export function missingGuardOutcomes(
  machine: AnyStateMachine,
  planned: ReadonlySet<string>,
  seen: ReadonlySet<string>,
): string[] {
  return guardOutcomes(machine)
    .filter((outcome) => planned.has(outcome.id) && !seen.has(outcome.id))
    .map((outcome) => outcome.label)
}
