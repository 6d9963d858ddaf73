import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// A query that waits (`findBy…`, `waitFor`) gives up after 1 s by default; a page whose chunk is
// compiled on first use takes longer than that on a loaded two-core machine. The wait ends as
// soon as its condition holds, so a passing test is no slower; only a real failure waits longer.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})
