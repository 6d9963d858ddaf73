import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useMachine } from '@xstate/react'
import { describe, expect, it, vi } from 'vitest'
import { setup } from 'xstate'
import { machineChart } from '../../scripts/machine-chart/machine-chart'
import { inspectorOptions } from '../../src/ui/machine-inspector'
import { coverageReportHtml, type MachineCoverage } from './coverage-report'
import {
  type MachinePathsOptions,
  runMachinePath,
  withFakeClock,
  withMachineProbe,
} from './machine-paths'
import { isEdgeId, isPairId, pairId } from './move-coverage'
import { planMachinePaths } from './path-plan'

// The harness tests itself: a correct component passes its paths, and components broken on
// purpose (one drops an event, one shows the wrong state, one's timer fires early, one sends
// an event nobody caused) fail them, with a message naming the step.

/** A notice that opens on a button, closes on Escape, and closes itself after 1 s. */
const noticeMachine = setup({
  types: { events: {} as { type: 'toggle' } | { type: 'escape' } },
  delays: { linger: 1000 },
}).createMachine({
  id: 'notice',
  initial: 'closed',
  states: {
    closed: { on: { toggle: { target: 'open' } } },
    open: {
      after: { linger: { target: 'closed' } },
      on: { toggle: { target: 'closed' }, escape: { target: 'closed' } },
    },
  },
})

type Fault = 'none' | 'drops escape' | 'shows the wrong state' | 'closes early' | 'extra event'

function Notice({ fault }: { readonly fault: Fault }) {
  const machine =
    fault === 'closes early' ? noticeMachine.provide({ delays: { linger: 500 } }) : noticeMachine
  const [snapshot, send] = useMachine(machine, inspectorOptions)
  const open = snapshot.matches('open')
  return (
    <div>
      <button
        type="button"
        aria-expanded={fault === 'shows the wrong state' ? !open : open}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && fault !== 'drops escape') send({ type: 'escape' })
        }}
        onClick={() => {
          send({ type: 'toggle' })
          if (fault === 'extra event') send({ type: 'toggle' })
        }}
      >
        Notice
      </button>
    </div>
  )
}

const button = () => screen.getByRole('button', { name: 'Notice' })

const options = (fault: Fault): MachinePathsOptions<typeof noticeMachine, unknown> => ({
  render: () => render(<Notice fault={fault} />),
  exec: {
    toggle: () => fireEvent.click(button()),
    escape: () => fireEvent.keyDown(button(), { key: 'Escape' }),
  },
  states: {
    closed: () => expect(button().getAttribute('aria-expanded')).toBe('false'),
    open: () => expect(button().getAttribute('aria-expanded')).toBe('true'),
  },
})

const plan = planMachinePaths(noticeMachine)
const path = (title: string) => {
  const found = plan.paths.find((candidate) => candidate.title === title)
  if (!found) throw new Error(`No planned path ${title}: ${plan.paths.map((p) => p.title)}`)
  return found
}
const run = (fault: Fault, title: string) =>
  runMachinePath(noticeMachine, path(title), options(fault), true)

describe('the path harness', () => {
  withMachineProbe()
  withFakeClock()

  it('passes a component that follows the machine, and reports what its actor took', async () => {
    expect(plan.unreachable).toEqual([])
    const taken = new Set<string>()
    for (const planned of plan.paths) {
      for (const id of await runMachinePath(noticeMachine, planned, options('none'), true))
        taken.add(id)
      cleanup()
    }
    expect([...taken].filter(isEdgeId).sort()).toEqual(plan.edges.map((edge) => edge.id).sort())
    // And the transitions it took one after the other (its pairs), read from the same records.
    expect([...taken].filter(isPairId).sort()).toEqual(
      [
        pairId('notice.closed|toggle|0', 'notice.open|escape|0'),
        pairId('notice.closed|toggle|0', 'notice.open|toggle|0'),
        pairId('notice.closed|toggle|0', 'notice.open|xstate.after.linger.notice.open|0'),
      ].sort(),
    )
  }, 30_000) // six paths through a real component: seconds on a busy machine

  it('fails, naming the step, when the component never delivers an event', async () => {
    await expect(run('drops escape', 'start → toggle → escape ⇒ closed')).rejects.toThrow(
      /never delivered escape to its notice actor[\s\S]*Failed at step 2 \(event escape\)/,
    )
  })

  it('fails, naming the step, when the DOM shows another state than the actor', async () => {
    await expect(run('shows the wrong state', 'start → toggle → toggle ⇒ closed')).rejects.toThrow(
      /Failed at step 0 \(state closed\)/,
    )
  })

  it('fails when a delayed transition fires before its delay', async () => {
    await expect(
      run('closes early', 'start → toggle → xstate.after.linger.notice.open ⇒ closed'),
    ).rejects.toThrow(/notice moved 999 ms into a 1000 ms delay[\s\S]*Failed at step 2/)
  })

  it('fails when the component sends more than the step causes', async () => {
    await expect(run('extra event', 'start → toggle → toggle ⇒ closed')).rejects.toThrow(
      /actor took toggle \[closed → open\], toggle \[open → closed\] where the model takes toggle \[closed → open\][\s\S]*Failed at step 1/,
    )
  })

  it('marks on the coverage chart the transition a broken component never took', async () => {
    const paths: MachineCoverage['paths'][number][] = []
    for (const planned of plan.paths) {
      try {
        const edgeIds = await runMachinePath(noticeMachine, planned, options('drops escape'), true)
        paths.push({ title: planned.title, passed: true, edgeIds: [...edgeIds] })
      } catch {
        paths.push({ title: planned.title, passed: false, edgeIds: [] })
      }
      cleanup()
    }
    vi.useRealTimers() // ELK answers through setTimeout
    const { svg } = await machineChart(noticeMachine, { refusals: true })
    const html = coverageReportHtml([
      { machine: 'notice', edges: plan.edges, unreachable: plan.unreachable, paths, chart: svg },
    ])
    const page = new DOMParser().parseFromString(html, 'text/html')
    const arrow = (id: string) => page.querySelector(`.chart [data-transition="${id}"]`)
    expect(arrow('notice.open|escape|0')?.getAttribute('data-status')).toBe('not-taken')
    expect(arrow('notice.closed|toggle|0')?.getAttribute('data-status')).toBe('taken')
    expect(
      arrow('notice.open|xstate.after.linger.notice.open|0')?.getAttribute('data-status'),
    ).toBe('taken')
    expect(page.querySelector('.summary')?.textContent).toMatch(/1 not taken/)
    // Clicking an arrow lists the paths that took it (the page's own script, run here).
    document.body.innerHTML = page.body.innerHTML
    new Function(page.querySelector('script')?.textContent ?? '')()
    const toggle = document.querySelector('.chart [data-transition="notice.closed|toggle|0"]')
    toggle?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    const picked = document.querySelector('.picked-paths')?.textContent ?? ''
    expect(picked).toContain('closed --toggle--> open (taken)')
    expect(picked).toContain('✓ start → toggle → toggle ⇒ closed')
    expect(toggle?.getAttribute('class')).toContain('picked')
    document.body.innerHTML = ''
  }, 30_000)
})
