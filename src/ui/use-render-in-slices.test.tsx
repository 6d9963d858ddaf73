import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useRenderInSlices } from './use-render-in-slices'

afterEach(() => {
  vi.useRealTimers()
})

function List({ count, listKey }: { readonly count: number; readonly listKey: string }) {
  const shown = useRenderInSlices(count, listKey, 10)
  const names = Array.from({ length: count }, (_, n) => `item ${n}`)
  return (
    <ul>
      {names.slice(0, shown).map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  )
}

const items = () => screen.queryAllByRole('listitem').length

/** Runs the pending tasks, and those their renders schedule, a few rounds deep. */
async function settle() {
  for (let round = 0; round < 5; round += 1) await act(() => vi.runOnlyPendingTimersAsync())
}

describe('useRenderInSlices', () => {
  it('renders ten items, then ten more per task, until all are shown', async () => {
    vi.useFakeTimers()
    render(<List count={25} listKey="page 1" />)
    expect(items()).toBe(10)
    await act(() => vi.advanceTimersToNextTimerAsync())
    expect(items()).toBe(20)
    await act(() => vi.advanceTimersToNextTimerAsync())
    expect(items()).toBe(25)
    await settle()
    expect(items()).toBe(25)
  })

  it('shows a short list at once, and starts a new list from its first slice', async () => {
    vi.useFakeTimers()
    const view = render(<List count={4} listKey="page 1" />)
    expect(items()).toBe(4)
    view.rerender(<List count={25} listKey="page 2" />)
    expect(items()).toBe(10)
    await settle()
    expect(items()).toBe(25)
    // The same list read again with one more item (a live update) shows it at once.
    view.rerender(<List count={26} listKey="page 2" />)
    expect(items()).toBe(26)
  })
})
