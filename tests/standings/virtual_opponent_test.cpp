// Pre-2023 unplayed-round rule (tiebreaks.md section 4.3): the official virtual-opponent examples.
#include <gtest/gtest.h>

#include "arbiter/pairing/tiebreak.h"

using namespace arbiter::pairing;

TEST(VirtualOpponent, OfficialExamples) {
  // 9 rounds, P absent in round 3 with 1.5 points before: 1.5 + 1 + 0.5 x 6 = 5.5.
  EXPECT_EQ(virtual_opponent_score(1.5, 0.0, 3, 9), 5.5);
  // 9 rounds, P's opponent absent in round 6 (P wins by forfeit), P had 3.5: 3.5 + 0 + 0.5 x 3.
  EXPECT_EQ(virtual_opponent_score(3.5, 1.0, 6, 9), 5.0);
  // After round 6 only (n = 6): 3.5 + 0 + 0 (the handbook's (6 - 6)).
  EXPECT_EQ(virtual_opponent_score(3.5, 1.0, 6, 6), 3.5);
}

TEST(Rules, ByStartDate) {
  EXPECT_EQ(rules_for_date(20220515), TiebreakRules::Fide2022);
  EXPECT_EQ(rules_for_date(20231001), TiebreakRules::Fide2024);
  EXPECT_EQ(rules_for_date(20260228), TiebreakRules::Fide2024);
  EXPECT_EQ(rules_for_date(20260301), TiebreakRules::Fide2026);
  EXPECT_EQ(rules_for_date(0), TiebreakRules::Fide2026);
  EXPECT_EQ(parse_rules("2022"), TiebreakRules::Fide2022);
  EXPECT_EQ(parse_rules("2024"), TiebreakRules::Fide2024);
  EXPECT_EQ(parse_rules("2026"), TiebreakRules::Fide2026);
  EXPECT_FALSE(parse_rules("2019x"));
}
