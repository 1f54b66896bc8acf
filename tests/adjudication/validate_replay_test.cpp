// The validator's replay loop: the bookkeeping it keeps per main-line move (moves per side for
// the clock checks, repetition keys, the end of the game by material, variations started from
// the main line) checked against games whose answers follow from the Laws.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "test_support.h"
#include "validate_helpers.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;

const std::string kTags =
    "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n";

GameReport check(const std::string& text) { return validate_test::validate_one(text); }

using validate_test::count;
using validate_test::dump;

// Moves per side count from the side to move at the start: with Black to move first, Black's
// second move (ply 3) completes the first period of "2/60:60" and earns its 60 s, and so does
// White's second move (ply 4); White's third move (ply 6) earns nothing.
TEST(ValidateReplay, ClockPeriodsCountMovesFromABlackStart) {
  const auto r = check(kTags +
                       "[Result \"*\"]\n[TimeControl \"2/60:60\"]\n[SetUp \"1\"]\n"
                       "[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"]\n\n"
                       "1... Kd7 {[%clk 0:00:50]} 2. Ra2 {[%clk 0:00:50]} Kc7 {[%clk 0:01:40]} "
                       "3. Ra3 {[%clk 0:01:45]} Kb7 {[%clk 0:01:35]} 4. Ra4 {[%clk 0:02:10]} *\n");
  EXPECT_EQ(count(r, "clock-backwards"), 1) << dump(r);
  EXPECT_EQ(count(r, "clock-backwards", 6), 1) << dump(r);
  EXPECT_EQ(r.plies, 6);
}

// The same moves from White's side: now White's second move (ply 3) earns the period's time.
TEST(ValidateReplay, ClockPeriodsCountMovesFromAWhiteStart) {
  const auto r = check(kTags +
                       "[Result \"*\"]\n[TimeControl \"2/60:60\"]\n[SetUp \"1\"]\n"
                       "[FEN \"r3k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n"
                       "1. Kd2 {[%clk 0:00:50]} Ra7 {[%clk 0:00:50]} 2. Kc2 {[%clk 0:01:40]} "
                       "Ra6 {[%clk 0:01:45]} 3. Kb2 {[%clk 0:01:35]} Ra5 {[%clk 0:02:10]} *\n");
  EXPECT_EQ(count(r, "clock-backwards"), 1) << dump(r);
  EXPECT_EQ(count(r, "clock-backwards", 6), 1) << dump(r);
}

// Laws 9.2.2: the third occurrence after a capture counts only positions since the capture; a
// knight shuffle repeats the position every four plies.
TEST(ValidateReplay, ThreefoldAfterACaptureAndFiftyMoves) {
  const auto r = check(kTags +
                       "[Result \"1/2-1/2\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nf3 Nf6 4. Ng1 Ng8 "
                       "5. Nf3 Nf6 6. Ng1 Ng8 7. Nc3 1/2-1/2\n");
  EXPECT_EQ(count(r, "threefold-available", 12), 1) << dump(r);
  EXPECT_EQ(count(r, "moves-after-fivefold"), 0) << dump(r);
  // 50 moves by each side without capture or pawn move (Laws 9.3): a rook and king shuffle
  // from a FEN whose halfmove clock is 96 reaches 100 at the fourth ply.
  const auto f = check(kTags +
                       "[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n"
                       "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 96 80\"]\n\n"
                       "80. Ra2 Kd7 81. Ra1 Ke8 82. Ra2 1/2-1/2\n");
  EXPECT_EQ(count(f, "fifty-moves-available", 4), 1) << dump(f);
}

// Laws 5.2.2: the game ends when a capture or a promotion leaves no mating material: here the
// king's capture of the new queen (K+N v K, ply 6), or a promotion to a bishop on the colour of
// the other bishop (ply 1); a pawn move before it keeps the game alive.
TEST(ValidateReplay, DeadPositionAfterCaptureOrPromotion) {
  const auto r = check(kTags +
                       "[Result \"1-0\"]\n[SetUp \"1\"]\n"
                       "[FEN \"8/8/4k3/8/8/1p6/2N5/3K4 b - - 0 1\"]\n\n"
                       "1... b2 2. Nb4 b1=Q+ 3. Kd2 Qc2+ 4. Kxc2 Kf5 1-0\n");
  EXPECT_EQ(count(r, "moves-after-dead-position", 7), 1) << dump(r);
  EXPECT_EQ(count(r, "decisive-result-in-dead-position", 6), 1) << dump(r);
  EXPECT_EQ(r.ending, "dead position");
  const auto b = check(kTags +
                       "[Result \"0-1\"]\n[SetUp \"1\"]\n"
                       "[FEN \"4k3/8/8/8/8/8/1p6/4KB2 b - - 0 1\"]\n\n1... b1=B 2. Ke2 0-1\n");
  EXPECT_EQ(count(b, "moves-after-dead-position", 2), 1) << dump(b);
  EXPECT_EQ(count(b, "decisive-result-in-dead-position", 1), 1) << dump(b);
}

// A dead position ends the game whatever its date (Laws 5.2.2, in the Laws long before the
// automatic fivefold and 75-move draws of 1 July 2014): a 2010 game that plays on after K+N v K
// is reported as the same game dated 2020 is.
TEST(ValidateReplay, DeadPositionEndsGamesOfAnyDate) {
  for (const char* date : {"2010.05.06", "2020.05.06", "????.??.??"}) {
    const auto r = check(std::string("[Event \"Test\"]\n[Site \"Here\"]\n[Date \"") + date +
                         "\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n"
                         "[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n"
                         "[FEN \"8/8/4k3/8/8/p7/2N5/3K4 w - - 0 1\"]\n\n"
                         "1. Nxa3 Kd5 2. Kd2 1/2-1/2\n");
    EXPECT_EQ(count(r, "moves-after-dead-position", 2), 1) << date << "\n" << dump(r);
    EXPECT_EQ(r.ending, "dead position") << date;
  }
}

// Variations from the main line's last move, and one nested in a variation, are replayed from
// the position before that move (a move legal only there, a side to move that must be right):
// an illegal move in either is reported at its ply, and the main line goes on.
TEST(ValidateReplay, VariationsStartBeforeTheLastMove) {
  const auto r = check(kTags +
                       "[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 3. Ke2) 2... d6) "
                       "2. Nf3 (2. Bc4 Nf6 3. Bxf7+) 2... Nc6 (2... Ke7 3. Bc4 Ke8) 3. Bb5 *\n");
  EXPECT_EQ(count(r, "illegal-move"), 0) << dump(r);
  EXPECT_EQ(r.plies, 5);
  const auto bad = check(kTags +
                         "[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 3. Bb6) 2... d6) "
                         "2. Nf3 (2. Bc4 Nf6 3. e5) 2... Nc6 3. Bb5 *\n");
  // 3. Bb6: no bishop reaches b6; 3. e5: the square is taken by Black's pawn.
  EXPECT_EQ(count(bad, "illegal-move", 5), 2) << dump(bad);
  EXPECT_EQ(bad.plies, 5);
}

// Laws 5.2.2 and 6.9: a decisive result is an error in a dead position, or after a loss on time
// when the winner cannot mate; a position where only the loser can mate is neither.
TEST(ValidateReplay, DecisiveResultsAndWhoCanMate) {
  // Locked pawns, no capture ever possible: dead from the start position, whatever the result;
  // the game ended there (Laws 5.2.2), before its first move.
  const auto dead = check(kTags +
                          "[Result \"0-1\"]\n[SetUp \"1\"]\n"
                          "[FEN \"1k6/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/1K6 w - - 0 1\"]\n\n"
                          "1. Kc2 Kc7 0-1\n");
  EXPECT_EQ(count(dead, "moves-after-dead-position", 1), 1) << dump(dead);
  EXPECT_EQ(count(dead, "decisive-result-in-dead-position", 0), 1) << dump(dead);
  // White's bare king wins: Black's queen can still mate, so the position is not dead; a loss
  // on time (6.9) and, in this 2024 game, a resignation (5.1.2 from 2023) make it a draw.
  const std::string game =
      "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/2q5/8/4K3 w - - 0 1\"]\n\n"
      "1. Kf2 Qd2+ 1-0\n";
  const auto resigned = check(kTags + "[Result \"1-0\"]\n" + game);
  EXPECT_EQ(count(resigned, "winner-cannot-mate", 2), 1) << dump(resigned);
  EXPECT_EQ(resigned.errors(), 1) << dump(resigned);
  const auto on_time = check(kTags + "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n" + game);
  EXPECT_EQ(count(on_time, "time-forfeit-unwinnable", 2), 1) << dump(on_time);
  EXPECT_EQ(on_time.errors(), 1) << dump(on_time);
  // The same with a pawn for Black, which must promote before it can mate.
  const std::string pawn =
      "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/2k5/4p3/K7 w - - 0 1\"]\n\n1. Kb1 1-0\n";
  const auto pawn_resigned = check(kTags + "[Result \"1-0\"]\n" + pawn);
  EXPECT_EQ(count(pawn_resigned, "winner-cannot-mate", 1), 1) << dump(pawn_resigned);
  EXPECT_EQ(pawn_resigned.errors(), 1) << dump(pawn_resigned);
  const auto pawn_on_time =
      check(kTags + "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n" + pawn);
  EXPECT_EQ(count(pawn_on_time, "time-forfeit-unwinnable", 1), 1) << dump(pawn_on_time);
  // Both sides with pawns and a minor piece, the winner's pawn blocked (a game of the TCEC
  // file): not dead, both can still mate.
  const auto tcec = check(kTags +
                          "[Result \"1-0\"]\n[SetUp \"1\"]\n"
                          "[FEN \"8/8/8/2N2p2/6k1/1p6/1P6/3K4 b - - 0 87\"]\n\n87... Kf4 1-0\n");
  EXPECT_EQ(tcec.errors(), 0) << dump(tcec);
}

// The fivefold repetition ends a game only from 1 July 2014 (Laws 9.6.1); the date is the last
// Date tag, else UTCDate, else EventDate.
TEST(ValidateReplay, AutomaticDrawsFollowTheLastDateTag) {
  const std::string shuffle =
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
      "9. e4 *\n";
  const std::string names =
      "[Event \"Test\"]\n[Site \"Here\"]\n[Round \"1\"]\n[White \"A\"]\n"
      "[Black \"B\"]\n[Result \"*\"]\n";
  const auto later = check(names + "[Date \"2010.01.01\"]\n[Date \"2020.01.01\"]\n\n" + shuffle);
  EXPECT_EQ(count(later, "moves-after-fivefold", 17), 1) << dump(later);
  const auto earlier = check(names + "[Date \"2020.01.01\"]\n[Date \"2010.01.01\"]\n\n" + shuffle);
  EXPECT_EQ(count(earlier, "moves-after-fivefold"), 0) << dump(earlier);
  const auto utc = check(names + "[Date \"????.??.??\"]\n[UTCDate \"2014.06.30\"]\n\n" + shuffle);
  EXPECT_EQ(count(utc, "moves-after-fivefold"), 0) << dump(utc);
  const auto event = check(names + "[EventDate \"2014.07.01\"]\n\n" + shuffle);
  EXPECT_EQ(count(event, "moves-after-fivefold", 17), 1) << dump(event);
}

// Castling (Laws 3.8.2; Chess960 Guidelines II): legal castlings in either direction, then
// castlings out of check, through an attacked square, onto an occupied square or without the
// right, each an illegal move at its ply; a check mark after a castling that gives check.
TEST(ValidateReplay, CastlingLegalAndIllegal) {
  auto errors = [](const GameReport& r) { return r.errors(); };
  EXPECT_EQ(
      errors(check(kTags + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 "
                           "O-O 6. Kh1 Kh8 7. Rg1 Rg8 *\n")),
      0);
  auto at = [](const std::string& fen, const std::string& moves, bool chess960 = false) {
    return check(kTags + "[Result \"*\"]\n" + (chess960 ? "[Variant \"Chess960\"]\n" : "") +
                 "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *\n");
  };
  const std::string in_check = "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1";
  EXPECT_EQ(count(at(in_check, "1. O-O"), "illegal-move", 1), 1);
  EXPECT_EQ(count(at(in_check, "1. O-O-O"), "illegal-move", 1), 1);
  const std::string f1_attacked = "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1";
  EXPECT_EQ(count(at(f1_attacked, "1. O-O"), "illegal-move", 1), 1);
  const auto long_side = at(f1_attacked, "1. O-O-O Ke7 2. Rd7+");
  EXPECT_EQ(errors(long_side), 0) << dump(long_side);
  EXPECT_EQ(count(at("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "1. O-O"), "illegal-move", 1), 1);
  const auto with_check = at("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "1. O-O+ Ke7");
  EXPECT_EQ(errors(with_check), 0) << dump(with_check);
  // Chess960: king b1 to g1 and rook d1 to f1 (then on f1: Rf7 gives check); the queen-side
  // castling would put the rook on d1, where the other rook stands.
  const std::string c960 = "r5k1/8/8/8/8/8/8/RK1R4 w KQ - 0 1";
  const auto short960 = at(c960, "1. O-O Kh7 2. Rf7+", true);
  EXPECT_EQ(errors(short960), 0) << dump(short960);
  EXPECT_EQ(count(at(c960, "1. O-O-O", true), "illegal-move", 1), 1);
}

// Games of more tokens than the repetition keys kept in the validator itself: the keys go to a
// buffer of the game's size, and the repetitions are those of the same game without padding
// (here NAGs between the moves: a fivefold repetition at ply 17, Laws 9.6.1).
TEST(ValidateReplay, RepetitionsInAGameOfManyTokens) {
  std::string moves;
  int ply = 0;
  for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6",
                        "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}) {
    if (ply % 2 == 0) moves += std::to_string(ply / 2 + 1) + ". ";
    moves += std::string(m) + " ";
    for (int i = 0; i < 120; ++i) moves += "$1 ";
    ++ply;
  }
  const auto r = check(kTags + "[Result \"*\"]\n\n" + moves + "*\n");
  EXPECT_EQ(count(r, "moves-after-fivefold", 17), 1) << dump(r);
  EXPECT_EQ(count(r, "threefold-available", 8), 1) << dump(r);
  EXPECT_EQ(r.plies, 20);
}

// Laws 9.2.2: after a double step the position differs from the same pieces later only when an
// en passant capture is possible. With the black pawn on d4 (it can take on e3) the position
// after 1. e4 is not the one after 3. Ng1, so the threefold comes from the knights' other
// position at ply 10; with the pawn on a4 the three occurrences are plies 1, 5 and 9.
TEST(ValidateReplay, EnPassantRightsInRepetitions) {
  const std::string moves =
      "\"]\n\n1. e4 Nc6 2. Nf3 Nb8 3. Ng1 Nc6 4. Nf3 Nb8 5. Ng1 Nc6 6. Nf3 Nb8 7. Ng1 *\n";
  const std::string head = kTags + "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"";
  const auto capture = check(head + "1n2k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1" + moves);
  EXPECT_EQ(count(capture, "threefold-available"), 1) << dump(capture);
  EXPECT_EQ(count(capture, "threefold-available", 10), 1) << dump(capture);
  const auto none = check(head + "1n2k3/8/8/8/p7/8/4P3/4K1N1 w - - 0 1" + moves);
  EXPECT_EQ(count(none, "threefold-available"), 1) << dump(none);
  EXPECT_EQ(count(none, "threefold-available", 9), 1) << dump(none);
}

// The main line's moves outside variations go through a loop of their own (main_moves); a game
// with a variation anywhere replays every move through move(). The same games, once as written
// and once with an empty variation on a line of its own before the moves, must give the same
// report, the issues after it one line further down: the corpora (engine games, clock comments,
// the lessons' illegal moves, Chess960) and every PGN test case.
size_t expect_same_with_variation(std::unique_ptr<pgn::ByteSource> source, const std::string& path,
                                  size_t step) {
  pgn::Splitter split(std::move(source));
  pgn::GameChunk chunk;
  pgn::RawGame g;
  size_t n = 0, compared = 0;
  while (split.next(chunk)) {
    if (n++ % step) continue;
    const std::string bytes = chunk.bytes;
    const pgn::Location start = chunk.start;
    const uint64_t index = chunk.index;
    pgn::parse_game(std::move(chunk), g);
    // The first token must open its line (else the variation would go before a tag).
    if (g.tokens.empty() || g.where(g.tokens[0]).column != 1 || !g.diagnostics.empty()) continue;
    const uint32_t line = g.where(g.tokens[0]).line;
    size_t at = 0;
    for (uint32_t l = start.line; l < line && at != std::string::npos; ++l) {
      at = bytes.find('\n', at);
      if (at != std::string::npos) ++at;
    }
    if (at == std::string::npos || at == 0) continue;
    const GameReport plain = adjudication::validate_game(g);
    const std::string with = bytes.substr(0, at) + "()\n" + bytes.substr(at);
    const GameReport general = adjudication::validate_game(pgn::parse_game(with, start, index));
    ++compared;
    const std::string what = path + " game " + std::to_string(index + 1);
    EXPECT_EQ(plain.plies, general.plies) << what;
    EXPECT_EQ(plain.ending, general.ending) << what;
    EXPECT_EQ(plain.result, general.result) << what;
    EXPECT_EQ(plain.issues.size(), general.issues.size()) << what << "\n"
                                                          << dump(plain) << dump(general);
    if (plain.issues.size() != general.issues.size()) continue;
    for (size_t i = 0; i < plain.issues.size(); ++i) {
      const auto &a = plain.issues[i], &b = general.issues[i];
      EXPECT_EQ(a.code, b.code) << what;
      EXPECT_EQ(a.ply, b.ply) << what;
      EXPECT_EQ(a.message, b.message) << what;
      EXPECT_EQ(a.line + (a.line >= line), b.line) << what << " " << a.code;
      EXPECT_EQ(a.column, b.column) << what << " " << a.code;
    }
  }
  return compared;
}

size_t expect_same_with_variation(const std::string& path, size_t step) {
  return expect_same_with_variation(pgn::open_source(path), path, step);
}

TEST(ValidateReplay, MainLineLoopAsMoveByMove) {
  using arbiter::test::shared;
  const size_t step = arbiter::test::full_run() ? 1 : 7;
  EXPECT_GT(
      expect_same_with_variation(shared("data/pgn/corpus/tcec-standard-nocomments.pgn.zst"), step),
      1000u);
  EXPECT_GT(expect_same_with_variation(shared("data/pgn/corpus/tcec-chess960.pgn.zst"), 3 * step),
            50u);
  for (const char* f : {"lessons-with-errors.pgn", "engine-games-threefold.pgn",
                        "world-championship.pgn", "twic-excerpt.pgn"})
    EXPECT_GT(expect_same_with_variation(shared(std::string("data/pgn/corpus/") + f), 1), 0u) << f;
  size_t cases = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(shared("data/pgn/testcases")))
    if (e.path().extension() == ".pgn") cases += expect_same_with_variation(e.path().string(), 1);
  EXPECT_GT(cases, 100u);
  // Games that end on the board and go on (fivefold, 75 moves, dead position, mate, stalemate),
  // with illegal, lenient, UCI and null moves, castling, and clock comments between the moves
  // (one going up by more than the time control adds).
  const std::string head = kTags + "[Result \"*\"]\n";
  const std::string games =
      head + "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 " +
      "8. Ng1 Ng8 9. e4 e5 *\n\n" + head +
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 298 150\"]\n\n150. Ra2 Kd7 151. Ra3 *\n\n" +
      head + "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/1p6/2N5/3K4 b - - 0 1\"]\n\n" +
      "1... b2 2. Nb4 b1=Q+ 3. Kd2 Qc2+ 4. Kxc2 Kf5 5. Kd3 *\n\n" + head +
      "\n1. f3 e5 2. g4 Qh4# 3. a3 *\n\n" + head +
      "[SetUp \"1\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n1... Kg8 *\n\n" + head +
      "\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Qe2 O-O 6. Bxf7+ Rxf7 7. Ng5 Rf8 *\n\n" +
      head + "\n1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n\n" + head +
      "\n1. e2e4 e7e5 2. Ng1f3 Nc6 3. Nf3xe5 *\n\n" + head +
      "\n1. e4 {[%clk 0:05:00]} e5 {[%clk 0:05:00]} 2. Nf3 -- 3. Bc4 {[%clk 0:04:50]} Nc6 *\n\n" +
      head + "\n1. P-K4 e5 2. Nf3 xyz 3. Bc4 *\n\n" + kTags +
      "[Result \"*\"]\n[TimeControl \"2/60:60\"]\n\n1. e4 {[%clk 0:00:50]} $1 e5 "
      "{[%clk 0:00:50]} 2. Nf3 {[%clk 0:01:40]} Nc6 {[%clk 0:01:35]} 3. Bc4 {[%clk 0:02:50]} "
      "*\n";
  EXPECT_EQ(expect_same_with_variation(pgn::memory_source(games), "composed", 1), 11u);
}

}  // namespace
