#!/usr/bin/env bash
# Writes a suite of N generated scenarios (default 1000) into FOLDER for the large-suite figure in
# Documentation/Performance.md: the bundled small scenarios (hello-world, two-commands, double-start,
# stop-before-start), each copied N/4 times under its own name with its paths made absolute.
#
#   Benchmarks/Scripts/thousand-scenarios.sh "$TMPDIR/thousand" 1000
#   speech-replay run "$TMPDIR/thousand" --jobs 2 --no-history                  # reused workers
#   speech-replay run "$TMPDIR/thousand" --jobs 2 --no-history --fresh-workers  # a process per scenario
set -euo pipefail
folder=${1:?usage: thousand-scenarios.sh FOLDER [COUNT]}
count=${2:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$folder"
sources=(hello-world two-commands double-start stop-before-start)
for ((i = 0; i < count; i++)); do
  source=${sources[$((i % ${#sources[@]}))]}
  sed -e "s|^name: \(.*\)|name: \"generated $i: \1\"|" -e "s|\.\./fixtures/|$root/fixtures/|g" \
    "$root/Scenarios/$source.yaml" > "$folder/generated-$i.yaml"
done
