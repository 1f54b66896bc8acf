#pragma once
// Replaying a recorded Dutch tournament (bbpPairings' output, ../shared/data/swiss/public*)
// round by round through pair_dutch: the reader and the comparison shared by the 2026 and the
// 2017 replay tests.
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

namespace dutch_corpus {

using namespace arbiter::pairing;
using arbiter::BLACK;
using arbiter::WHITE;

// Just enough of TRF-16 for the corpora: 001 player lines, XXR, XXC, 162 or BBW/BBD scoring.
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

inline Recorded read_recorded(const std::filesystem::path& path) {
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
    // bbpPairings' own scoring records (the 2017 corpus's 3-1-0 events): BBW win, BBD draw.
    if (line.rfind("BBW", 0) == 0) t.win = int(std::stod(line.substr(3)) * 10 + 0.5);
    if (line.rfind("BBD", 0) == 0) t.draw = int(std::stod(line.substr(3)) * 10 + 0.5);
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

inline DutchRound to_round(const Recorded::Entry& e, const Recorded& t) {
  DutchRound r;
  if (e.blank) return r;
  if (e.colour == 'w') r.colour = WHITE;
  if (e.colour == 'b') r.colour = BLACK;
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
inline std::string replay_round(const Recorded& t, int k, const DutchOptions& options = {}) {
  DutchInput in;
  in.played_rounds = k;
  in.total_rounds = t.total;
  in.points_win = t.win;
  in.points_draw = t.draw;
  in.initial_colour = t.initial == 'b' ? BLACK : WHITE;
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
  const DutchPairing got = pair_dutch(in, options);
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

// The corpus's tournaments (*.trf), sorted by name.
inline std::vector<std::filesystem::path> corpus(const std::string& folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(arbiter::test::shared(folder)))
    if (e.path().extension() == ".trf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace dutch_corpus
