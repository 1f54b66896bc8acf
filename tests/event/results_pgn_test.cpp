// `arbiter event results --pgn`: the round's games are validated before their results are
// recorded; refused games are listed with the reason and leave their boards untouched.
#include <gtest/gtest.h>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

namespace {

std::string game(const std::string& white, const std::string& black, const std::string& round,
                 const std::string& result, const std::string& extra_tags,
                 const std::string& moves) {
  return "[Event \"Test\"]\n[Site \"Here\"]\n[Date \"2026.11.30\"]\n[Round \"" + round +
         "\"]\n[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result +
         "\"]\n" + extra_tags + "\n" + moves + " " + result + "\n\n";
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(EventResultsPgn, RecordsCleanGamesAndRefusesTheOthers) {
  TempDir d;
  const std::string f = d / "rr.trf";
  create_event(
      d, f,
      "--system round-robin --rounds 3 --rating-list standard --tiebreaks 'SB' --rules 2026 "
      "--seed 7",
      players_csv(4));
  ok("event pair '" + f + "'");
  Event e = load(f);
  const auto boards = e.settings.boards.at(1);
  ASSERT_EQ(boards.size(), 2u);
  auto name = [&](Tpn p) { return e.tournament.player(p).name; };
  const std::string w1 = name(boards[0].first), b1 = name(boards[0].second);
  const std::string w2 = name(boards[1].first), b2 = name(boards[1].second);
  std::string pgn =
      // Board 1: a clean mate, recorded.
      game(w1, b1, "1", "1-0", "", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#") +
      // Board 2: White's flag fell, but Black has a bare king and cannot mate by any series of
      // legal moves (A.5.3 / 6.9): a draw, not 0-1. Refused.
      game(w2, b2, "1", "0-1",
           "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n[Termination \"time "
           "forfeit\"]",
           "1. Qd7+ Kf8") +
      // Unknown player: refused.
      game("Nobody, Known", b1, "1", "1/2-1/2", "", "1. d4 d5") +
      // Board 2 again, with an illegal move: refused.
      game(w2, b2, "1", "1-0", "", "1. e4 e5 2. Ke3 Nc6");
  write(d / "r1.pgn", pgn);
  const std::string before = slurp(f);
  auto r = run_arbiter("event results '" + f + "' --pgn '" + (d / "r1.pgn") + "'");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // games were refused
  EXPECT_EQ(count(r.out, "recorded: "), 1) << r.out;
  EXPECT_EQ(count(r.out, "refused: "), 3) << r.out;
  EXPECT_NE(r.out.find("r1.pgn:11: game 2"), std::string::npos) << r.out;  // file:line: game
  EXPECT_NE(r.out.find("6.9"), std::string::npos) << r.out;                // the rule that applies
  EXPECT_NE(r.out.find("game 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ke3"), std::string::npos) << r.out;  // the illegal move, as written
  e = load(f);
  EXPECT_EQ(board_result(e, 1, 1), "1-0");
  EXPECT_EQ(board_result(e, 1, 2), "");
  EXPECT_NE(slurp(f), before);
  // The corrected game of board 2 goes in; board 1's result is not entered twice.
  write(d / "r1b.pgn", game(w1, b1, "1", "1-0", "", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#") +
                           game(w2, b2, "1", "1/2-1/2", "", "1. e4 e5 2. Nf3 Nc6"));
  r = run_arbiter("event results '" + f + "' --pgn '" + (d / "r1b.pgn") + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  e = load(f);
  EXPECT_EQ(board_result(e, 1, 2), "1/2-1/2");
  // A file that cannot be read changes nothing and names the file.
  const std::string now = slurp(f);
  r = run_arbiter("event results '" + f + "' --pgn '" + (d / "missing.pgn") + "'");
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("missing.pgn"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(f), now);
}

TEST(EventResultsPgn, Chess960GameFromAnotherPositionIsFlagged) {
  TempDir d;
  const std::string f = d / "960.trf";
  create_event(
      d, f,
      "--system dutch --rounds 3 --rating-list rapid --tiebreaks 'BH' --rules 2026 --variant "
      "chess960 --seed 11",
      players_csv(4));
  ok("event pair '" + f + "'");
  Event e = load(f);
  ASSERT_FALSE(e.settings.starts.empty());
  ASSERT_NE(e.settings.starts[0].position, 518);
  const auto& bd = e.settings.boards.at(1)[0];
  // Played from the standard position instead of the round's draw: recorded (A.5.1.2), flagged.
  write(d / "g.pgn", game(e.tournament.player(bd.first).name, e.tournament.player(bd.second).name,
                          "1", "1/2-1/2",
                          "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN "
                          "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]",
                          "1. e4 e5"));
  auto r = run_arbiter("event results '" + f + "' --pgn '" + (d / "g.pgn") + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(count(r.out, "warning: "), 1) << r.out;
  EXPECT_NE(r.out.find("drawn position"), std::string::npos) << r.out;
  EXPECT_EQ(board_result(load(f), 1, 1), "1/2-1/2");
}

// The event's supervision regime (A.4/A.5): a game with an illegal move nobody claimed (2...a6
// leaves the king in check) is refused when the event is adequately supervised, and recorded
// under rapid-unsupervised, where the move stands (A.5.2).
TEST(EventResultsPgn, TheEventsSupervisionRegimeDecidesAnUnclaimedIllegalMove) {
  for (const std::string regime : {"rapid", "rapid-unsupervised"}) {
    TempDir d;
    const std::string f = d / "ev.trf";
    create_event(d, f,
                 "--system round-robin --rounds 1 --rating-list rapid --tiebreaks 'SB' "
                 "--rules 2026 --seed 7 --regime " +
                     regime,
                 players_csv(2));
    EXPECT_EQ(load(f).settings.regime, regime);
    ok("event pair '" + f + "'");
    Event e = load(f);
    auto [w, b] = e.settings.boards.at(1)[0];
    const std::string pgn =
        game(e.tournament.player(w).name, e.tournament.player(b).name, "1", "0-1",
             "[TimeControl \"900+10\"]", "1. e4 f6 2. Qh5+ a6 3. d3 g6 4. Qxg6+ hxg6");
    write(d / "r1.pgn", pgn);
    auto r = run_arbiter("event results '" + f + "' --pgn '" + (d / "r1.pgn") + "'");
    if (regime == "rapid") {
      EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
      EXPECT_EQ(board_result(load(f), 1, 1), "");
    } else {
      EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
      EXPECT_EQ(board_result(load(f), 1, 1), "0-1");
    }
  }
  auto bad = run_arbiter(
      "event new x.trf --system dutch --rounds 3 --rating-list rapid "
      "--tiebreaks SB --rules 2026 --regime casual");
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
}
