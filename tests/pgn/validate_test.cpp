// Game validation: synthetic games for each rule, the lessons file's broken games at the right
// ply, the testcases that must give clear errors, and the TCEC corpora without false errors.
#include "arbiter/adjudication/validate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "arbiter/engine/pgn.h"
#include "test_support.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;
using adjudication::validate_game;
using arbiter::test::shared;

GameReport check(std::string_view text) {
  auto games = pgn::read_all(text);
  EXPECT_EQ(games.size(), 1u);
  return validate_game(games.at(0));
}
std::vector<adjudication::ValidationIssue> errors(const GameReport& r) {
  std::vector<adjudication::ValidationIssue> v;
  for (auto& i : r.issues)
    if (i.severity == pgn::Severity::Error) v.push_back(i);
  return v;
}
bool has(const GameReport& r, std::string_view code, int ply = -1) {
  for (auto& i : r.issues)
    if (i.code == code && (ply < 0 || i.ply == ply)) return true;
  return false;
}
std::string dump(const GameReport& r) {
  std::string s;
  for (auto& i : r.issues) s += i.code + " ply " + std::to_string(i.ply) + ": " + i.message + "\n";
  return s;
}
const std::string kStr =
    "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n";

TEST(PgnValidate, CleanGameHasNoIssues) {
  auto r = check(kStr + "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
  EXPECT_TRUE(r.issues.empty()) << dump(r);
  EXPECT_EQ(r.plies, 7);
  EXPECT_EQ(r.ending, "checkmate");
}

TEST(PgnValidate, IllegalMoveWithPlyLocationFenAndSuggestions) {
  auto r = check(kStr + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Nf5 *\n");
  auto e = errors(r);
  ASSERT_EQ(e.size(), 1u) << dump(r);
  EXPECT_EQ(e[0].code, "illegal-move");
  EXPECT_EQ(e[0].ply, 6);
  EXPECT_EQ(e[0].line, 10u);
  EXPECT_EQ(e[0].column, 8u);
  EXPECT_NE(e[0].message.find("3... Nf5"), std::string::npos) << e[0].message;
  EXPECT_NE(e[0].message.find("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"),
            std::string::npos)
      << e[0].message;
  EXPECT_NE(e[0].message.find("closest legal moves: "), std::string::npos);
  EXPECT_NE(e[0].message.find("Nf6"), std::string::npos) << e[0].message;
}

TEST(PgnValidate, AmbiguousAndUnparsableMoves) {
  auto a = check(kStr + "[Result \"*\"]\n\n1. d4 d5 2. Nf3 e6 3. Nd2 *\n");
  EXPECT_TRUE(has(a, "ambiguous-move", 5)) << dump(a);
  auto u = check(kStr + "[Result \"*\"]\n\n1. d4 Nf6 2. Sf3 d5 *\n");  // German piece letter
  auto e = errors(u);
  ASSERT_EQ(e.size(), 1u) << dump(u);
  EXPECT_EQ(e[0].ply, 3);
}

TEST(PgnValidate, ResultTagDisagreesWithMarker) {
  auto r = check(kStr + "[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
  auto e = errors(r);
  ASSERT_EQ(e.size(), 1u) << dump(r);
  EXPECT_EQ(e[0].code, "result-mismatch");
  EXPECT_EQ(e[0].line, 9u);
  EXPECT_EQ(e[0].column, 10u);
}

TEST(PgnValidate, ResultContradictsCheckmateAndStalemate) {
  auto m = check(kStr + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
  EXPECT_TRUE(has(m, "result-mismatch"));
  EXPECT_TRUE(has(m, "result-contradicts-checkmate", 4)) << dump(m);
  // Stalemate (Loyd's 10-move stalemate), then a decisive result.
  auto s = check(kStr +
                 "[Result \"1-0\"]\n\n1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 "
                 "6. Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1-0\n");
  EXPECT_EQ(s.ending, "stalemate");
  EXPECT_TRUE(has(s, "decisive-result-after-stalemate", 19)) << dump(s);
}

TEST(PgnValidate, MovesAfterCheckmate) {
  auto r = check(kStr + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. Kf1 0-1\n");
  auto e = errors(r);
  ASSERT_EQ(e.size(), 1u) << dump(r);
  EXPECT_EQ(e[0].code, "moves-after-checkmate");
  EXPECT_EQ(e[0].ply, 5);
}

TEST(PgnValidate, DeadPositionAndMovesAfterIt) {
  // K+B v K after the last capture: dead (5.2.2); the game ends there.
  const std::string setup = "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/3n4/8/2B5/4K3 w - - 0 1\"]\n";
  auto r = check(kStr + "[Result \"1-0\"]\n" + setup + "\n1. Bb3 Nxb3 2. Kd1 Kd5 1-0\n");
  EXPECT_TRUE(has(r, "moves-after-dead-position", 3)) << dump(r);
  EXPECT_TRUE(has(r, "decisive-result-in-dead-position", 2)) << dump(r);
  auto d = check(kStr + "[Result \"0-1\"]\n" + setup + "\n1. Bb3 Nxb3 0-1\n");
  EXPECT_EQ(errors(d).size(), 1u) << dump(d);
  EXPECT_TRUE(has(d, "decisive-result-in-dead-position", 2)) << dump(d);
}

TEST(PgnValidate, TimeForfeitWhenTheWinnerCannotMate) {
  // White has only the king: Black's flag falls but White cannot checkmate (6.9): a draw.
  auto r = check(kStr +
                 "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n[TimeControl \"180+2\"]\n"
                 "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/2q5/8/4K3 w - - 0 1\"]\n\n1. Kf2 Qd2+ 1-0\n");
  auto e = errors(r);
  ASSERT_EQ(e.size(), 1u) << dump(r);
  EXPECT_EQ(e[0].code, "time-forfeit-unwinnable");
  EXPECT_NE(e[0].message.find("A.5.3"), std::string::npos) << e[0].message;
  // The same with Black winning on time is fine.
  auto ok = check(kStr +
                  "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n"
                  "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/2q5/8/4K3 w - - 0 1\"]\n\n1. Kf2 Qd2+ 0-1\n");
  EXPECT_TRUE(errors(ok).empty()) << dump(ok);
}

TEST(PgnValidate, RepetitionsAndMoveRules) {
  const std::string shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 ";
  auto three = check(kStr + "[Result \"1-0\"]\n\n" + shuffle + "5. e4 1-0\n");
  EXPECT_TRUE(has(three, "threefold-available", 8)) << dump(three);
  EXPECT_TRUE(errors(three).empty()) << dump(three);
  auto five = check(kStr + "[Result \"*\"]\n\n" + shuffle + shuffle.substr(0, 0) +
                    "5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *\n");
  EXPECT_TRUE(has(five, "moves-after-fivefold", 17)) << dump(five);
}

TEST(PgnValidate, FenAndVariantProblems) {
  auto bad =
      check(kStr + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n");
  EXPECT_TRUE(has(bad, "invalid-fen")) << dump(bad);
  auto v960 =
      check(kStr +
            "[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
            "[FEN \"rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\"]\n\n1. d4 *\n");
  EXPECT_TRUE(errors(v960).empty()) << dump(v960);
  // Bishops on the same colour: not a 960 start position.
  auto not960 =
      check(kStr +
            "[Result \"*\"]\n[Variant \"fischerandom\"]\n[SetUp \"1\"]\n"
            "[FEN \"rkrbqbnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBQBNN w KQkq - 0 1\"]\n\n1. d4 *\n");
  EXPECT_TRUE(has(not960, "chess960-start")) << dump(not960);
  auto undeclared =
      check(kStr +
            "[Result \"*\"]\n[SetUp \"1\"]\n"
            "[FEN \"rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1\"]\n\n1. d4 *\n");
  EXPECT_TRUE(has(undeclared, "chess960-undeclared")) << dump(undeclared);
  auto anti = pgn::read_all(std::string("[Variant \"Antichess\"]\n1. e3 e6 2. b4 Bxb4 *\n"));
  EXPECT_TRUE(has(validate_game(anti.at(0)), "unsupported-variant"));
}

TEST(PgnValidate, TagWarnings) {
  auto r = check(
      "[Event \"Open Blitz\"]\n[Site \"?\"]\n[Date \"2024.13.01\"]\n[Round \"x\"]\n"
      "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[TimeControl \"5400+30\"]\n\n1. e4 *\n");
  EXPECT_TRUE(has(r, "bad-date"));
  EXPECT_TRUE(has(r, "bad-round"));
  EXPECT_TRUE(has(r, "time-control-class")) << dump(r);
  EXPECT_TRUE(errors(r).empty());
  auto none = check("1. e4 e5 *");
  EXPECT_EQ(std::count_if(none.issues.begin(), none.issues.end(),
                          [](auto& i) { return i.code == "missing-tag"; }),
            7);
}

TEST(PgnValidate, ClockGoingBackwards) {
  auto r =
      check(kStr +
            "[Result \"*\"]\n[TimeControl \"180+2\"]\n\n1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} "
            "2. Nf3 {[%clk 0:02:58]} Nc6 {[%clk 0:02:59]} 3. Bc4 {[%clk 0:03:30]} *\n");
  EXPECT_TRUE(has(r, "clock-backwards", 5)) << dump(r);
  EXPECT_EQ(r.warnings(), 1) << dump(r);
}

TEST(PgnValidate, TestcasesThatMustGiveClearErrors) {
  for (const char* f : {"mliebelt/sampleGameThrow.pgn", "chess-library/tests_pgns_corrupted.pgn",
                        "python-chess/antichess-programfox.pgn",
                        "python-chess/knightvuillaume-jannlee-zh-lichess.pgn",
                        "python-chess/saturs-jannlee-zh-lichess.pgn"}) {
    pgn::Reader rd = pgn::Reader::open(shared(std::string("data/pgn/testcases/") + f).string());
    pgn::RawGame g;
    int errs = 0;
    while (rd.next(g)) errs += validate_game(g).errors();
    EXPECT_GT(errs, 0) << f;
  }
  // sampleGameThrow: "2. Sf3" (German letter) at ply 3, line 2.
  pgn::Reader rd =
      pgn::Reader::open(shared("data/pgn/testcases/mliebelt/sampleGameThrow.pgn").string());
  pgn::RawGame g;
  ASSERT_TRUE(rd.next(g));
  auto r = validate_game(g);
  auto e = errors(r);
  ASSERT_EQ(e.size(), 1u) << dump(r);
  EXPECT_EQ(e[0].ply, 3);
  EXPECT_EQ(e[0].line, 2u);
  EXPECT_EQ(e[0].column, 13u);
}

TEST(PgnValidate, TestcasesThatAreValid) {
  for (const char* f : {"python-chess/cutechess-fischerrandom.pgn", "python-chess/uci-moves.pgn",
                        "python-chess/chessbase-empty-line.pgn", "python-chess/utf8-bom.pgn",
                        "mliebelt/32games.pgn", "chessops/kasparov-deep-blue-1997.pgn",
                        "chess-library/tests_pgns_variations.pgn"}) {
    pgn::Reader rd = pgn::Reader::open(shared(std::string("data/pgn/testcases/") + f).string());
    pgn::RawGame g;
    while (rd.next(g)) {
      auto r = validate_game(g);
      EXPECT_EQ(r.errors(), 0) << f << " game " << g.index + 1 << "\n" << dump(r);
    }
  }
}

// The lessons file: study chapters, most valid (puzzle lines ending in mate with result *), a few
// genuinely broken: illegal moves in the main line or in variations, reported at their ply.
TEST(PgnValidate, LessonsBrokenGamesAtTheRightPly) {
  pgn::Reader rd = pgn::Reader::open(shared("data/pgn/corpus/lessons-with-errors.pgn").string());
  pgn::RawGame g;
  struct Expect {
    std::string event;
    int ply;
    uint32_t line;
  };
  // Found independently with pgn-extract -s -r (it reports the same moves as unplayable).
  const std::vector<Expect> expected = {
      {"Lichess Practice: Greek Gift: Greek Gift Introduction", 2, 4746},
      {"Lichess Practice: The Fork: Knight Fork #1", 1, 5714},
      {"Lichess Practice: The Fork: // Fork Challenge #8 P", 1, 5969},
      {"Lichess Practice: The Fork: // Fork Challenge #9 BN", 1, 5985},
  };
  std::map<std::string, GameReport> by_event;
  int games = 0, with_errors = 0;
  while (rd.next(g)) {
    ++games;
    auto r = validate_game(g);
    if (r.errors()) ++with_errors;
    if (const std::string* e = g.tag("Event")) by_event[*e] = r;
  }
  EXPECT_EQ(games, 1319);
  for (auto& x : expected) {
    ASSERT_TRUE(by_event.count(x.event)) << x.event;
    const GameReport& r = by_event[x.event];
    bool found = false;
    for (auto& i : r.issues)
      found |= i.severity == pgn::Severity::Error && i.ply == x.ply && i.line == x.line;
    EXPECT_TRUE(found) << x.event << "\n" << dump(r);
  }
  EXPECT_LT(with_errors, 40);
}

}  // namespace
