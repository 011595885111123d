#!/usr/bin/env bash
# The realtime benchmark: builds `beckon` and `beckon-loadgen` in release, then runs
#   1. 1 000 visitors (1 000 active chats) + 4 agents: memory per connection and delivery latency;
#   2. 15 000 visitors (1 000 of them active) + 4 agents: memory per idle connection at scale;
# each against a spawned `beckon serve --seed-demo` (fresh temp data dir) and against the bare
# axum broadcast baseline, and writes the table between <!-- realtime:start --> and
# <!-- realtime:end --> in bench/results.md.
#
# Exits non-zero only when the harness fails; budget misses are reported in the table.
# Knobs: VISITORS_SMALL, VISITORS_LARGE, AGENTS, INTERVAL_MS, DURATION_S, SKIP_BUILD=1, KEEP_JSON=DIR.
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

# KEEP_JSON=DIR keeps the runs' JSON there (to write the section again with `beckon-loadgen report`).
if [[ -n "${KEEP_JSON:-}" ]]; then
  out=$KEEP_JSON
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
lg=target/release/beckon-loadgen
common=(--beckon-bin target/release/beckon --agents "$AGENTS" --interval-ms "$INTERVAL_MS" --duration-s "$DURATION_S")

"$lg" run "${common[@]}" --visitors "$VISITORS_SMALL" --json "$out/small.json"
"$lg" run "${common[@]}" --visitors "$VISITORS_LARGE" --active 1000 --json "$out/large.json"

notes=(
  "**Memory, before → after.** Before this round Beckon grew 15.3–15.6 KiB per idle connection (1 000 and 15 000 visitors). Found with heaptrack on the release server holding 1 000 idle visitors, and cut: the connection's task 3.7 → ~2.0 KB (run() a plain function returning the writer and session futures, axum's callback captures boxed, the writer's send/close futures boxed while they run, one timer); the send queue 1.7 KB → 0.16 KB (a small shared struct whose queue allocates only while frames wait, instead of a tokio mpsc block and a watch channel; still 256 frames, slow clients still cut off); the chat topic ring 16 → 4 slots; no kept persona JSON; the visitor's two subscriptions polled side by side instead of a SelectAll; and the SQLite readers' page caches, 2 MiB each × 8 and filled by the connecting visitors' lookups (2.4–2.8 KiB of the figure at 1 000–2 000 connections), are 64 KiB each. What remains is mostly what the bare server pays too: the 4 KiB read buffer (DESIGN.md), the socket and the WebSocket state. Runs on 2026-11-22 with this code: 6.8–7.8 KiB at 1 000 (met), 8.8–9.0 KiB at 15 000 (missed), while the bare server stays at 6.4–6.6. Why Beckon's figure grows with the number of connections is not found yet (not the SQLite reader threads: 2 instead of 8 gave the same 8.9 KiB; the allocator's free memory is the suspect, the figure also moves with what was allocated and freed before the visitors connect)."
  "**Latency, before → after.** Before this round: ack p99 = delivery p99 = 180–440 ms, so the tail was the store (the load generator now reports the visitor's send → ack time; the ack is sent once the message is stored). perf showed the server's CPU mostly in thread hand-offs to sqlx's SQLite worker: five round trips per message (BEGIN, UPDATE, SELECT, INSERT, COMMIT) and a ping per use of the pooled connection, on the one writer every message waits for, with SQLite's automatic WAL checkpoints on that writer too. Now: group commit (the messages waiting go in one transaction per power-of-two chunk, one prepared query and one round trip per chunk, each sender answered after its COMMIT), no pings, PASSIVE checkpoints every 0.5 s on a connection of their own, and TCP_NODELAY on the server's sockets (the delivery median was ~10 ms against the ack's 0.7 ms: an agent's frames waited for the ACK of the previous one). The median is now 0.8–1.2 ms in every run. The p99 is not steady: runs on 2026-11-22 with this code (the 2 cores' load average 1.7–7.5 from other people's builds and browser tests) gave, at 1 000 chats, 3.4, 4.4, 6.0, 6.4, 7.4 and 9.7 ms (met) and 13, 36, 76, 107, 232 and 275 ms (missed; the bare server's p99 reached 231 ms in the busiest); at 15 000 connections (1 000 active) 4.3, 9.3, 9.9, 123 and 1 307 ms. In every run the ack p99 equals the delivery p99, so the tail is the store's path: the single SQLite writer stalls (debug log, RUST_LOG=beckon_server::store=debug: batches of one message taking 20–80 ms), most likely behind the checkpoints' fsyncs of the WAL (up to 125 ms under strace); checkpoints every 5 s instead of 0.5 s made it worse (a 66 MB WAL, p99 45–51 ms). Not done yet: fewer WAL pages per message (each commit rewrites ~3 pages of 4 KiB)."
  "**Dropped agents.** In one 15 000 run two of the four agents were disconnected while the visitors connected (each visitor's enter presence goes to every agent: 15 000 events in 7 s); not investigated yet, the likely cause being an agent more than 1 024 events behind its domain's topic, which the server closes with 1013 (reconnect and reload)."
  "The 2 cores are shared with other work during a run (builds, browser tests), which shows as noise, e.g. in the bare server's p99."
)
note_args=()
for n in "${notes[@]}"; do note_args+=(--note "$n"); done
"$lg" report --out bench/results.md --command "bench/realtime.sh" "${note_args[@]}" "$out/small.json" "$out/large.json"
