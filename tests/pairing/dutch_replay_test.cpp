// Replays the reference Dutch tournaments (paired by the endorsed engine bbpPairings v6.0.0 under
// the 2026 rules, ../shared/data/swiss/public) round by round through pair_dutch and compares
// every pair, colour and bye. A deterministic sample by default; all 165 with ARBITER_FULL=1.
// The same replay through the CLI (from the source tree):
//   ../shared/tools/replay-swiss.sh "build/tools/arbiter pair --dutch" ../shared/data/swiss/public
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "dutch_corpus.h"

namespace {

using namespace dutch_corpus;

std::vector<std::filesystem::path> corpus() { return dutch_corpus::corpus("data/swiss/public"); }
TEST(DutchReplay, ReferenceTournamentsRoundByRound) {
  auto files = corpus();
  ASSERT_EQ(files.size(), 165u);
  if (!arbiter::test::full_run()) {
    // CI sample: small and medium events, byes, forfeits, 3-1-0, withdrawals and late entries.
    const std::set<std::string> sample = {"s100001_n20_r13", "s100003_n47_r3", "s100007_n14_r4",
                                          "s100008_n45_r11", "s100013_n12_r8", "w300001_n15_r11",
                                          "w300003_n23_r7",  "w300007_n11_r6"};
    // Plus every 8th tournament of the sorted corpus (up to 300 players), now that a round
    // takes milliseconds: about a sixth of the corpus, a few seconds.
    std::vector<std::filesystem::path> kept;
    for (size_t i = 0; i < files.size(); ++i)
      if (sample.count(files[i].stem().string()) || i % 8 == 0) kept.push_back(files[i]);
    ASSERT_EQ(kept.size(), 27u);
    files = std::move(kept);
  }
  int passed = 0, failed = 0;
  for (const auto& f : files) {
    const Recorded t = read_recorded(f);
    for (int k = 0; k < t.rounds; ++k) {
      const std::string diff = replay_round(t, k);
      if (diff.empty()) {
        ++passed;
      } else {
        ++failed;
        ADD_FAILURE() << f.filename().string() << " round " << k + 1 << ":" << diff;
      }
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
}

}  // namespace
