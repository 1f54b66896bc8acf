// The incremental perfect matching (kept between solves, repaired after weight changes and
// vertex removals) against exhaustive search after every change, on small random graphs whose
// weights tie often (as the Dutch weights do) and on wide weights.
#include "dynamic_matching.h"

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <random>

namespace {

using namespace arbiter::pairing::matching;
using W = WideUint<2>;

// Best total weight of a perfect matching of the active vertices, -1 if none.
long long brute_force(int n, const std::vector<std::vector<long long>>& w,
                      const std::vector<char>& active) {
  std::vector<char> used(n, 0);
  std::function<long long(int)> go = [&](int v) -> long long {
    while (v < n && (used[v] || !active[v])) ++v;
    if (v >= n) return 0;
    used[v] = 1;
    long long best = -1;
    for (int u = v + 1; u < n; ++u)
      if (active[u] && !used[u] && w[v][u]) {
        used[u] = 1;
        const long long rest = go(v + 1);
        if (rest >= 0) best = std::max(best, w[v][u] + rest);
        used[u] = 0;
      }
    used[v] = 0;
    return best;
  };
  return go(0);
}

void check(DynamicMatching<W>& m, int n, const std::vector<std::vector<long long>>& w,
           const std::vector<char>& active, int iter, int step) {
  const long long best = brute_force(n, w, active);
  bool threw = false;
  try {
    m.solve();
  } catch (const std::domain_error&) {
    threw = true;
  }
  ASSERT_EQ(threw, best < 0) << "iteration " << iter << " step " << step;
  if (threw) return;
  long long total = 0;
  for (int v = 0; v < n; ++v) {
    if (!active[v]) continue;
    const int u = m.mate(v);
    ASSERT_NE(u, v) << "iteration " << iter << " step " << step;
    ASSERT_EQ(m.mate(u), v) << "iteration " << iter << " step " << step;
    ASSERT_TRUE(active[u]) << "iteration " << iter << " step " << step;
    ASSERT_NE(w[v][u], 0) << "iteration " << iter << " step " << step;
    if (u > v) total += w[v][u];
  }
  ASSERT_EQ(total, best) << "iteration " << iter << " step " << step;
}

TEST(DynamicMatching, StaysOptimalThroughChangesAndRemovals) {
  std::mt19937_64 rng(20260201);
  for (int iter = 0; iter < 600; ++iter) {
    const int n = 2 * (1 + int(rng() % 6));
    const long long range = iter % 3 == 0 ? 3 : iter % 3 == 1 ? 40 : (1ll << 40);
    const int density = 50 + int(rng() % 50);
    std::vector<std::vector<long long>> w(n, std::vector<long long>(n, 0));
    std::vector<char> active(n, 1);
    // Pruning blocks of 1, 2 and 4 vertices as well as the default (one block here), and every
    // fourth graph made of heavy clusters joined by light edges (rows mostly pruned).
    const int block_bits = (iter / 3) % 4 == 3 ? 6 : (iter / 3) % 4;
    const bool clustered = iter % 4 == 3;
    DynamicMatching<W> m(n, block_bits);
    auto put = [&](int a, int b, long long x) {
      w[a][b] = w[b][a] = x;
      m.set_weight(a, b, W((std::uint64_t)x));
    };
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (int(rng() % 100) < density) {
          long long x = 1 + (long long)(rng() % range);
          if (clustered && i / 4 == j / 4) x += range;
          put(i, j, x);
        }
    check(m, n, w, active, iter, 0);
    if (HasFatalFailure()) return;
    for (int step = 1; step <= 12; ++step) {
      const int kind = int(rng() % 10);
      if (kind == 0) {  // remove a matched pair, as the Dutch engine does when it decides one
        int v = int(rng() % n);
        if (!active[v] || m.mate(v) == v) continue;
        const int u = m.mate(v);
        active[v] = active[u] = 0;
        m.remove(v);
        m.remove(u);
      } else {  // change the edges of one vertex (raise, lower, add, delete)
        const int v = int(rng() % n);
        for (int u = 0; u < n; ++u) {
          if (u == v || rng() % 3 == 0) continue;
          const int how = int(rng() % 4);
          long long x = w[v][u];
          if (how == 0) x = 0;
          if (how == 1) x = 1 + (long long)(rng() % range);
          if (how == 2 && x) x += 1 + (long long)(rng() % 3);
          if (how == 3 && x > 1) x -= 1;
          put(v, u, x);
        }
      }
      check(m, n, w, active, iter, step);
      if (HasFatalFailure()) return;
    }
  }
}

// A matcher built on the buffers of a used one (as the Dutch engine opens each bracket's window
// on the last one's) starts from no edge at all: solved on fresh random graphs, smaller or
// larger than the one before, it finds their optimum (stale weights or bounds would show).
TEST(DynamicMatching, ARecycledMatcherForgetsTheGraphBefore) {
  std::mt19937_64 rng(20261203);
  std::optional<DynamicMatching<W>> m;
  for (int iter = 0; iter < 200; ++iter) {
    const int n = 2 * (1 + int(rng() % 6));
    if (m) {
      DynamicMatching<W> old = std::move(*m);
      m.emplace(n, std::move(old));
    } else {
      m.emplace(n, 1);
    }
    std::vector<std::vector<long long>> w(n, std::vector<long long>(n, 0));
    const std::vector<char> active(n, 1);
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (rng() % 100 < 70) {
          w[i][j] = w[j][i] = 1 + (long long)(rng() % 40);
          m->set_weight(i, j, W((std::uint64_t)w[i][j]));
        }
    check(*m, n, w, active, iter, 0);
    if (HasFatalFailure()) return;
  }
}

// Best total weight of a perfect matching of the active vertices that holds the edge (a, b),
// -1 if none.
long long brute_force_with(int n, std::vector<std::vector<long long>> w, std::vector<char> active,
                           int a, int b) {
  if (!w[a][b]) return -1;
  const long long e = w[a][b];
  active[a] = active[b] = 0;
  const long long rest = brute_force(n, w, active);
  return rest < 0 ? -1 : rest + e;
}

// may_be_optimal rules out only edges that no maximum-weight matching holds; rematch keeps the
// matching optimal and pairs the two vertices whenever it says so.
TEST(DynamicMatching, RulesOutAndRematchesOnlyWhatOptimalityAllows) {
  std::mt19937_64 rng(20261201);
  int rematched = 0, ruled_out = 0;
  for (int iter = 0; iter < 400; ++iter) {
    const int n = 2 * (2 + int(rng() % 4));
    const long long range = iter % 2 ? 2 : 6;  // few distinct weights: many optimal matchings
    std::vector<std::vector<long long>> w(n, std::vector<long long>(n, 0));
    std::vector<char> active(n, 1);
    DynamicMatching<W> m(n);
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (rng() % 100 < 80) {
          w[i][j] = w[j][i] = 1 + (long long)(rng() % range);
          m.set_weight(i, j, W((std::uint64_t)w[i][j]));
        }
    check(m, n, w, active, iter, 0);
    if (HasFatalFailure()) return;
    const long long best = brute_force(n, w, active);
    if (best < 0) continue;
    const int v = int(rng() % n);
    for (int u = 0; u < n; ++u) {
      if (u == v) continue;
      const bool usable = brute_force_with(n, w, active, v, u) == best;
      if (!m.may_be_optimal(v, u)) {
        ASSERT_FALSE(usable) << "iteration " << iter << ": " << v << "-" << u;
        ++ruled_out;
      }
    }
    const int u = (v + 1 + int(rng() % (n - 1))) % n;
    if (m.rematch(v, u)) {
      ++rematched;
      ASSERT_EQ(m.mate(v), u);
      long long total = 0;
      for (int x = 0; x < n; ++x) {
        ASSERT_EQ(m.mate(m.mate(x)), x);
        ASSERT_NE(w[x][m.mate(x)], 0);
        if (m.mate(x) > x) total += w[x][m.mate(x)];
      }
      ASSERT_EQ(total, best) << "iteration " << iter;
      check(m, n, w, active, iter, 1);  // the matcher goes on from the rematched state
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(rematched, 20);
  EXPECT_GT(ruled_out, 100);
}

}  // namespace
