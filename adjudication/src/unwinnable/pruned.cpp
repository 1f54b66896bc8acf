// Search with sound pruning (see pruned.h).
//
// Soundness of NoMate: let P0 ... Pn be any line of legal moves from the root P0 that ends in a
// checkmate of the loser. Take the first Pi that is not expanded. Every position before it was
// expanded, so each child of it was recorded (a child already recorded stands for the same
// position: the key holds pieces, side to move, castling rights and the en passant square, so
// the same moves follow); hence Pi was recorded and then either found to be over (then i = n and
// the mate is reported) or proved unwinnable by a static argument, which contradicts the mate Pn
// reachable from it. So if the enumeration closes without reporting a mate, no line from the
// root mates (Laws 5.2.2, 6.9 and A.5.3: no series of legal moves).
#include "unwinnable/pruned.h"

#include <algorithm>

#include "unwinnable/identity.h"
#include "unwinnable/material.h"
#include "unwinnable/saturation.h"

namespace arbiter::adjudication::detail {
namespace {

// The case splits `depth` deep with at most `cap` of the units left in `*analyses`, which pays
// for what they used.
bool split_within(const Position& p, Color winner, int depth, int cap, int* analyses) {
  int mine = std::min(*analyses, cap);
  const int before = mine;
  const bool proved = split_proves_unwinnable(p, winner, depth, &mine);
  *analyses -= before - std::max(mine, 0);
  return proved;
}

// Per position: material, then the confinement with case splits two deep, at most 48 units of
// fixpoint work.
bool statically_unwinnable(const Position& p, Color winner, int* analyses) {
  return material_proves_unwinnable(p, winner, nullptr, nullptr) ||
         split_within(p, winner, 2, 48, analyses);
}

}  // namespace

PrunedResult prove_by_saturation(const Position& root, Color winner, std::size_t expansions,
                                 int work, ReachSpace& space, std::string* why) {
  int analyses = work;
  PrunedResult r;
  const char* w = winner == WHITE ? "White" : "Black";
  // The root alone, with deeper case splits.
  if (split_within(root, winner, 3, 400, &analyses)) {
    r.outcome = Reach::NoMate;
    r.nodes = std::uint64_t(work - analyses);
    if (why)
      *why = std::string("no ") + w +
             " checkmate is possible in any case of which pieces can ever be captured "
             "where they stand (reachable squares of every piece, with locked pawns and "
             "pieces that can never move as walls)";
    return r;
  }
  if (expansions == 0) {
    r.nodes = std::uint64_t(work - std::max(analyses, 0));
    return r;
  }
  auto& nodes = space.nodes;
  space.start(root, 64 * expansions);
  auto done = [&](Reach outcome) {
    r.outcome = outcome;
    r.positions = nodes.size();
    r.nodes += std::uint64_t(work - std::max(analyses, 0));
    return r;
  };
  space.insert(identity(root));
  MoveList moves;
  std::size_t expanded = 0;
  // Breadth first, so that a mate found comes with a shortest line.
  for (std::size_t head = 0; head < nodes.size(); ++head) {
    const Position& p = space.position(head);
    moves.clear();
    p.generate_legal(moves);
    if (moves.size() == 0) {
      if (p.in_check() && p.side_to_move() != winner) {
        r.line = space.line_to(head);
        return done(Reach::MateFound);
      }
      continue;  // stalemate, or the winner is mated: the game is over
    }
    if (head != 0) {
      if (statically_unwinnable(p, winner, &analyses)) {
        ++r.pruned;
        continue;
      }
      if (analyses <= 0) return done(Reach::TooLarge);
    }
    if (++expanded > expansions || nodes.size() + moves.size() > 64 * expansions)
      return done(Reach::TooLarge);
    for (Move m : moves) {
      ++r.nodes;
      const Position child = p.after(m);
      if (!space.insert(identity(child))) continue;
      space.add(child, std::uint32_t(head), m);
    }
  }
  if (why)
    *why = "every line of play from here (" + std::to_string(nodes.size()) +
           " positions) ends without a checkmate by " + w + " or reaches a position where " +
           "none is possible in any case of which pieces can ever be captured (reachable " +
           "squares of every piece, with locked pawns as walls)";
  return done(Reach::NoMate);
}

namespace {

// The gate of prove_by_tempo (a choice of when to spend the enumeration, not part of any proof).
bool winner_only_pushes_blocked_pawns(const Position& pos, Color winner) {
  const Bitboard pawns = pos.pieces(winner, PAWN);
  if (!pawns) return false;
  for (Bitboard b = pawns; b;) {
    const Square s = pop_lsb(b);
    Bitboard ahead = 0;  // the squares in front of the pawn on its file
    for (Bitboard f = file_bb(file_of(s)) & pos.pieces(~winner, PAWN); f;) {
      const Square t = pop_lsb(f);
      if (relative_rank(winner, rank_of(t)) > relative_rank(winner, rank_of(s)))
        ahead |= square_bb(t);
    }
    if (!ahead) return false;
  }
  Position mover = pos;
  if (pos.side_to_move() != winner) {
    Setup setup = pos.to_setup();
    setup.turn = winner;
    setup.ep_square = SQ_NONE;
    auto flipped = Position::from_setup(setup, pos.is_chess960());
    if (!flipped.ok()) return false;
    mover = *flipped;
  }
  MoveList moves;
  mover.generate_legal(moves);
  for (Move m : moves)
    if (type_of(mover.moved_piece(m)) != PAWN || mover.is_capture(m)) return false;
  return true;
}

}  // namespace

PrunedResult prove_by_tempo(const Position& root, Color winner, std::size_t cap,
                            std::uint64_t move_cap, ReachSpace& space, std::string* why) {
  PrunedResult r;
  if (!winner_only_pushes_blocked_pawns(root, winner)) return r;
  // While the winner only pushes blocked pawns, the set grows slowly (the community file's
  // largest proof: at most 3.1-fold a level past 2,000 positions); once the loser gives it
  // something to take or lets a pawn through, the position opens and the levels grow five- and
  // sixfold to hundreds of thousands of positions. A level growing more than fourfold is taken
  // for that (a choice of when to give up, not part of any proof): the searches that follow
  // find the mates of the open positions.
  const ReachResult e = enumerate_reachable(root, winner, cap, move_cap, space, 4);
  r.outcome = e.outcome;
  r.nodes = e.nodes;
  r.positions = e.positions;
  r.line = e.line;
  if (e.outcome == Reach::NoMate && why)
    *why = "every position reachable from here (" + std::to_string(e.positions) +
           ") was examined: none is a checkmate by " + (winner == WHITE ? "White" : "Black") +
           " (it could only push pawns: every line of play was followed to its end)";
  return r;
}

}  // namespace arbiter::adjudication::detail
