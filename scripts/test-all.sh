#!/usr/bin/env bash
# `npm test`: typecheck, lint, every Vitest project (unit, server, end-to-end in Chromium),
# then one summary line "N passed, N failed, N skipped" summed over all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
status=0

step() {
  echo "▶ $1"
  shift
  if ! "$@"; then
    echo "✖ failed: $*"
    status=1
  fi
}

step "typecheck" npm run --silent typecheck
step "lint and format" npx biome ci .
rm -f .tmp/vitest.json
# The servers under test log here; the audit below reads the whole run's log.
rm -rf .tmp/test-logs
step "tests (unit, server, e2e)" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
step "log audit (security events present; no password, token, session id or email address)" npx tsx scripts/audit-logs.ts .tmp/test-logs

node scripts/summarize-results.mjs .tmp/vitest.json || status=1
exit $status
