#pragma once
// Helpers shared by every test executable: where the shared corpora are, whether the full
// (slow) corpus runs were asked for, and running the `arbiter` binary as a black box.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace arbiter::test {

// The `arbiter` program of this build, ../shared and the source tree (test_paths.cpp).
const char* arbiter_bin();
const char* shared_dir();
const char* source_dir();
#define ARBITER_BIN (::arbiter::test::arbiter_bin())

inline std::filesystem::path shared(const std::string& rel) {
  return std::filesystem::path(shared_dir()) / rel;
}
inline std::filesystem::path source(const std::string& rel) {
  return std::filesystem::path(source_dir()) / rel;
}
// CI=true (set by CI services): a missing oracle is a failure, since scripts/install-deps.sh
// --test installs every one.
inline bool in_ci() {
  const char* v = std::getenv("CI");
  return v && std::string(v) == "true";
}
// Leaves the test when an oracle (stockfish, node and the npm package tiebreak) is missing: a
// failure in CI, a skip that says why elsewhere.
#define ARBITER_ORACLE_MISSING(why)                                             \
  do {                                                                          \
    if (::arbiter::test::in_ci()) FAIL() << why << " (a failure with CI=true)"; \
    GTEST_SKIP() << why;                                                        \
  } while (0)

// ARBITER_FULL=1 runs whole corpora; otherwise tests use a deterministic sample.
inline bool full_run() {
  const char* v = std::getenv("ARBITER_FULL");
  return v && std::string(v) == "1";
}

struct RunResult {
  int exit_code = -1;
  std::string out;  // stdout only; stderr is captured into err via a temp file
  std::string err;
};

// Runs `arbiter ARGS` through /bin/sh (ARGS is a shell fragment; quote it yourself),
// optionally feeding `input` on stdin.
inline RunResult run_arbiter(const std::string& args, const std::string& input = {}) {
  namespace fs = std::filesystem;
  static int counter = 0;
  auto base = fs::temp_directory_path() /
              ("arbiter-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::string in = base.string() + ".in", errf = base.string() + ".err";
  {
    FILE* f = std::fopen(in.c_str(), "wb");
    if (f) {
      std::fwrite(input.data(), 1, input.size(), f);
      std::fclose(f);
    }
  }
  std::string cmd =
      std::string("'") + ARBITER_BIN + "' " + args + " <'" + in + "' 2>'" + errf + "'";
  RunResult r;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::array<char, 65536> buf;
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int st = ::pclose(p);
    r.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  if (FILE* f = std::fopen(errf.c_str(), "rb")) {
    std::array<char, 65536> buf;
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) r.err.append(buf.data(), n);
    std::fclose(f);
  }
  fs::remove(in);
  fs::remove(errf);
  return r;
}

}  // namespace arbiter::test
