// Legality verdicts on positions that are reachable because they were reached: every position
// along the main lines of the shared PGN corpora. None may be called "not reachable" or
// "illegal (A.5.4)", and every "legal" verdict's proof game must replay from the start to the
// position. The perft suites, made for move generators, hold a few positions no game reaches:
// exactly those (listed and argued below) may be refused. CI runs a deterministic sample; the full
// run is
//   ARBITER_FULL=1 build/tests/adjudication_tests --gtest_filter='LegalityCorpus.*'
// (one corpus: --gtest_filter=LegalityCorpus.TcecStandard; the two TCEC files take longest)
// and prints the counts (legal with proof / not contradicted / not reachable) per file.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

#include "arbiter/adjudication/legality.h"
#include "arbiter/engine/chess960.h"
#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/san.h"
#include "test_support.h"

using namespace arbiter;
namespace adj = arbiter::adjudication;

namespace {

struct Tally {
  int positions = 0, legal = 0, guided = 0, open = 0, refused = 0, bad_setups = 0;
  double seconds = 0, slowest = 0;
  void print(const std::string& what) const {
    std::printf(
        "%s: %d positions: %d legal with proof (%d found by the guided search), %d not "
        "contradicted, %d not reachable; %.1f ms on average, slowest %.0f ms; %d games set up "
        "from a refused FEN skipped\n",
        what.c_str(), positions, legal, guided, open, refused,
        positions ? 1000 * seconds / positions : 0.0, 1000 * slowest, bad_setups);
  }
};

// Judges one reachable position; a refusal or a proof that does not replay is a failure.
void judge(const Setup& s, adj::LegalityOptions o, const std::string& where, Tally& t) {
  // The guided search (the slower one) on every 8th position of CI's sample, on all in a full run.
  o.proof.guided = test::full_run() || t.positions % 8 == 0;
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = adj::judge_legality(s, o);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  t.seconds += secs;
  t.slowest = std::max(t.slowest, secs);
  ++t.positions;
  if (!r.possible()) {
    ++t.refused;
    ADD_FAILURE() << where << ": " << to_fen(s) << " called " << adj::legality_status_name(r.status)
                  << ": " << (r.issues.empty() ? "" : r.issues[0].message);
    return;
  }
  if (r.status == adj::LegalityStatus::NotContradicted) {
    ++t.open;
    return;
  }
  ++t.legal;
  t.guided += r.search.guided;
  const auto start = Position::from_setup(*adj::start_of(o), o.chess960).value();
  EXPECT_TRUE(adj::reaches(start, r.proof, s)) << where << ": proof does not replay";
}

// The start a corpus game's FEN tag gives: a Chess960 start when it is one, else the standard
// start (a game set up from a middle-game position reached it from the standard start).
adj::LegalityOptions options_for(const pgn::RawGame& g, bool c960) {
  adj::LegalityOptions o;
  o.chess960 = c960;
  o.proof.max_nodes = 20'000;  // the sample's budget; status's default is larger
  if (const std::string* fen = g.tag("FEN")) {
    auto setup = parse_fen(*fen);
    if (setup.ok() && chess960::verify(*setup, true).ok()) o.start = *setup;
  }
  return o;
}

// The game's start from its FEN tag, read as `status` reads a FEN (Strict, else EPD-lenient:
// the lessons file writes fullmove number 0).
Result<Position, PositionError> start_of_game(const std::string& fen, bool c960) {
  auto s = parse_fen(fen, FenMode::Strict);
  if (!s.ok()) s = parse_fen(fen, FenMode::Epd);
  if (!s.ok()) return Position::from_fen(fen, c960);  // the error
  return Position::from_setup(*s, c960);
}

Tally check_games(const std::string& file, int step) {
  Tally t;
  auto reader = pgn::Reader::open(test::shared("data/pgn/corpus/" + file).string());
  pgn::RawGame g;
  for (std::uint64_t i = 0; reader.next(g); ++i) {
    if (int(i % step) != 0) continue;
    const std::string* fen = g.tag("FEN");
    const std::string* variant = g.tag("Variant");
    const bool c960 = variant && (variant->find("960") != std::string::npos ||
                                  variant->find("fischer") != std::string::npos);
    auto start = fen ? start_of_game(*fen, c960) : Position::from_fen(Position().fen(), c960);
    const auto o = options_for(g, c960);
    // A game set up from a position that is itself refused (lessons-with-errors keeps FEN tags
    // with impossible castling rights) proves nothing about reachability: skipped, counted.
    if (!start.ok() || !adj::check_legality(start->to_setup(), o).possible()) {
      ++t.bad_setups;
      continue;
    }
    Position p = *start;
    int depth = 0, ply = 0;
    for (const pgn::Token& tok : g.tokens) {
      if (tok.kind == pgn::TokenKind::VariationStart) ++depth;
      if (tok.kind == pgn::TokenKind::VariationEnd) --depth;
      if (tok.kind != pgn::TokenKind::Move || depth != 0) continue;
      judge(p.to_setup(), o, file + " game " + std::to_string(i) + " ply " + std::to_string(ply),
            t);
      const auto m = parse_san(p, g.token_text(tok));
      if (!m.ok()) break;  // a broken game: its main line ends here
      p.play(*m);
      ++ply;
    }
    judge(p.to_setup(), o, file + " game " + std::to_string(i) + " end", t);
    if (t.refused > 20) break;  // enough to see the problem
  }
  return t;
}

// Judges every position of a perft suite; returns the ids of the refused ones (the suites are
// made for move generators and hold some positions no game can reach: see the test).
std::set<std::string> check_suite(const std::string& file, Tally& t) {
  std::set<std::string> refused;
  std::ifstream in(test::shared("data/perft/" + file));
  auto cases = parse_perft_suite(in);
  EXPECT_TRUE(cases.ok()) << file;
  if (!cases.ok()) return refused;
  // CI: every 4th position of the big suites (the positions listed below are in the sample).
  const std::size_t step = test::full_run() || cases->size() < 1000 ? 1 : 4;
  for (std::size_t i = 0; i < cases->size(); i += step) {
    const auto& c = (*cases)[i];
    auto s = parse_fen(c.fen, FenMode::Epd);
    if (!s.ok()) continue;
    adj::LegalityOptions o;
    o.chess960 = file.find("960") != std::string::npos || c.id.rfind("xfen", 0) == 0;
    o.proof.max_nodes = 20'000;
    o.proof.guided = test::full_run() || (i / step) % 8 == 0;  // as in judge()
    if (o.chess960 && chess960::verify(*s, true).ok()) o.start = *s;
    const auto r = adj::judge_legality(*s, o);
    ++t.positions;
    if (!r.possible()) {
      ++t.refused;
      refused.insert(c.id);
    } else if (r.status == adj::LegalityStatus::Legal) {
      ++t.legal;
      t.guided += r.search.guided;
      EXPECT_TRUE(
          adj::reaches(Position::from_setup(*adj::start_of(o), o.chess960).value(), r.proof, *s));
    } else {
      ++t.open;
    }
  }
  return refused;
}

// One test per corpus, so each can be run in full alone (ARBITER_FULL=1 and --gtest_filter).
void check_file(const std::string& file, int sample_step) {
  // ARBITER_LEGALITY_STEP=N: every N-th game (a bigger sample than CI's, smaller than full).
  const char* step = std::getenv("ARBITER_LEGALITY_STEP");
  const Tally t = check_games(file, step               ? std::max(1, std::atoi(step))
                                    : test::full_run() ? 1
                                                       : sample_step);
  t.print(file);
  EXPECT_GT(t.positions, 50) << file;
  EXPECT_EQ(t.refused, 0) << file;
}

}  // namespace

TEST(LegalityCorpus, WorldChampionship) { check_file("world-championship.pgn", 97); }
TEST(LegalityCorpus, TwicExcerpt) { check_file("twic-excerpt.pgn", 53); }
TEST(LegalityCorpus, EngineGames) { check_file("engine-games-threefold.pgn", 257); }
TEST(LegalityCorpus, Lessons) { check_file("lessons-with-errors.pgn", 23); }
TEST(LegalityCorpus, TcecStandard) { check_file("tcec-standard-nocomments.pgn.zst", 1999); }
TEST(LegalityCorpus, TcecChess960) { check_file("tcec-chess960.pgn.zst", 997); }

TEST(LegalityCorpus, PerftSuitesRefuseOnlyUnreachablePositions) {
  // Positions of the suites that no game can reach, each checked by hand:
  // - perftsuite.epd castling tests (lines 5-36): the side that moved last keeps castling rights
  //   on its king or on all its rooks and has no other man, so it has no last move;
  // - perftsuite.epd line 51 and tricky.perft align-*: double checks by two pieces on one line
  //   through the king (neither can have uncovered the other); align-ep, align-ep-pinned,
  //   ep-unrelated-check: a check the en passant square's double step cannot have given;
  // - tricky.perft pos-4 (Kiwipete's cousin): the white pawn on b7 came from a2 (b2 is still
  //   there) with a capture, but Black has all sixteen men;
  // - tricky.perft asymmetrical-and-king-on-h: a black queen-side castling right with the king
  //   on h8 (in Chess960 too: a king never starts on the h-file).
  // Every one of them except the castling tests and pos-4 was refused before issue 18.
  const std::set<std::string> expected = {"line 5",
                                          "line 6",
                                          "line 8",
                                          "line 11",
                                          "line 12",
                                          "line 13",
                                          "line 14",
                                          "line 15",
                                          "line 16",
                                          "line 20",
                                          "line 21",
                                          "line 24",
                                          "line 26",
                                          "line 27",
                                          "line 30",
                                          "line 34",
                                          "line 35",
                                          "line 36",
                                          "line 51",
                                          "pos-4",
                                          "align-diag-1",
                                          "align-diag-2",
                                          "align-horizontal",
                                          "align-ep",
                                          "align-ep-pinned",
                                          "ep-unrelated-check",
                                          "asymmetrical-and-king-on-h"};
  std::set<std::string> refused;
  for (const char* file : {"perftsuite.epd", "tricky.perft", "random-public.perft",
                           "chess960.perft", "sp960-start-positions.perft"}) {
    Tally t;
    for (const auto& id : check_suite(file, t)) refused.insert(id);
    t.print(file);
    EXPECT_GT(t.positions, 5) << file;
  }
  for (const auto& id : refused) EXPECT_TRUE(expected.count(id)) << "refused: " << id;
  for (const auto& id : expected) EXPECT_TRUE(refused.count(id)) << "not refused: " << id;
}
