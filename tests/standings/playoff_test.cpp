// Armageddon play-off between the first two tied on points (events.md A, tiebreaks.md 7).
#include "arbiter/pairing/playoff.h"

#include <gtest/gtest.h>

using namespace arbiter::pairing;

namespace {
Standings tied_top() {
  Standings s;
  for (int i = 0; i < 3; ++i) {
    StandingsRow r;
    r.start_no = i + 1;
    r.rank = i < 2 ? 1 : 3;
    r.points = i < 2 ? 6.5 : 6.0;
    r.shared = i < 2;
    s.rows.push_back(r);
  }
  return s;
}
}  // namespace

TEST(Armageddon, WhiteMustWinDrawGoesToBlack) {
  Standings s = tied_top();
  ASSERT_TRUE(playoff_due(s));
  ArmageddonGame g = parse_armageddon("2-1 1/2");
  EXPECT_EQ(armageddon_winner(g), 1);  // draw: Black (1) takes the place
  Standings a = apply_armageddon(s, g);
  EXPECT_EQ(a.rows[0].start_no, 1);
  EXPECT_EQ(a.rows[0].rank, 1);
  EXPECT_EQ(a.rows[1].rank, 2);
  EXPECT_FALSE(a.rows[0].shared);
  Standings w = apply_armageddon(s, parse_armageddon("2-1 1-0"));
  EXPECT_EQ(w.rows[0].start_no, 2);
  Standings b = apply_armageddon(s, parse_armageddon("1 2 0-1"));
  EXPECT_EQ(b.rows[0].start_no, 2);
  EXPECT_NE(a.note.find("W300-B240"), std::string::npos);
}

TEST(Armageddon, Validation) {
  Standings s = tied_top();
  EXPECT_THROW(apply_armageddon(s, parse_armageddon("1-3 1-0")), std::invalid_argument);
  ArmageddonGame unplayed = parse_armageddon("1-2 1-0");  // the shared result type also has
  unplayed.result = arbiter::GameResult::Unfinished;      // PGN's `*`: not a play-off result
  EXPECT_THROW(apply_armageddon(s, unplayed), std::invalid_argument);
  s.rows[1].points = 6.0;
  EXPECT_FALSE(playoff_due(s));
  EXPECT_THROW(apply_armageddon(s, parse_armageddon("1-2 1-0")), std::invalid_argument);
  EXPECT_THROW(parse_armageddon("1-2 2-0"), std::invalid_argument);
  EXPECT_THROW(parse_armageddon("1-1 1-0"), std::invalid_argument);
  EXPECT_EQ(parse_armageddon_clock("W300-B240").code(), "W300-B240");
  EXPECT_EQ(parse_armageddon_clock("W240+2-B180+2").increment, 2);
  EXPECT_THROW(parse_armageddon_clock("W240-B300"), std::invalid_argument);  // White gets more
  EXPECT_THROW(parse_armageddon_clock("5+3"), std::invalid_argument);
  auto [w, bl] = draw_colours(4, 9, 7);
  EXPECT_TRUE((w == 4 && bl == 9) || (w == 9 && bl == 4));
  int pos = draw_chess960_position(12345);
  EXPECT_GE(pos, 0);
  EXPECT_LT(pos, 960);
}
