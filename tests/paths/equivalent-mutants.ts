/**
 * Mutants no test can kill because they do not change what the machine does, each with the
 * reason (ids as tests/paths/machine-mutants.ts makes them). `npm run test:paths -- --mutate`
 * reports a surviving mutant listed here as equivalent, and fails on a survivor that is not:
 * a survivor is either killed by a better path test or explained here. Keep the reasons
 * checkable: name what makes the changed machine behave exactly as the real one.
 */
export const equivalentMutants: Readonly<Record<string, string>> = {}
