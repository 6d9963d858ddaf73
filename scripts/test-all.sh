#!/usr/bin/env bash
# `npm test`: typecheck, lint, the architecture check, every Vitest project (unit, generated
# paths in jsdom, server, end-to-end and generated paths in Chromium), then one summary line
# "N passed, N failed, N skipped" over all of it: a failed typecheck, lint or architecture
# check, a failed hook, a file that failed to load and an unhandled error count as failures.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
status=0
failed_steps=()

# A failed step counts in the summary, except the test run, whose failures are counted there.
step() {
  local name=$1
  shift
  echo "▶ $name"
  if ! "$@"; then
    echo "✖ failed: $*"
    [ "$name" = "tests" ] || failed_steps+=(--failed-step "$name")
    status=1
  fi
}

results=.tmp/test-results.json
rm -f "$results"
# The servers under test log here; the audit below reads the whole run's log.
rm -rf .tmp/test-logs
# One short random walk per machine in jsdom (README, "For QA"), the same seed every run unless
# PATHS_SEED says otherwise, so the suite does not change from run to run; other seeds and more
# walks on demand (`npm run test:paths -- --walks 20`).
export PATHS_WALKS=${PATHS_WALKS:-1} PATHS_WALK_STEPS=${PATHS_WALK_STEPS:-6} PATHS_WALK_MODE=jsdom
export PATHS_SEED=${PATHS_SEED:-1}
echo "  random walks: $PATHS_WALKS per machine, seed $PATHS_SEED"
# Two runs side by side: the end-to-end files (one after another: they share one built site and
# its server) and the rest (unit, paths in jsdom, server). Vitest alone would run them one after
# the other, each on one worker (its default is one worker less than the cores: one, here), and
# much of each run's time is spent waiting on a browser, a server or PostgreSQL, not computing.
# The end-to-end run's output is kept and printed after the rest, so neither interleaves.
e2e_results=.tmp/test-results-e2e.json e2e_output=.tmp/test-output-e2e.log
rm -f "$e2e_results"
RESULTS_FILE=$e2e_results npx vitest run --project e2e --reporter=default \
  --reporter=./tests/results/results-reporter.ts >"$e2e_output" 2>&1 &
e2e_pid=$!
# The checks while the end-to-end run builds the site: they need no build, and the build is the
# longer wait.
step "typecheck" npm run --silent typecheck
step "lint and format" npx biome ci .
step "architecture (docs/architecture.md)" node scripts/check-architecture.mjs
RESULTS_FILE=$results step "tests" npx vitest run --project unit --project paths --project server \
  --reporter=default --reporter=./tests/results/results-reporter.ts
echo "▶ end-to-end tests (run alongside)"
wait "$e2e_pid" || status=1
cat "$e2e_output"
step "log audit (security events present; no password, token, session id or email address)" npx tsx scripts/audit-logs.ts .tmp/test-logs

node scripts/summarize-results.mjs "${failed_steps[@]}" "$results" "$e2e_results" || status=1
exit $status
