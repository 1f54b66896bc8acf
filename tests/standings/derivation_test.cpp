// The derivation of a tie-break term by term (the player card's "why is my Buchholz 23.5?"), on
// the FIDE TEC exercise (tiebreaks.md section 5): the terms the reference text works out step by
// step for players 4, 9 and 11, and for every player and spec the terms sum to the value.
#include <gtest/gtest.h>

#include "arbiter/pairing/tiebreak.h"
#include "exercise.h"
#include "test_support.h"

using namespace arbiter::pairing;

namespace {
Crosstable exercise() {
  return arbiter::test::read_exercise_csv(
      arbiter::test::shared("data/tiebreak/fide-exercise-2023.csv").string());
}
TiebreakDerivation explain(const Crosstable& ct, const char* spec, int p, TiebreakRules rules) {
  TiebreakOptions o;
  o.rules = rules;
  return explain_tiebreak(ct, parse_tiebreak(spec), p, o);
}
}  // namespace

// tiebreaks.md 5: "Player 4, BH (2024): opponents' adjusted scores R1 #12 = 3.0 (not 2.0: his
// trailing ZPBs become draws), R3 #13 = 1.5, R4 #3 = 3.5, R5 #1 = 3.5; R2 is an HPB -> dummy =
// own score 3.5. BH = 15.0. 2026: dummy capped at 0.5 x 5 = 2.5 -> 14.0. BH-C1: the HPB is a
// VUR; lowest VUR contribution 3.5 >= least significant 1.5, so the VUR is cut -> 11.5."
TEST(TiebreakDerivation, Player4BuchholzAsTheReferenceWorksItOut) {
  const Crosstable ct = exercise();
  auto d = explain(ct, "BH", 4, TiebreakRules::Fide2024);
  ASSERT_TRUE(d.explained);
  ASSERT_EQ(d.terms.size(), 5u);
  const int opp[5] = {12, 0, 13, 3, 1};
  const double score[5] = {3.0, 3.5, 1.5, 3.5, 3.5};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(d.terms[i].round, int(i) + 1);
    EXPECT_DOUBLE_EQ(d.terms[i].score, score[i]) << i;
    if (opp[i]) {
      EXPECT_EQ(d.terms[i].opponent, opp[i]) << i;
      EXPECT_EQ(d.terms[i].source, TermSource::Opponent) << i;
    } else {
      EXPECT_EQ(d.terms[i].source, TermSource::Dummy) << i;
      EXPECT_TRUE(d.terms[i].vur);
    }
    EXPECT_FALSE(d.terms[i].cut);
  }
  EXPECT_TRUE(d.terms[0].adjusted) << "#12 scored 2.0; his trailing ZPBs count as draws (16.3)";
  EXPECT_DOUBLE_EQ(*d.value, 15.0);
  d = explain(ct, "BH", 4, TiebreakRules::Fide2026);
  EXPECT_EQ(d.terms[1].source, TermSource::DummyCappedByRounds);
  EXPECT_DOUBLE_EQ(d.terms[1].score, 2.5);
  EXPECT_DOUBLE_EQ(*d.value, 14.0);
  d = explain(ct, "BH/C1", 4, TiebreakRules::Fide2024);
  EXPECT_TRUE(d.terms[1].cut) << "16.5: the VUR is cut, not #13's 1.5";
  EXPECT_FALSE(d.terms[2].cut);
  EXPECT_DOUBLE_EQ(*d.value, 11.5);
}

// "Player 11, BH: R4 forfeit win vs #9 -> dummy = own 2.5 (2024) -> 13.5; in 2026 capped by #9's
// adjusted score 1.5 -> 12.5." "Player 9, BH-C1 = 7.5: ... lowest VUR contribution 1.5 >= 1.0 ->
// cut a VUR (1.5)".
TEST(TiebreakDerivation, DummyCapsAndTheVurCut) {
  const Crosstable ct = exercise();
  auto d = explain(ct, "BH", 11, TiebreakRules::Fide2026);
  ASSERT_EQ(d.terms.size(), 5u);
  EXPECT_EQ(d.terms[3].opponent, 9);
  EXPECT_EQ(d.terms[3].source, TermSource::DummyCappedByOpponent);
  EXPECT_DOUBLE_EQ(d.terms[3].score, 1.5);
  EXPECT_DOUBLE_EQ(*d.value, 12.5);
  EXPECT_DOUBLE_EQ(explain(ct, "BH", 11, TiebreakRules::Fide2024).terms[3].score, 2.5);
  d = explain(ct, "BH/C1", 9, TiebreakRules::Fide2024);
  int cut = 0;
  for (const auto& t : d.terms)
    if (t.cut) {
      ++cut;
      EXPECT_TRUE(t.vur);
      EXPECT_DOUBLE_EQ(t.value, 1.5);
    }
  EXPECT_EQ(cut, 1);
  EXPECT_DOUBLE_EQ(*d.value, 7.5);
}

TEST(TiebreakDerivation, TermsSumToTheValueForEveryPlayerAndSpec) {
  const Crosstable ct = exercise();
  for (auto rules : {TiebreakRules::Fide2022, TiebreakRules::Fide2024, TiebreakRules::Fide2026})
    for (const char* spec : {"BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB", "BH/C2"}) {
      TiebreakOptions o;
      o.rules = rules;
      const auto values = compute_tiebreak(ct, parse_tiebreak(spec), o);
      for (int p = 1; p <= int(ct.players.size()); ++p) {
        const auto d = explain_tiebreak(ct, parse_tiebreak(spec), p, o);
        double sum = 0;
        for (const auto& t : d.terms) sum += t.cut ? 0 : t.value;
        EXPECT_DOUBLE_EQ(sum, *values[size_t(p - 1)]) << spec << " player " << p;
        EXPECT_DOUBLE_EQ(*d.value, *values[size_t(p - 1)]);
      }
    }
  // Kinds without terms give the value alone.
  const auto d = explain_tiebreak(ct, parse_tiebreak("WIN"), 1);
  EXPECT_FALSE(d.explained);
  EXPECT_TRUE(d.terms.empty());
  EXPECT_THROW(explain_tiebreak(ct, parse_tiebreak("BH"), 17), std::out_of_range);
}
