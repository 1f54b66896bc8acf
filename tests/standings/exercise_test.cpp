// The FIDE TEC tie-break exercise (tiebreaks.md section 5): every expected value of the
// exercise file (2024 rules) and the 2026 / pre-2023 columns of the reference table.
#include "exercise.h"

#include <gtest/gtest.h>

#include "arbiter/pairing/standings.h"
#include "test_support.h"

using namespace arbiter::pairing;

namespace {
Crosstable exercise() {
  return arbiter::test::read_exercise_csv(
      arbiter::test::shared("data/tiebreak/fide-exercise-2023.csv").string());
}
std::vector<TiebreakValue> values(const Crosstable& ct, const char* spec, TiebreakRules rules) {
  TiebreakOptions o;
  o.rules = rules;
  return compute_tiebreak(ct, parse_tiebreak(spec), o);
}
// tiebreaks.md section 5 table: score, BH 2024, BH 2026, BH-C1 2024, BH-C1 2026, SB 2024,
// SB 2026, BH old virtual opponent.
struct Row {
  double score, bh24, bh26, bhc24, bhc26, sb24, sb26, bhv;
};
const Row kTable[16] = {
    {3.5, 12.5, 12.5, 11.0, 11.0, 8.00, 8.00, 12.5},
    {4.0, 13.0, 13.0, 12.0, 12.0, 9.50, 9.50, 13.0},
    {3.5, 15.5, 15.5, 13.0, 13.0, 10.50, 10.50, 14.5},
    {3.5, 15.0, 14.0, 11.5, 11.5, 9.75, 9.25, 13.5},
    {2.5, 8.5, 8.5, 7.5, 7.5, 4.25, 4.25, 8.0},
    {3.0, 12.0, 11.5, 11.0, 10.5, 6.50, 6.00, 11.0},
    {1.5, 14.5, 14.5, 12.5, 12.5, 3.25, 3.25, 14.0},
    {2.5, 13.5, 13.5, 12.0, 12.0, 5.25, 5.25, 14.0},
    {1.5, 9.0, 9.0, 7.5, 7.5, 2.25, 2.25, 8.5},
    {1.0, 13.0, 13.0, 11.5, 11.5, 1.50, 1.50, 12.5},
    {2.5, 13.5, 12.5, 12.0, 11.0, 5.75, 4.75, 12.0},
    {2.0, 11.5, 11.5, 9.5, 9.5, 4.00, 4.00, 13.5},
    {1.5, 14.0, 14.0, 12.0, 12.0, 4.25, 4.25, 15.0},
    {2.0, 11.0, 11.0, 9.0, 9.0, 4.50, 4.50, 12.0},
    {2.0, 12.0, 12.0, 11.0, 11.0, 3.50, 3.50, 12.0},
    {3.5, 12.5, 12.5, 11.0, 11.0, 7.25, 7.25, 12.0},
};
}  // namespace

TEST(FideExercise, TableOfTiebreaksMd) {
  Crosstable ct = exercise();
  auto pts = values(ct, "PTS", TiebreakRules::Fide2024);
  auto bh24 = values(ct, "BH", TiebreakRules::Fide2024),
       bh26 = values(ct, "BH", TiebreakRules::Fide2026);
  auto c24 = values(ct, "BH/C1", TiebreakRules::Fide2024),
       c26 = values(ct, "BH/C1", TiebreakRules::Fide2026);
  auto sb24 = values(ct, "SB", TiebreakRules::Fide2024),
       sb26 = values(ct, "SB", TiebreakRules::Fide2026);
  auto bhv = values(ct, "BH", TiebreakRules::Fide2022);
  for (int p = 0; p < 16; ++p) {
    SCOPED_TRACE("player " + std::to_string(p + 1));
    EXPECT_EQ(*pts[p], kTable[p].score);
    EXPECT_EQ(*bh24[p], kTable[p].bh24);
    EXPECT_EQ(*bh26[p], kTable[p].bh26);
    EXPECT_EQ(*c24[p], kTable[p].bhc24);
    EXPECT_EQ(*c26[p], kTable[p].bhc26);
    EXPECT_DOUBLE_EQ(*sb24[p], kTable[p].sb24);
    EXPECT_DOUBLE_EQ(*sb26[p], kTable[p].sb26);
    EXPECT_EQ(*bhv[p], kTable[p].bhv);
  }
}

TEST(FideExercise, AdjustedScores) {
  // 16.3: player 12 withdrew after round 3: his ZPBs count as draws (3.0 instead of 2.0).
  Crosstable ct = exercise();
  TiebreakOptions o;
  o.rules = TiebreakRules::Fide2024;
  auto adj = adjusted_scores(ct, o);
  EXPECT_EQ(adj[11], 3.0);
  EXPECT_EQ(adj[13], 2.0);  // 14's ZPB is followed by a played game: a loss (16.2.3)
  EXPECT_EQ(adj[8], 1.5);
}
