// Replays the reference Dutch tournaments (paired by the endorsed engine bbpPairings v6.0.0 under
// the 2026 rules, ../shared/data/swiss/public) round by round through pair_dutch and compares
// every pair, colour and bye. A deterministic sample by default; all 165 with ARBITER_FULL=1.
// The same replay through the CLI (from the source tree):
//   ../shared/tools/replay-swiss.sh "build/tools/arbiter pair --dutch" ../shared/data/swiss/public
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "arbiter/pairing/dutch.h"
#include "test_support.h"

namespace {

using namespace arbiter::pairing;

// Just enough of TRF-16 for the corpus: 001 player lines, XXR, XXC, 162 scoring.
struct Recorded {
  struct Entry {
    int opponent = 0;
    char colour = ' ', result = ' ';
    bool blank = true;
  };
  std::map<int, std::vector<Entry>> players;
  int rounds = 0, total = 0;
  int win = 10, draw = 5;
  char initial = 0;
};

Recorded read_recorded(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  std::replace(text.begin(), text.end(), '\r', '\n');
  Recorded t;
  std::istringstream is(text);
  std::string line;
  while (std::getline(is, line)) {
    if (line.rfind("XXR", 0) == 0) t.total = std::stoi(line.substr(3));
    if (line.rfind("XXC", 0) == 0) t.initial = line.find("black1") != std::string::npos ? 'b' : 'w';
    if (line.rfind("162", 0) == 0) {
      std::istringstream s(line.substr(3));
      std::string k;
      double v;
      while (s >> k >> v) {
        if (k == "W") t.win = int(v * 10 + 0.5);
        if (k == "D") t.draw = int(v * 10 + 0.5);
      }
    }
    if (line.rfind("001", 0) != 0) continue;
    auto& es = t.players[std::stoi(line.substr(4, 4))];
    for (size_t p = 91; p < line.size(); p += 10) {
      std::string s = line.substr(p, 8);
      s.resize(8, ' ');
      Recorded::Entry e;
      e.blank = s.find_first_not_of(' ') == std::string::npos;
      if (!e.blank) {
        const std::string opp = s.substr(0, 4);
        e.opponent = opp.find_first_not_of(' ') == std::string::npos ? 0 : std::stoi(opp);
        e.colour = s[5];
        e.result = s[7];
      }
      es.push_back(e);
    }
    t.rounds = std::max(t.rounds, (int)es.size());
  }
  for (auto& [id, es] : t.players) es.resize(t.rounds);
  if (!t.total) t.total = t.rounds;
  if (!t.initial) {  // like bbpPairings: the highest player paired in round 1 had it
    int idx = 0;
    for (auto& [id, es] : t.players) {
      const auto& e = es[0];
      if (e.blank || (e.opponent == 0 && e.result != 'U')) continue;
      if (e.colour == 'w' || e.colour == 'b') {
        t.initial = (idx % 2 == 0) ? e.colour : (e.colour == 'w' ? 'b' : 'w');
        break;
      }
      ++idx;
    }
  }
  return t;
}

DutchRound to_round(const Recorded::Entry& e, const Recorded& t) {
  DutchRound r;
  if (e.blank) return r;
  r.colour = e.colour == 'w'   ? DutchColour::White
             : e.colour == 'b' ? DutchColour::Black
                               : DutchColour::None;
  if (e.opponent > 0) {
    r.opponent = e.opponent;
    r.paired = true;
    switch (e.result) {
      case '1':
      case 'W':
        r.played = true;
        r.points = t.win;
        break;
      case '=':
      case 'D':
        r.played = true;
        r.points = t.draw;
        break;
      case '0':
      case 'L': r.played = true; break;
      case '+': r.points = t.win; break;
      default: break;  // '-': forfeit loss
    }
  } else {
    if (e.result == 'U') {
      r.paired = true;
      r.points = t.win;
    } else if (e.result == 'H') {
      r.points = t.draw;
    } else if (e.result == 'F') {
      r.points = t.win;
    }
  }
  return r;
}

// Returns an empty string when round k+1 is reproduced, else a description of the difference.
std::string replay_round(const Recorded& t, int k) {
  DutchInput in;
  in.played_rounds = k;
  in.total_rounds = t.total;
  in.points_win = t.win;
  in.points_draw = t.draw;
  in.initial_colour = t.initial == 'b' ? DutchColour::Black : DutchColour::White;
  std::set<std::pair<int, int>> expected;
  int expected_bye = 0;
  for (const auto& [id, es] : t.players) {
    DutchPlayer p;
    p.id = id;
    for (int r = 0; r < k; ++r) p.rounds.push_back(to_round(es[r], t));
    const auto& now = es[k];
    p.absent = now.blank || (now.opponent == 0 && now.result != 'U');
    if (!now.blank && now.opponent == 0 && now.result == 'U') expected_bye = id;
    if (now.opponent > 0 && now.colour == 'w') expected.insert({id, now.opponent});
    in.players.push_back(std::move(p));
  }
  const DutchPairing got = pair_dutch(in);
  if (!got.ok) return "no pairing: " + got.error;
  std::set<std::pair<int, int>> pairs(got.pairs.begin(), got.pairs.end());
  if (pairs == expected && got.bye == expected_bye) return {};
  std::ostringstream os;
  for (auto pr : expected)
    if (!pairs.count(pr)) os << " missing " << pr.first << "-" << pr.second;
  for (auto pr : pairs)
    if (!expected.count(pr)) os << " extra " << pr.first << "-" << pr.second;
  os << " bye expected " << expected_bye << " got " << got.bye;
  return os.str();
}

std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> files;
  for (const auto& e :
       std::filesystem::directory_iterator(arbiter::test::shared("data/swiss/public")))
    if (e.path().extension() == ".trf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

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
