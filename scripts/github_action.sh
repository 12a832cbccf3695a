#!/usr/bin/env bash
# The shell part of the citecheck GitHub Action (action.yml): check the citations, write the
# Markdown summary to $GITHUB_STEP_SUMMARY and JUnit to a file, exit with the check's code.
#
# Inputs come as environment variables (action.yml sets them from its inputs):
#   CITECHECK_SOURCES    the source documents, one per line
#   CITECHECK_CITATIONS  the citations file (JSON), or with --from in CITECHECK_ARGS the response
#   CITECHECK_CACHE      an answer cache (optional); without one, a temporary cache so the
#                        second rendering replays the first one's answers instead of asking again
#   CITECHECK_FAIL_ON    the gates (default: fabricated,contradicted,error)
#   CITECHECK_JUNIT      where to write JUnit (default: citecheck-junit.xml)
#   CITECHECK_SUBCOMMAND check (the default), or match for step 1 alone (no model: no cache)
#   CITECHECK_ARGS       more options for the command, split at whitespace (optional)
#   CITECHECK_COMMAND    the command to run (default: citecheck)
# Run it locally with GITHUB_STEP_SUMMARY pointing at any file.
set -uo pipefail

command_line=(${CITECHECK_COMMAND:-citecheck})
mapfile -t sources < <(printf '%s\n' "${CITECHECK_SOURCES:-}" | sed '/^[[:space:]]*$/d')
citations="${CITECHECK_CITATIONS:?set CITECHECK_CITATIONS: the citations file}"
fail_on="${CITECHECK_FAIL_ON:-fabricated,contradicted,error}"
junit="${CITECHECK_JUNIT:-citecheck-junit.xml}"
read -r -a extra <<<"${CITECHECK_ARGS:-}"
subcommand="${CITECHECK_SUBCOMMAND:-check}"
case "$subcommand" in
  check | match) ;;
  *) echo "CITECHECK_SUBCOMMAND must be check or match, got '$subcommand'" >&2; exit 2 ;;
esac
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${CITECHECK_CACHE:-}" ]; then
  cache=(--cache "$CITECHECK_CACHE")
else
  cache=(--cache "$work/answers.json" --new-cache)
fi

# --from RESPONSE goes before the sources; a citations file after them.
inputs=("${sources[@]}" "$citations")
caching=("${cache[@]}")
if [ "$subcommand" = match ]; then caching=(); fi  # step 1 alone asks no model: nothing to cache
for arg in "${extra[@]}"; do
  if [ "$arg" = "--from" ]; then inputs=("$citations" "${sources[@]}"); fi
done

"${command_line[@]}" "$subcommand" "${extra[@]}" "${inputs[@]}" "${caching[@]}" --fail-on "$fail_on" \
  --format junit --output "$junit"
status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
  echo "citecheck could not check the citations (exit $status)" >&2
  exit "$status"
fi
# The same answers, from the cache: no question is asked twice.
"${command_line[@]}" "$subcommand" "${extra[@]}" "${inputs[@]}" "${caching[@]}" --fail-on "$fail_on" \
  --format markdown --output "$work/summary.md"
{
  echo "## citecheck"
  echo
  cat "$work/summary.md"
  echo
  if [ "$status" -eq 0 ]; then echo "Passed: no citation hit --fail-on $fail_on."; else echo "Failed: a citation hit --fail-on $fail_on."; fi
} >>"$summary"
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  echo "exit-code=$status" >>"$GITHUB_OUTPUT"
  echo "junit=$junit" >>"$GITHUB_OUTPUT"
fi
exit "$status"
