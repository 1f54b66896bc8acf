#!/usr/bin/env bash
# Installs what is missing, builds in Release and runs the main job: `arbiter demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DARBITER_TESTS=OFF -DARBITER_BENCH=OFF >/dev/null
cmake --build build --target arbiter -j"$(nproc)"
exec build/tools/arbiter demo "$@"
