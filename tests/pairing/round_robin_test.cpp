// Berger tables against the Handbook text (C.05 Annex 1, reference/work/handbook_berger.txt and
// the 12/16-player tables in reference/roundrobin.md), the closed form for 17..24 players,
// double round robin colour rules, and the drawing of lots.
#include "arbiter/pairing/round_robin.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "test_support.h"

namespace ap = arbiter::pairing;
using arbiter::test::shared;

namespace {

using Table = std::vector<std::vector<ap::RoundRobinGame>>;

std::string slurp(const std::string& rel) {
  std::ifstream in(shared(rel));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<ap::RoundRobinGame> games(const std::string& s) {
  std::vector<ap::RoundRobinGame> out;
  static const std::regex pair(R"((\d+)-(\d+))");
  for (std::sregex_iterator it(s.begin(), s.end(), pair), end; it != end; ++it)
    out.push_back({std::stoi((*it)[1]), std::stoi((*it)[2])});
  return out;
}

// "N or M players:" blocks of "Rd k: a-b, c-d, ..." lines.
std::map<int, Table> handbook_text() {
  std::map<int, Table> out;
  std::istringstream in(slurp("reference/work/handbook_berger.txt"));
  std::string line;
  int even = 0;
  static const std::regex head(R"((\d+) or (\d+) players:)"), rd(R"(Rd (\d+): (.*))");
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, head))
      even = std::stoi(m[2]);
    else if (even && std::regex_search(line, m, rd))
      out[even].push_back(games(m[2]));
  }
  return out;
}

// The markdown tables "| 1 | 1-12 | 2-11 | ..." following "N players (" in roundrobin.md.
std::map<int, Table> reference_md() {
  std::map<int, Table> out;
  std::istringstream in(slurp("reference/roundrobin.md"));
  std::string line;
  int n = 0;
  static const std::regex head(R"(^(\d+) players \()"), row(R"(^\| (\d+) \|(.*)\|\s*$)");
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, head))
      n = std::stoi(m[1]);
    else if (n && std::regex_search(line, m, row))
      out[n].push_back(games(m[2]));
    else if (line.empty() && n && !out[n].empty())
      n = 0;
  }
  return out;
}

Table boards(const std::vector<ap::RoundRobinRound>& t) {
  Table out;
  for (const auto& r : t) out.push_back(r.boards);
  return out;
}

}  // namespace

TEST(RoundRobin, HandbookTablesEvenAndOdd) {
  const auto hb = handbook_text();
  ASSERT_EQ(hb.size(), 7u);  // 4, 6, ..., 16
  for (const auto& [even, table] : hb) {
    SCOPED_TRACE(even);
    ASSERT_EQ(int(table.size()), even - 1);
    EXPECT_EQ(boards(ap::berger_table(even)), table);
    // Odd: same table, the game against the highest number is the free round.
    const auto odd = ap::berger_table(even - 1);
    ASSERT_EQ(odd.size(), table.size());
    for (size_t r = 0; r < table.size(); ++r) {
      std::vector<ap::RoundRobinGame> expect;
      ap::Tpn free = 0;
      for (const auto& g : table[r]) {
        if (g.white == even || g.black == even)
          free = g.white == even ? g.black : g.white;
        else
          expect.push_back(g);
      }
      EXPECT_EQ(odd[r].boards, expect);
      EXPECT_EQ(odd[r].free, free);
    }
  }
}

TEST(RoundRobin, ReferenceTables12And16) {
  const auto md = reference_md();
  ASSERT_TRUE(md.count(12) && md.count(16));
  EXPECT_EQ(md.at(12).size(), 11u);
  EXPECT_EQ(boards(ap::berger_table(12)), md.at(12));
  EXPECT_EQ(boards(ap::berger_table(16)), md.at(16));
}

// 3..24 players: every pair meets exactly once, in the round and with the colours of the closed
// form (roundrobin.md §2), nobody plays twice in a round, colours balanced within one.
TEST(RoundRobin, ClosedFormAndBalance3To24) {
  for (int n = 3; n <= 24; ++n) {
    SCOPED_TRACE(n);
    const auto t = ap::berger_table(n);
    const int N = n + n % 2;
    ASSERT_EQ(int(t.size()), N - 1);
    std::set<std::pair<int, int>> met;
    std::vector<int> whites(n + 1), blacks(n + 1), frees(n + 1);
    for (int r = 1; r <= int(t.size()); ++r) {
      std::set<int> seen;
      for (const auto& g : t[r - 1].boards) {
        EXPECT_TRUE(seen.insert(g.white).second && seen.insert(g.black).second);
        EXPECT_TRUE(met.insert({std::min(g.white, g.black), std::max(g.white, g.black)}).second);
        auto m = ap::berger_meeting(n, g.white, g.black);
        EXPECT_EQ(m.round, r);
        EXPECT_TRUE(m.a_white);
        ++whites[g.white], ++blacks[g.black];
      }
      if (n % 2) {
        ASSERT_NE(t[r - 1].free, 0);
        EXPECT_EQ(ap::berger_meeting(n, t[r - 1].free, N).round, r);
        ++frees[t[r - 1].free];
        EXPECT_EQ(int(seen.size()), n - 1);
      } else {
        EXPECT_EQ(t[r - 1].free, 0);
        EXPECT_EQ(int(seen.size()), n);
      }
    }
    EXPECT_EQ(int(met.size()), n * (n - 1) / 2);
    for (int p = 1; p <= n; ++p) {
      EXPECT_LE(std::abs(whites[p] - blacks[p]), 1);
      if (n % 2) {
        EXPECT_EQ(frees[p], 1);
      }
    }
  }
}

TEST(RoundRobin, DoubleRoundRobinColours) {
  for (int n = 3; n <= 24; ++n) {
    SCOPED_TRACE(n);
    const auto single = ap::berger_table(n);
    const auto d = ap::double_round_robin(n);
    const int R = int(single.size());
    ASSERT_EQ(int(d.size()), 2 * R);
    // First cycle: the table with its last two rounds swapped; second: colours reversed.
    for (int r = 0; r < R - 2; ++r) EXPECT_EQ(d[r], single[r]);
    EXPECT_EQ(d[R - 2], single[R - 1]);
    EXPECT_EQ(d[R - 1], single[R - 2]);
    for (int r = 0; r < R; ++r)
      for (size_t b = 0; b < single[r].boards.size(); ++b) {
        EXPECT_EQ(d[R + r].boards[b].white, single[r].boards[b].black);
        EXPECT_EQ(d[R + r].boards[b].black, single[r].boards[b].white);
      }
    // Nobody has the same colour three times running (even n; with odd n free rounds intervene).
    if (n % 2 == 0)
      for (int p = 1; p <= n; ++p) {
        std::string seq;
        for (const auto& r : d)
          for (const auto& g : r.boards) seq += g.white == p ? "W" : g.black == p ? "B" : "";
        EXPECT_EQ(seq.find("WWW"), std::string::npos) << p << " " << seq;
        EXPECT_EQ(seq.find("BBB"), std::string::npos) << p << " " << seq;
      }
  }
  // Without the swap the plain repetition gives someone three blacks (why the Handbook swaps).
  const auto plain = ap::double_round_robin(8, false);
  std::string seq;
  for (const auto& r : plain)
    for (const auto& g : r.boards) seq += g.white == 1 ? "W" : g.black == 1 ? "B" : "";
  EXPECT_NE(seq.find("BBB"), std::string::npos);
}

TEST(RoundRobin, LotsArePermutationsAndReproducible) {
  for (int n : {1, 2, 7, 16}) {
    auto a = ap::draw_lots(n, 12345);
    auto b = ap::draw_lots(n, 12345);
    EXPECT_EQ(a.number_of, b.number_of);
    EXPECT_EQ(a.audit, b.audit);
    std::vector<ap::Tpn> sorted = a.number_of;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < n; ++i) EXPECT_EQ(sorted[i], i + 1);
    EXPECT_NE(a.audit.find("seed 12345 (given)"), std::string::npos);
  }
  EXPECT_NE(ap::draw_lots(16, 1).number_of, ap::draw_lots(16, 2).number_of);
  auto r = ap::draw_lots(10);
  EXPECT_FALSE(r.seed_given);
  EXPECT_EQ(ap::draw_lots(10, r.seed).number_of, r.number_of);  // the audit seed replays it
}

// Every entrant is equally likely to draw every number: chi-square over 40,000 seeded draws of
// 4 numbers (16 cells, 9 degrees of freedom; 99.99th percentile ~ 33.7).
TEST(RoundRobin, LotsAreUniform) {
  const int n = 4, draws = 40000;
  std::vector<std::vector<int>> count(n, std::vector<int>(n));
  for (int s = 0; s < draws; ++s) {
    auto d = ap::draw_lots(n, std::uint64_t(s) * 7919 + 1);
    for (int i = 0; i < n; ++i) ++count[i][d.number_of[i] - 1];
  }
  double chi = 0, e = double(draws) / n;
  for (auto& row : count)
    for (int c : row) chi += (c - e) * (c - e) / e;
  EXPECT_LT(chi, 33.7);
}

namespace {

// Four players whose file records `rounds` (white-black games per round, Handbook numbering).
ap::Tournament recorded_event(const std::string& type_code,
                              const std::vector<std::vector<std::pair<int, int>>>& rounds) {
  ap::Tournament t;
  t.type_code = type_code;
  for (ap::Tpn p = 1; p <= 4; ++p) {
    ap::Player pl;
    pl.tpn = p;
    pl.rounds.resize(rounds.size());
    t.players.push_back(pl);
  }
  for (size_t r = 0; r < rounds.size(); ++r)
    for (auto [w, b] : rounds[r]) {
      t.player(w).rounds[r] = {b, arbiter::WHITE, ap::ResultCode::Draw};
      t.player(b).rounds[r] = {w, arbiter::BLACK, ap::ResultCode::Draw};
    }
  return t;
}

}  // namespace

// The table `pair --check` holds a round robin to: the Berger table; for a double round robin the
// Handbook's arrangement (first cycle's last two rounds swapped) unless the event's rounds follow
// the plain repetition. 4 players (C.05 Annex 1): Rd 1: 1-4, 2-3; Rd 2: 4-3, 1-2; Rd 3: 2-4, 3-1.
TEST(RoundRobin, RecordedTableIsTheArrangementTheEventUsed) {
  using R = std::vector<std::pair<int, int>>;
  const R rd1{{1, 4}, {2, 3}}, rd2{{4, 3}, {1, 2}}, rd3{{2, 4}, {3, 1}};
  auto round_of = [](const std::vector<ap::RoundRobinRound>& table, size_t r) {
    R out;
    for (const auto& g : table[r].boards) out.emplace_back(g.white, g.black);
    return out;
  };
  // Single: the Berger table, whatever was played.
  auto single = ap::recorded_berger_table(recorded_event("FIDE_ROUNDROBIN", {rd3}));
  ASSERT_EQ(single.size(), 3u);
  EXPECT_EQ(round_of(single, 1), rd2);
  // Double, rounds 1-3 played in the plain order: the plain repetition (round 2 = Rd 2).
  auto plain = ap::recorded_berger_table(recorded_event("FIDE_DOUBLE_ROUNDROBIN", {rd1, rd2, rd3}));
  ASSERT_EQ(plain.size(), 6u);
  EXPECT_EQ(round_of(plain, 1), rd2);
  EXPECT_EQ(round_of(plain, 2), rd3);
  // Double, rounds played 1, 3, 2 (the Handbook's swap), or only round 1 (a tie): the swap.
  for (const auto& played : {std::vector<R>{rd1, rd3, rd2}, std::vector<R>{rd1}}) {
    auto swapped = ap::recorded_berger_table(recorded_event("FIDE_DOUBLE_ROUNDROBIN", played));
    ASSERT_EQ(swapped.size(), 6u);
    EXPECT_EQ(round_of(swapped, 1), rd3);
    EXPECT_EQ(round_of(swapped, 2), rd2);
  }
}
