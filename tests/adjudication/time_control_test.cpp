// Laws of Chess 2023 A.1 / B.1 classification and A.3 penalties; examples from laws.md section 4.
#include "arbiter/adjudication/time_control.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace adj = arbiter::adjudication;

namespace {
adj::TimeControlRuling rule(const std::string& text, bool pgn = false) {
  auto tc = pgn ? adj::parse_pgn_time_control(text) : adj::parse_time_control(text);
  EXPECT_TRUE(tc.ok()) << text << ": " << (tc.ok() ? "" : tc.error().message());
  return tc ? adj::classify(*tc) : adj::TimeControlRuling{};
}
}  // namespace

TEST(TimeControl, ClassesFromTheLaws) {
  // laws.md: 3+2 -> 5 blitz; 10+0 -> blitz; 10+5 -> 15 rapid; 15+10 -> 25 rapid;
  // 45+15 -> 60 standard (rapid needs < 60); 90+30 -> 120 standard.
  EXPECT_EQ(rule("3+2").time_class, arbiter::pgn::TimeClass::Blitz);
  EXPECT_DOUBLE_EQ(rule("3+2").minutes_for_60_moves, 5);
  EXPECT_EQ(rule("10+0").time_class, arbiter::pgn::TimeClass::Blitz);
  EXPECT_EQ(rule("10").time_class, arbiter::pgn::TimeClass::Blitz);
  EXPECT_EQ(rule("10+5").time_class, arbiter::pgn::TimeClass::Rapid);
  EXPECT_EQ(rule("15+10").time_class, arbiter::pgn::TimeClass::Rapid);
  EXPECT_DOUBLE_EQ(rule("15+10").minutes_for_60_moves, 25);
  EXPECT_EQ(rule("45+15").time_class, arbiter::pgn::TimeClass::Standard);
  EXPECT_EQ(rule("90+30").time_class, arbiter::pgn::TimeClass::Standard);
  EXPECT_DOUBLE_EQ(rule("90+30").minutes_for_60_moves, 120);
  EXPECT_EQ(rule("59").time_class, arbiter::pgn::TimeClass::Rapid);
  EXPECT_EQ(rule("60").time_class, arbiter::pgn::TimeClass::Standard);
  EXPECT_EQ(rule("10+1").time_class, arbiter::pgn::TimeClass::Rapid);  // 11 minutes
}

TEST(TimeControl, PenaltiesA3) {
  EXPECT_EQ(rule("15+10").illegal_move_bonus_minutes, 1);
  EXPECT_EQ(rule("3+2").illegal_move_bonus_minutes, 1);
  EXPECT_EQ(rule("90+30").illegal_move_bonus_minutes, 2);
  EXPECT_FALSE(rule("1+2").ratable_as_class);  // 3 minutes: not blitz-ratable
}

TEST(TimeControl, MultiPeriodAndPgn) {
  // 40 moves in 90 minutes, then 30 minutes, 30 s from move 1: 90 + 30 + 30 = 150.
  EXPECT_DOUBLE_EQ(rule("40/90+30+30").minutes_for_60_moves, 150);
  EXPECT_DOUBLE_EQ(rule("90/40+30+30s").minutes_for_60_moves, 150);
  EXPECT_DOUBLE_EQ(rule("900+10", true).minutes_for_60_moves, 25);
  EXPECT_DOUBLE_EQ(rule("40/5400:1800+30", true).minutes_for_60_moves, 90 + 30 + 10);
  EXPECT_EQ(rule("180", true).time_class, arbiter::pgn::TimeClass::Blitz);
}

TEST(TimeControl, BadInput) {
  // Each refusal is an error value with the reason and the 1-based column where reading stopped.
  auto refused = [](const adj::TimeControlResult& r) {
    EXPECT_FALSE(r.ok());
    return r.ok() ? adj::TimeControlError{} : r.error();
  };
  EXPECT_EQ(refused(adj::parse_time_control("")).reason, "empty time control");
  EXPECT_EQ(refused(adj::parse_time_control("abc")).column, 1u);
  EXPECT_EQ(refused(adj::parse_time_control("15+x")).column, 4u);
  EXPECT_EQ(refused(adj::parse_pgn_time_control("?")).reason, "unknown time control");
  refused(adj::parse_pgn_time_control("40/"));
  // A move count past any real period (fuzz_timecontrol: it overflowed an int) and an increment
  // over an hour are refused, as the command line's reader refuses them.
  EXPECT_EQ(refused(adj::parse_pgn_time_control("90777777777777777/9")).reason,
            "a period of more than 1000 moves");
  refused(adj::parse_time_control("90777777777777777/9"));
  EXPECT_EQ(refused(adj::parse_pgn_time_control("300+7200")).reason,
            "increment of more than an hour");
  // value() on a refusal throws the message, as every Result does.
  EXPECT_THROW(adj::parse_time_control("abc").value(), std::runtime_error);
  // A PGN period with a move count and nothing after it repeats (PGN standard 9.6.1).
  EXPECT_DOUBLE_EQ(rule("20/3600", true).minutes_for_60_moves, 180);
}

TEST(TimeControlCli, PrintsClassAndPenalty) {
  auto r = arbiter::test::run_arbiter("timecontrol '15+10'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("class: rapid"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 extra minute"), std::string::npos) << r.out;
  auto bad = arbiter::test::run_arbiter("timecontrol 'fifteen'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_FALSE(bad.err.empty());
}

TEST(TimeControl, ClassNamesAsTheCliPrintsThem) {
  // The class is the engine's pgn::TimeClass; `arbiter timecontrol` prints these words.
  EXPECT_STREQ(adj::time_class_name(arbiter::pgn::TimeClass::Blitz), "blitz");
  EXPECT_STREQ(adj::time_class_name(arbiter::pgn::TimeClass::Rapid), "rapid");
  EXPECT_STREQ(adj::time_class_name(arbiter::pgn::TimeClass::Standard), "standard");
}
