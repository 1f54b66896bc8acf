// The event file's XAR records hold text from outside (a CSV column's name and value, a reason
// typed by the arbiter): write_settings refuses what a TRF line cannot hold (check_trf_text) before
// anything is written, so that a line break cannot forge a record and no byte the reader refuses
// is ever written (issue 17, class 6).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "arbiter/pairing/event_settings.h"

using namespace arbiter::pairing;

namespace {

EventSettings with_extra(const std::string& key, const std::string& value) {
  EventSettings s;
  s.rounds = 5;
  s.extra[1] = {{key, value}};
  return s;
}

// The message of the refusal, or "" if the settings were written.
std::string refusal(const EventSettings& s) {
  try {
    (void)write_settings(s);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(XarText, CleanExtraColumnIsWrittenAndReadBack) {
  const EventSettings s = with_extra("Club", "Ajedrez Málaga");
  std::string text;
  for (const auto& l : write_settings(s)) text += l + "\n";
  EXPECT_EQ(split_event_text(text, "e.trf").settings.extra, s.extra);
}

TEST(XarText, ColumnNameWithCarriageReturnIsRefused) {
  // A CR ends the line for the reader: "XAR EXTRA 1 Club" and a forged "XAR WITHDRAWN 2 1".
  const std::string m = refusal(with_extra("Club\rXAR WITHDRAWN 2 1", "x"));
  EXPECT_NE(m.find("XAR EXTRA"), std::string::npos) << m;
  EXPECT_NE(m.find("control character (code 13)"), std::string::npos) << m;
}

TEST(XarText, ValueWithLineFeedIsRefused) {
  const std::string m = refusal(with_extra("Club", "A\n240 H 001    1"));
  EXPECT_NE(m.find("control character (code 10)"), std::string::npos) << m;
}

TEST(XarText, InvalidUtf8IsRefused) {
  for (const std::string bad :
       {"M\xE1laga", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82"}) {
    const std::string m = refusal(with_extra("Club", bad));
    EXPECT_NE(m.find("is not UTF-8"), std::string::npos) << m;
  }
  EXPECT_NE(refusal(with_extra("Cl\xFFub", "x")).find("is not UTF-8"), std::string::npos);
}

TEST(XarText, ReasonTypedByTheArbiterIsChecked) {
  EventSettings s;
  s.rounds = 5;
  s.byes_denied[3] = "financial support\nXAR SEED 1";
  const std::string m = refusal(s);
  EXPECT_NE(m.find("XAR NO-BYES"), std::string::npos) << m;
}

}  // namespace

// Laws Guidelines II: one start position per round. arbiter replaces a round's draw, so two START
// records for one round come only from a damaged or hand-edited file: refused at the second one's
// line and column. Read instead, their order was lost by sorting on the round, and the next write
// changed the file (fuzz_event campaign, 2 December 2026: seeds/event/start-recorded-twice).
TEST(XarText, TwoStartPositionsForOneRoundAreRefused) {
  const std::string once = "XAR START 2 518 RNBQKBNR\nXAR START 1 0 BBQNNRKR\n";
  EXPECT_EQ(split_event_text(once, "e.trf").settings.starts.size(), 2u);
  try {
    (void)split_event_text(once + "XAR START 2 4 BQNBRNKR\n", "e.trf");
    FAIL() << "a second START for round 2 was read";
  } catch (const EventError& e) {
    EXPECT_STREQ(e.what(), "e.trf:3:11: round 2's start position is recorded twice");
  }
}
