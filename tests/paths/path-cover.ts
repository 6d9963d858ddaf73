import type { MachinePathPlan, PlannedPath } from './path-plan'

/**
 * A few of the plan's paths that together take every edge the whole plan takes: greedily, the
 * path that adds the most edges not yet taken (the shorter one on a tie, then the plan's
 * order), until none adds one. The shortest paths reach each edge from each context the guards
 * read, which jsdom runs in full; in Chromium, where a path costs a page load, one path per
 * edge is what the visual and timed checks need, and every transition is still taken by the
 * running component (the coverage test is the same).
 */
export function coveringPaths(paths: readonly PlannedPath[]): PlannedPath[] {
  const chosen: PlannedPath[] = []
  const taken = new Set<string>()
  const left = [...paths]
  for (;;) {
    let best: PlannedPath | undefined
    let bestGain = 0
    for (const path of left) {
      const gain = new Set(path.edgeIds.filter((id) => !taken.has(id))).size
      if (
        gain > bestGain ||
        (gain === bestGain && gain > 0 && best && path.steps.length < best.steps.length)
      ) {
        best = path
        bestGain = gain
      }
    }
    if (!best) break
    chosen.push(best)
    for (const id of best.edgeIds) taken.add(id)
    left.splice(left.indexOf(best), 1)
  }
  // In the plan's order, so the report reads as before.
  return paths.filter((path) => chosen.includes(path))
}

/** The plan with only its covering paths (edges and unreachable ones unchanged). */
export function coveringPlan(plan: MachinePathPlan): MachinePathPlan {
  return { ...plan, paths: coveringPaths(plan.paths) }
}
