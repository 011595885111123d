#!/usr/bin/env bash
# The realtime benchmark: builds `beckon` and `beckon-loadgen` in release, then runs
#   1. 1 000 visitors (1 000 active chats) + 4 agents: memory per connection and delivery latency;
#   2. 15 000 visitors (1 000 of them active) + 4 agents: memory per idle connection at scale;
# each against a spawned `beckon serve --seed-demo` (fresh temp data dir) and against the bare
# axum broadcast baseline, and writes the table between <!-- realtime:start --> and
# <!-- realtime:end --> in bench/results.md.
#
# Exits non-zero only when the harness fails; budget misses are reported in the table.
# Knobs: VISITORS_SMALL, VISITORS_LARGE, AGENTS, INTERVAL_MS, DURATION_S, SKIP_BUILD=1, KEEP_JSON=DIR,
# FROM_JSON=DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

VISITORS_SMALL=${VISITORS_SMALL:-1000}
VISITORS_LARGE=${VISITORS_LARGE:-15000}
AGENTS=${AGENTS:-4}
INTERVAL_MS=${INTERVAL_MS:-1000}
DURATION_S=${DURATION_S:-20}

# One process may hold at most the hard limit of open files; 15 000 sockets need the soft
# limit raised (the load generator raises its own too; the server inherits this one).
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

if [[ "${SKIP_BUILD:-}" != 1 ]]; then
  # (`--bin beckon` alone would leave the load generator out.)
  cargo build --release -p beckon-server --bin beckon -p beckon-loadgen --bin beckon-loadgen
fi

# KEEP_JSON=DIR keeps the runs' JSON there (to write the section again with FROM_JSON=DIR);
# FROM_JSON=DIR writes the section again from the JSON kept there, without running anything.
if [[ -n "${FROM_JSON:-}" ]]; then
  out=$FROM_JSON
elif [[ -n "${KEEP_JSON:-}" ]]; then
  out=$KEEP_JSON
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
lg=target/release/beckon-loadgen
common=(--beckon-bin target/release/beckon --agents "$AGENTS" --interval-ms "$INTERVAL_MS" --duration-s "$DURATION_S")

if [[ -z "${FROM_JSON:-}" ]]; then
  # The machine's load (1, 5, 15 min) before and after, kept with the runs: other work on the
  # shared cores shows in the figures.
  echo "before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/load.txt"
  "$lg" run "${common[@]}" --visitors "$VISITORS_SMALL" --json "$out/small.json"
  "$lg" run "${common[@]}" --visitors "$VISITORS_LARGE" --active 1000 --json "$out/large.json"
  echo "after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
fi
load="unknown"
[[ -f "$out/load.txt" ]] && load=$(paste -sd ';' "$out/load.txt" | sed 's/;/, /')

notes=(
  "The 2 cores are shared with other work during a run (builds, browser tests), which shows as noise, e.g. in the bare server's p99. Load average (1, 5, 15 min) during the run in the table: $load."
)
note_args=()
for n in "${notes[@]}"; do note_args+=(--note "$n"); done
"$lg" report --out bench/results.md --command "bench/realtime.sh" "${note_args[@]}" "$out/small.json" "$out/large.json"
