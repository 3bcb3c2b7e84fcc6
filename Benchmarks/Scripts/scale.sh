#!/usr/bin/env bash
# Issue 23's figures, each paired in one run against the reference measured beside it: raw
# libsamplerate at medium quality converting 600 s of 48 kHz mono to 16 kHz (`audio convert
# --engine libsamplerate`, 99.6 % of the raw C library's throughput: Performance.md). The goals were
# set on a machine where that takes 4 s; a goal here is the goal there times 4 s ÷ the reference here.
# Wall time and CPU time (user + system, children included) are both printed: on a shared machine
# the CPU time is the steadier figure.
#
#   swift build -c release --product speech-replay
#   Benchmarks/Scripts/scale.sh "$(swift build -c release --show-bin-path)/speech-replay" [ROUNDS]
#
# Needs python3 (writes the reference WAV) and GNU time (/usr/bin/time).
set -euo pipefail
bin=${1:?usage: scale.sh SPEECH_REPLAY_BINARY [ROUNDS] [sessions]}
rounds=${2:-3}
# "sessions": only the reference and the sessions (10 min, 1 h, 8 h), about a minute a round.
only=${3:-all}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/ref600.wav" <<'PY'
import array, math, sys, wave
w = wave.open(sys.argv[1], "wb"); w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000)
for s in range(600):
    w.writeframes(array.array("h", [int(8000 * math.sin(2 * math.pi * (220 + s) * i / 48000)) for i in range(48000)]).tobytes())
w.close()
PY
[[ $only == sessions ]] || "$root/Benchmarks/Scripts/thousand-scenarios.sh" "$work/thousand" 1000
"$root/Benchmarks/Scripts/long-session.sh" 605 > "$work/ten-minutes.yaml"
"$root/Benchmarks/Scripts/long-session.sh" 3600 > "$work/one-hour.yaml"
"$root/Benchmarks/Scripts/long-session.sh" 28800 > "$work/eight-hours.yaml"
explore=("$root/Scenarios/hello-world.yaml" "$root/Scenarios/two-commands.yaml" --runs 400 --seed 1 --out "$work/explore")

# measure LABEL COMMAND…: prints "LABEL wall cpu peak-KB"
measure() {
  local label=$1
  shift
  /usr/bin/time -f "$label %e %U %S %M" -o "$work/time" "$@" > "$work/out" 2> /dev/null || true
  tail -1 "$work/time" | awk '{ printf "%-28s wall %7.2f s  cpu %7.2f s  peak %7.1f MB\n", $1, $2, $3 + $4, $5 / 1024 }'
  tail -1 "$work/out" | grep -E "^explored|passed, " || true
}

for ((round = 1; round <= rounds; round++)); do
  echo "# round $round (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  measure reference-libsamplerate "$bin" audio convert "$work/ref600.wav" "$work/out16.wav" --rate 16000 --quality medium --engine libsamplerate
  if [[ $only == sessions ]]; then
    measure session-605s "$bin" run-scenario "$work/ten-minutes.yaml"
    measure session-1h "$bin" run-scenario "$work/one-hour.yaml"
    measure session-8h "$bin" run-scenario "$work/eight-hours.yaml"
    continue
  fi
  measure explore-jobs2-reused "$bin" explore "${explore[@]}" --jobs 2
  measure explore-in-process "$bin" explore "${explore[@]}" --in-process
  measure explore-jobs2-fresh "$bin" explore "${explore[@]}" --jobs 2 --fresh-workers
  measure reference-libsamplerate "$bin" audio convert "$work/ref600.wav" "$work/out16.wav" --rate 16000 --quality medium --engine libsamplerate
  measure thousand-jobs2-reused "$bin" run "$work/thousand" --jobs 2 --no-history
  measure bundled-jobs2-reused "$bin" run "$root/Scenarios" --jobs 2 --no-history
  measure bundled-jobs2-fresh "$bin" run "$root/Scenarios" --jobs 2 --no-history --fresh-workers
  measure ten-minute-session "$bin" run-scenario "$root/Scenarios/ten-minute-session.yaml"
  measure session-605s "$bin" run-scenario "$work/ten-minutes.yaml"
  measure session-1h "$bin" run-scenario "$work/one-hour.yaml"
  measure session-8h "$bin" run-scenario "$work/eight-hours.yaml"
done
# The thousand with a process per scenario takes a minute; once.
[[ $only == sessions ]] && exit 0
measure thousand-jobs2-fresh "$bin" run "$work/thousand" --jobs 2 --no-history --fresh-workers
