#pragma once
// Sixteen bytes tested at once, for the PGN reader's scans: SSE2 on x86-64 (part of every x86-64
// CPU), the compiler's generic vectors elsewhere (NEON on aarch64), with the same results: each
// test yields 0xFF in the bytes where it holds, and mask() one bit per byte (bit i = byte i).
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arbiter::pgn::bytes16 {

#if defined(__SSE2__)
using V = __m128i;
inline V load(const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline V splat(char c) { return _mm_set1_epi8(c); }
inline V eq(V a, V b) { return _mm_cmpeq_epi8(a, b); }
inline V either(V a, V b) { return _mm_or_si128(a, b); }
inline V but(V a, V b) { return _mm_andnot_si128(b, a); }  // a and not b
inline V max_u8(V a, V b) { return _mm_max_epu8(a, b); }
inline V minus(V a, V b) { return _mm_sub_epi8(a, b); }
inline uint32_t mask(V m) { return static_cast<uint32_t>(_mm_movemask_epi8(m)); }
#else
typedef uint8_t V __attribute__((vector_size(16)));
inline V load(const char* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline V splat(char c) { return V{} + static_cast<uint8_t>(c); }
inline V eq(V a, V b) { return reinterpret_cast<V>(a == b); }
inline V either(V a, V b) { return a | b; }
inline V but(V a, V b) { return a & ~b; }
inline V max_u8(V a, V b) {
  const V a_greater = reinterpret_cast<V>(a > b);
  return (a & a_greater) | (b & ~a_greater);
}
inline V minus(V a, V b) { return a - b; }
inline uint32_t mask(V m) {
  uint32_t bits = 0;
  for (int i = 0; i < 16; ++i) bits |= static_cast<uint32_t>(m[i] >> 7) << i;
  return bits;
}
#endif

// The bytes <= 0x1F (control bytes): max(c, 0x1F) == 0x1F.
inline V control(V v) { return eq(max_u8(v, splat(0x1F)), splat(0x1F)); }
// The bytes c with lo <= c <= hi: c - lo (modulo 256) <= hi - lo.
inline V within(V v, char lo, char hi) {
  const V d = splat(static_cast<char>(hi - lo));
  return eq(max_u8(minus(v, splat(lo)), d), d);
}

}  // namespace arbiter::pgn::bytes16
