#pragma once
// The edge weights of the matching (dynamic_matching.h) as a dense table of small indices into a
// palette of the distinct weights. A Dutch round gives each pair a weight hundreds of bits wide,
// but a field has few distinct weights (pairs outside the bracket being paired differ only in
// their top fields, pairs inside it in a few criteria), so an index of 4 bytes per pair instead
// of the weight itself (40 bytes at 2,000 players) is what lets 10,000 players fit in memory
// (400 MB instead of 4 GB). Index 0 is the zero weight (no edge), so "no edge" is one compare.
// The palette forgets a weight no pair holds any more (reference counts), so weights set and
// replaced decision after decision (exchange and transposition addends) do not pile up.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "arbiter/common/huge_pages.h"

namespace arbiter::pairing::matching {

template <class W>
class WeightTable {
 public:
  explicit WeightTable(int n) { reinit(n); }

  // Every weight back to zero, now for n vertices. The buffers stay: a bracket's window reuses
  // the last one's (hundreds of megabytes at 10,000 players) instead of faulting in fresh pages.
  void reinit(int n) {
    n_ = n;
    idx_.assign((std::size_t)n * n, 0);
    pal_.assign(1, W{});
    refs_.assign(1, 0);
    hash_.assign(1, 0);
    free_.clear();
    slots_.assign(64, kEmpty);
    used_ = 0;
    last_ = 0;
  }

  // A row's weights: has(u) (an edge) and [u] (the weight).
  struct Row {
    const std::uint32_t* idx;
    const W* pal;
    bool has(int u) const { return idx[u] != 0; }
    const W& operator[](int u) const { return pal[idx[u]]; }
  };
  // Valid until the next set().
  Row row(int v) const { return {&idx_[(std::size_t)v * n_], pal_.data()}; }
  const W& at(int u, int v) const { return pal_[idx_[(std::size_t)u * n_ + v]]; }
  bool has(int u, int v) const { return idx_[(std::size_t)u * n_ + v] != 0; }
  // Distinct non-zero weights held (the palette's live entries).
  std::size_t distinct() const { return pal_.size() - 1 - free_.size(); }

  // Sets the weight of (u, v) and (v, u); returns whether it changed.
  bool set(int u, int v, const W& w) {
    std::uint32_t& a = idx_[(std::size_t)u * n_ + v];
    if (pal_[a] == w) return false;
    const std::uint32_t i = intern(w);
    release(a);
    a = i;
    idx_[(std::size_t)v * n_ + u] = i;
    return true;
  }

 private:
  static constexpr std::uint32_t kEmpty = ~std::uint32_t(0);
  int n_ = 0;
  // Read row by row in random order across hundreds of megabytes (400 MB at 10,000 players),
  // and each bracket's window allocates a fresh one: with 4 KB pages a 10,000-player round took
  // 270,000 page faults (3.0 of its 14.1 s CPU in the kernel) and missed the TLB on most row
  // reads; on huge pages (from 2 MB, as the pruning bounds of dynamic_matching.h) 10,000 faults
  // and 1.5 s.
  std::vector<std::uint32_t, common::HugePageAllocator<std::uint32_t>> idx_;  // n x n, symmetric
  std::vector<W> pal_;                                                        // pal_[0] = zero
  std::vector<std::uint32_t> refs_;  // pairs (u < v) holding each palette entry
  std::vector<std::uint64_t> hash_;
  std::vector<std::uint32_t> free_;
  std::vector<std::uint32_t> slots_;  // open addressing (linear probing): palette indices
  std::size_t used_ = 0;
  std::uint32_t last_ = 0;  // the last entry interned (fields set weights in runs)

  static std::uint64_t hash_of(const W& w) {
    std::uint64_t h = 0;
    for (std::uint64_t limb : w.limb) {
      h = (h ^ limb) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
    return h;
  }
  std::size_t mask() const { return slots_.size() - 1; }

  // The palette entry of w (a new one if none), with one more reference.
  std::uint32_t intern(const W& w) {
    if (w.is_zero()) return 0;
    if (refs_[last_] && pal_[last_] == w) {
      ++refs_[last_];
      return last_;
    }
    const std::uint64_t h = hash_of(w);
    for (std::size_t s = h & mask(); slots_[s] != kEmpty; s = (s + 1) & mask())
      if (hash_[slots_[s]] == h && pal_[slots_[s]] == w) {
        ++refs_[slots_[s]];
        return last_ = slots_[s];
      }
    std::uint32_t i;
    if (!free_.empty()) {
      i = free_.back();
      free_.pop_back();
      pal_[i] = w;
      hash_[i] = h;
    } else {
      i = (std::uint32_t)pal_.size();
      pal_.push_back(w);
      hash_.push_back(h);
      refs_.push_back(0);
    }
    refs_[i] = 1;
    if (2 * (used_ + 1) > slots_.size()) grow();
    place(i);
    return last_ = i;
  }

  void place(std::uint32_t i) {
    std::size_t s = hash_[i] & mask();
    while (slots_[s] != kEmpty) s = (s + 1) & mask();
    slots_[s] = i;
    ++used_;
  }

  void grow() {
    std::vector<std::uint32_t> old(slots_.size() * 2, kEmpty);
    old.swap(slots_);
    used_ = 0;
    for (std::uint32_t i : old)
      if (i != kEmpty) place(i);
  }

  // One reference less to entry i; the last one frees it (backward-shift deletion).
  void release(std::uint32_t i) {
    if (i == 0 || --refs_[i]) return;
    std::size_t s = hash_[i] & mask();
    while (slots_[s] != i) s = (s + 1) & mask();
    for (std::size_t j = (s + 1) & mask(); slots_[j] != kEmpty; j = (j + 1) & mask()) {
      const std::size_t home = hash_[slots_[j]] & mask();
      // slots_[j] may move back to s unless its home lies in (s, j] (cyclically).
      const bool stays = s <= j ? (s < home && home <= j) : (s < home || home <= j);
      if (stays) continue;
      slots_[s] = slots_[j];
      s = j;
    }
    slots_[s] = kEmpty;
    --used_;
    free_.push_back(i);
  }
};

}  // namespace arbiter::pairing::matching
