// Fuzz target for can_checkmate. The input drives either a random game from the start position
// (a random legal position) or a small random setup (kings plus up to three pieces). Every
// `winnable` witness must replay to a checkmate by the side. Every `unwinnable` answer on a small
// position (at most five pieces) is cross-checked by brute force that shares nothing with the
// solver but the move generator: the set of every position reachable from it is enumerated (up
// to a cap) and must hold no checkmate by the side; if the set is too large, all lines to a
// fixed depth must hold none.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <unordered_set>
#include <vector>

#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/unwinnability.h"
#include "warm_engine.h"

namespace adj = arbiter::adjudication;
using namespace arbiter;

namespace {

// Full-width helpmate search to `plies`: true if `side` can mate within it.
bool brute_force_mate(const Position& p, Color side, int plies) {
  MoveList moves;
  p.generate_legal(moves);
  if (moves.empty()) return p.in_check() && p.side_to_move() != side;
  if (plies == 0) return false;
  for (Move m : moves)
    if (brute_force_mate(p.after(m), side, plies - 1)) return true;
  return false;
}

enum class Reach { Mate, NoMate, TooLarge };
// Every position reachable from `root` (breadth first, identified by the board, side to move,
// castling rights and en passant square), up to `cap` of them: is one a checkmate by `side`?
Reach reachable_mate(const Position& root, Color side, std::size_t cap) {
  auto id = [](const Position& p) {
    return p.key() ^ (p.ep_square() == SQ_NONE ? 0 : 0x9E3779B97F4A7C15ULL * (p.ep_square() + 1));
  };
  std::unordered_set<std::uint64_t> seen{id(root)};
  std::vector<Position> frontier{root}, next;
  while (!frontier.empty()) {
    for (const Position& p : frontier) {
      MoveList moves;
      p.generate_legal(moves);
      if (moves.empty()) {
        if (p.in_check() && p.side_to_move() != side) return Reach::Mate;
        continue;
      }
      for (Move m : moves) {
        Position c = p.after(m);
        if (!seen.insert(id(c)).second) continue;
        if (seen.size() > cap) return Reach::TooLarge;
        next.push_back(c);
      }
    }
    frontier.swap(next);
    next.clear();
  }
  return Reach::NoMate;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  Position pos = Position::standard();
  const Color side = (data[0] & 1) ? WHITE : BLACK;
  if (data[0] & 2) {
    // Small setup: two kings and up to three more pieces on squares from the input.
    Setup s;
    s.board.fill(NO_PIECE);
    s.turn = (data[0] & 4) ? BLACK : WHITE;
    s.board[data[1] & 63] = W_KING;
    std::size_t i = 2;
    if (i < size) s.board[data[i++] & 63] = B_KING;
    static constexpr Piece extra[] = {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN,
                                      B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN};
    for (int k = 0; k < 3 && i + 1 < size; ++k, i += 2) {
      Square sq = Square(data[i] & 63);
      if (s.board[sq] == NO_PIECE) s.board[sq] = extra[data[i + 1] % 10];
    }
    if (!adj::check_legality(s).possible()) return 0;
    auto p = Position::from_setup(s);
    if (!p.ok()) return 0;
    pos = *p;
  } else {
    // Random game: each byte picks one legal move.
    for (std::size_t i = 1; i < size && i < 200; ++i) {
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      pos.play(moves[data[i] % moves.size()]);
    }
  }
  const auto r = adj::can_checkmate(pos, side, 20'000);
  if (r.verdict == adj::Verdict::Winnable && !adj::replays_to_mate(pos, r.witness, side))
    std::abort();
  if (r.verdict == adj::Verdict::Unwinnable && popcount(pos.occupied()) <= 5) {
    const Reach all = reachable_mate(pos, side, 5'000);
    if (all == Reach::Mate) std::abort();
    if (all == Reach::TooLarge && brute_force_mate(pos, side, 3)) std::abort();
  }
  return 0;
}
