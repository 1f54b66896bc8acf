// The greedy perfect matching that proves [C4] completion without weights: on random small
// graphs, every matching it returns is a perfect matching of the graph, and it returns none
// where an exhaustive search finds none; an augmenting path repairs what the greedy pass leaves.
#include "greedy_matching.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using arbiter::pairing::dutch::greedy_perfect_matching;

using Graph = std::vector<std::vector<char>>;

// Whether the vertices not in `used` can all be paired (exhaustive).
bool perfect_exists(const Graph& g, std::vector<char>& used) {
  const int n = (int)g.size();
  int v = 0;
  while (v < n && used[v]) ++v;
  if (v == n) return true;
  used[v] = 1;
  for (int u = v + 1; u < n; ++u)
    if (!used[u] && g[v][u]) {
      used[u] = 1;
      const bool ok = perfect_exists(g, used);
      used[u] = 0;
      if (ok) {
        used[v] = 0;
        return true;
      }
    }
  used[v] = 0;
  return false;
}

std::vector<int> greedy(const Graph& g) {
  return greedy_perfect_matching((int)g.size(), [&](int a, int b) { return g[a][b] != 0; });
}

TEST(GreedyPerfectMatching, ReturnsOnlyPerfectMatchingsAndNoneWhereNoneExists) {
  std::mt19937_64 rng(2017);
  int found = 0, none = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = 2 + 2 * int(rng() % 6);
    const int density = 20 + int(rng() % 80);
    Graph g(n, std::vector<char>(n, 0));
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b) g[a][b] = g[b][a] = int(rng() % 100) < density;
    std::vector<char> used(n, 0);
    const bool exists = perfect_exists(g, used);
    const std::vector<int> mate = greedy(g);
    if (mate.empty()) {
      ++none;
      continue;
    }
    ++found;
    ASSERT_TRUE(exists) << "trial " << trial;
    ASSERT_EQ((int)mate.size(), n);
    for (int v = 0; v < n; ++v) {
      ASSERT_GE(mate[v], 0);
      ASSERT_NE(mate[v], v);
      ASSERT_EQ(mate[mate[v]], v);
      ASSERT_TRUE(g[v][mate[v]]) << "trial " << trial << ": " << v << "-" << mate[v];
    }
  }
  EXPECT_GT(found, 1000);
  EXPECT_GT(none, 50);
}

TEST(GreedyPerfectMatching, AugmentsWhatTheGreedyPassLeaves) {
  // The greedy pass pairs 0-1 and leaves 2 and 3, who may not meet; the path 2-1=0-3 pairs them.
  Graph g(4, std::vector<char>(4, 0));
  for (auto [a, b] : {std::pair{0, 1}, {0, 3}, {1, 2}}) g[a][b] = g[b][a] = 1;
  EXPECT_EQ(greedy(g), (std::vector<int>{3, 2, 1, 0}));
  // A star has no perfect matching.
  Graph star(4, std::vector<char>(4, 0));
  for (int v = 1; v < 4; ++v) star[0][v] = star[v][0] = 1;
  EXPECT_TRUE(greedy(star).empty());
}

}  // namespace
