#!/usr/bin/env bash
# Regenerates Beckon's three chat sounds (spec §7) from sine tones: soft, short, and ours.
# Needs ffmpeg (apt-get install -y ffmpeg); the .webm files are committed, so nobody else does.
set -euo pipefail
cd "$(dirname "$0")"

# tone FREQ SECONDS DELAY_MS: a sine (lavfi sines peak at 1/8, hence the gain) with a quick attack and an exponential-ish decay.
tone() { echo "sine=f=$1:d=$2,volume=3.5,afade=t=in:d=0.008,afade=t=out:st=0.02:d=$(awk "BEGIN{print $2-0.02}"):curve=exp,adelay=$3|$3"; }

# mix OUT then TONE… : mixes delayed tones into one Opus/WebM file.
mix() {
  local out=$1; shift
  local args=() labels="" i=0
  for t in "$@"; do args+=(-f lavfi -i "$t"); labels+="[$i:a]"; i=$((i+1)); done
  ffmpeg -y -loglevel error "${args[@]}" -filter_complex "${labels}amix=inputs=$i:normalize=0,aformat=channel_layouts=mono" \
    -c:a libopus -b:a 32k "$out"
}

# A soft rising blip when the visitor's message leaves.
mix message-sent-all.webm "$(tone 880 0.09 0)" "$(tone 1320 0.08 45)"
# Two gentle notes for a new message in the open chat.
mix notification-new-message-active-chat-all.webm "$(tone 660 0.18 0)" "$(tone 990 0.22 110)"
# Three brighter notes when the chat is closed or the tab hidden.
mix notification-new-message-inactive-chat-client.webm "$(tone 784 0.2 0)" "$(tone 988 0.2 120)" "$(tone 1319 0.3 240)"
ls -l ./*.webm
