// Tie-break lists as events write them (C.07 acronyms, art. 14 modifiers, TRF-2026 202/212).
#include <gtest/gtest.h>

#include "arbiter/pairing/tiebreak_spec.h"

using namespace arbiter::pairing;

TEST(TiebreakSpec, SeedEventLists) {
  auto l = parse_tiebreaks("BH/C1 SB DE ARO/C1 WIN");
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0].kind, TiebreakKind::BH);
  EXPECT_EQ(l[0].cut_low, 1);
  EXPECT_EQ(l[0].cut_high, 0);
  EXPECT_EQ(l[2].kind, TiebreakKind::DE);
  EXPECT_EQ(l[3].kind, TiebreakKind::ARO);
  EXPECT_EQ(l[3].cut_low, 1);
  EXPECT_EQ(to_string(l), "BH/C1 SB DE ARO/C1 WIN");
  // TRF-2026 202: comma-separated.
  EXPECT_EQ(to_string(parse_tiebreaks("BH/C1,BH,SB"), ","), "BH/C1,BH,SB");
  EXPECT_EQ(parse_tiebreaks(kAllSpecs27).size(), 27u);
}

TEST(TiebreakSpec, Modifiers) {
  auto m = parse_tiebreak("BH/M2");
  EXPECT_EQ(m.cut_low, 2);
  EXPECT_EQ(m.cut_high, 2);
  EXPECT_EQ(parse_tiebreak("bh-c1").text, "BH/C1");  // 2024-era lichess style, any case
  EXPECT_EQ(parse_tiebreak("AROC1").cut_low, 1);     // ARO-C1 = AROC1
  EXPECT_EQ(parse_tiebreak("BH/Cut-2").cut_low, 2);
  EXPECT_EQ(parse_tiebreak("BH/Median-1").cut_high, 1);
  EXPECT_EQ(parse_tiebreak("KS/L+1").limit_shift, 0.5);  // half-points
  EXPECT_EQ(parse_tiebreak("KS/L-2").limit_shift, -1.0);
  EXPECT_EQ(parse_tiebreak("KS/L+1.5").limit_shift, 1.5);
  EXPECT_EQ(parse_tiebreak("KS/L60").limit_percent, 60.0);
  EXPECT_TRUE(parse_tiebreak("DE/P").predetermined);
  EXPECT_TRUE(parse_tiebreak("AOB/F").fore);
  EXPECT_TRUE(parse_tiebreak("RTNG/R").reverse);
  EXPECT_TRUE(parse_tiebreak("TPN/R").reverse);
  EXPECT_EQ(parse_tiebreak("ARO/U1000").unrated_rating, 1000);
  EXPECT_EQ(parse_tiebreak("BH/C1/V2022").rules, TiebreakRules::Fide2022);
  EXPECT_EQ(parse_tiebreak("SB/V2026").rules, TiebreakRules::Fide2026);
  EXPECT_EQ(parse_tiebreak("GE").kind, TiebreakKind::REP);  // 2024 name of 7.6
  EXPECT_EQ(parse_tiebreak("GE").text, "GE");
  for (const char* a :
       {"PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS",  "GE",  "REP",  "STD",  "TPN",
        "BH",  "FB", "AOB", "SB",  "KS",  "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
    EXPECT_EQ(parse_tiebreak(a).text, a);
}

TEST(TiebreakSpec, ErrorsNameTheColumn) {
  try {
    parse_tiebreaks("BH/C1 SB XYZ");
    FAIL();
  } catch (const TiebreakSpecError& e) {
    EXPECT_EQ(e.column(), 10);
    EXPECT_NE(std::string(e.what()).find("unknown tie-break"), std::string::npos);
  }
  EXPECT_THROW(parse_tiebreak("WIN/C1"), TiebreakSpecError);  // no cut on a count
  EXPECT_THROW(parse_tiebreak("BH/Q"), TiebreakSpecError);
  EXPECT_THROW(parse_tiebreak("BH/C"), TiebreakSpecError);
  EXPECT_THROW(parse_tiebreak("SB/L+1"), TiebreakSpecError);    // Limit is Koya's
  EXPECT_THROW(parse_tiebreak("KS/L-..5"), TiebreakSpecError);  // found by fuzz_tiebreak_spec
  EXPECT_THROW(parse_tiebreak("KS/L+5..0"), TiebreakSpecError);
  EXPECT_THROW(parse_tiebreak("BH/V1999"), TiebreakSpecError);
  try {
    parse_tiebreaks("BH SB/X");
    FAIL();
  } catch (const TiebreakSpecError& e) {
    EXPECT_EQ(e.column(), 7);
  }
}
