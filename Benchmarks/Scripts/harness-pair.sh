#!/usr/bin/env bash
# Issue 23's two per-buffer goals for two builds, alternated within each round so both see the same
# load (CPU time from `perf stat -e task-clock`, the steadier figure on a shared machine):
#
# - the reference: raw libsamplerate at medium quality converting 600 s of 48 kHz mono to 16 kHz
#   (`audio convert --engine libsamplerate`, as scale.sh), and the ten-minute session
#   (`run-scenario Scenarios/ten-minute-session.yaml`) of each build, twice a round; the goal is the
#   session ≥ 27× faster than the reference;
# - the 60 s scenario of the ScenarioSuite benchmark from the command line (`run-scenario`, process
#   start included), and in one reused worker (`run` of ten copies with `--jobs 1`: the CPU of the
#   whole command, parent and worker, per copy; and the mean `wallSeconds` of copies 2–10, what the
#   in-process benchmark's scenario side measures, but wall time).
#
#   Benchmarks/Scripts/harness-pair.sh BEFORE_BINARY AFTER_BINARY SIXTY_YAML [ROUNDS]
#
# SIXTY_YAML is the 60 s scenario the ScenarioSuite benchmark writes next to its temporary audio
# (sixty.yaml, with sixty.wav and sixty.words.tsv beside it). Prints each round's figures, then the
# medians. Needs python3 and perf. The benchmark's own paired ratio ("60 s scenario / conversion
# (paired)") needs the benchmark built once per side (Performance.md, Commands).
set -euo pipefail
before=${1:?usage: harness-pair.sh BEFORE_BINARY AFTER_BINARY SIXTY_YAML [ROUNDS]}
after=${2:?usage: harness-pair.sh BEFORE_BINARY AFTER_BINARY SIXTY_YAML [ROUNDS]}
sixty=${3:?usage: harness-pair.sh BEFORE_BINARY AFTER_BINARY SIXTY_YAML [ROUNDS]}
rounds=${4:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
sixty=$(cd "$(dirname "$sixty")" && pwd)/$(basename "$sixty")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work/ref600.wav" << 'PY'
import array, math, sys, wave
w = wave.open(sys.argv[1], "wb"); w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000)
for s in range(600):
    w.writeframes(array.array("h", [int(8000 * math.sin(2 * math.pi * (220 + s) * i / 48000)) for i in range(48000)]).tobytes())
w.close()
PY
# Ten copies of the 60 s scenario with distinct names, its audio and words by absolute path.
folder=$(dirname "$sixty")
mkdir "$work/copies"
for i in $(seq 1 10); do
  sed -e "s|^name: \(.*\)|name: \"\1 $i\"|" -e "s|audio: \(.*\)|audio: $folder/\1|" \
    -e "s|transcript: \([^,}]*\)|transcript: $folder/\1|" "$sixty" > "$work/copies/copy$i.yaml"
done

cpu() { perf stat -x, -e task-clock "$@" 2>&1 > /dev/null | tail -1 | cut -d, -f1; }
# The CPU (ms) of `run` over the ten copies in one reused worker, per copy, then the mean
# wallSeconds (ms) of copies 2..10.
worker() {
  local total
  total=$(cpu "$1" run "$work/copies" --jobs 1 --no-history --json "$work/copies.json")
  python3 - "$work/copies.json" "$total" "$2" << 'PY'
import json, sys
data = json.load(open(sys.argv[1]))
results = data["results"] if isinstance(data, dict) else data
walls = [r["wallSeconds"] for r in results if not r["file"].endswith("copy1.yaml")]
print(f"worker.{sys.argv[3]} {float(sys.argv[2]) / 10:.2f} workerwall.{sys.argv[3]} {1000 * sum(walls) / len(walls):.2f}")
PY
}

for ((round = 1; round <= rounds; round++)); do
  ten=$root/Scenarios/ten-minute-session.yaml
  echo "round $round load $(cut -d' ' -f1 /proc/loadavg)" \
    "reference $(cpu "$before" audio convert "$work/ref600.wav" "$work/out16.wav" --rate 16000 --quality medium --engine libsamplerate)" \
    "ten.before $(cpu "$before" run-scenario "$ten") ten.after $(cpu "$after" run-scenario "$ten")" \
    "ten.before $(cpu "$before" run-scenario "$ten") ten.after $(cpu "$after" run-scenario "$ten")" \
    "sixty.before $(cpu "$before" run-scenario "$sixty") sixty.after $(cpu "$after" run-scenario "$sixty")" \
    "$(worker "$before" before) $(worker "$after" after)"
done | tee "$work/rounds"
python3 - "$work/rounds" << 'PY'
import collections, statistics, sys
values = collections.defaultdict(list)
for line in open(sys.argv[1]):
    words = line.split()
    for key, value in zip(words[4::2], words[5::2]):
        values[key].append(float(value))
median = {key: statistics.median(v) for key, v in values.items()}
reference = median["reference"]
for side in ("before", "after"):
    ten = median[f"ten.{side}"]
    print(f"{side}: ten-minute {ten:.1f} ms CPU, {reference / ten:.1f}x faster than the reference ({reference:.0f} ms);"
          f" 60 s run-scenario {median[f'sixty.{side}']:.1f} ms CPU; 60 s in a reused worker"
          f" {median[f'worker.{side}']:.1f} ms CPU, {median[f'workerwall.{side}']:.2f} ms wall")
PY
