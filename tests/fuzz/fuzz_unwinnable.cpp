// Fuzz target for can_checkmate. The input drives either a random game from the start position
// or a small random setup (kings plus up to three pieces). Every `winnable` witness must replay
// to a checkmate by the side; on small positions every `unwinnable` answer is cross-checked by a
// bounded brute-force helpmate search (all moves to a fixed depth), which must find no mate.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/unwinnability.h"

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
    if (!adj::check_legality(s).legal()) return 0;
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
  if (r.verdict == adj::Verdict::Unwinnable && popcount(pos.occupied()) <= 4 &&
      brute_force_mate(pos, side, 3))
    std::abort();
  return 0;
}
