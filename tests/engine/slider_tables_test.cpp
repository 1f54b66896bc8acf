// The slider attack tables (PEXT or magic, filled once per process) against the slow reference
// walk of detail::ray_attacks: every square, every occupancy of the relevant squares of a few
// squares in full, and random occupancies of the whole board for all of them.
#include <gtest/gtest.h>

#include <cstdint>

#include "arbiter/engine/bitboard.h"

using namespace arbiter;

TEST(SliderTables, MatchTheReferenceWalk) {
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;  // xorshift64: a fixed sample of occupancies
  auto next = [&] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  for (int s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    for (int i = 0; i < 2000; ++i) {
      // Sparse and dense boards alike.
      const Bitboard occ = i % 3 == 0 ? next() : i % 3 == 1 ? next() & next() : next() | next();
      ASSERT_EQ(rook_attacks(sq, occ), detail::ray_attacks(sq, occ, false)) << s << " " << occ;
      ASSERT_EQ(bishop_attacks(sq, occ), detail::ray_attacks(sq, occ, true)) << s << " " << occ;
    }
  }
  // Every subset of the rook's and the bishop's lines from a corner, an edge and the centre.
  for (Square sq : {SQ_A1, SQ_H8, SQ_D1, SQ_E4, SQ_B7}) {
    for (bool diagonal : {false, true}) {
      const Bitboard lines = detail::ray_attacks(sq, 0, diagonal);
      Bitboard b = 0;
      do {
        ASSERT_EQ(diagonal ? bishop_attacks(sq, b) : rook_attacks(sq, b),
                  detail::ray_attacks(sq, b, diagonal))
            << int(sq) << " " << b;
        b = (b - lines) & lines;
      } while (b);
    }
  }
}
