#!/usr/bin/env bash
# Issue 23's per-run figures for two builds, alternated within each round, beside the reference
# (raw libsamplerate at medium quality converting 600 s of 48 kHz mono to 16 kHz, as scale.sh):
# explore with two reused workers and in one process (hello-world + two-commands, 400 runs, seed 1)
# and the ten-minute session. Alternating the two builds is what makes a difference between them
# readable on a shared machine: both see the same load within a round.
#
#   Benchmarks/Scripts/scale-pair.sh BEFORE_BINARY AFTER_BINARY [ROUNDS]
#
# Needs python3 and GNU time (/usr/bin/time).
set -euo pipefail
before=${1:?usage: scale-pair.sh BEFORE_BINARY AFTER_BINARY [ROUNDS]}
after=${2:?usage: scale-pair.sh BEFORE_BINARY AFTER_BINARY [ROUNDS]}
rounds=${3:-3}
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
explore=("$root/Scenarios/hello-world.yaml" "$root/Scenarios/two-commands.yaml" --runs 400 --seed 1 --out "$work/explore")

# measure LABEL COMMAND…: prints "LABEL wall cpu" and explore's runs per second
measure() {
  local label=$1
  shift
  /usr/bin/time -f "$label %e %U %S" -o "$work/time" "$@" > "$work/out" 2> /dev/null || true
  tail -1 "$work/time" | awk '{ printf "%-36s wall %6.2f s  cpu %6.2f s\n", $1, $2, $3 + $4 }'
  tail -1 "$work/out" | grep -oE "[0-9.]+ runs/s" || true
}

for ((round = 1; round <= rounds; round++)); do
  echo "# round $round (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  for side in before after; do
    bin=$before
    [ "$side" = after ] && bin=$after
    measure "$side.reference-libsamplerate" "$bin" audio convert "$work/ref600.wav" "$work/out16.wav" --rate 16000 --quality medium --engine libsamplerate
    measure "$side.explore-jobs2-reused" "$bin" explore "${explore[@]}" --jobs 2
    measure "$side.explore-in-process" "$bin" explore "${explore[@]}" --in-process
    measure "$side.ten-minute-session" "$bin" run-scenario "$root/Scenarios/ten-minute-session.yaml"
  done
done
