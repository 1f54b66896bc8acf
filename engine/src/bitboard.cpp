#include "arbiter/engine/bitboard.h"

#include <cstdlib>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "arbiter/vocabulary/random.h"

// The library's own lookups must index the tables as they were filled: a PEXT library is
// compiled for BMI2 (ARBITER_ARCH picks both together, see the top-level CMakeLists.txt).
#if ARBITER_USE_PEXT && !defined(__BMI2__)
#error "ARBITER_USE_PEXT needs the library compiled with BMI2 (-mbmi2)"
#endif

namespace arbiter {
namespace detail {
namespace {

// The squares from each square to the board's edge in each of the 8 directions (the square
// itself excluded): the first four directions raise the square index (north, east, north-east,
// north-west), the last four lower it. For filling the slider tables: a slider's attacks along a
// direction are the ray cut after its first blocker, the blocker nearest to the slider (the
// lowest occupied square of a raising ray, the highest of a lowering one). Four look-ups per
// occupancy instead of walking every square: building the tables was 13M instructions, once
// per process (1.4% of validating the TCEC standard file).
struct DirectionRays {
  Bitboard ray[8][64]{};
  constexpr DirectionRays() {
    constexpr int steps[8][2] = {{0, 1},  {1, 0},  {1, 1},   {-1, 1},
                                 {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    for (int d = 0; d < 8; ++d)
      for (int s = 0; s < 64; ++s)
        for (int f = s % 8 + steps[d][0], r = s / 8 + steps[d][1];
             f >= 0 && f < 8 && r >= 0 && r < 8; f += steps[d][0], r += steps[d][1])
          ray[d][s] |= Bitboard(1) << (r * 8 + f);
  }
};
constexpr DirectionRays kDirectionRays;

// Attacks of a rook (diagonal = false) or bishop from s with the occupancy occ; the same as
// ray_attacks, which the tests compare it with.
Bitboard sliding_attacks(Square s, Bitboard occ, bool diagonal) {
  const auto& rays = kDirectionRays.ray;
  const int first = diagonal ? 2 : 0;
  Bitboard attacks = 0;
  for (int d = first; d < first + 2; ++d) {
    Bitboard ray = rays[d][s];
    if (const Bitboard blockers = ray & occ) ray ^= rays[d][lsb(blockers)];
    attacks |= ray;
  }
  for (int d = first + 4; d < first + 6; ++d) {
    Bitboard ray = rays[d][s];
    if (const Bitboard blockers = ray & occ) ray ^= rays[d][msb(blockers)];
    attacks |= ray;
  }
  return attacks;
}

void build(SliderEntry (&entries)[64], Bitboard*& cursor, bool diagonal) {
  [[maybe_unused]] SplitMix64 rng{0x9E3779B97F4A7C15ULL ^ (diagonal ? 1 : 2)};
  Bitboard occs[4096], refs[4096];
  [[maybe_unused]] int epoch[4096] = {}, cnt = 0;
  for (int s = 0; s < 64; ++s) {
    Square sq = Square(s);
    Bitboard edges = ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(sq)) |
                     ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(sq));
    SliderEntry& e = entries[s];
    e.mask = ray_attacks(sq, 0, diagonal) & ~edges;
    e.shift = 64 - popcount(e.mask);
    e.attacks = cursor;
    // Carry-Rippler enumeration of every subset of the mask.
    int size = 0;
    Bitboard b = 0;
    do {
      occs[size] = b;
      refs[size] = sliding_attacks(sq, b, diagonal);
      ++size;
      b = (b - e.mask) & e.mask;
    } while (b);
#if ARBITER_USE_PEXT
    e.magic = 0;
    for (int i = 0; i < size; ++i) cursor[_pext_u64(occs[i], e.mask)] = refs[i];
#else
    for (;;) {
      do e.magic = rng.sparse();
      while (popcount((e.mask * e.magic) >> 56) < 6);
      ++cnt;
      int i = 0;
      for (; i < size; ++i) {
        unsigned idx = e.index(occs[i]);
        if (epoch[idx] < cnt) {
          epoch[idx] = cnt;
          cursor[idx] = refs[i];
        } else if (cursor[idx] != refs[i]) {
          break;
        }
      }
      if (i == size) break;
    }
#endif
    cursor += size;
  }
}

}  // namespace

#if ARBITER_USE_PEXT
unsigned pext_index(Bitboard occ, Bitboard mask) { return unsigned(_pext_u64(occ, mask)); }
#endif

SliderTables::SliderTables() {
  Bitboard* cursor = table;
  build(rook, cursor, false);
  build(bishop, cursor, true);
}

// The tables (865 KB) are filled once per process, which touched 212 fresh 4 KB pages: a page
// fault each, 2 to 3 ms of start-up on a virtual machine. In one 2 MB block marked for a
// transparent huge page, Linux maps them with a single fault.
const SliderTables& slider_tables_init() {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  static_assert(sizeof(SliderTables) <= kHuge);
  struct Free {
    void operator()(SliderTables* t) const {
      t->~SliderTables();
      std::free(t);
    }
  };
  static const std::unique_ptr<SliderTables, Free> tables = [] {
    void* p = std::aligned_alloc(kHuge, kHuge);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(p, kHuge, MADV_HUGEPAGE);  // advice only: without it the table works the same
#endif
    return std::unique_ptr<SliderTables, Free>(new (p) SliderTables());
  }();
  return *tables;
}

}  // namespace detail

Bitboard attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occupied);
    case ROOK: return rook_attacks(s, occupied);
    case QUEEN: return queen_attacks(s, occupied);
    case KING: return king_attacks(s);
    default: return 0;
  }
}

const char* slider_backend() { return ARBITER_USE_PEXT ? "pext" : "magic"; }

}  // namespace arbiter
