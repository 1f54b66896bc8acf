// The maximum-weight matching against exhaustive search on small random graphs, and the wide
// integer arithmetic the Dutch edge weights rely on.
#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "arbiter/pairing/matching.h"

namespace {

using namespace arbiter::pairing::matching;
using W2 = WideUint<2>;

std::uint64_t brute_force(int n, const std::vector<std::vector<std::uint64_t>>& w) {
  std::vector<char> used(n, 0);
  std::function<std::uint64_t(int)> go = [&](int v) -> std::uint64_t {
    while (v < n && used[v]) ++v;
    if (v >= n) return 0;
    used[v] = 1;
    std::uint64_t best = go(v + 1);  // v unmatched
    for (int u = v + 1; u < n; ++u)
      if (!used[u] && w[v][u]) {
        used[u] = 1;
        best = std::max(best, w[v][u] + go(v + 1));
        used[u] = 0;
      }
    used[v] = 0;
    return best;
  };
  return go(0);
}

TEST(DutchMatching, MatchesExhaustiveSearchOnRandomGraphs) {
  std::mt19937_64 rng(20260201);
  for (int iter = 0; iter < 3000; ++iter) {
    const int n = 1 + int(rng() % 11);
    const int density = 20 + int(rng() % 80);
    const std::uint64_t range = iter % 3 == 0 ? 4 : iter % 3 == 1 ? 100 : (1ull << 40);
    std::vector<std::vector<std::uint64_t>> w(n, std::vector<std::uint64_t>(n, 0));
    std::vector<MaxWeightMatching<W2>::Edge> edges;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (int(rng() % 100) < density) {
          w[i][j] = w[j][i] = 1 + rng() % range;
          edges.push_back({i, j, W2(w[i][j])});
        }
    const auto mate = MaxWeightMatching<W2>::solve(n, edges);
    std::uint64_t total = 0;
    for (int v = 0; v < n; ++v) {
      ASSERT_EQ(mate[mate[v]], v);
      if (mate[v] > v) {
        ASSERT_NE(w[v][mate[v]], 0u);
        total += w[v][mate[v]];
      }
    }
    ASSERT_EQ(total, brute_force(n, w)) << "iteration " << iter;
  }
}

TEST(DutchMatching, WideIntegerArithmetic) {
  WideUint<4> a(1);
  a <<= 200;
  WideUint<4> b = a;
  b -= 1;  // borrows through three limbs
  EXPECT_EQ(b.limb[0], ~0ull);
  EXPECT_EQ(b.limb[2], ~0ull);
  EXPECT_EQ(b.limb[3], (1ull << 8) - 1);
  EXPECT_TRUE(b < a);
  b += 1;
  EXPECT_TRUE(a == b);
  a.shr1();
  EXPECT_EQ(a.limb[3], 1ull << 7);
  EXPECT_TRUE(WideUint<4>().is_zero());
}

}  // namespace
