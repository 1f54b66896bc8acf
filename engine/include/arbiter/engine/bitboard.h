#pragma once
// Bitboards: bit i set = square i (a1 = 0, h8 = 63). Leaper and geometry tables are constexpr;
// slider attacks use PEXT or magic bitboards, whichever the library was built with
// (ARBITER_USE_PEXT in the generated config.h, fixed by ARBITER_ARCH when the library was
// configured), never by the flags of the program that includes this header: the table layout
// differs between the two, so a consumer guessing otherwise would read the wrong entries.
// All tables are constant and initialised once (thread-safe); every function here is pure.
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "arbiter/engine/config.h"
#include "arbiter/engine/types.h"

#if ARBITER_USE_PEXT && defined(__BMI2__)
#include <immintrin.h>
#endif

namespace arbiter {

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
// The number of squares of b. Without the POPCNT instruction (the portable x86-64 tier)
// std::popcount is a call to libgcc's __popcountdi2; the same bit count inline (SWAR: pairs,
// nibbles, then a multiply that sums the bytes) spares the call on the per-move path.
constexpr int popcount(Bitboard b) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  b -= (b >> 1) & 0x5555555555555555ULL;
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
#else
  return std::popcount(b);
#endif
}
// Least significant set square; b must be non-zero. (Without the zero case of countr_zero: the
// portable build has no tzcnt instruction, and the case cost a test and a conditional move on
// every call, e.g. each king_square; 846.9M -> 842.8M instructions of validate on TCEC.)
constexpr Square lsb(Bitboard b) {
  assert(b != 0);
  return Square(__builtin_ctzll(b));
}
constexpr Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
// Removes and returns the least significant square; b must be non-zero.
constexpr Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard file_bb(File f) { return FILE_A_BB << f; }
constexpr Bitboard rank_bb(Rank r) { return RANK_1_BB << (8 * r); }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }
constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;  // a1 is dark
constexpr Bitboard LIGHT_SQUARES = ~DARK_SQUARES;
constexpr Bitboard CORNERS_BB = 0x8100000000000081ULL;  // a1, h1, a8, h8

// Shift every square one step in a direction, dropping squares that leave the board.
enum Direction : int {
  NORTH = 8,
  SOUTH = -8,
  EAST = 1,
  WEST = -1,
  NORTH_EAST = 9,
  NORTH_WEST = 7,
  SOUTH_EAST = -7,
  SOUTH_WEST = -9
};
template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  constexpr Bitboard notA = ~FILE_A_BB, notH = ~(FILE_A_BB << 7);
  if constexpr (D == NORTH)
    return b << 8;
  else if constexpr (D == SOUTH)
    return b >> 8;
  else if constexpr (D == EAST)
    return (b & notH) << 1;
  else if constexpr (D == WEST)
    return (b & notA) >> 1;
  else if constexpr (D == NORTH_EAST)
    return (b & notH) << 9;
  else if constexpr (D == NORTH_WEST)
    return (b & notA) << 7;
  else if constexpr (D == SOUTH_EAST)
    return (b & notH) >> 7;
  else
    return (b & notA) >> 9;
}

// Squares attacked by the pawns in b of colour c.
template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
  return C == WHITE ? shift<NORTH_WEST>(b) | shift<NORTH_EAST>(b)
                    : shift<SOUTH_WEST>(b) | shift<SOUTH_EAST>(b);
}

namespace detail {
constexpr Bitboard step_attacks(Square s, const int (&steps)[8][2]) {
  Bitboard b = 0;
  for (const auto& d : steps) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(File(f), Rank(r)));
  }
  return b;
}
constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
// Attacks of a slider on an otherwise empty board... or given occupancy (slow reference version;
// used to build the tables and by tests).
constexpr Bitboard ray_attacks(Square s, Bitboard occ, bool diagonal) {
  constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  Bitboard b = 0;
  for (const auto& d : diagonal ? bishop_dirs : rook_dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square t = make_square(File(f), Rank(r));
      b |= square_bb(t);
      if (occ & square_bb(t)) break;
      f += d[0], r += d[1];
    }
  }
  return b;
}
struct GeometryTables {
  Bitboard knight[64]{}, king[64]{}, pawn[2][64]{};
  Bitboard between[64][64]{};  // squares strictly between a and b, plus b (see between_bb)
  Bitboard line[64][64]{};     // the full line through a and b, or 0
  constexpr GeometryTables() {
    for (int s = 0; s < 64; ++s) {
      Square sq = Square(s);
      knight[s] = step_attacks(sq, kKnightSteps);
      king[s] = step_attacks(sq, kKingSteps);
      pawn[WHITE][s] = pawn_attacks_bb<WHITE>(square_bb(sq));
      pawn[BLACK][s] = pawn_attacks_bb<BLACK>(square_bb(sq));
    }
    // Walk the 8 rays from every square once (cheap enough for clang's constexpr step limit).
    constexpr int dirs[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                                {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    for (int a = 0; a < 64; ++a) {
      for (int b = 0; b < 64; ++b)
        if (a != b) between[a][b] = square_bb(Square(b));
      for (int d = 0; d < 8; ++d) {
        // Full line through a along this direction (both ways), a included.
        Bitboard full = square_bb(Square(a));
        for (int sign : {1, -1}) {
          int f = file_of(Square(a)) + sign * dirs[d][0],
              r = rank_of(Square(a)) + sign * dirs[d][1];
          for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += sign * dirs[d][0], r += sign * dirs[d][1])
            full |= square_bb(make_square(File(f), Rank(r)));
        }
        Bitboard walked = 0;
        int f = file_of(Square(a)) + dirs[d][0], r = rank_of(Square(a)) + dirs[d][1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += dirs[d][0], r += dirs[d][1]) {
          Square b = make_square(File(f), Rank(r));
          between[a][b] = walked | square_bb(b);
          line[a][b] = full;
          walked |= square_bb(b);
        }
      }
    }
  }
};
inline constexpr GeometryTables kGeometry{};
}  // namespace detail

constexpr Bitboard knight_attacks(Square s) { return detail::kGeometry.knight[s]; }
constexpr Bitboard king_attacks(Square s) { return detail::kGeometry.king[s]; }
// Squares a pawn of colour c on s attacks.
constexpr Bitboard pawn_attacks(Color c, Square s) { return detail::kGeometry.pawn[c][s]; }
// Squares strictly between a and b when they share a rank, file or diagonal, plus b itself
// (so "block the check or capture the checker" is one mask). For unaligned squares: just b.
constexpr Bitboard between_bb(Square a, Square b) { return detail::kGeometry.between[a][b]; }
// The whole line (edge to edge) through a and b, or 0 when they are not aligned.
constexpr Bitboard line_bb(Square a, Square b) { return detail::kGeometry.line[a][b]; }
constexpr bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

namespace detail {
#if ARBITER_USE_PEXT
// PEXT out of line, in the library (built for BMI2): for a program that includes this header
// without BMI2 enabled, it still indexes the library's PEXT-ordered tables correctly.
unsigned pext_index(Bitboard occ, Bitboard mask);
#endif
// Slider attack tables: PEXT indexing when the library was built with it, magic multiplication
// otherwise. Built once, before main() (see kSliderTablesAddress), and constant after.
// Declared here, not privately, so that the lookups inline into the searches of other
// libraries (a call per lookup cost the helpmate search several percent).
struct SliderEntry {
  Bitboard mask;   // relevant occupancy (board edges excluded)
  Bitboard magic;  // unused with PEXT
  const Bitboard* attacks;
  unsigned shift;  // 64 - popcount(mask)
  unsigned index(Bitboard occ) const {
#if ARBITER_USE_PEXT && defined(__BMI2__)
    return unsigned(_pext_u64(occ, mask));
#elif ARBITER_USE_PEXT
    return pext_index(occ, mask);
#else
    return unsigned(((occ & mask) * magic) >> shift);
#endif
  }
  Bitboard operator()(Bitboard occ) const { return attacks[index(occ)]; }
};

struct SliderTables {
  SliderEntry rook[64];
  SliderEntry bishop[64];
  Bitboard table[102400 + 5248];  // every rook then every bishop attack set
  SliderTables();
};

const SliderTables& slider_tables_init();

// The tables' address, taken by a static initialiser of the library that runs before every
// other one (init_priority in bitboard.cpp), so before any look-up: a look-up reads it with one
// load, where a function-local static here tested its guard on every call (a load, a test and
// a branch: 1% of validating the TCEC file with the exact default, in the searches).
struct SliderTablesAddress {
  SliderTablesAddress();
  const SliderTables* tables;
};
extern const SliderTablesAddress kSliderTablesAddress;

inline const SliderTables& sliders() { return *kSliderTablesAddress.tables; }
}  // namespace detail

// Slider attacks from s given the occupancy (blockers included in the result).
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::sliders().bishop[s](occupied);
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return detail::sliders().rook[s](occupied);
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s. (Inline: the legality test of a move and the
// searches call it once per move.)
inline Bitboard attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}
// "pext" or "magic": which slider implementation the library uses.
const char* slider_backend();

}  // namespace arbiter
