// The matcher's weight table (a palette of the distinct weights, indexed per pair) against a
// plain dense table of the same weights, through random runs of sets that reuse, replace and
// drop weights (as the Dutch decisions do): every pair reads back what was set last, in both
// orientations, and the palette holds exactly the distinct non-zero weights still in use (a
// weight no pair holds is forgotten, so the entries removed from the middle of a probe run are
// exercised).
#include "weight_table.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "wide_uint.h"

namespace {

using namespace arbiter::pairing::matching;
using W = WideUint<3>;

W wide(std::uint64_t low, std::uint64_t high) {
  W w(low);
  w.limb[2] = high;
  return w;
}

TEST(WeightTable, ReadsBackEverySetAndForgetsUnusedWeights) {
  const int n = 40;
  std::mt19937_64 rng(19);
  WeightTable<W> t(n);
  std::vector<W> dense((size_t)n * n);
  for (int round = 0; round < 200; ++round) {
    // Few distinct values in some rounds (long runs of equal weights), many in others.
    const std::uint64_t values = round % 3 == 0 ? 3 : 5000;
    for (int k = 0; k < 300; ++k) {
      const int u = int(rng() % n), v = int(rng() % n);
      if (u == v) continue;
      const std::uint64_t x = rng() % (values + 1);
      const W w = x == 0 ? W{} : wide(x, x % 7);
      const bool changed = !(dense[(size_t)u * n + v] == w);
      EXPECT_EQ(t.set(u, v, w), changed);
      dense[(size_t)u * n + v] = dense[(size_t)v * n + u] = w;
    }
    std::set<std::pair<std::uint64_t, std::uint64_t>> in_use;
    for (int u = 0; u < n; ++u)
      for (int v = 0; v < n; ++v) {
        const W& w = dense[(size_t)u * n + v];
        ASSERT_TRUE(t.at(u, v) == w) << round << " " << u << " " << v;
        ASSERT_EQ(t.has(u, v), !w.is_zero());
        ASSERT_TRUE(t.row(u)[v] == w);
        if (!w.is_zero()) in_use.insert({w.limb[0], w.limb[2]});
      }
    ASSERT_EQ(t.distinct(), in_use.size()) << round;
  }
}

}  // namespace
