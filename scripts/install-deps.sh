#!/usr/bin/env bash
# Installs the Debian 12 packages arbiter needs, only those that are missing.
#   scripts/install-deps.sh          build + run dependencies
#   scripts/install-deps.sh --test   also the test oracles and fuzzing toolchain
set -euo pipefail
# libboost1.74-dev (Debian 12 Boost headers, also pulled in by program-options): Boost.Beast,
# header-only, the HTTP server of `arbiter serve`.
pkgs=(cmake g++ make pkg-config libboost-program-options-dev libboost1.74-dev nlohmann-json3-dev
      libzstd-dev libgtest-dev libgmock-dev libbenchmark-dev python3)
if [ "${1:-}" = "--test" ]; then
  # stockfish: perft oracle and speed peer; pgn-extract: PGN speed peer; clang: libFuzzer;
  # qemu-user and the aarch64 cross compiler: scripts/qemu-test.sh (libzstd-dev:arm64 below).
  pkgs+=(stockfish pgn-extract clang-14 libclang-rt-14-dev zstd qemu-user g++-aarch64-linux-gnu)
  # The desk's browser test: headless chromium driven by selenium (tests/desk/browser_test.py).
  pkgs+=(chromium chromium-driver python3-selenium)
  # strace: the kill -9 test kills each writer on entering one of its disk calls (inject=...:
  # signal=KILL), deterministically; util-linux (essential: setpriv, flock, unshare) is there.
  pkgs+=(strace)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${1:-}" = "--test" ]; then
  # node + npm: extra test oracles from npm (never runtime dependencies). Whatever node is
  # installed will do; Debian's own packages otherwise.
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
if [ "${1:-}" = "--test" ] && [ "$(dpkg --print-architecture)" = amd64 ]; then
  # The aarch64 cross build links libzstd for arm64: Debian multiarch.
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    $SUDO dpkg --add-architecture arm64
  fi
  dpkg-query -W -f='${Status}' libzstd-dev:arm64 2>/dev/null | grep -q "install ok installed" ||
    missing+=(libzstd-dev:arm64)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if [ "${1:-}" = "--test" ]; then
  # The npm oracle `tiebreak` (pre-2023 virtual-opponent Buchholz) in .oracles/, pinned. Best
  # effort: without network the oracle test is skipped, nothing else depends on it.
  root=$(cd "$(dirname "$0")/.." && pwd)
  if [ ! -f "$root/.oracles/node_modules/tiebreak/package.json" ]; then
    if ! npm install --silent --no-audit --no-fund --prefix "$root/.oracles" tiebreak@0.4.0 >/dev/null 2>&1; then
      # In CI every oracle must be there (the tests fail without it); locally the test skips.
      [ "${CI:-}" = true ] && { echo "error: npm package tiebreak not installed" >&2; exit 1; }
      echo "warning: npm package tiebreak not installed; its oracle test will be skipped"
    fi
  fi
fi
