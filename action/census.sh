#!/usr/bin/env bash
# The composite action's one step: the census gate as annotations, then the SARIF report and the job summary.
# Runs the monitor's own payload-census (npx finds node_modules/.bin first); PAYLOAD_CENSUS_BIN overrides it.
set -uo pipefail

bin=${PAYLOAD_CENSUS_BIN:-"npx --yes payload-census"}
dir=${PAYLOAD_CENSUS_DIRECTORY:-.}
args=(check "$dir")
if [ -n "${PAYLOAD_CENSUS_CONFIG:-}" ]; then args=(check --config "$PAYLOAD_CENSUS_CONFIG"); fi

# The gate: one ::error workflow command per finding annotates the pull request. Its exit code is the step's.
$bin "${args[@]}" --format github
status=$?
# A usage or configuration error (2) printed its message already: there is no report to write.
if [ "$status" -eq 2 ]; then exit 2; fi

if [ -n "${PAYLOAD_CENSUS_SARIF:-}" ]; then
  $bin "${args[@]}" --format sarif --output "$PAYLOAD_CENSUS_SARIF" || [ $? -eq 1 ] || exit 2
fi
if [ "${PAYLOAD_CENSUS_SUMMARY:-true}" = "true" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  $bin "${args[@]}" --format markdown >> "$GITHUB_STEP_SUMMARY" || [ $? -eq 1 ] || exit 2
fi
exit "$status"
