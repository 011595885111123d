#!/usr/bin/env bash
# Several instances, side by side in one run: builds `beckon` and `beckon-loadgen` in release,
# starts a Redis of its own (redis-server on a free port, no persistence: its command count is
# the run's alone) and gives each Beckon run a fresh PostgreSQL schema, then runs, with the same
# visitors, agents and rate:
#   1. Beckon, 1 instance on PostgreSQL + Redis (visitors and agents on it);
#   2. Beckon, 2 instances on PostgreSQL + Redis (visitors on A, agents on B: every delivery
#      crosses instances through Redis);
#   3. the bare axum broadcast (the ceiling);
# and writes the table between (a run kept in KEEP_JSON=DIR joins the table of the next one
# with the same DIR, e.g. at another INTERVAL_MS) <!-- realtime-cluster:start --> and <!-- realtime-cluster:end -->
# in bench/results.md.
#
# Needs redis-server, redis-cli, psql and PostgreSQL at DATABASE_URL_TEST
# (default postgres://postgres@127.0.0.1:5432/test).
# Knobs: VISITORS (1000), AGENTS (4), INTERVAL_MS (1000), DURATION_S (20), SKIP_BUILD=1,
# BEFORE_BIN=DIR (the `beckon` of another build, e.g. a copy of target/release from before a
# change: each Beckon run is made with it first, then with this build, rows labelled "before"
# and "after", so the two compare side by side on the same machine load),
# KEEP_JSON=DIR, FROM_JSON=DIR (as bench/realtime.sh), PROFILE=debug (SKIP_BUILD=1 and the debug
# binaries of `cargo build -p beckon-server -p beckon-loadgen`: Redis's cost and the relative
# figures hold, latency and memory do not).
set -euo pipefail
cd "$(dirname "$0")/.."

VISITORS=${VISITORS:-1000}
AGENTS=${AGENTS:-4}
INTERVAL_MS=${INTERVAL_MS:-1000}
DURATION_S=${DURATION_S:-20}
DB=${DATABASE_URL_TEST:-postgres://postgres@127.0.0.1:5432/test}
PROFILE=${PROFILE:-release}
bin=target/$PROFILE
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

if [[ "${SKIP_BUILD:-}" != 1 && "$PROFILE" == release && -z "${FROM_JSON:-}" ]]; then
  cargo build --release -p beckon-server --bin beckon -p beckon-loadgen --bin beckon-loadgen
fi

if [[ -n "${FROM_JSON:-}" ]]; then
  out=$FROM_JSON
elif [[ -n "${KEEP_JSON:-}" ]]; then
  out=$KEEP_JSON
  mkdir -p "$out"
else
  out=$(mktemp -d)
fi
lg=$bin/beckon-loadgen
common=(--visitors "$VISITORS" --agents "$AGENTS" --interval-ms "$INTERVAL_MS" --duration-s "$DURATION_S")

if [[ -z "${FROM_JSON:-}" ]]; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no >/dev/null 2>&1 &
  redis_pid=$!
  cleanup() {
    kill "$redis_pid" 2>/dev/null || true
    # (fresh_db runs in a subshell: it lists its schemas in a file.)
    while read -r s; do psql -q "$DB" -c "DROP SCHEMA IF EXISTS $s CASCADE" >/dev/null 2>&1 || true; done < <(cat "$out/schemas.txt" 2>/dev/null)
    [[ -n "${KEEP_JSON:-}" ]] || rm -rf "$out"
  }
  trap cleanup EXIT
  until redis-cli -p "$port" ping >/dev/null 2>&1; do sleep 0.1; done
  redis="redis://127.0.0.1:$port"
  # A fresh schema per run: the first instance seeds it.
  fresh_db() {
    local s="bench_cluster_$1_$$"
    psql -q "$DB" -c "DROP SCHEMA IF EXISTS $s CASCADE; CREATE SCHEMA $s" >/dev/null
    echo "$s" >> "$out/schemas.txt"
    local sep='?'; [[ "$DB" == *\?* ]] && sep='&'
    echo "${DB}${sep}options%5Bsearch_path%5D=$s"
  }
  echo "before ($INTERVAL_MS ms): $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
  # One Beckon run: NAME INSTANCES [more loadgen arguments].
  beckon_run() {
    local name=$1 n=$2
    shift 2
    redis-cli -p "$port" flushall >/dev/null
    if [[ -n "${BEFORE_BIN:-}" ]]; then
      "$lg" run "${common[@]}" --beckon-bin "$BEFORE_BIN/beckon" --label before --instances "$n" \
        --database-url "$(fresh_db "before_$name")" --redis-url "$redis" --no-baseline \
        --json "$out/before-$name-$INTERVAL_MS.json"
      redis-cli -p "$port" flushall >/dev/null
      set -- --label after "$@"
    fi
    "$lg" run "${common[@]}" --beckon-bin "$bin/beckon" --instances "$n" --database-url "$(fresh_db "$name")" \
      --redis-url "$redis" --json "$out/$name-$INTERVAL_MS.json" "$@"
  }
  beckon_run one 1 --no-baseline
  beckon_run two 2
  echo "after ($INTERVAL_MS ms): $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load.txt"
fi
load=$(paste -sd ';' "$out/load.txt" 2>/dev/null | sed 's/;/, /g' || echo unknown)

notes=(
  "Both Beckon runs share PostgreSQL (a fresh schema each) and a Redis of the run's own; the 1-instance run holds every connection, the 2-instance run holds the visitors on instance A and the agents on instance B, so every message crosses instances (A stores it, publishes it to Redis, B receives it and sends it to the agents). Memory per idle connection is the growth of all instances' RSS. Redis subscriptions: each instance's pub/sub connection (\`CLIENT LIST TYPE pubsub\`): one per topic its sockets listen to (a visitor's chat, its domain's agents; an agent's user, domain, visitors and agents topics), never one per socket. Commands/s: Redis's \`total_commands_processed\` over the drive and the 3 s after it (PUBLISH, lease scripts, subscriptions), all instances together. Budgets (docs/architecture.md): cross-instance delivery p99 ≤ 15 ms at 1 000 active chats; memory per idle connection ≤ 8 KiB."
  "Load average (1, 5, 15 min) before and after the runs: $load. The 2 cores are shared with other work; figures taken while the load average is far above 2 measure the machine as much as Beckon."
)
if [[ "$PROFILE" != release ]]; then
  notes+=("**A $PROFILE build**: unoptimised, it stores and forwards far fewer messages a second than the release build (at 1 message a second per chat it falls behind: the acks lag by seconds and most deliveries are still queued at the end), so its latency and memory say nothing about the budgets; what holds whatever the build is what each instance asks of Redis (subscriptions: one per topic, not per socket) and how 1 and 2 instances compare at a rate the build keeps up with (the 10 s interval rows). Run \`bench/realtime-cluster.sh\` (release) on a quiet machine for the budgets.")
fi
note_args=()
for n in "${notes[@]}"; do note_args+=(--note "$n"); done
cmd="bench/realtime-cluster.sh"
[[ "$PROFILE" == release ]] || cmd="PROFILE=$PROFILE $cmd"
[[ -z "${BEFORE_BIN:-}" ]] || cmd="BEFORE_BIN=… $cmd"
# The runs in the table's order: per setup, the old build's runs first, each by its interval.
runs=()
for f in one two; do
  mapfile -t -O "${#runs[@]}" runs < <(find "$out" -maxdepth 1 \( -name "before-$f-*.json" -o -name "$f-*.json" \) -printf '%f\n' | sort -t- -k2 -n | sed "s|^|$out/|")
done
"$lg" report --out bench/results.md --section realtime-cluster --title "Several instances (PostgreSQL + Redis)" \
  --build "$PROFILE build" --command "$cmd" "${note_args[@]}" "${runs[@]}"
