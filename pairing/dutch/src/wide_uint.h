#pragma once
// Wide integer weights for the maximum-weight matching of the Dutch system
// (dynamic_matching.h).
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
// Fixed-width unsigned integer of L 64-bit limbs (little-endian limbs), modular arithmetic.
// The Dutch edge weights pack every criterion into one number (one bit-field per criterion,
// most important criterion in the highest bits), which needs several hundred bits for large
// tournaments; the matching only adds, subtracts, halves and compares them.

namespace arbiter::pairing::matching {

template <int L>
struct WideUint {
  std::uint64_t limb[L] = {};

  static constexpr int bits = 64 * L;

  WideUint() = default;
  explicit WideUint(std::uint64_t v) { limb[0] = v; }

  bool is_zero() const {
    std::uint64_t acc = 0;
    for (int i = 0; i < L; ++i) acc |= limb[i];
    return acc == 0;
  }
  explicit operator bool() const { return !is_zero(); }

  // The matcher's inner loops are mostly these two (a third of a 2,000-player round's
  // instructions with the portable carry): on x86-64 the carry chain is the processor's.
  WideUint& operator+=(const WideUint& o) {
    unsigned char carry = 0;
    for (int i = 0; i < L; ++i) {
#if defined(__x86_64__)
      unsigned long long s;
      carry = _addcarry_u64(carry, limb[i], o.limb[i], &s);
      limb[i] = s;
#else
      unsigned __int128 s = (unsigned __int128)limb[i] + o.limb[i] + carry;
      limb[i] = (std::uint64_t)s;
      carry = (unsigned char)(s >> 64);
#endif
    }
    return *this;
  }
  WideUint& operator-=(const WideUint& o) {
    unsigned char borrow = 0;
    for (int i = 0; i < L; ++i) {
#if defined(__x86_64__)
      unsigned long long d;
      borrow = _subborrow_u64(borrow, limb[i], o.limb[i], &d);
      limb[i] = d;
#else
      std::uint64_t a = limb[i], b = o.limb[i];
      std::uint64_t d = a - b - borrow;
      borrow = (unsigned char)((a < b) || (a - b < borrow));
      limb[i] = d;
#endif
    }
    return *this;
  }
  WideUint& operator+=(std::uint64_t v) { return *this += WideUint(v); }
  WideUint& operator-=(std::uint64_t v) { return *this -= WideUint(v); }
  WideUint& operator|=(std::uint64_t v) {
    limb[0] |= v;
    return *this;
  }
  WideUint& operator<<=(int s) {
    if (s <= 0) return *this;
    const int w = s / 64, b = s % 64;
    for (int i = L - 1; i >= 0; --i) {
      std::uint64_t v = 0;
      if (i - w >= 0) {
        v = limb[i - w] << b;
        if (b && i - w - 1 >= 0) v |= limb[i - w - 1] >> (64 - b);
      }
      limb[i] = v;
    }
    return *this;
  }
  WideUint& shr1() {
    for (int i = 0; i < L; ++i) limb[i] = (limb[i] >> 1) | (i + 1 < L ? limb[i + 1] << 63 : 0);
    return *this;
  }
  void set_bit(int bit) { limb[bit / 64] |= std::uint64_t(1) << (bit % 64); }
  bool bit(int i) const { return (limb[i / 64] >> (i % 64)) & 1; }
  // Bits [lo, lo+len) as an integer, len <= 64.
  std::uint64_t bits_at(int lo, int len) const {
    const int w = lo / 64, b = lo % 64;
    std::uint64_t v = limb[w] >> b;
    if (b && w + 1 < L) v |= limb[w + 1] << (64 - b);
    return len == 64 ? v : v & ((std::uint64_t(1) << len) - 1);
  }
  // ORs `v` (len <= 64 bits) in at bit lo.
  void or_bits(int lo, std::uint64_t v) {
    const int w = lo / 64, b = lo % 64;
    limb[w] |= v << b;
    if (b && w + 1 < L) limb[w + 1] |= v >> (64 - b);
  }
  // Clears bits [lo, lo+len) (any len).
  void clear_bits(int lo, int len) {
    while (len > 0) {
      const int b = lo % 64, k = std::min(len, 64 - b);
      limb[lo / 64] &= ~((k == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << k) - 1) << b);
      lo += k;
      len -= k;
    }
  }
  WideUint& operator|=(const WideUint& o) {
    for (int i = 0; i < L; ++i) limb[i] |= o.limb[i];
    return *this;
  }

  friend WideUint operator+(WideUint a, const WideUint& b) { return a += b; }
  friend WideUint operator-(WideUint a, const WideUint& b) { return a -= b; }
  friend bool operator==(const WideUint& a, const WideUint& b) {
    for (int i = 0; i < L; ++i)
      if (a.limb[i] != b.limb[i]) return false;
    return true;
  }
  friend bool operator<(const WideUint& a, const WideUint& b) {
    for (int i = L - 1; i >= 0; --i)
      if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i];
    return false;
  }
  friend bool operator>(const WideUint& a, const WideUint& b) { return b < a; }
  friend bool operator<=(const WideUint& a, const WideUint& b) { return !(b < a); }
};

}  // namespace arbiter::pairing::matching
