import { useEffect, useState } from 'react'

/**
 * How many of `count` items to render now: `slice` at first, then `slice` more in each of the
 * following tasks until all are shown (docs/decisions/045). A table of 25 inbox rows (each with
 * its router link, dates and labels) took one task of 20–35 ms to render and lay out on a desktop
 * core, four times that on a phone; in slices each task does a part of it. `key` names the list shown (its
 * query): a new one starts again from the first slice.
 */
export function useRenderInSlices(count: number, key: string, slice = 10): number {
  const [shown, setShown] = useState({ key, count: slice })
  const current = shown.key === key ? shown.count : slice
  useEffect(() => {
    if (current >= count) return
    const timer = setTimeout(() => setShown({ key, count: current + slice }))
    return () => clearTimeout(timer)
  }, [count, current, key, slice])
  return Math.min(count, current)
}
