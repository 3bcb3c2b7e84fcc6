#!/usr/bin/env bash
# Issue 36's two re-based ratio goals, each measured as whole processes by CPU time
# (`perf stat -e task-clock`), the four commands alternated within each round so the machine's load
# hits all of them:
#
# - the ten-minute session (`run-scenario Scenarios/ten-minute-session.yaml`) against the reference,
#   `audio convert` of 600 s of 48 kHz mono to 16 kHz with `--quality medium --engine libsamplerate`
#   (goal: the session at least 22× faster);
# - a 60 s speech scenario (the bundled fixtures' speech joined at 48 kHz mono and looped to 60 s, no
#   model script, the audio check on) against `audio convert` of its audio to 16 kHz (the command's
#   defaults; goal: at most 1.5×); the same conversion at medium libsamplerate is printed beside it.
#
#   Benchmarks/Scripts/rebased-ratios.sh RELEASE_BINARY [ROUNDS]
#
# Prints each round's CPU milliseconds, then the medians of the per-round ratios. Needs python3 and perf.
set -euo pipefail
bin=${1:?usage: rebased-ratios.sh RELEASE_BINARY [ROUNDS]}
rounds=${2:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
audio=$root/fixtures/audio
for f in hello-world two-commands librivox/ill-disposed librivox/made-amiable librivox/two-sentences; do
  "$bin" audio convert "$audio/$f.wav" "$work/$(basename "$f").wav" --rate 48000 --channels 1 --sample-type int16 > /dev/null
done
cp "$audio/quick-brown-fox-48k.wav" "$work/quick-brown-fox-48k.wav"
python3 - "$work" << 'PY'
import array, math, sys, wave
work = sys.argv[1]
joined = b""
for name in ["hello-world", "two-commands", "ill-disposed", "quick-brown-fox-48k", "made-amiable", "two-sentences"]:
    w = wave.open(f"{work}/{name}.wav")
    assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (48000, 1, 2), name
    joined += w.readframes(w.getnframes())
need = 60 * 48000 * 2
looped = (joined * (need // len(joined) + 1))[:need]
w = wave.open(f"{work}/speech60.wav", "wb"); w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000)
w.writeframes(looped); w.close()
w = wave.open(f"{work}/ref600.wav", "wb"); w.setnchannels(1); w.setsampwidth(2); w.setframerate(48000)
for s in range(600):
    w.writeframes(array.array("h", [int(8000 * math.sin(2 * math.pi * (220 + s) * i / 48000)) for i in range(48000)]).tobytes())
w.close()
PY
cat > "$work/speech60.yaml" << 'YAML'
schema: 1
name: sixty seconds of the fixtures' speech
audio: speech60.wav
steps: [start, { play: end }, stop]
YAML

cpu() { perf stat -x, -e task-clock "$@" 2>&1 > /dev/null | tail -1 | cut -d, -f1; }
for ((round = 1; round <= rounds; round++)); do
  ten=$(cpu "$bin" run-scenario "$root/Scenarios/ten-minute-session.yaml")
  ref=$(cpu "$bin" audio convert "$work/ref600.wav" "$work/out600.wav" --rate 16000 --quality medium --engine libsamplerate)
  sixty=$(cpu "$bin" run-scenario "$work/speech60.yaml")
  conv=$(cpu "$bin" audio convert "$work/speech60.wav" "$work/out60.wav" --rate 16000)
  medium=$(cpu "$bin" audio convert "$work/speech60.wav" "$work/out60m.wav" --rate 16000 --quality medium --engine libsamplerate)
  echo "round $round ten $ten ref $ref sixty $sixty convert $conv convertMedium $medium load $(cut -d' ' -f1 /proc/loadavg)"
done | tee "$work/rounds.txt"
python3 - "$work/rounds.txt" << 'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
get = lambda row, key: float(row[row.index(key) + 1])
med = lambda values: statistics.median(values)
print(f"ten-minute session {med([get(r, 'ten') for r in rows]):.1f} ms, reference {med([get(r, 'ref') for r in rows]):.1f} ms: "
      f"{med([get(r, 'ref') / get(r, 'ten') for r in rows]):.1f}x faster (goal >= 22x)")
print(f"60 s scenario {med([get(r, 'sixty') for r in rows]):.1f} ms, convert {med([get(r, 'convert') for r in rows]):.1f} ms: "
      f"{med([get(r, 'sixty') / get(r, 'convert') for r in rows]):.2f}x (goal <= 1.5x); against medium libsamplerate "
      f"{med([get(r, 'sixty') / get(r, 'convertMedium') for r in rows]):.2f}x")
PY
