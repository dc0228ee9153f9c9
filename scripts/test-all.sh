#!/usr/bin/env bash
# Everything `npm test` checks, in order; stops at the first failing step. The first step,
# `prereqs` (scripts/prereqs.sh), makes sure of Chromium, a CJK font, PostgreSQL and Redis.
# Skip steps with TEST_ALL_SKIP, a comma-separated list of step names, e.g.
#   TEST_ALL_SKIP=test:server:pg,test:e2e npm test
set -euo pipefail
cd "$(dirname "$0")/.."

STEPS=(
  "prereqs|bash scripts/prereqs.sh"
  "typecheck|npm run typecheck"
  "lint|npm run lint"
  "unit|npx jest --ci"
  "test:server|npm run test:server"
  "test:server:pg|npm run test:server:pg"
  "test:delivery|npm run test:delivery"
  "bench:feed|npm run bench:feed"
  "build:weapp|npm run build:weapp"
  "check:weapp|npm run check:weapp"
  "build:weapp:tencent|npm run build:weapp:tencent"
  "check:weapp:tencent|npm run check:weapp:tencent"
  "build:h5|npm run build:h5"
  "bench:reader|npm run bench:reader"
  "bench:chat|npm run bench:chat"
  "bench:groups|npm run bench:groups"
  "bench:search|npm run bench:search"
  "bench:docs|npm run bench:docs"
  "bench:video|npm run bench:video"
  "bench:home|npm run bench:home"
  "test:e2e|npm run test:e2e"
)

passed=0
failed=0
skipped=0
current=""
summary=()
start_all=$SECONDS

finish() {
  local rc=$?
  if [[ -n "$current" ]]; then
    failed=$((failed + 1))
    summary+=("FAIL  $current")
  fi
  local total=${#STEPS[@]}
  local not_run=$((total - passed - failed - skipped))
  echo
  echo "================================================================"
  printf '%s\n' "${summary[@]}"
  [[ $not_run -gt 0 ]] && echo "($not_run step(s) not run)"
  echo "npm test took $((SECONDS - start_all)) s"
  echo "steps: $passed passed, $failed failed, $((skipped + not_run)) skipped"
  if [[ $rc -eq 0 && $failed -eq 0 ]]; then
    echo "npm test: ALL STEPS PASSED"
  else
    echo "npm test: FAILED at ${current:-?} (exit $rc)"
  fi
  exit "$rc"
}
trap finish EXIT

for entry in "${STEPS[@]}"; do
  name=${entry%%|*}
  cmd=${entry#*|}
  if [[ ",${TEST_ALL_SKIP:-}," == *",$name,"* ]]; then
    skipped=$((skipped + 1))
    summary+=("skip  $name")
    echo
    echo "=== [$name] skipped (TEST_ALL_SKIP)"
    continue
  fi
  echo
  echo "================================================================"
  echo "=== [$name] $cmd"
  echo "================================================================"
  current=$name
  t0=$SECONDS
  bash -c "$cmd"
  current=""
  passed=$((passed + 1))
  summary+=("ok    $name ($((SECONDS - t0)) s)")
done
