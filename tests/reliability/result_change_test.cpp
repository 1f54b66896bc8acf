// Issue 17, class 12: a result others have built on (the next round is paired, the event has
// ended, the forfeit of a withdrawn player) is changed only with --force, which says what the
// change affects and is recorded in the journal.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

// Results of every board of the last paired round: board 1 1-0, board 2 0-1, the rest draws.
std::string enter_round(int boards) {
  std::string s = "\"$A\" event result e.trf";
  for (int b = 1; b <= boards; ++b)
    s += " " + std::to_string(b) + (b == 1 ? " 1-0" : b == 2 ? " 0-1" : " 1/2-1/2");
  return s + " >/dev/null";
}

std::string last_journal_line(const fs::path& undo_dir) {
  std::string best;
  for (const auto& e : fs::directory_iterator(undo_dir))
    best = std::max(best, e.path().filename().string());
  const std::string text = slurp(undo_dir / best);
  return text.substr(0, text.find('\n'));
}

TEST(ResultChange, AResultUnderAPairedRoundNeedsForce) {
  TempDir d;
  make_event(d, "e.trf", 8);
  ASSERT_EQ(sh(d.path, "\"$A\" event pair e.trf >/dev/null && " + enter_round(4) +
                           " && \"$A\" event pair e.trf >/dev/null")
                .code,
            kOk);
  const std::string before = slurp(d.path / "e.trf");
  auto r = sh(d.path, "\"$A\" event result e.trf 1 0-1 --round 1");
  EXPECT_EQ(r.code, kRefused) << r.err;
  EXPECT_NE(r.err.find("round 2 was paired on the scores before this change"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("--force"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event result e.trf 1 '*' --round 1");  // clearing it too
  EXPECT_EQ(r.code, kRefused) << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), before);
  // A result of the current round is an ordinary correction.
  EXPECT_EQ(sh(d.path, "\"$A\" event result e.trf 1 1-0 && \"$A\" event result e.trf 1 0-1").code,
            kOk);
  r = sh(d.path, "\"$A\" event result e.trf 1 0-1 --round 1 --force");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.err.find("warning: round 2 was paired"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("(forced, was 1-0)"), std::string::npos) << r.out;
  const std::string journal = last_journal_line(d.path / "e.trf.undo");
  EXPECT_NE(journal.find("forced"), std::string::npos) << journal;
  EXPECT_NE(journal.find("pair --check"), std::string::npos) << journal;
}

TEST(ResultChange, AfterTheEventEndedAChangeNeedsForce) {
  TempDir d;
  put(d.path / "players.csv", players_csv(4));
  std::string all =
      "\"$A\" event new e.trf --system round-robin --rounds 3 --rating-list "
      "standard --tiebreaks SB --rules 2026 --seed 5 >/dev/null && \"$A\" event "
      "register e.trf --csv players.csv >/dev/null && ";
  for (int round = 1; round <= 3; ++round)
    all += "\"$A\" event pair e.trf >/dev/null && " + enter_round(2) + " && ";
  auto r = sh(d.path, all + "true");
  ASSERT_EQ(r.code, kOk) << r.err;
  r = sh(d.path, "\"$A\" event result e.trf 2 '*'");
  EXPECT_EQ(r.code, kRefused) << r.err;
  EXPECT_NE(r.err.find("the event has ended"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event result e.trf 2 1-0 --force");
  EXPECT_EQ(r.code, kOk) << r.err;
}

TEST(ResultChange, TheForfeitOfAWithdrawnPlayerNeedsForce) {
  TempDir d;
  put(d.path / "players.csv", players_csv(4));
  ASSERT_EQ(sh(d.path,
               "\"$A\" event new e.trf --system round-robin --rounds 3 --rating-list "
               "standard --tiebreaks SB --rules 2026 --seed 5 && \"$A\" event register "
               "e.trf --csv players.csv >/dev/null && \"$A\" event withdraw e.trf 2 "
               "--round 1 && \"$A\" event pair e.trf")
                .code,
            kOk);
  auto show = sh(d.path, "\"$A\" event show e.trf");
  // The board of the withdrawn player 2 shows the forfeit the program recorded.
  std::istringstream in(show.out);
  std::string line;
  int board = 0;
  while (std::getline(in, line))
    if (line.find("+-") != std::string::npos || line.find("-+") != std::string::npos)
      board = std::atoi(line.c_str());
  ASSERT_GT(board, 0) << show.out;
  auto r = sh(d.path, "\"$A\" event result e.trf " + std::to_string(board) + " 1/2-1/2");
  EXPECT_EQ(r.code, kRefused) << r.err;
  EXPECT_NE(r.err.find("withdrew from round 1"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event result e.trf " + std::to_string(board) + " 1/2-1/2 --force");
  EXPECT_EQ(r.code, kOk) << r.err;
}

}  // namespace
}  // namespace arbiter::test::reliability
