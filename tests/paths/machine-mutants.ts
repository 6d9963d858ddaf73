import { type AnyStateMachine, type AnyStateNode, and, createMachine, not } from 'xstate'

/**
 * Mutants of a state machine, made from the machine object itself (its config and its
 * implementations), never by rewriting source: the mutation score of the path tests
 * (`npm run test:paths -- --mutate`, tests/paths/mutant-runner.ts) asks whether the tests
 * notice when the machine the component runs does something else. Four operators, one mutant
 * per site, in the machine's own order:
 * - `drop`: a transition is never taken (as if removed: the next alternative or an ancestor
 *   handles the event, or nothing does);
 * - `retarget`: a transition goes to a sibling of its target instead (the next one in the
 *   parent's order, wrapping); a targetless one to a sibling of its source;
 * - `invert`: a guard is negated (`not(guard)`);
 * - `skip`: one action is removed (of a transition, or a state's entry or exit).
 * Ids are stable while the machine's config is: `<machine>:<operator>:<site>`, the site being
 * `<state path>.<event type>#<index among that event's transitions>` (`always` for eventless
 * ones), with `/actions#k`, or `<state path>.entry#k` / `.exit#k` for an action; the
 * machine's own (root) state is `(machine)`. E.g. `signIn:drop:form.submit#0`.
 */
export type MutationOperator = 'drop' | 'retarget' | 'invert' | 'skip'

export type Mutant = {
  readonly id: string
  readonly machine: string
  readonly operator: MutationOperator
  /** What changes, in words: "form --submit--> validating goes to passkey". */
  readonly description: string
  /** The state whose transition or action changes (dotted path, '' for the root). */
  readonly statePath: string
  /**
   * The transition's key as the path tests count edges (tests/paths/machine-edges.ts
   * `transitionKey`), for transition sites; absent for entry/exit actions.
   */
  readonly transitionKey?: string
  /** The same machine with the change (implementations kept: give it the provided machine). */
  readonly apply: (machine: AnyStateMachine) => AnyStateMachine
}

type Plain = Record<string, unknown>

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value))

/** Copies plain objects and arrays; functions and other objects (XState's actions) are shared. */
function copyConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyConfig) as T
  if (isPlain(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyConfig(v)])) as T
  return value
}

const toList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value]

/** A transition config as XState reads it: a target string becomes `{ target }`. */
const asTransition = (value: unknown): Plain =>
  typeof value === 'string' || value === undefined ? { target: value } : (value as Plain)

/** The guard of a dropped transition. */
const never = () => false

/** Where a transition list lives in a state's config. */
type ListPlace =
  | { readonly kind: 'on'; readonly key: string }
  | { readonly kind: 'always' }
  | { readonly kind: 'after'; readonly key: string }
  | { readonly kind: 'onDone' }
  | { readonly kind: 'invoke'; readonly index: number; readonly key: 'onDone' | 'onError' }

function readList(config: Plain, place: ListPlace): unknown {
  switch (place.kind) {
    case 'on':
      return (config.on as Plain | undefined)?.[place.key]
    case 'after':
      return (config.after as Plain | undefined)?.[place.key]
    case 'always':
    case 'onDone':
      return config[place.kind]
    case 'invoke':
      return (toList(config.invoke)[place.index] as Plain | undefined)?.[place.key]
  }
}

/** Writes a transition list back (an empty one is removed, as if it had never been written). */
function writeList(config: Plain, place: ListPlace, list: unknown[]): void {
  const value = list.length ? list : undefined
  const set = (owner: Plain, key: string) => {
    if (value === undefined) delete owner[key]
    else owner[key] = value
  }
  switch (place.kind) {
    case 'on':
    case 'after':
      set(config[place.kind] as Plain, place.key)
      return
    case 'always':
    case 'onDone':
      set(config, place.kind)
      return
    case 'invoke': {
      const invokes = toList(config.invoke) as Plain[]
      const invoke = invokes[place.index]
      if (invoke) set(invoke, place.key)
      config.invoke = Array.isArray(config.invoke) ? invokes : invoke
    }
  }
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)]
}

const pathOf = (node: AnyStateNode) => node.path.join('.')
const siteState = (node: AnyStateNode) => pathOf(node) || '(machine)'

/** The config of the state at `path` inside a machine's (copied) config. */
function configAt(root: Plain, path: readonly string[]): Plain {
  let config = root
  for (const key of path) config = (config.states as Record<string, Plain>)[key] as Plain
  return config
}

/**
 * The most eventless transitions a mutant may take without letting the thread go: a mutant
 * can loop on `always` (a retarget to the state it leaves), which XState runs synchronously for
 * ever, where no timer can bound it.
 */
const eventlessLimit = 10_000

/**
 * Every `always` transition of a (copied) config gets a first guard that counts the eventless
 * transitions tried in one go (the count restarts once the thread is free) and throws past the
 * limit: the component's actor fails, and so does the path, instead of hanging the test run.
 */
function boundEventlessLoops(config: Plain): void {
  let tried = 0
  const counter = () => {
    if (tried === 0) queueMicrotask(() => (tried = 0))
    tried += 1
    if (tried > eventlessLimit)
      throw new Error(`the mutant loops on eventless transitions (${eventlessLimit} in a row)`)
    return true
  }
  const visit = (state: Plain) => {
    if (state.always !== undefined)
      state.always = toList(state.always).map((transition) => {
        const own = asTransition(transition)
        return {
          ...own,
          guard: own.guard === undefined ? counter : and([counter, own.guard as never]),
        }
      })
    for (const child of Object.values((state.states as Record<string, Plain> | undefined) ?? {}))
      visit(child)
  }
  visit(config)
}

/**
 * `change` applied at the state `path` of a machine's config, as a function of machines: each
 * machine it gets (the real one, or a `.provide()`d one with the same config) becomes a new
 * machine with that machine's implementations. The changed config is made once per original
 * config and shared, as `.provide()` shares the original's: @xstate/react's `useMachine`
 * starts a new actor whenever its machine's config object changes, and a component that calls
 * `.provide()` at every render would otherwise never settle.
 */
function mutation(
  path: readonly string[],
  change: (state: Plain) => void,
): (machine: AnyStateMachine) => AnyStateMachine {
  const configs = new WeakMap<object, Plain>()
  return (machine) => {
    let config = configs.get(machine.config)
    if (!config) {
      config = copyConfig(machine.config as Plain)
      change(configAt(config, path))
      boundEventlessLoops(config)
      configs.set(machine.config, config)
    }
    return createMachine(config as never, machine.implementations as never)
  }
}

function describeAction(action: unknown): string {
  if (typeof action === 'string') return action
  if (isPlain(action) && typeof action.type === 'string') return action.type
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type
    if (typeof type === 'string' && type !== 'xstate.assign' && type.startsWith('xstate.'))
      return type.slice('xstate.'.length)
    if (type === 'xstate.assign') return 'assign'
    return action.name || 'inline action'
  }
  return 'action'
}

function describeGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (isPlain(guard) && typeof guard.type === 'string') return guard.type
  return 'inline guard'
}

/** The transition lists of a state, with their event types as the built machine names them. */
function transitionLists(node: AnyStateNode): { eventType: string; place: ListPlace }[] {
  const config = node.config as Plain
  const lists: { eventType: string; place: ListPlace }[] = []
  for (const key of Object.keys((config.on as Plain | undefined) ?? {}))
    if (!key.includes('*')) lists.push({ eventType: key, place: { kind: 'on', key } })
  if (config.onDone !== undefined)
    lists.push({ eventType: `xstate.done.state.${node.id}`, place: { kind: 'onDone' } })
  toList(config.invoke).forEach((invoke, index) => {
    const id = node.invoke[index]?.id ?? ''
    for (const key of ['onDone', 'onError'] as const)
      if ((invoke as Plain)[key] !== undefined)
        lists.push({
          eventType: `xstate.${key === 'onDone' ? 'done' : 'error'}.actor.${id}`,
          place: { kind: 'invoke', index, key },
        })
  })
  for (const key of Object.keys((config.after as Plain | undefined) ?? {}))
    lists.push({ eventType: `xstate.after.${key}.${node.id}`, place: { kind: 'after', key } })
  if (config.always !== undefined) lists.push({ eventType: '', place: { kind: 'always' } })
  return lists
}

/** Where a transition goes, for descriptions: state paths, or "(stays)". */
function targetNames(node: AnyStateNode, eventType: string, index: number): string {
  const list = eventType === '' ? node.always : node.transitions.get(eventType)
  const target = list?.[index]?.target
  return target?.length ? target.map((t: AnyStateNode) => pathOf(t)).join(', ') : '(stays)'
}

/** The state a retargeted transition goes to instead: the next sibling of `of`, if any. */
function siblingOf(of: AnyStateNode): AnyStateNode | undefined {
  const parent = of.parent
  if (!parent) return undefined
  const siblings = Object.values(parent.states) as AnyStateNode[]
  if (siblings.length < 2) return undefined
  return siblings[(siblings.indexOf(of) + 1) % siblings.length]
}

/**
 * Every mutant of `machine`, in a stable order (states in document order, then sites); ids
 * start with `name` (the machine's name in the report, its id by default).
 */
export function machineMutants(machine: AnyStateMachine, name: string = machine.id): Mutant[] {
  const mutants: Mutant[] = []
  for (const node of stateNodes(machine.root)) {
    const path = node.path as readonly string[]
    const statePath = pathOf(node)
    for (const { eventType, place } of transitionLists(node)) {
      const list = toList(readList(node.config as Plain, place)).map(asTransition)
      list.forEach((transition, index) => {
        const site = `${siteState(node)}.${eventType || 'always'}#${index}`
        const transitionKey = `${node.id}|${eventType}|${index}`
        const arrow = `${siteState(node)} --${eventType || 'always'}${transition.guard === undefined ? '' : ` [${describeGuard(transition.guard)}]`}--> ${targetNames(node, eventType, index)}`
        const common = { machine: name, statePath, transitionKey }
        const edit = (change: (list: Plain[]) => void) =>
          mutation(path, (state) => {
            const own = toList(readList(state, place)).map(asTransition)
            change(own)
            writeList(state, place, own)
          })
        mutants.push({
          ...common,
          id: `${name}:drop:${site}`,
          operator: 'drop',
          description: `${arrow} is dropped`,
          // Never enabled rather than removed: the same behaviour (the next alternative, or an
          // ancestor, answers the event), and the transitions after it keep their indexes, so
          // the harness does not see a renumbering where nothing else changed.
          apply: edit((own) => {
            own[index] = { ...own[index], guard: never }
          }),
        })
        const built = (eventType === '' ? node.always : node.transitions.get(eventType))?.[index]
        const from: AnyStateNode | undefined = built?.target?.[0] ?? node
        const sibling = from ? siblingOf(from) : undefined
        if (sibling)
          mutants.push({
            ...common,
            id: `${name}:retarget:${site}`,
            operator: 'retarget',
            description: `${arrow} goes to ${pathOf(sibling)} instead`,
            apply: edit((own) => {
              own[index] = { ...own[index], target: `#${sibling.id}` }
            }),
          })
        if (transition.guard !== undefined)
          mutants.push({
            ...common,
            id: `${name}:invert:${site}`,
            operator: 'invert',
            description: `${arrow}: its guard is inverted`,
            apply: edit((own) => {
              const guard = own[index]?.guard
              own[index] = { ...own[index], guard: not(guard as never) }
            }),
          })
        toList(transition.actions).forEach((action, k) => {
          mutants.push({
            ...common,
            id: `${name}:skip:${site}/actions#${k}`,
            operator: 'skip',
            description: `${arrow} skips its action ${describeAction(action)}`,
            apply: edit((own) => {
              const actions = toList(own[index]?.actions)
              actions.splice(k, 1)
              own[index] = { ...own[index], actions }
            }),
          })
        })
      })
    }
    for (const key of ['entry', 'exit'] as const) {
      toList((node.config as Plain)[key]).forEach((action, k) => {
        mutants.push({
          machine: name,
          statePath,
          id: `${name}:skip:${siteState(node)}.${key}#${k}`,
          operator: 'skip',
          description: `${siteState(node)} skips its ${key} action ${describeAction(action)}`,
          apply: mutation(path, (state) => {
            const actions = toList(state[key])
            actions.splice(k, 1)
            state[key] = actions
          }),
        })
      })
    }
  }
  return mutants
}
