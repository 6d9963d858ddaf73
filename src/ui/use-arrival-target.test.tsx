import { render } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { useArrivalTarget } from './use-arrival-target'

function Section({ present }: { readonly present: boolean }) {
  useArrivalTarget('proposal-heading', present)
  return present ? <h2 id="proposal-heading">Our proposal</h2> : <p>Loading…</p>
}

afterEach(() => window.history.replaceState(null, '', '/'))

it('focuses the section the address names once it has loaded, once', () => {
  window.history.replaceState(null, '', '/my-services/r1#proposal-heading')
  const view = render(<Section present={false} />)
  expect(document.activeElement).toBe(document.body)
  view.rerender(<Section present />)
  const heading = view.getByRole('heading', { name: 'Our proposal' })
  expect(document.activeElement).toBe(heading)
  expect(heading.getAttribute('tabindex')).toBe('-1')
  // Later renders (live updates) leave the focus where the reader moved it.
  heading.blur()
  view.rerender(<Section present />)
  expect(document.activeElement).toBe(document.body)
})

it('leaves the focus alone when the address names no section', () => {
  window.history.replaceState(null, '', '/my-services/r1')
  const view = render(<Section present />)
  expect(view.getByRole('heading').getAttribute('tabindex')).toBeNull()
  expect(document.activeElement).toBe(document.body)
})
