// TRF reader errors: one test per class of malformed input; each names line, column and what
// was expected.
#include <gtest/gtest.h>

#include "arbiter/pairing/trf.h"

namespace ap = arbiter::pairing;

namespace {

// A valid two-player, one-round file; tests break one field at a time.
const std::string kP1 =
    "001    1 m GM Alpha, Anton                      2510 NOR     1500001 1990/01/15  1.0    1     "
    "2 w 1";
const std::string kP2 =
    "001    2 w IM Bravo, Berit                      2405 ITA     1500002 1995/02/20  0.0    2     "
    "1 b 0";

// Replaces columns [col, col + s.size()) (1-based) of line.
std::string with(std::string line, int col, const std::string& s) {
  if (line.size() < col - 1 + s.size()) line.resize(col - 1 + s.size(), ' ');
  line.replace(col - 1, s.size(), s);
  return line;
}

struct Expect {
  int line, column;
  std::string substring;
};

void expect_error(const std::string& text, Expect e) {
  try {
    ap::read_trf(text, "t.trf");
    FAIL() << "no error for:\n" << text;
  } catch (const ap::TrfError& err) {
    EXPECT_EQ(err.file(), "t.trf");
    EXPECT_EQ(err.line(), e.line) << err.what();
    EXPECT_EQ(err.column(), e.column) << err.what();
    EXPECT_NE(err.message().find(e.substring), std::string::npos) << err.what();
    EXPECT_EQ(std::string(err.what()).rfind("t.trf:" + std::to_string(e.line) + ":", 0), 0u);
  }
}

}  // namespace

TEST(TrfError, ValidBaseline) { EXPECT_NO_THROW(ap::read_trf(kP1 + "\n" + kP2 + "\n")); }

TEST(TrfError, BadStartingRank) {
  expect_error(with(kP1, 5, "  x1") + "\n" + kP2, {1, 5, "starting rank"});
}
TEST(TrfError, NoBlankAfterId) { expect_error(with(kP1, 4, "X") + "\n" + kP2, {1, 4, "blank"}); }
TEST(TrfError, DuplicateStartingRank) {
  expect_error(kP1 + "\n" + with(kP2, 5, "   1"), {2, 5, "already used on line 1"});
}
TEST(TrfError, GapInStartingRanks) {
  expect_error(kP1 + "\n" + with(kP2, 5, "   3"), {2, 5, "2 is missing"});
}
TEST(TrfError, BadRating) { expect_error(with(kP1, 49, "25x0") + "\n" + kP2, {1, 49, "rating"}); }
TEST(TrfError, BadPoints) { expect_error(with(kP1, 81, " 1.x") + "\n" + kP2, {1, 81, "points"}); }
TEST(TrfError, BadRank) { expect_error(with(kP1, 86, "  #1") + "\n" + kP2, {1, 86, "rank"}); }
TEST(TrfError, BadOpponent) {
  expect_error(with(kP1, 92, "  ab") + "\n" + kP2, {1, 92, "opponent's starting rank"});
}
TEST(TrfError, BadColour) {
  expect_error(with(kP1, 97, "x") + "\n" + kP2, {1, 97, "colour w, b or -"});
}
TEST(TrfError, BadResultCode) {
  expect_error(with(kP1, 99, "?") + "\n" + kP2, {1, 99, "result code"});
}
TEST(TrfError, BadCellSeparator) {
  expect_error(with(kP1, 100, "x") + "\n" + kP2, {1, 100, "blanks between round cells"});
}
TEST(TrfError, UnknownOpponent) {
  expect_error(with(kP1, 92, "   9") + "\n" + kP2, {1, 92, "no player with starting rank 9"});
}
TEST(TrfError, AsymmetricOpponent) {
  const std::string p3 =
      "001    3      Charlie                           2000                             0.0    3  "
      "0000 - Z";
  expect_error(kP1 + "\n" + with(kP2, 92, "   3") + "\n" + p3, {1, 92, "does not have player 1"});
}
TEST(TrfError, SameColours) {
  expect_error(kP1 + "\n" + with(kP2, 97, "w"), {1, 97, "same colour"});
}
TEST(TrfError, MismatchedResults) {
  expect_error(kP1 + "\n" + with(kP2, 99, "1"), {1, 99, "does not match"});
}
TEST(TrfError, ByeWithOpponent) {
  expect_error(with(kP1, 99, "U") + "\n" + with(kP2, 99, "U"), {1, 99, "opponent 0000 for a bye"});
}
TEST(TrfError, PlayedWithoutOpponent) {
  expect_error(with(kP1, 92, "0000") + "\n" + with(kP2, 92, "0000 - 0"),
               {1, 97, "colour - for a round without opponent"});
  expect_error(with(kP1, 92, "0000 - 1") + "\n" + with(kP2, 92, "0000 - 0"),
               {1, 92, "expected an opponent"});
}
TEST(TrfError, TwoPairingByes) {
  expect_error(with(kP1, 92, "0000 - U") + "\n" + with(kP2, 92, "0000 - U"),
               {2, 99, "second pairing-allocated bye"});
}
TEST(TrfError, InvalidUtf8) {
  expect_error("012 Caf\xE9 Open\n" + kP1 + "\n" + kP2, {1, 8, "UTF-8"});
}
TEST(TrfError, BadRoundCount) {
  expect_error("XXR many\n" + kP1 + "\n" + kP2, {1, 5, "number of rounds"});
  expect_error("142 0\n" + kP1 + "\n" + kP2, {1, 5, "number of rounds"});
}
TEST(TrfError, BadInitialColour) {
  expect_error("152 white\n" + kP1 + "\n" + kP2, {1, 5, "W or B"});
  expect_error("XXC red1\n" + kP1 + "\n" + kP2, {1, 5, "white1 or black1"});
}
TEST(TrfError, BadScoring) {
  expect_error("162  W 3.0    Q 1.0\n", {1, 15, "unknown scoring code 'Q'"});
  expect_error("162  W x.0\n", {1, 6, "scoring code and value"});
  expect_error("XXS WW=1.0 XY=2\n", {1, 12, "unknown XXS code 'XY'"});
  expect_error("XXS WW1.0\n", {1, 5, "CODE=value"});
  expect_error("BBW one\n", {1, 5, "points"});
}
TEST(TrfError, BadHeaderCount) { expect_error("062 twelve\n", {1, 5, "expected a number"}); }
TEST(TrfError, BadByeRecord) {
  expect_error(kP1 + "\n" + kP2 + "\n240 Q 002    1\n", {3, 5, "bye type F, H or Z"});
  expect_error(kP1 + "\n" + kP2 + "\n240 H abc    1\n", {3, 7, "round"});
  expect_error(kP1 + "\n" + kP2 + "\n240 H 002    7\n", {3, 14, "no player with starting rank 7"});
  // Contradicts the cell: player 1 played round 1.
  expect_error(kP1 + "\n" + kP2 + "\n240 H 001    1\n", {3, 14, "different entry in round 1"});
}
TEST(TrfError, BadAccelerationRecord) {
  expect_error(kP1 + "\n" + kP2 + "\n250       1.0   x   1    1    2\n", {3, 15, "first round"});
  expect_error("XXA    1  1.0  x.5\n", {1, 15, "accelerated points"});
  // A range past the file's players (2 here): TRF-16 would write it out as 9,999 XXA lines.
  expect_error(kP1 + "\n" + kP2 + "\n250       1.0   1 999    1 9999\n",
               {3, 28, "no player with starting rank 9999 (the file has 2)"});
  expect_error(kP1 + "\n" + kP2 + "\n250       1.0   1   1    3\n",
               {3, 23, "no player with starting rank 3"});
  // XXA alike: TRF-2026 writes it as a 250 record.
  expect_error(kP1 + "\n" + kP2 + "\nXXA    3  1.0\n", {3, 5, "no player with starting rank 3"});
}
// Any text file is not a tournament of nobody (standings, pair --check and rating printed an
// empty table or "0 passed" for a README).
TEST(TrfError, NoPlayersIsNotATrfFile) {
  expect_error("# arbiter\n\nA chess arbiter.\n", {1, 1, "no players (no 001 record)"});
  expect_error("012 Open\n", {1, 1, "no players"});
}
TEST(TrfError, BadForbiddenRecord) {
  expect_error("260   1   3    1   xx\n", {1, 20, "starting rank in 260"});
  expect_error("XXP 1 two\n", {1, 7, "starting rank in XXP"});
}
TEST(TrfError, MissingFile) {
  try {
    ap::read_trf_file("/nonexistent/x.trf");
    FAIL();
  } catch (const ap::TrfError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
  }
}

// Accepted oddities seen in real files: opponent written as "   0", blank opponent with '-',
// "0000 - +" (a win without opponent), CR-only line ends, tabs in 240 records.
TEST(TrfError, TolerantOfRealWorldForms) {
  std::string p3 =
      "001    3      C                                 2000                             1.0    3   "
      "  0 - +";
  std::string p4 =
      "001    4      D                                 2000                             0.0    4   "
      "      -";
  auto t = ap::read_trf(kP1 + "\r" + kP2 + "\r" + p3 + "\r" + p4 + "\r");
  EXPECT_EQ(t.player(3).rounds[0].bye_kind(), ap::ByeKind::Full);
  EXPECT_EQ(t.player(4).rounds[0].bye_kind(), ap::ByeKind::Zero);
  EXPECT_TRUE(ap::check_points(t).empty());
}
