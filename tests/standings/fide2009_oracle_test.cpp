// The pre-2023 'virtual opponent' rule (tiebreaks.md 4.3; `--rules 2022`) against an independent
// implementation: the npm package `tiebreak` (UnplayedRoundsAdjustment.FIDE_2009), run through
// tests/oracles/tiebreak-fide2009.mjs on every Swiss of the tie-break corpus. BH, BH/C1, BH/C2
// and BH/M1 of every player must agree. Skipped when node or the package is missing
// (scripts/install-deps.sh --test installs both; the package goes to .oracles/ in the source tree).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "test_support.h"

namespace fs = std::filesystem;
using arbiter::test::run_arbiter;

namespace {

std::string run(const std::string& cmd) {
  std::string out;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::array<char, 65536> buf;
    for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), p)) > 0;) out.append(buf.data(), n);
    if (::pclose(p) != 0) out.clear();
  }
  return out;
}

// StartNo -> column -> value.
std::map<std::string, std::map<std::string, std::string>> table(const std::string& tsv) {
  std::map<std::string, std::map<std::string, std::string>> t;
  std::istringstream in(tsv);
  std::vector<std::string> head;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    std::istringstream ls(line);
    for (std::string x; std::getline(ls, x, '\t');) f.push_back(x);
    if (head.empty()) {
      head = f;
      continue;
    }
    for (size_t i = 0; i < f.size() && i < head.size(); ++i) t[f[0]][head[i]] = f[i];
  }
  return t;
}

}  // namespace

TEST(VirtualOpponentOracle, BuchholzFamilyEqualsNpmTiebreakOnEverySwiss) {
  const fs::path modules = arbiter::test::source(".oracles/node_modules");
  if (run("node --version").empty() || !fs::exists(modules / "tiebreak" / "build" / "index.js"))
    ARBITER_ORACLE_MISSING(
        "node or the npm package tiebreak is missing (scripts/install-deps.sh --test)");
  const std::string script = arbiter::test::source("tests/oracles/tiebreak-fide2009.mjs").string();
  int files = 0, cells = 0;
  for (const auto& de : fs::directory_iterator(arbiter::test::shared("data/tiebreak/public"))) {
    const std::string name = de.path().filename().string();
    if (name.size() < 5 || name[0] != 'S' || de.path().extension() != ".trf") continue;
    const std::string trf = de.path().string();
    auto oracle = table(run("node '" + script + "' '" + modules.string() + "' '" + trf + "'"));
    ASSERT_FALSE(oracle.empty()) << "oracle failed on " << name;
    auto r = run_arbiter("standings '" + trf +
                         "' --rules 2022 --tiebreaks 'BH BH/C1 BH/C2 BH/M1' --format tsv");
    ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
    auto ours = table(r.out);
    ASSERT_EQ(ours.size(), oracle.size()) << name;
    for (const auto& [sno, row] : oracle)
      for (const char* col : {"BH", "BH/C1", "BH/C2", "BH/M1"}) {
        ASSERT_TRUE(ours[sno].count(col)) << name << " player " << sno << " " << col;
        EXPECT_NEAR(std::stod(ours[sno][col]), std::stod(row.at(col)), 1e-9)
            << name << " player " << sno << " " << col;
        ++cells;
      }
    ++files;
  }
  EXPECT_EQ(files, 36);
  EXPECT_GT(cells, 3000);
}
