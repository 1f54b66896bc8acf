#pragma once
// Helpers for the black-box `arbiter event` tests: a temporary directory, running the CLI, a
// player list, a fixed pseudo-random result per pairing, and reading `standings --format tsv`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/trf.h"
#include "test_support.h"

namespace arbiter::test::event_cli {

namespace fs = std::filesystem;
using namespace arbiter::pairing;
using arbiter::test::run_arbiter;

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("arbiter-event-cli-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& f) const { return (path / f).string(); }
};

inline std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline Event load(const std::string& f) { return read_event(slurp(f), f); }

// Runs arbiter and expects success.
inline std::string ok(const std::string& args) {
  auto r = run_arbiter(args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return r.out;
}

inline void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

inline std::string players_csv(int n, int top = 2400, int step = 25) {
  std::ostringstream os;
  os << "name,federation,standard,rapid,blitz\n";
  for (int i = 0; i < n; ++i) {
    int r = top - step * i;
    os << "\"Player" << char('A' + i / 26) << char('A' + i % 26) << ", Test\",ESP," << r << ','
       << r - 10 << ',' << r - 20 << '\n';
  }
  return os.str();
}

// `event new FILE ARGS`, then registers the CSV list `csv` (written next to the event file).
inline void create_event(const TempDir& d, const std::string& file, const std::string& new_args,
                         const std::string& csv) {
  ok("event new '" + file + "' " + new_args);
  write(d / "p.csv", csv);
  ok("event register '" + file + "' --csv '" + (d / "p.csv") + "'");
}

// A fixed pseudo-random result for a pairing (the test's own choice, not the program's).
inline std::string result_for(int round, int white, int black, int salt) {
  // Unsigned arithmetic: the same values, without signed overflow (UBSan).
  unsigned x = unsigned(round) * 7919u + unsigned(white) * 104729u + unsigned(black) * 1299709u +
               unsigned(salt) * 15485863u;
  x ^= x >> 13, x *= 0x5bd1e995u, x ^= x >> 15;
  int v = int(x % 10);
  return v < 4 ? "1-0" : v < 7 ? "1/2-1/2" : "0-1";
}

struct Game {
  int white, black;
  std::string result;  // 1-0 1/2-1/2 0-1 +- -+ --
};

// Points of white and black for a result.
inline std::pair<double, double> points_of(const std::string& r) {
  if (r == "1-0" || r == "+-") return {1, 0};
  if (r == "0-1" || r == "-+") return {0, 1};
  if (r == "1/2-1/2") return {0.5, 0.5};
  return {0, 0};
}

inline std::map<std::string, std::vector<std::string>> read_tsv(const std::string& tsv) {
  std::istringstream in(tsv);
  std::string line;
  std::vector<std::string> head;
  std::map<std::string, std::vector<std::string>> cols;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream ls(line);
    std::string x;
    while (std::getline(ls, x, '\t')) f.push_back(x);
    if (head.empty()) {
      head = f;
      continue;
    }
    for (size_t i = 0; i < f.size() && i < head.size(); ++i) cols[head[i]].push_back(f[i]);
  }
  return cols;
}

}  // namespace arbiter::test::event_cli
