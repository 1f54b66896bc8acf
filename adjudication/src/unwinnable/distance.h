#pragma once
// Distances on an empty board, from constant tables built at compile time: the helpmate
// search's cost model and the mate-goal planner ask for them many times per node.
#include <cstdint>
#include <cstdlib>

#include "arbiter/engine/bitboard.h"

namespace arbiter::adjudication::detail {

struct DistanceTables {
  std::uint8_t king[SQUARE_NB][SQUARE_NB]{};
  std::uint8_t knight[SQUARE_NB][SQUARE_NB]{};  // 99: unreachable (never on a full board)
  constexpr DistanceTables() {
    for (int a = 0; a < SQUARE_NB; ++a) {
      for (int b = 0; b < SQUARE_NB; ++b) {
        const int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
        const int f = df < 0 ? -df : df, r = dr < 0 ? -dr : dr;
        king[a][b] = std::uint8_t(f > r ? f : r);
        knight[a][b] = 99;
      }
      // Breadth-first over knight moves.
      knight[a][a] = 0;
      Bitboard seen = square_bb(Square(a)), frontier = seen;
      for (int d = 1; frontier; ++d) {
        Bitboard next = 0;
        for (Bitboard f = frontier; f;) next |= knight_attacks(pop_lsb(f));
        next &= ~seen;
        for (Bitboard n = next; n;) knight[a][pop_lsb(n)] = std::uint8_t(d);
        seen |= next;
        frontier = next;
      }
    }
  }
};
inline constexpr DistanceTables kDistances{};

inline int king_distance(Square a, Square b) { return kDistances.king[a][b]; }

// Rough number of moves a piece of type pt (of colour c, for pawns) needs from a to b on an
// empty board (99: never).
inline int move_distance(PieceType pt, Color c, Square a, Square b) {
  if (a == b) return 0;
  if (pt == KING) return kDistances.king[a][b];
  if (pt == KNIGHT) return kDistances.knight[a][b];
  const int df = std::abs(int(file_of(a)) - int(file_of(b))),
            dr = std::abs(int(rank_of(a)) - int(rank_of(b)));
  switch (pt) {
    case BISHOP:
      if (bool(square_bb(a) & DARK_SQUARES) != bool(square_bb(b) & DARK_SQUARES)) return 99;
      return df == dr ? 1 : 2;
    case ROOK: return (df == 0 || dr == 0) ? 1 : 2;
    case QUEEN: return (df == 0 || dr == 0 || df == dr) ? 1 : 2;
    case PAWN: {
      const int ahead =
          c == WHITE ? int(rank_of(b)) - int(rank_of(a)) : int(rank_of(a)) - int(rank_of(b));
      if (df == 0 && ahead > 0) return ahead;
      // Elsewhere only after promoting: the pushes to the last rank, then a move or two of the
      // new piece (a rough figure: it only orders the search).
      return (c == WHITE ? 7 - int(rank_of(a)) : int(rank_of(a))) + 2;
    }
    default: return 99;
  }
}

}  // namespace arbiter::adjudication::detail
