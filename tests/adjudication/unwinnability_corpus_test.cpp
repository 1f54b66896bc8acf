// The shared unwinnability corpora (../shared/data/unwinnability): every verdict must equal the
// label (a wrong `unwinnable` or `winnable` fails at once), every witness must replay to a
// checkmate by the side, and undetermined answers are counted. CI runs curated.tsv in full and
// a deterministic sample of the two large files; ARBITER_FULL=1 runs everything.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>

#include "arbiter/adjudication/unwinnability.h"
#include "test_support.h"

namespace adj = arbiter::adjudication;
using arbiter::test::full_run;
using arbiter::test::shared;

namespace {

struct Row {
  std::string fen, side, label;
  int line = 0;
};

std::vector<Row> load(const std::string& name, std::size_t stride) {
  std::ifstream in(shared("data/unwinnability/" + name));
  EXPECT_TRUE(in) << "missing corpus " << name;
  std::vector<Row> rows;
  std::string line;
  int n = 0, kept = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind("fen\t", 0) == 0 || line.empty()) continue;
    std::istringstream ls(line);
    Row r;
    std::getline(ls, r.fen, '\t');
    std::getline(ls, r.side, '\t');
    std::getline(ls, r.label, '\t');
    r.line = n;
    if (kept++ % stride == 0) rows.push_back(r);
  }
  return rows;
}

struct Tally {
  int agree = 0, wrong = 0, undetermined = 0, bad_witness = 0;
  double total_us = 0, worst_us = 0;
};

Tally check(const std::vector<Row>& rows, const std::string& name, std::uint64_t budget) {
  Tally t;
  adj::Solver solver;  // one reusable solver, as a batch caller would use
  for (const auto& r : rows) {
    auto pos = arbiter::Position::from_fen(r.fen, false, true);
    if (!pos.ok()) {
      ADD_FAILURE() << name << ':' << r.line << ": cannot read " << r.fen << ": "
                    << pos.error().message();
      continue;
    }
    const arbiter::Color side = r.side == "w" ? arbiter::WHITE : arbiter::BLACK;
    const auto t0 = std::chrono::steady_clock::now();
    auto v = solver.can_checkmate(*pos, side, budget);
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    t.total_us += us;
    t.worst_us = std::max(t.worst_us, us);
    if (v.verdict == adj::Verdict::Undetermined) {
      ++t.undetermined;
      continue;
    }
    if (adj::verdict_name(v.verdict) != r.label) {
      ++t.wrong;
      ADD_FAILURE() << name << ':' << r.line << ": " << r.fen << " side " << r.side << ": label "
                    << r.label << ", got " << adj::verdict_name(v.verdict) << " (" << v.reason
                    << ")";
      continue;
    }
    if (v.verdict == adj::Verdict::Winnable && !adj::replays_to_mate(*pos, v.witness, side)) {
      ++t.bad_witness;
      ADD_FAILURE() << name << ':' << r.line
                    << ": witness does not replay to mate: " << adj::witness_san(*pos, v.witness);
      continue;
    }
    ++t.agree;
  }
  std::cout << name << ": " << rows.size() << " queries, " << t.agree << " agree, " << t.wrong
            << " wrong, " << t.undetermined << " undetermined, " << t.bad_witness
            << " bad witnesses; avg " << (rows.empty() ? 0 : t.total_us / rows.size())
            << " us, worst " << t.worst_us / 1000 << " ms per query (one thread)\n";
  return t;
}

}  // namespace

// Known gaps at the time of writing (honestly reported in the issue): the search leaves a few
// hard queries undetermined (curated: none at the time of writing; the dead positions with
// bishops behind locked pawns of D3-Chess issue #40 and test-vector.txt are proved by the case
// splits, the long helpmate with an underpromotion is found by the plan-steered probe). These
// ceilings only guard against regressions; the goal is zero.
TEST(UnwinnabilityCorpus, Curated) {
  auto t = check(load("curated.tsv", 1), "curated.tsv", 2'000'000);
  EXPECT_EQ(t.wrong, 0);
  EXPECT_EQ(t.bad_witness, 0);
  EXPECT_LE(t.undetermined, 0);
}

TEST(UnwinnabilityCorpus, LichessSample) {
  auto rows = load("lichess-public.tsv", full_run() ? 1 : 128);
  auto t = check(rows, "lichess-public.tsv", full_run() ? adj::kDefaultNodeBudget : 300'000);
  EXPECT_EQ(t.wrong, 0);
  EXPECT_EQ(t.bad_witness, 0);
  EXPECT_LE(t.undetermined * 100, int(rows.size()) * 1);
}

TEST(UnwinnabilityCorpus, CommunitySample) {
  auto rows = load("community-public.tsv", full_run() ? 1 : 8);
  auto t = check(rows, "community-public.tsv", full_run() ? adj::kDefaultNodeBudget : 300'000);
  EXPECT_EQ(t.wrong, 0);
  EXPECT_EQ(t.bad_witness, 0);
  EXPECT_LE(t.undetermined * 100, int(rows.size()) * 6);
}
