#!/usr/bin/env bash
# Installs the Debian 12 packages arbiter needs, only those that are missing.
#   scripts/install-deps.sh          build + run dependencies
#   scripts/install-deps.sh --test   also the test oracles and fuzzing toolchain
set -euo pipefail
pkgs=(cmake g++ make pkg-config libboost-program-options-dev nlohmann-json3-dev libfmt-dev
      libzstd-dev liblemon-dev libgtest-dev libgmock-dev libbenchmark-dev python3)
if [ "${1:-}" = "--test" ]; then
  # stockfish: perft oracle and speed peer; pgn-extract: PGN speed peer; clang: libFuzzer.
  pkgs+=(stockfish pgn-extract clang-14 libclang-rt-14-dev zstd)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
