#!/usr/bin/env bash
# Everything `npm test` checks; stops at the first failing stage. The first step, `prereqs`
# (scripts/prereqs.sh), makes sure of Chromium, a CJK font, PostgreSQL and Redis.
# Steps of one stage that share nothing run side by side (their output is printed when each ends);
# the benchmarks run alone, so their figures are not measured beside other work.
# Skip steps with TEST_ALL_SKIP, a comma-separated list of step names, e.g.
#   TEST_ALL_SKIP=test:server:pg,test:e2e npm test
set -euo pipefail
cd "$(dirname "$0")/.."

# "stage|name|command": consecutive steps with the same stage run at the same time.
STEPS=(
  "a|prereqs|bash scripts/prereqs.sh"
  "b|typecheck|npm run typecheck"
  "b|lint|npm run lint"
  "c|unit|npx jest --ci"
  "d|test:server|npm run test:server"
  "d|test:server:pg|npm run test:server:pg"
  "e|test:delivery|npm run test:delivery"
  "e|build:weapp|npm run build:weapp && npm run check:weapp"
  "f|build:weapp:tencent|npm run build:weapp:tencent && npm run check:weapp:tencent"
  "f|build:h5|npm run build:h5"
  "g|bench:feed|npm run bench:feed"
  "h|bench:reader|npm run bench:reader"
  "i|bench:chat|npm run bench:chat"
  "j|bench:groups|npm run bench:groups"
  "k|bench:search|npm run bench:search"
  "l|bench:docs|npm run bench:docs"
  "m|bench:video|npm run bench:video"
  "m2|bench:shop|npm run bench:shop"
  "m3|bench:agent|npm run bench:agent"
  "m4|bench:flood|npm run bench:flood"
  "n|bench:home|npm run bench:home"
  "o|test:e2e|npm run test:e2e"
)

LOG_DIR=$(mktemp -d /tmp/npm-test-XXXXXX)
passed=0
failed=0
skipped=0
summary=()
failures=()
start_all=$SECONDS

finish() {
  local rc=$?
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
    echo "npm test: FAILED at ${failures[*]:-?} (exit $rc)"
    rc=1
  fi
  rm -rf "$LOG_DIR"
  exit "$rc"
}
trap finish EXIT

# Runs one stage's steps (arguments: indexes into STEPS) side by side; answers 1 if any failed.
run_stage() {
  local pids=() names=() logs=() i name cmd entry
  for i in "$@"; do
    entry=${STEPS[$i]#*|}
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
    echo "=== [$name] $cmd"
    if [[ $# -eq 1 ]]; then
      # Alone in its stage: output as it comes.
      local t0=$SECONDS
      if bash -c "$cmd"; then
        passed=$((passed + 1))
        summary+=("ok    $name ($((SECONDS - t0)) s)")
        return 0
      fi
      failed=$((failed + 1))
      summary+=("FAIL  $name ($((SECONDS - t0)) s)")
      failures+=("$name")
      return 1
    fi
    logs+=("$LOG_DIR/${name//:/_}.log")
    # Each step notes its own duration: the stage waits for them in order, not as they end.
    (
      t0=$SECONDS
      rc=0
      bash -c "$cmd" >"${logs[-1]}" 2>&1 || rc=$?
      echo $((SECONDS - t0)) >"${logs[-1]}.seconds"
      exit $rc
    ) &
    pids+=($!)
    names+=("$name")
  done
  local status=0 k took
  for k in "${!pids[@]}"; do
    if wait "${pids[$k]}"; then
      took=$(cat "${logs[$k]}.seconds")
      passed=$((passed + 1))
      summary+=("ok    ${names[$k]} ($took s, side by side)")
      echo
      echo "================ [${names[$k]}] passed: its output ================"
      tail -n 40 "${logs[$k]}"
    else
      took=$(cat "${logs[$k]}.seconds" 2>/dev/null || echo '?')
      failed=$((failed + 1))
      summary+=("FAIL  ${names[$k]} ($took s, side by side)")
      failures+=("${names[$k]}")
      echo
      echo "================ [${names[$k]}] FAILED: its output ================"
      cat "${logs[$k]}"
      status=1
    fi
  done
  return $status
}

stage_of() { echo "${STEPS[$1]%%|*}"; }

i=0
while [[ $i -lt ${#STEPS[@]} ]]; do
  stage=$(stage_of "$i")
  members=()
  while [[ $i -lt ${#STEPS[@]} && $(stage_of "$i") == "$stage" ]]; do
    members+=("$i")
    i=$((i + 1))
  done
  echo
  echo "================================================================"
  run_stage "${members[@]}"
done
