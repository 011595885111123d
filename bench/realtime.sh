#!/usr/bin/env bash
# The realtime benchmark: builds `beckon` and `beckon-loadgen` in release, then runs
#   1. 1 000 visitors (1 000 active chats) + 4 agents: memory per connection and delivery latency;
#   2. 15 000 visitors (1 000 of them active) + 4 agents: memory per idle connection at scale;
# each against a spawned `beckon serve --seed-demo` (fresh temp data dir) and against the bare
# axum broadcast baseline, and writes the table between <!-- realtime:start --> and
# <!-- realtime:end --> in bench/results.md.
#
# Exits non-zero only when the harness fails; budget misses are reported in the table.
# Knobs: VISITORS_SMALL, VISITORS_LARGE, AGENTS, INTERVAL_MS, DURATION_S, SKIP_BUILD=1.
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
  cargo build --release -p beckon-server --bin beckon -p beckon-loadgen
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
lg=target/release/beckon-loadgen
common=(--beckon-bin target/release/beckon --agents "$AGENTS" --interval-ms "$INTERVAL_MS" --duration-s "$DURATION_S")

"$lg" run "${common[@]}" --visitors "$VISITORS_SMALL" --json "$out/small.json"
"$lg" run "${common[@]}" --visitors "$VISITORS_LARGE" --active 1000 --json "$out/large.json"

notes=(
  "**Memory, before → after.** At commit 19c58e8 Beckon grew 76.4 KiB per idle connection (1 000 visitors, measured as above): each chat topic of the in-process broker was a tokio broadcast ring of 1 024 slots (about 64 KiB, allocated at once). Now chat topics get 16 slots (a visitor that falls behind recovers messages and the end from the store), the connection's handler futures are boxed while they run (the idle task went from 7.2 KB to 3.1 KB) and no delivery list is preallocated. What remains above the bare server: that task, the 256-frame send queue's first block (~1.3 KB), the chat ring (~1 KiB), two broker subscriptions and the session; both pay the 4 KiB read buffer."
  "**Latency.** Beckon's tail is the store, not the hub: every message is a SQLite write transaction (8 pooled connections); concurrent writers wait in SQLite's busy handler, which sleeps (up to 100 ms a try), and the server log shows 1.1–1.3 s \`UPDATE channels SET last_seq …\` statements under this load. The HTTP 5xx during setup are \`database is locked\` (SQLite codes 5/517) from transactions that read, then write (\`create_channel\`): they fail at once instead of waiting (a write transaction should begin IMMEDIATE). The load generator retries those chats up to 5 times and counts every retry."
  "The 2 cores are shared with other work during a run (builds), which shows as noise, e.g. in the bare server's p99."
)
note_args=()
for n in "${notes[@]}"; do note_args+=(--note "$n"); done
"$lg" report --out bench/results.md --command "bench/realtime.sh" "${note_args[@]}" "$out/small.json" "$out/large.json"
