// XAR records, one reader per family (event_settings.cpp: format, entries, players, rounds,
// play-off): each record's values land in the setting it names, and a bad value is refused at
// its file:line:column. The expected values are read off the record text itself.
#include <gtest/gtest.h>

#include <string>

#include "arbiter/pairing/event_settings.h"

using namespace arbiter::pairing;

namespace {

EventSettings read(const std::string& text) { return split_event_text(text, "e.trf").settings; }

// The message of the refusal of `text`, or "" if it was read.
std::string refusal(const std::string& text) {
  try {
    (void)split_event_text(text, "e.trf");
  } catch (const EventError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(XarRecords, FormatSettings) {
  const EventSettings s = read(
      "XAR SYSTEM round-robin\nXAR ROUNDS 7\nXAR RULES 2024\nXAR PAIRING-RULES 2017\n"
      "XAR ACCELERATION baku\nXAR TIEBREAKS  SB  DE\nXAR VARIANT 960\nXAR SEED 42\n"
      "XAR CATEGORY W women\n");
  EXPECT_EQ(s.system, EventSystem::RoundRobin);
  EXPECT_EQ(s.rounds, 7);
  EXPECT_EQ(s.rules, 2024);
  EXPECT_EQ(s.pairing_rules, 2017);
  EXPECT_TRUE(s.baku);
  EXPECT_EQ(s.tiebreaks, "SB  DE");  // the rest of the line, leading blanks skipped
  EXPECT_EQ(s.variant, EventVariant::Chess960);
  EXPECT_EQ(s.seed, 42u);
  ASSERT_EQ(s.categories.size(), 1u);
  EXPECT_EQ(s.categories[0], (std::pair<std::string, std::string>{"W", "women"}));
}

TEST(XarRecords, EntrySettings) {
  const EventSettings s = read(
      "XAR HPB 2 5\nXAR BYE-DEADLINE 3\nXAR NO-SHOW withdraw-after-2\nXAR MAX-PLAYERS 16\n"
      "XAR FOREIGN-FIDE-ID required\nXAR LATE-ENTRY H\nXAR LATE-NUMBERS append\n"
      "XAR REGIME rapid-unsupervised\nXAR UNRATED-RATING 1000\n");
  EXPECT_EQ(s.byes.max_half_point_byes, 2);
  EXPECT_EQ(s.byes.last_round, 5);
  EXPECT_EQ(s.byes.deadline, 3);
  EXPECT_EQ(s.no_show, (NoShowRule{NoShowPolicy::WithdrawAfterN, 2}));
  EXPECT_EQ(s.entry.max_players, 16);
  EXPECT_TRUE(s.entry.fide_id_for_foreign);
  EXPECT_EQ(s.entry.missed_rounds, 'H');
  EXPECT_TRUE(s.entry.keep_published_numbers);
  EXPECT_EQ(s.regime, "rapid-unsupervised");
  EXPECT_EQ(s.unrated_rating, 1000);
}

TEST(XarRecords, PlayerRecords) {
  const EventSettings s = read(
      "XAR BYE 3 2 H\nXAR NO-BYES 5 prize money\nXAR EXCUSED 4 3\nXAR EXCUSED 4 1\n"
      "XAR WITHDRAWN 6 4 final\nXAR WITHDRAWN 7 2\nXAR EXCEPTION 2 3 bye late request\n"
      "XAR RATINGS 1 2400 2300 2200 0\nXAR ENTRY 8 2\nXAR EXTRA 1 Club Ajedrez  Jaque\n");
  EXPECT_EQ(s.byes_requested.at(3).at(2), 'H');
  EXPECT_EQ(s.byes_denied.at(5), "prize money");
  EXPECT_EQ(s.excused.at(4), (std::vector<int>{1, 3}));  // sorted after reading
  EXPECT_EQ(s.withdrawn.at(6), 4);
  EXPECT_TRUE(s.withdrawn_for_good.at(6));
  EXPECT_EQ(s.withdrawn.at(7), 2);
  EXPECT_FALSE(s.withdrawn_for_good.count(7));
  ASSERT_EQ(s.exceptions.size(), 1u);
  EXPECT_EQ(s.exceptions[0], (ArbiterException{2, 3, "bye", "late request"}));
  EXPECT_EQ(s.ratings.at(1)[0], 2400);
  EXPECT_EQ(s.ratings.at(1)[3], 0);
  EXPECT_EQ(s.entry_round.at(8), 2);
  ASSERT_EQ(s.extra.at(1).size(), 1u);
  EXPECT_EQ(s.extra.at(1)[0].second, "Ajedrez  Jaque");
}

TEST(XarRecords, RoundRecords) {
  const EventSettings s = read(
      "XAR ROUND-DATE 1 2026/03/01\nXAR START 2 518 drawn at 10:00\nXAR START 1 0\n"
      "XAR LOT colours: white\nXAR BOARDS 1 1-2 4-3\n");
  EXPECT_EQ(s.round_dates.at(1), "2026/03/01");
  ASSERT_EQ(s.starts.size(), 2u);  // sorted by round after reading
  EXPECT_EQ(s.starts[0], (RoundStart{1, 0, ""}));
  EXPECT_EQ(s.starts[1], (RoundStart{2, 518, "drawn at 10:00"}));
  EXPECT_EQ(s.lots, (std::vector<std::string>{"colours: white"}));
  EXPECT_EQ(s.boards.at(1), (std::vector<std::pair<int, int>>{{1, 2}, {4, 3}}));
}

TEST(XarRecords, PlayoffRecords) {
  // The scope is its own record: a PLAYOFF record after it keeps it.
  const EventSettings s = read(
      "XAR PLAYOFF-SCOPE cat=W\nXAR PLAYOFF armageddon:300/240\n"
      "XAR ARMAGEDDON 1 2 * -1 lot: 1 White\nXAR PLAYOFF-GAME 2 1 1/2-1/2 518\n");
  EXPECT_EQ(s.playoff.format, PlayoffFormat::Armageddon);
  EXPECT_EQ(s.playoff.white_seconds, 300);
  EXPECT_EQ(s.playoff.black_seconds, 240);
  EXPECT_EQ(s.playoff.scope, "cat=W");
  ASSERT_EQ(s.playoff_games.size(), 2u);
  EXPECT_EQ(s.playoff_games[0], (PlayoffGame{1, 2, "", -1, "lot: 1 White"}));
  EXPECT_EQ(s.playoff_games[1], (PlayoffGame{2, 1, "1/2-1/2", 518, ""}));
}

TEST(XarRecords, UnknownRecordIsKeptVerbatim) {
  EXPECT_EQ(read("XAR NEWER-THING a  b\n").unknown,
            (std::vector<std::string>{"XAR NEWER-THING a  b"}));
}

// Columns: X=1, the key from 5; each message names the column of the offending word.
TEST(XarRecords, BadValuesAreRefusedAtTheirColumn) {
  EXPECT_EQ(refusal("XAR BOARDS 2 1-2 3-x\n"),
            "e.trf:1:18: expected a board WHITE-BLACK, found '3-x'");
  EXPECT_EQ(refusal("XAR BYE 3 2 Q\n"), "e.trf:1:13: expected the bye kind H, F or Z");
  EXPECT_EQ(refusal("XAR WITHDRAWN 6 4 later\n"),
            "e.trf:1:19: expected 'final' or the end of the line");
  EXPECT_EQ(refusal("XAR START 2 1\nXAR START 2 5\n"),
            "e.trf:2:11: round 2's start position is recorded twice");
  EXPECT_EQ(refusal("XAR ARMAGEDDON 1 2 2-0 -1\n"),
            "e.trf:1:20: expected 1-0, 0-1, 1/2-1/2 or *, found '2-0'");
  EXPECT_EQ(refusal("XAR VERSION 2\n"),
            "e.trf:1:5: event file version 2 is newer than this arbiter");
  EXPECT_EQ(refusal("XAR LATE-ENTRY X\n"), "e.trf:1:16: expected Z (zero) or H (half-point bye)");
  EXPECT_EQ(refusal("XAR ROUNDS 7 8\n"), "e.trf:1:14: unexpected '8'");
}

TEST(DutchRulesForStart, The2026TextAppliesFromFebruaryFirst) {
  EXPECT_EQ(dutch_rules_for_start("2025/10/01"), 2017);
  EXPECT_EQ(dutch_rules_for_start("2026/01/31"), 2017);
  EXPECT_EQ(dutch_rules_for_start("2026/02/01"), 2026);
  EXPECT_EQ(dutch_rules_for_start("2027/01/01"), 2026);
}
