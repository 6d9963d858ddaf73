import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/**
 * A machine definition as boxes and arrows, before layout: every state node (nested and
 * parallel ones included), every transition of every node (each guarded alternative, each
 * target, `after` and `always` included), each compound state's initial arrow, and, on request,
 * the "no" side of a guard that has no alternative. Read from the definition generically, so a
 * new machine, or one built from shared pieces, is drawn completely without any code here.
 *
 * Transition ids are the ones the path tests use (tests/paths/machine-edges.ts):
 * `<source state id>|<event type>|<index in its list>`, `<state id>|initial`, `<id>|refused`.
 */
export type ChartEdgeKind = 'event' | 'delayed' | 'eventless' | 'initial' | 'refused'

export type ChartState = {
  /** The state node's id (`machine.state.child`), unique in the machine. */
  readonly id: string
  /** Its key: the last part of its path, or the machine's id for the root. */
  readonly key: string
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  readonly children: readonly ChartState[]
  /** Shown under the name: what the state invokes. */
  readonly invokes: readonly string[]
}

export type ChartArrow = {
  /** The transition's id (several arrows share it when a transition has several targets). */
  readonly transition: string
  readonly kind: ChartEdgeKind
  readonly source: string
  readonly target: string
  readonly label: string
  /** Actions, for the tooltip. */
  readonly actions: readonly string[]
  /**
   * A transition without a target (it runs its actions and stays), or a refusal: drawn as a
   * row inside its state rather than as a loop around it.
   */
  readonly internal: boolean
}

export type ChartModel = {
  readonly machineId: string
  readonly root: ChartState
  readonly arrows: readonly ChartArrow[]
}

export type ChartOptions = {
  /** Also draw the "no" side of guards without an alternative (the coverage report does). */
  readonly refusals?: boolean
}

const afterPrefix = 'xstate.after.'
const donePrefix = 'xstate.done.actor.'
const errorPrefix = 'xstate.error.actor.'
const doneStatePrefix = 'xstate.done.state.'

type Named = { readonly type?: unknown; readonly name?: unknown; readonly src?: unknown }

/** The name of a guard, an action or an invoked actor as the definition spells it. */
export function nameOf(item: unknown): string {
  if (typeof item === 'string') return item
  if (typeof item === 'object' && item !== null) {
    const { type, src } = item as Named
    if (typeof type === 'string') return type
    if (typeof src === 'string') return src
  }
  if (typeof item === 'function') {
    const { type, name } = item as Named
    if (typeof type === 'string') return type
    if (typeof name === 'string' && name) return name
  }
  return 'inline'
}

/** The same id as tests/paths/machine-edges.ts's transitionKey. */
export function transitionId(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const list = eventType === '' ? source.always : source.transitions.get(eventType)
  return `${source.id}|${eventType}|${list ? list.indexOf(transition) : -1}`
}

/** "after 500 ms", "done: submit", "error: submit", or the event type itself. */
export function eventLabel(eventType: string, source: AnyStateNode): string {
  if (eventType === '') return 'always'
  if (eventType.startsWith(afterPrefix)) {
    const delay = eventType.slice(afterPrefix.length, eventType.length - source.id.length - 1)
    return /^\d+$/.test(delay) ? `after ${delay} ms` : `after ${delay}`
  }
  if (eventType.startsWith(donePrefix)) return `done: ${eventType.slice(donePrefix.length)}`
  if (eventType.startsWith(errorPrefix)) return `error: ${eventType.slice(errorPrefix.length)}`
  if (eventType.startsWith(doneStatePrefix))
    return `done: ${eventType.slice(doneStatePrefix.length)}`
  return eventType
}

function kindOf(eventType: string): ChartEdgeKind {
  if (eventType === '') return 'eventless'
  return eventType.startsWith(afterPrefix) ? 'delayed' : 'event'
}

function stateOf(node: AnyStateNode): ChartState {
  const invokes = (node.invoke ?? []).map((definition) => nameOf(definition.src))
  return {
    id: node.id,
    key: node.path.at(-1) ?? node.machine.id,
    type: node.type,
    children: Object.values(node.states).map((child) => stateOf(child as AnyStateNode)),
    invokes,
  }
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))]
}

/** Every transition a node defines: its `on`, `after`, invoke handlers, then `always`. */
function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [
    ...[...node.transitions.values()].flat(),
    ...((node.always ?? []) as AnyTransitionDefinition[]),
  ]
}

function arrowsOf(transition: AnyTransitionDefinition, options: ChartOptions): ChartArrow[] {
  const { source, eventType } = transition
  const guard = transition.guard ? nameOf(transition.guard) : ''
  const id = transitionId(transition)
  const label = `${eventLabel(eventType, source)}${guard ? ` [${guard}]` : ''}`
  const actions = transition.actions.map(nameOf)
  const kind = kindOf(eventType)
  const targets = transition.target?.length ? transition.target : [source]
  const arrows: ChartArrow[] = targets.map((target) => ({
    transition: id,
    kind,
    source: source.id,
    target: target.id,
    label,
    actions,
    internal: !transition.target?.length,
  }))
  const list = eventType === '' ? [] : (source.transitions.get(eventType) ?? [])
  if (options.refusals && guard && list.at(-1) === transition)
    arrows.push({
      transition: `${id}|refused`,
      kind: 'refused',
      source: source.id,
      target: source.id,
      label: `${eventLabel(eventType, source)} [not ${guard}]`,
      actions: [],
      internal: true,
    })
  return arrows
}

/** The chart of `machine`: its states and every arrow (see the file header). */
export function chartModel(machine: AnyStateMachine, options: ChartOptions = {}): ChartModel {
  const arrows: ChartArrow[] = []
  for (const node of allNodes(machine.root)) {
    if (node.type === 'compound' && node.initial?.target?.length) {
      arrows.push(
        ...node.initial.target.map((target: AnyStateNode) => ({
          transition: `${node.id}|initial`,
          kind: 'initial' as const,
          source: initialDotId(node.id),
          target: target.id,
          label: '',
          actions: [],
          internal: false,
        })),
      )
    }
    for (const transition of transitionsOf(node)) arrows.push(...arrowsOf(transition, options))
  }
  return { machineId: machine.id, root: stateOf(machine.root), arrows }
}

/** The id of the dot an initial arrow starts from, inside its compound state. */
export function initialDotId(stateId: string): string {
  return `${stateId}|initial-dot`
}
