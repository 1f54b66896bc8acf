// The three legality verdicts (Art. 3.10.3, A.5.4): each retrograde check on positions typed to
// break it (every one of them answered "legal" before these checks existed), positions built to
// look like them that are reachable (never refused), and proof games that replay.
#include "arbiter/adjudication/retrograde.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/proof_game.h"
#include "arbiter/engine/chess960.h"
#include "arbiter/engine/san.h"
#include "test_support.h"

namespace adj = arbiter::adjudication;
using Board = arbiter::Setup;

namespace {

Board setup(const std::string& fen) {
  return arbiter::parse_fen(fen, arbiter::FenMode::Epd).value();
}

adj::LegalityReport judge(const std::string& fen, adj::LegalityOptions o = {}) {
  return adj::judge_legality(setup(fen), o);
}

std::string codes(const adj::LegalityReport& r) {
  std::string out;
  for (const auto& i : r.issues) out += i.code + " ";
  return out;
}

void expect_refused(const std::string& fen, const std::string& code) {
  const auto r = judge(fen);
  EXPECT_EQ(r.status, adj::LegalityStatus::NotReachable) << fen;
  EXPECT_NE(codes(r).find(code), std::string::npos) << fen << ": " << codes(r);
}

void expect_not_refused(const std::string& fen) {
  const auto r = judge(fen);
  EXPECT_TRUE(r.possible()) << fen << ": " << (r.issues.empty() ? "" : r.issues[0].message);
}

// Replays SAN moves from the standard start; the setup reached.
Board play(const std::vector<std::string>& sans) {
  auto p = arbiter::Position::standard();
  for (const auto& s : sans) p.play(arbiter::parse_san(p, s).value());
  return p.to_setup();
}

}  // namespace

TEST(Retrograde, LockedInBishop) {
  // Issue 18's position: the c1 bishop never got past b2 and d2, so the bishop on h6 is promoted,
  // but White has all eight pawns.
  expect_refused("rnbqkbnr/pppppppp/7B/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1", "locked-in-piece");
  // Black's f8 bishop behind e7 and g7, so the dark-squared black bishop on a3 is promoted.
  expect_refused("rnbqk1nr/pppppppp/8/8/8/b7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "locked-in-piece");
  // The same with d2 gone: the bishop got out.
  expect_not_refused("rnbqkbnr/pppppppp/7B/8/8/3P4/PPP1PPPP/RN1QKBNR b KQkq - 0 2");
  // A white pawn missing: the h6 bishop may be that pawn promoted.
  expect_not_refused("rnbqkbnr/1ppppppp/7B/8/8/8/1PPPPPPP/RN1QKBNR b KQkq - 0 1");
}

TEST(Retrograde, LockedInKing) {
  // d2, e2, f2 never moved, the f1 bishop is locked in by e2 and g2, and the queen and king block
  // each other: the king cannot have left e1.
  expect_refused("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w kq - 0 1", "locked-in-piece");
  // With g2 gone the f1 bishop could leave, and then the king.
  expect_not_refused("rnbqkbnr/pppppppp/8/8/8/4K1P1/PPPPPP1P/RNBQ1BNR b kq - 0 1");
}

TEST(Retrograde, PawnCaptures) {
  // Tripled c-pawns need two captures; Black has all sixteen men.
  expect_refused("rnbqkbnr/pppppppp/8/8/2P5/2P5/2P2PPP/RNBQKBNR w KQkq - 0 1", "pawn-captures");
  // A pawn on a3 came from a2 or b2, both still there.
  expect_refused("rnbqkbnr/pppppppp/8/8/8/P7/PP6/RNBQKBNR w KQkq - 0 1", "pawn-captures");
  // Doubled black pawns on the e-file with every white man on the board.
  expect_refused("rnbqkbnr/pppp2pp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "pawn-captures");
  // One capture needed and one black man missing: fine.
  expect_not_refused("rnbqkb1r/pppppppp/8/8/8/2P5/2P2PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(Retrograde, ImpossibleChecks) {
  // Double check by a knight and a bishop: neither can have uncovered the other.
  expect_refused("4k3/8/3N4/1B6/8/8/8/6K1 b - - 0 1", "no-last-move");
  // A knight check from b1: a3 holds a white pawn, d2 a black rook, c3 the king.
  expect_refused("8/8/8/8/8/P1k5/3r4/1N2K3 b - - 0 1", "no-last-move");
  // A check by a rook that keeps its castling right (it never moved, so the check was there
  // before White's last move), and no other white man can have moved.
  expect_refused("k7/8/8/8/8/8/1P6/R3K3 b Q - 0 1", "no-last-move");
  // With the king on b1 instead, Ka2-b1 uncovered the check.
  expect_not_refused("k7/8/8/8/8/8/1P6/RK6 b - - 0 1");
  // Double check that a bishop gives by uncovering a rook (Be2-b5): reachable.
  expect_not_refused("4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1");
  // A promotion with double check: reachable.
  expect_not_refused("3Qk3/8/8/8/8/8/8/4R1K1 b - - 0 1");
}

TEST(Retrograde, CastlingAndEnPassant) {
  // Black keeps both its castling rights, so neither its king nor its rooks ever moved: Black
  // has no last move, yet it is White's turn.
  expect_refused("r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1", "no-last-move");
  // The double step d2-d4 would have left the black king in check from a1 before it.
  expect_refused("7k/8/8/8/3Pp3/8/8/B3K3 b - d3 0 1", "no-last-move");
  // Without the en passant square the pawn may have come from d3.
  expect_not_refused("7k/8/8/8/3Pp3/8/8/B3K3 b - - 0 1");
  // Castling rights after the rook left and came back are gone: the king may have moved last.
  expect_not_refused("r3k2r/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(Retrograde, SideNotToMoveInCheck) {
  const auto r = judge("4k2R/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(r.status, adj::LegalityStatus::NotReachable);
  EXPECT_NE(codes(r).find("side-not-to-move-in-check"), std::string::npos);
}

TEST(ProofGame, LegalOnlyWithAProofThatReplays) {
  const auto start = arbiter::Position::standard();
  for (const auto& line : std::vector<std::vector<std::string>>{
           {},
           {"e4", "e5"},
           {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"},
           {"e4", "d5", "exd5", "Qxd5", "Nc3"},                     // a capture
           {"e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "O-O"},         // castling
           {"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6"},  // captures on one square
           {"e4", "Nf6", "e5", "d5"},                               // en passant square
           {"Nf3", "Nf6", "Ng1", "Ng8"}}) {  // the start again, by a proof of 0 plies
    const Board target = play(line);
    const auto r = adj::judge_legality(target, {});
    ASSERT_EQ(r.status, adj::LegalityStatus::Legal) << arbiter::to_fen(target);
    EXPECT_TRUE(adj::reaches(start, r.proof, target)) << arbiter::to_fen(target);
    EXPECT_LE(r.proof.size(), line.size()) << "IDA* finds a shortest proof game";
  }
}

TEST(ProofGame, Chess960Start) {
  adj::LegalityOptions o;
  o.chess960 = true;
  o.start = arbiter::chess960::start_setup(0);  // BBQNNRKR
  auto p = arbiter::chess960::start_position(0);
  for (const char* san : {"f4", "f5", "Rf3", "Rf6", "O-O"})
    p.play(arbiter::parse_san(p, san).value());
  const auto r = adj::judge_legality(p.to_setup(), o);
  ASSERT_EQ(r.status, adj::LegalityStatus::Legal);
  EXPECT_TRUE(adj::reaches(arbiter::chess960::start_position(0), r.proof, p.to_setup()));
  // Without the start, Chess960 positions are judged but never proved.
  o.start.reset();
  EXPECT_EQ(adj::judge_legality(p.to_setup(), o).status, adj::LegalityStatus::NotContradicted);
}

TEST(ProofGame, BoundedAndHonest) {
  // A middle game (a Najdorf after 12 moves): the bound alone rules out any proof game of up
  // to 20 plies.
  const std::string najdorf = "r2q1rk1/3nbppp/p2pbn2/4p1P1/1p2P3/1NN1BP2/PPPQ3P/2KR1B1R w - - 0 13";
  EXPECT_EQ(
      play({"e4",  "c5",  "Nf3", "d6",  "d4",  "cxd4", "Nxd4",  "Nf6",  "Nc3", "a6", "Be3", "e5",
            "Nb3", "Be6", "f3",  "Be7", "Qd2", "O-O",  "O-O-O", "Nbd7", "g4",  "b5", "g5",  "b4"})
          .board,
      setup(najdorf).board);
  const auto r = judge(najdorf);
  EXPECT_EQ(r.status, adj::LegalityStatus::NotContradicted);
  EXPECT_FALSE(r.search.found);
  EXPECT_FALSE(r.checked.empty());
  // A node budget of a few positions gives up without claiming anything.
  adj::LegalityOptions tiny;
  tiny.proof.max_nodes = 10;
  const auto t = judge("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", tiny);
  EXPECT_EQ(t.status, adj::LegalityStatus::NotContradicted);
  EXPECT_FALSE(t.search.exhausted);
}

// Beyond the 20 plies of the shortest-proof search (the bound alone needs 24: every pawn, knight
// and bishop of both sides has moved), the search guided by the target finds a proof game; it
// replays to the position. Without the guided search (as before it existed) the position is
// only "not contradicted".
TEST(ProofGame, GuidedSearchBeyondThePlyLimit) {
  const std::string fen = "r2qk2r/8/2nbbn2/pppppppp/PPPPPPPP/2NBBN2/8/R2QK2R w KQkq - 0 13";
  const auto r = judge(fen);
  ASSERT_EQ(r.status, adj::LegalityStatus::Legal) << r.search.nodes;
  EXPECT_TRUE(r.search.guided);
  EXPECT_GE(r.search.lower_bound, 24);
  EXPECT_GT(r.proof.size(), 20u);
  EXPECT_TRUE(adj::reaches(arbiter::Position::standard(), r.proof, setup(fen)));
  adj::LegalityOptions shortest_only;
  shortest_only.proof.guided = false;
  const auto s = judge(fen, shortest_only);
  EXPECT_EQ(s.status, adj::LegalityStatus::NotContradicted);
  EXPECT_TRUE(s.search.exhausted);
}

TEST(Cli, StatusVerdicts) {
  using arbiter::test::run_arbiter;
  auto bad = run_arbiter("status 'rnbqkbnr/pppppppp/7B/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1'");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.out.find("status: not reachable"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("captured on c1"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("Art. 3.10.3"), std::string::npos) << bad.out;
  auto ok = run_arbiter("status 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'");
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_NE(ok.out.find("status: legal\nproof game (3 plies from the standard start position): "
                        "1. e4 e5 2. Nf3"),
            std::string::npos)
      << ok.out;
  auto open = run_arbiter(
      "status 'r2q1rk1/3nbppp/p2pbn2/4p1P1/1p2P3/1NN1BP2/PPPQ3P/2KR1B1R w - - 0 13' --json");
  EXPECT_EQ(open.exit_code, 0);
  EXPECT_NE(open.out.find("\"status\":\"not contradicted\""), std::string::npos) << open.out;
  EXPECT_NE(open.out.find("\"checked\":["), std::string::npos) << open.out;
  auto proof =
      run_arbiter("status 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' --json");
  EXPECT_NE(proof.out.find("\"moves\":[\"e4\",\"e5\"]"), std::string::npos) << proof.out;
  auto c960 =
      run_arbiter("status 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1' --start 0");
  EXPECT_EQ(c960.exit_code, 0);
  EXPECT_NE(c960.out.find("status: legal"), std::string::npos) << c960.out;
  EXPECT_EQ(run_arbiter("status '4k3/8/8/8/8/8/8/4K3 w - - 0 1' --start 960").exit_code, 2);
}

// Random games reach stranger positions than master games (promotions to every piece, en
// passant, castling late, kings walking out): none of them may be refused. Deterministic
// seeds; the proof search is left out (its proofs are checked by the corpus test).
TEST(Retrograde, RandomGamesAreNeverRefused) {
  std::mt19937 rng(18);
  int positions = 0;
  const int games = arbiter::test::full_run() ? 20000 : 400;
  for (int game = 0; game < games; ++game) {
    const bool c960 = game % 4 == 3;
    const int sp = c960 ? int(rng() % 960) : arbiter::chess960::kStandard;
    adj::LegalityOptions o;
    o.chess960 = c960;
    o.start = arbiter::chess960::start_setup(sp);
    o.proof.max_nodes = 0;
    auto p = arbiter::chess960::start_position(sp);
    for (int ply = 0; ply < 300; ++ply) {
      const auto r = adj::check_legality(p.to_setup(), o);
      ++positions;
      ASSERT_TRUE(r.possible()) << "game " << game << " ply " << ply << ": " << p.fen() << ": "
                                << r.issues[0].message;
      const auto moves = p.legal_moves();
      if (moves.empty()) break;
      p.play(moves[rng() % moves.size()]);
    }
  }
  EXPECT_GT(positions, 50000);
}
