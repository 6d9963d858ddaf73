import { type DirectedGraphNode, toDirectedGraph } from '@xstate/graph'
import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, type AnyStateNode, setup } from 'xstate'
import { transitionId } from '../../scripts/machine-chart/chart-model'
import { machineChart } from '../../scripts/machine-chart/machine-chart'
import { type MachineEntry, machinesOf } from '../../scripts/machine-mermaid'

// The charts of the inspector and of the coverage report are drawn from the definitions: a
// machine added tomorrow, or one built from shared pieces, must be drawn whole. So every
// transition @xstate/graph lists, every `always` branch and every state must be on its chart.

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*-machine.ts', {
  eager: true,
})
const entries: MachineEntry[] = Object.keys(modules)
  .sort()
  .flatMap((path) => machinesOf(path.replace('../../', ''), modules[path] ?? {}))

function graphNodes(node: DirectedGraphNode): DirectedGraphNode[] {
  return [node, ...node.children.flatMap(graphNodes)]
}

function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodes(child as AnyStateNode))]
}

/** "transition id → target id" for everything the machine defines. */
function expectedArrows(machine: AnyStateMachine): string[] {
  const arrows = graphNodes(toDirectedGraph(machine)).flatMap((node) =>
    node.edges.map((edge) => `${transitionId(edge.transition)} → ${edge.target.id}`),
  )
  for (const node of stateNodes(machine.root)) {
    for (const transition of node.always ?? [])
      for (const target of transition.target?.length ? transition.target : [node])
        arrows.push(`${transitionId(transition)} → ${target.id}`)
  }
  return [...new Set(arrows)].sort()
}

async function drawn(machine: AnyStateMachine) {
  const chart = await machineChart(machine)
  const svg = new DOMParser().parseFromString(chart.svg, 'image/svg+xml')
  return {
    arrows: [...new Set(chart.arrows.map((a) => `${a.transition} → ${a.target}`))].sort(),
    transitionsInSvg: new Set(
      [...svg.querySelectorAll('[data-transition]')].map((el) =>
        el.getAttribute('data-transition'),
      ),
    ),
    statesInSvg: new Set(
      [...svg.querySelectorAll('[data-state]')].map((el) => el.getAttribute('data-state')),
    ),
  }
}

describe('the machine charts', () => {
  it('finds the machines', () => {
    expect(entries.length).toBeGreaterThan(10)
  })

  it.each(entries.map((entry) => [entry.machine.id, entry.machine] as const))(
    '%s: every transition, always branch and state is drawn',
    async (_id, machine) => {
      const chart = await drawn(machine)
      const expected = expectedArrows(machine)
      expect(expected.filter((arrow) => !chart.arrows.includes(arrow))).toEqual([])
      const ids = expected.map((arrow) => arrow.split(' → ')[0])
      expect(ids.filter((id) => !chart.transitionsInSvg.has(id ?? ''))).toEqual([])
      const states = stateNodes(machine.root).map((node) => node.id)
      expect(states.filter((id) => !chart.statesInSvg.has(id))).toEqual([])
    },
  )

  it('draws nested and parallel states, initial states, guards, delays and always', async () => {
    const machine = setup({
      types: { events: {} as { type: 'go' } | { type: 'stop' } },
      guards: { ready: () => true },
      delays: { wait: 500 },
    }).createMachine({
      id: 'sample',
      initial: 'idle',
      states: {
        idle: { on: { go: { guard: 'ready', target: 'busy' } } },
        busy: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { after: { 300: 'b' } }, b: {} } },
            right: { initial: 'c', states: { c: { after: { wait: 'd' } }, d: {} } },
          },
          on: { stop: 'checking' },
        },
        checking: { always: [{ guard: 'ready', target: 'done' }, { target: 'idle' }] },
        done: { type: 'final' },
      },
    })
    const chart = await machineChart(machine)
    const svg = new DOMParser().parseFromString(chart.svg, 'image/svg+xml')
    const labels = [...svg.querySelectorAll('.transition text')].map((el) => el.textContent)
    expect(labels).toEqual(
      expect.arrayContaining([
        'go [ready]',
        'after 300 ms',
        'after wait',
        'always [ready]',
        'always',
      ]),
    )
    expect(svg.querySelector('[data-state="sample.busy"]')?.getAttribute('class')).toContain(
      'state-parallel',
    )
    expect(svg.querySelector('[data-state="sample.busy.left"]')?.getAttribute('class')).toContain(
      'state-region',
    )
    expect(svg.querySelectorAll('.initial-dot')).toHaveLength(3)
    expect(svg.querySelectorAll('[data-transition="sample.busy.left|initial"]')).toHaveLength(1)
    expect(svg.querySelector('[data-state="sample.done"] .final-ring')).not.toBeNull()
    expect(svg.querySelectorAll('[data-kind="delayed"]')).toHaveLength(2)
    expect(svg.querySelectorAll('[data-kind="eventless"]')).toHaveLength(2)
  })
})
