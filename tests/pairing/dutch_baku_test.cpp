// Baku acceleration (C.04.5.1 in the 2017-era numbering, C.04.7 in the 2026 re-issue; see
// ../shared/reference/dutch-rules.md section 6): virtual points per round and per group, their
// effect on the pairing, and the TRF-2026 / CLI path (192 FIDE_DUTCH_2025_BAKU, 250 overrides).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "arbiter/pairing/dutch.h"
#include "test_support.h"

namespace {

using namespace arbiter::pairing;
using arbiter::BLACK;
using arbiter::WHITE;
using arbiter::test::run_arbiter;

DutchInput field(int n, int rounds) {
  DutchInput in;
  in.total_rounds = rounds;
  for (int i = 1; i <= n; ++i) in.players.push_back({i, {}, false, {}});
  return in;
}

// Virtual points (tenths) player `id` gets before pairing round `round` (1-based).
int virtual_points(const DutchInput& in, int id, int round) {
  for (const auto& p : in.players)
    if (p.id == id) return round - 1 < (int)p.acceleration.size() ? p.acceleration[round - 1] : 0;
  ADD_FAILURE() << "no player " << id;
  return -1;
}

// The rule text: accelerated rounds = first half of the rounds rounded up; group A gets 1 point
// before the first half (rounded up) of the accelerated rounds and 1/2 point before the others;
// group B never; nobody after the accelerated rounds. "9 rounds -> +1 in rounds 1-3, +1/2 in
// rounds 4-5."
TEST(DutchBaku, VirtualPointsPerRoundAndGroup) {
  struct Case {
    int rounds, full, half;  // rounds with 1 point, then rounds with 1/2 point
  };
  for (Case c : {Case{9, 3, 2}, Case{5, 2, 1}, Case{7, 2, 2}, Case{11, 3, 3}, Case{13, 4, 3},
                 Case{4, 1, 1}, Case{3, 1, 1}, Case{1, 1, 0}}) {
    DutchInput in = field(20, c.rounds);
    apply_baku_acceleration(in);
    for (int id = 1; id <= 20; ++id)
      for (int r = 1; r <= c.rounds; ++r) {
        const int want = id > 10 ? 0 : r <= c.full ? 10 : r <= c.full + c.half ? 5 : 0;
        EXPECT_EQ(virtual_points(in, id, r), want)
            << c.rounds << " rounds, player " << id << ", round " << r;
      }
  }
}

// Group A is the top of the list by pairing number, whatever the order of the input.
TEST(DutchBaku, GroupAByPairingNumber) {
  DutchInput in = field(12, 9);
  std::mt19937 rng(7);
  std::shuffle(in.players.begin(), in.players.end(), rng);
  apply_baku_acceleration(in);
  for (int id = 1; id <= 12; ++id) EXPECT_EQ(virtual_points(in, id, 1), id <= 6 ? 10 : 0) << id;
}

// Group size when N is not a multiple of 4. The rule text says "first half rounded up to the
// nearest even number" (2*ceil(N/4): 22 -> 12, 161 -> 82); the endorsed engine bbpPairings v6
// takes ceil(N/2) (22 -> 11, 161 -> 81). arbiter follows bbpPairings, its pairings being the
// contract (issue #5); this test pins that choice so that a change is deliberate.
TEST(DutchBaku, GroupSizeFollowsTheEndorsedEngine) {
  for (auto [n, group_a] : {std::pair{22, 11}, std::pair{161, 81}, std::pair{7, 4}}) {
    DutchInput in = field(n, 9);
    apply_baku_acceleration(in);
    int count = 0;
    for (int id = 1; id <= n; ++id) count += virtual_points(in, id, 1) > 0;
    EXPECT_EQ(count, group_a) << n << " players";
    EXPECT_EQ(virtual_points(in, group_a, 1), 10);
    EXPECT_EQ(virtual_points(in, group_a + 1, 1), 0);
  }
}

std::vector<std::pair<int, int>> sorted_pairs(DutchPairing p) {
  std::sort(p.pairs.begin(), p.pairs.end());
  return p.pairs;
}

// Round 1 of 8 players: accelerated, group A (1-4) and group B (5-8) form two score groups and
// are paired apart; colours by C.04.3 art. 5.2.5 (higher TPN with an odd rank gets the initial
// colour).
TEST(DutchBaku, FirstRoundPairsTheGroupsApart) {
  DutchInput in = field(8, 5);
  DutchOptions baku;
  baku.baku = true;
  DutchPairing accelerated = pair_dutch(in, baku);
  ASSERT_TRUE(accelerated.ok) << accelerated.error;
  EXPECT_EQ(sorted_pairs(accelerated),
            (std::vector<std::pair<int, int>>{{1, 3}, {4, 2}, {5, 7}, {8, 6}}));
  DutchPairing plain = pair_dutch(in);
  ASSERT_TRUE(plain.ok);
  EXPECT_EQ(sorted_pairs(plain),
            (std::vector<std::pair<int, int>>{{1, 5}, {3, 7}, {6, 2}, {8, 4}}));
}

// Round 2 after 1-3 (0-1), 4-2 (1-0), 5-7 (1-0), 8-6 (1-0). With the acceleration (still 1
// point for group A in round 2 of 5) the pairing scores are 3, 4: 2; 1, 2, 5, 8: 1; 6, 7: 0, so
// 3-4, then S1 {1, 2} against S2 {5, 8} (1 and 5 both want black: the higher-ranked 1 gets it,
// art. 5.2.4), 6-7. Without it: 3, 4, 5, 8: 1 (3-5, 8-4) and 1, 2, 6, 7: 0 (6-1, 2-7).
TEST(DutchBaku, SecondRoundAddsVirtualPointsToTheScore) {
  DutchInput in = field(8, 5);
  in.played_rounds = 1;
  auto game = [&](int w, int b, int pw, int pb) {
    in.players[w - 1].rounds.push_back({b, WHITE, true, true, pw});
    in.players[b - 1].rounds.push_back({w, BLACK, true, true, pb});
  };
  game(1, 3, 0, 10);
  game(4, 2, 10, 0);
  game(5, 7, 10, 0);
  game(8, 6, 10, 0);
  DutchOptions baku;
  baku.baku = true;
  DutchPairing p = pair_dutch(in, baku);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(sorted_pairs(p), (std::vector<std::pair<int, int>>{{2, 8}, {3, 4}, {5, 1}, {6, 7}}));
  DutchPairing plain = pair_dutch(in);
  ASSERT_TRUE(plain.ok);
  EXPECT_EQ(sorted_pairs(plain),
            (std::vector<std::pair<int, int>>{{2, 7}, {3, 5}, {6, 1}, {8, 4}}));
}

std::string player_line(int id, int rating) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "001 %4d      P%-32d %4d%29s0.0 %4d\n", id, id, rating, "", id);
  return buf;
}

std::string write(const std::string& name, const std::string& text) {
  auto path = std::filesystem::temp_directory_path() /
              ("arbiter_baku_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path.string();
}

std::string eight_players(const std::string& records) {
  std::string s = "012 Baku test\n142 5\n152 W\n" + records;
  for (int id = 1; id <= 8; ++id) s += player_line(id, 2400 - 10 * id);
  return s;
}

// CLI: TRF-2026 192 FIDE_DUTCH_2025_BAKU turns the acceleration on; 192 FIDE_DUTCH_2025 does not;
// a 250 record (explicit acceleration) overrides the one named in 192.
TEST(DutchBaku, CliFollowsTheTournamentType) {
  auto pair_file = [&](const std::string& name, const std::string& records) {
    const std::string path = write(name, eight_players(records));
    auto r = run_arbiter("pair --dutch '" + path + "' -p");
    std::filesystem::remove(path);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  EXPECT_EQ(pair_file("baku.trf", "192 FIDE_DUTCH_2025_BAKU\n"), "4\n1 3\n4 2\n5 7\n8 6\n");
  EXPECT_EQ(pair_file("plain.trf", "192 FIDE_DUTCH_2025\n"), "4\n1 5\n6 2\n3 7\n8 4\n");
  // 250: 1 point for players 3-6 in round 1 only: they form the top group instead (3-5 and
  // 6-4 by art. 5.2.5, then 1-7 and 8-2).
  EXPECT_EQ(pair_file("explicit.trf", "192 FIDE_DUTCH_2025_BAKU\n250      1.0 001 001 0003 0006\n"),
            "4\n1 7\n8 2\n3 5\n6 4\n");
}

}  // namespace
