#pragma once
// Slider attack tables (private). PEXT indexing when the build targets BMI2, magic multiplication
// otherwise. Built once on first use (function-local static: thread-safe) and constant after.
#include <cstdint>

#include "arbiter/engine/bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#define ARBITER_USE_PEXT 1
#else
#define ARBITER_USE_PEXT 0
#endif

namespace arbiter::detail {

struct SliderEntry {
  Bitboard mask;   // relevant occupancy (board edges excluded)
  Bitboard magic;  // unused with PEXT
  const Bitboard* attacks;
  unsigned shift;  // 64 - popcount(mask)
  unsigned index(Bitboard occ) const {
#if ARBITER_USE_PEXT
    return unsigned(_pext_u64(occ, mask));
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

inline const SliderTables& sliders() {
  static const SliderTables& t = slider_tables_init();
  return t;
}

}  // namespace arbiter::detail
