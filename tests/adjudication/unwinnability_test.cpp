// can_checkmate and dead_position on positions with a known answer (Laws 6.9, A.5.3, 5.2.2).
#include "arbiter/adjudication/unwinnability.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace adj = arbiter::adjudication;
using arbiter::BLACK;
using arbiter::Position;
using arbiter::WHITE;

namespace {
Position at(const std::string& fen) { return Position::from_fen(fen, false, true).value(); }

// `side` mates from `fen`: found at the default budget, and the witness replays to the mate.
void expect_mate_found(const std::string& fen, arbiter::Color side) {
  const Position pos = at(fen);
  const auto r = adj::can_checkmate(pos, side);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << fen << ": " << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, side)) << fen;
}
}  // namespace

TEST(CanCheckmate, BareKingNeverMates) {
  auto r = adj::can_checkmate(at("8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1"), BLACK);
  EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable);
  EXPECT_EQ(r.method, adj::Method::Material);
}

TEST(CanCheckmate, QueenMatesWithWitness) {
  auto pos = at("8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1");
  auto r = adj::can_checkmate(pos, WHITE);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable);
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, WHITE));
  EXPECT_FALSE(adj::witness_san(pos, r.witness).empty());
}

TEST(CanCheckmate, MateOnBoardDecidedFirst) {
  // Fool's mate: Black has mated; White can never mate.
  auto pos = at("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_EQ(adj::can_checkmate(pos, BLACK).verdict, adj::Verdict::Winnable);
  auto w = adj::can_checkmate(pos, WHITE);
  EXPECT_EQ(w.verdict, adj::Verdict::Unwinnable);
  EXPECT_EQ(w.method, adj::Method::GameOver);
}

TEST(CanCheckmate, KnightAgainstQueenCannotMate) {
  auto r = adj::can_checkmate(at("6q1/8/8/8/3k4/8/8/K1N5 w - - 0 1"), WHITE);
  EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable);
  EXPECT_EQ(r.method, adj::Method::MatePattern);
}

TEST(CanCheckmate, LockedPawnWall) {
  auto r = adj::can_checkmate(at("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -"), WHITE);
  EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable);
}

TEST(CanCheckmate, EveryMoveStalemates) {
  auto r = adj::can_checkmate(at("7k/6pP/6P1/5K2/8/8/8/8 w - - 1 67"), WHITE);
  EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable);
}

TEST(CanCheckmate, TinyBudgetIsUndeterminedNotWrong) {
  auto r = adj::can_checkmate(at("8/8/4k3/8/8/3K4/3NN3/8 w - - 0 1"), WHITE, 10);
  EXPECT_NE(r.verdict, adj::Verdict::Unwinnable);
}

TEST(DeadPosition, SameColouredBishops) {
  auto d = adj::dead_position(at("8/8/4k3/2b5/8/3K4/3B4/8 w - - 0 1"));
  EXPECT_TRUE(d.is_dead());
  auto live = adj::dead_position(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_EQ(live.dead, adj::Verdict::Winnable);
}

TEST(UnwinnableCli, BatchFormat) {
  auto r = arbiter::test::run_arbiter("unwinnable -j1",
                                      "8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1\tw\n"
                                      "8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1\tb\n"
                                      "not a fen\tw\n");
  EXPECT_EQ(r.exit_code, 2);
  std::istringstream out(r.out);
  std::string l1, l2, l3;
  std::getline(out, l1);
  std::getline(out, l2);
  std::getline(out, l3);
  EXPECT_NE(l1.find("\tw\twinnable\t"), std::string::npos) << l1;
  EXPECT_NE(l1.find('#'), std::string::npos) << l1;
  EXPECT_NE(l2.find("\tb\tunwinnable\t"), std::string::npos) << l2;
  EXPECT_NE(l3.find("\tillegal\t"), std::string::npos) << l3;
  EXPECT_NE(r.err.find(":3:"), std::string::npos) << r.err;
}

// Facing pawns that can still move but never pass each other (community-public.tsv, labelled
// unwinnable for both sides): White's d-pawn is never captured (no black piece can reach it) and
// never captures, so Black's d-pawn, which also stays on its file, stops above it; the b6-h7
// chain is locked and keeps each king on its side. Proved by confinement, not by search.
TEST(CanCheckmate, SlackFacingPawnsNeverUnlock) {
  const auto pos = at("3k4/1p1p1p1p/1P1P1P1P/3p4/8/8/3P3P/4K3 w - -");
  for (auto side : {WHITE, BLACK}) {
    auto r = adj::can_checkmate(pos, side, 20'000);
    EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << r.reason;
    EXPECT_EQ(r.method, adj::Method::Confinement) << r.reason;
  }
}

// The same facing pair alone is not a lock: the white king can take the black pawn (which is
// therefore not a permanent wall) and White's pawn then promotes.
TEST(CanCheckmate, FacingPawnsThatCanBeCapturedDoNotLock) {
  const auto pos = at("4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1");
  auto r = adj::can_checkmate(pos, WHITE);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, WHITE));
}

// King and bishop against king and rook or queen (community-public.tsv, unwinnable): in every
// bishop mate the blocker next to the cornered king could take the bishop or interpose on the
// diagonal, so no checkmate position exists at all.
TEST(CanCheckmate, BishopCannotMateAgainstRookOrQueen) {
  for (const char* fen : {"2kr4/8/8/8/8/8/8/2K1B3 w - -", "4r3/2k5/8/8/8/8/2KB4/8 w - -",
                          "8/2k5/3q4/8/8/3B4/3K4/8 w - -"}) {
    auto r = adj::can_checkmate(at(fen), WHITE, 20'000);
    EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << fen << ": " << r.reason;
    EXPECT_EQ(r.method, adj::Method::MatePattern) << fen;
  }
}

// ... but with a queen and a bishop the defender has a blocker that can neither take nor
// interpose (community-public.tsv, winnable): the interposition rule must not over-claim.
TEST(CanCheckmate, BishopMatesWithTwoBlockers) {
  const auto pos = at("3kq1b1/8/8/8/8/3KB3/8/8 w - -");
  auto r = adj::can_checkmate(pos, WHITE);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, WHITE));
}

// A lone bishop against a lone pawn (lichess-public.tsv, winnable): Black has to promote to a
// piece that then blocks its own king in the corner. The solver reaches the promotion first and
// steers towards a mating configuration from there; the witness must replay to mate.
TEST(CanCheckmate, LoneBishopMatesAfterTheLoserPromotes) {
  const auto pos = at("8/8/8/8/BK6/2p5/1k6/8 w - - 4 57");
  auto r = adj::Solver().can_checkmate(pos, WHITE);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, WHITE));
  EXPECT_LT(r.nodes, 500'000u);
}

// One Solver answers many queries (its tables are reused) with the same verdicts as the free
// function, for either side and in any order.
TEST(Solver, ReusedAcrossQueries) {
  adj::Solver solver;
  for (int round = 0; round < 2; ++round)
    for (const char* fen : {"8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1", "2kr4/8/8/8/8/8/8/2K1B3 w - -",
                            "8/8/4k3/8/8/3K4/3NN3/8 w - - 0 1"})
      for (auto side : {WHITE, BLACK}) {
        const auto pos = at(fen);
        const auto a = solver.can_checkmate(pos, side), b = adj::can_checkmate(pos, side);
        EXPECT_EQ(a.verdict, b.verdict) << fen;
        if (a.verdict == adj::Verdict::Winnable) {
          EXPECT_TRUE(adj::replays_to_mate(pos, a.witness, side));
        }
      }
}

// One move deeper (community-public.tsv, labelled unwinnable): Black is in check from the queen
// and every reply (Kxg7 or Bxg7) removes it, after which the locked a-h pawn chain keeps the
// bishops and kings apart; neither the position itself nor a search proves it, every child does.
TEST(CanCheckmate, EveryMoveLeadsToAProvedPosition) {
  const auto pos = at("7b/3B2Q1/4Bk2/p1p1p1p1/P1P1P1P1/8/8/4K3 b - -");
  for (auto side : {WHITE, BLACK}) {
    auto r = adj::can_checkmate(pos, side, 50'000);
    EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << r.reason;
  }
  // And a winnable sibling from the same file is not over-claimed.
  const auto live = at("5rk1/6P1/7K/5q2/8/8/8/8 w - -");
  EXPECT_EQ(adj::can_checkmate(live, WHITE, 50'000).verdict, adj::Verdict::Unwinnable);
  auto b = adj::can_checkmate(live, BLACK);
  ASSERT_EQ(b.verdict, adj::Verdict::Winnable) << b.reason;
  EXPECT_TRUE(adj::replays_to_mate(live, b.witness, BLACK));
}

// A lone bishop against rook and pawn (lichess-public.tsv, winnable): the rook would take or
// block every checker, so Black gives it away to White's king first, then promotes to a blocker.
TEST(CanCheckmate, LoneBishopMatesAfterTheLoserGivesUpItsRook) {
  const auto pos = at("8/5Bk1/8/6K1/8/p7/1r6/8 b - - 0 45");
  adj::Solver solver;
  auto r = solver.can_checkmate(pos, WHITE);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, WHITE));
}

// Two bishops of one colour against a queen (community-public.tsv, unwinnable). The cornered king
// has two flight squares of the other colour; White's king covers at most one, the queen must
// block the other, and from there it takes the checker or interposes (in a corner the check is
// single). Off the corner there are three or more such squares and only one blocker.
TEST(CanCheckmate, SameColouredBishopsAgainstAQueen) {
  for (const char* fen : {"k7/q7/8/8/8/2KB4/2B5/8 w - -", "6q1/5k2/3B4/4BK2/8/8/8/8 w - -"}) {
    auto r = adj::can_checkmate(at(fen), WHITE, 20'000);
    EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << fen << ": " << r.reason;
    EXPECT_EQ(r.method, adj::Method::MatePattern) << fen;
  }
  // With bishops of both colours the rule does not apply (community-public.tsv, winnable).
  const auto live = at("3kbb2/8/8/8/3K1B2/8/8/8 w - -");
  EXPECT_NE(adj::can_checkmate(live, BLACK, 20'000).verdict, adj::Verdict::Unwinnable);
}

// King and pawns only (lichess-public.tsv, winnable): White queens a pawn first (the loser
// making way) and mates with the queen; the witness replays from the original position.
TEST(CanCheckmate, PawnsPromoteThenMate) {
  const auto pos = at("8/5p2/pk4p1/1P5p/P1K5/8/8/8 w - - 0 46");
  auto r = adj::Solver().can_checkmate(pos, WHITE);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, WHITE));
}

// Stalemate traps (confinement): the White king shuttles between h3 and h4 behind locked pawns;
// every Black king move that would cover h3 (Kh2, Kxg2) leaves White without a move, so the
// game ends in stalemate there and Black can never mate; White's pawns never get free either.
TEST(CanCheckmate, StalemateTrapBehindLockedPawns) {
  for (const char* fen :
       {"8/b7/k6p/5p1P/5p2/5PpK/6P1/8 w - -", "8/8/3b3p/5p1P/3b1p1K/5Pp1/6P1/5kb1 b - -"}) {
    for (auto side : {WHITE, BLACK}) {
      auto r = adj::can_checkmate(at(fen), side);
      EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << fen << ' ' << int(side) << ": " << r.reason;
      EXPECT_EQ(r.method, adj::Method::Confinement) << fen;
    }
  }
}

// The trap rule must not fire when the other king is free to move: in this pawn ending Black
// wins the g3 pawn and promotes (a wrong version of the rule, trusting that each king's region
// stays put, answered unwinnable).
TEST(CanCheckmate, KingsThatCanMoveAreNoStalemateTrap) {
  auto pos = at("8/8/8/4K1k1/6p1/6P1/8/8 b - - 8 63");
  auto r = adj::can_checkmate(pos, BLACK);
  ASSERT_EQ(r.verdict, adj::Verdict::Winnable) << r.reason;
  EXPECT_TRUE(adj::replays_to_mate(pos, r.witness, BLACK));
}

// Small reachable sets are enumerated in full (breadth first): a proof when none of the
// positions is a mate. Bishops behind a locked chain (D3-Chess test vector).
TEST(CanCheckmate, WholeReachableSetWithoutMate) {
  for (auto side : {WHITE, BLACK}) {
    auto r = adj::can_checkmate(at("7k/8/1p6/1Pp5/2Pp4/pB1Pp1p1/P1B1P1P1/1B1B2K1 w - -"), side);
    EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << r.reason;
    EXPECT_EQ(r.method, adj::Method::Exhaustive) << r.reason;
  }
}

// A lone knight against queens: in every mating configuration some queen could take the knight
// or would check the winner's king, unless spare queens shut those lines, and each spare queen
// placed to do so must fit too (the enumeration places them instead of assuming any line can be
// shut). From lichess-public.tsv and the community corpus.
TEST(CanCheckmate, KnightAgainstSeveralQueensCannotMate) {
  for (const char* fen :
       {"8/2k5/8/8/2K3q1/2N5/8/1q6 w - - 2 47", "1q1q1q2/1k2q1q1/8/8/8/8/2N5/1K6 b - -"}) {
    auto r = adj::can_checkmate(at(fen), WHITE);
    EXPECT_EQ(r.verdict, adj::Verdict::Unwinnable) << fen << ": " << r.reason;
    EXPECT_EQ(r.method, adj::Method::MatePattern) << fen;
  }
  // A queen and pawns (spares to shut lines) against a lone knight or bishop: mates exist
  // (lichess-public.tsv), so the placement must not rule them out.
  for (const char* fen :
       {"8/8/8/6K1/1p6/1N2k3/8/7q b - - 3 64", "8/6p1/3kp3/8/8/1p6/1q2BK2/8 w - - 0 41"}) {
    expect_mate_found(fen, WHITE);
  }
}

// A lone minor piece against many pieces (lichess-public.tsv): the mate is found by walking
// every piece to a mating configuration (the loser's king into a corner, its own pieces and a
// promoted pawn on the flight squares), by iterative deepening on the plies with a lower bound.
TEST(CanCheckmate, LoneMinorPieceWalksToAMatingConfiguration) {
  for (const char* fen : {"8/6p1/5k2/4n3/5Kp1/2p5/2B5/8 b - - 1 62",
                          "4k2r/5p1p/2pp4/4p3/5q2/1p4N1/3b1K2/8 w k - 2 43",
                          "8/6k1/p7/3b4/1pp5/2p5/2B2K2/8 b - - 1 52"}) {
    expect_mate_found(fen, WHITE);
  }
}

// Two bishops against a bishop and pawns (lichess-public.tsv): the loser's bishop spoils the
// corner mates, so the loser gives it away first and the simpler position is solved.
TEST(CanCheckmate, MinorPiecesLetTheLoserGiveAPieceAwayFirst) {
  expect_mate_found("8/2B5/6k1/5p2/6pp/8/5K2/1B1b4 w - - 0 78", WHITE);
}

// A lone bishop against rook, knight and pawns (lichess-public.tsv): the mate needs the ninth
// nearest mating configuration; the other needs a configuration after a promotion of the
// loser's, which the extra configurations must not push out of reach.
TEST(CanCheckmate, LoneBishopReachesAFarMatingConfiguration) {
  for (const char* fen :
       {"2b5/1k6/1PP5/8/7P/4N1P1/P4P2/4R1K1 b - - 0 44", "6k1/5P2/4N1P1/4K3/8/8/b7/8 b - - 0 69"}) {
    expect_mate_found(fen, BLACK);
  }
}
