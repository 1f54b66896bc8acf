// FIDE's reference tie-break values (TieBreakServer 1.9.57) for the 50 public tournaments of
// ../shared/data/tiebreak/public: 27 specs under the 2024 and the 2026 rules, every cell equal
// (exact decimals; DE compared as an ordering inside each group tied on points), as
// ../shared/tools/compare-tiebreaks.py compares them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "arbiter/pairing/crosstable_export.h"
#include "arbiter/pairing/standings_trf.h"
#include "arbiter/pairing/trf.h"
#include "test_support.h"

using namespace arbiter::pairing;
namespace fs = std::filesystem;

namespace {

using Table = std::map<std::string, std::map<std::string, std::string>>;  // StartNo -> col -> value

Table load_tsv(const std::string& text, std::vector<std::string>* header) {
  std::istringstream in(text);
  std::string line;
  Table t;
  std::vector<std::string> hdr;
  while (std::getline(in, line)) {
    if (line.empty() || line.rfind("Check:", 0) == 0) continue;
    std::vector<std::string> cells;
    std::stringstream ls(line);
    std::string c;
    while (std::getline(ls, c, '\t')) cells.push_back(c);
    if (hdr.empty()) {
      hdr = cells;
      continue;
    }
    for (size_t i = 0; i < cells.size() && i < hdr.size(); ++i) t[cells[0]][hdr[i]] = cells[i];
  }
  if (header) *header = hdr;
  return t;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Exact decimal value in ten-thousandths; nullopt = undefined ("-0", "", "NA", "None").
std::optional<long long> decimal(const std::string& s) {
  if (s == "-0" || s.empty() || s == "NA" || s == "None" || s == "null" || s == "-")
    return std::nullopt;
  bool neg = s[0] == '-';
  size_t i = neg ? 1 : 0;
  long long ip = 0, fp = 0;
  int fd = 0;
  for (; i < s.size() && s[i] != '.'; ++i) ip = ip * 10 + (s[i] - '0');
  if (i < s.size()) {
    for (++i; i < s.size() && fd < 4; ++i, ++fd) fp = fp * 10 + (s[i] - '0');
  }
  while (fd < 4) fp *= 10, ++fd;
  long long v = ip * 10000 + fp;
  return neg ? -v : v;
}

struct Tally {
  long cells = 0, bad_cells = 0;
  int tables = 0, bad_tables = 0;
};

// Compares one computed table with the reference; returns the number of differing cells.
long compare(const Table& exp, const std::vector<std::string>& hdr, const Table& got,
             const std::string& what, long* cells) {
  long bad = 0;
  for (const auto& [sno, erow] : exp) {
    auto it = got.find(sno);
    if (it == got.end()) {
      ADD_FAILURE() << what << ": missing player " << sno;
      ++bad;
      continue;
    }
    for (size_t k = 2; k < hdr.size(); ++k) {
      const std::string& col = hdr[k];
      ++*cells;
      if (col == "DE") continue;  // compared as an ordering below
      auto gv = it->second.find(col);
      std::string g = gv == it->second.end() ? "<missing>" : gv->second;
      if (decimal(erow.at(col)) != decimal(g)) {
        ADD_FAILURE() << what << ": player " << sno << " " << col << ": expected " << erow.at(col)
                      << " got " << g;
        ++bad;
      }
    }
  }
  // DE: inside each group with equal PTS, the order (less / equal / greater) must agree.
  for (const auto& [a, ra] : exp)
    for (const auto& [b, rb] : exp) {
      if (a >= b || ra.at("PTS") != rb.at("PTS") || !got.count(a) || !got.count(b)) continue;
      auto sign = [](long long x, long long y) { return (x > y) - (x < y); };
      int e = sign(*decimal(ra.at("DE")), *decimal(rb.at("DE")));
      int g = sign(*decimal(got.at(a).at("DE")), *decimal(got.at(b).at("DE")));
      if (e != g) {
        ADD_FAILURE() << what << ": DE order of players " << a << " and " << b << " differs";
        ++bad;
      }
    }
  return bad;
}

Tally run_corpus(bool rules_from_date) {
  Tally t;
  auto dir = arbiter::test::shared("data/tiebreak/public");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".trf") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files.size(), 50u);
  auto specs = parse_tiebreaks(kAllSpecs27);
  for (const auto& f : files) {
    Tournament trn = read_trf_file(f);
    Crosstable ct = crosstable_from(trn);
    for (int year : {2024, 2026}) {
      StandingsOptions o;
      if (rules_from_date) {
        // The 2026 tables were made by setting 042 to 2026/06/01.
        if (year == 2026) ct.date = 20260601;
      } else {
        o.tiebreak.rules = year == 2024 ? TiebreakRules::Fide2024 : TiebreakRules::Fide2026;
      }
      Standings s = compute_standings(ct, specs, o);
      std::vector<std::string> hdr, got_hdr;
      std::string stem = f.stem().string();
      Table exp = load_tsv(read_file(dir / (stem + ".tb" + std::to_string(year) + ".tsv")), &hdr);
      Table got = load_tsv(standings_tsv(s), &got_hdr);
      EXPECT_EQ(hdr, got_hdr) << stem;
      long cells = 0;
      long bad = compare(exp, hdr, got, stem + " " + std::to_string(year), &cells);
      t.cells += cells;
      t.bad_cells += bad;
      ++t.tables;
      t.bad_tables += bad > 0;
    }
  }
  return t;
}

}  // namespace

TEST(TiebreakCorpus, All50Tournaments27SpecsRules2024And2026) {
  Tally t = run_corpus(false);
  std::printf(
      "tiebreak corpus: %ld/%ld cells equal, %d/%d tables (50 tournaments x 2 rule sets) equal\n",
      t.cells - t.bad_cells, t.cells, t.tables - t.bad_tables, t.tables);
  EXPECT_EQ(t.bad_cells, 0);
  EXPECT_EQ(t.tables, 100);
}

TEST(TiebreakCorpus, RulesChosenByStartDate) {
  Tally t = run_corpus(true);
  EXPECT_EQ(t.bad_cells, 0);
}

TEST(TiebreakCorpus, CliTsvMatchesReferenceLayout) {
  // Black box: the CLI's --format tsv is FIDE's table (header, start-number order, -0).
  auto dir = arbiter::test::shared("data/tiebreak/public");
  for (const char* stem : {"S001", "R000", "D002"}) {
    std::string trf = (dir / (std::string(stem) + ".trf")).string();
    auto r = arbiter::test::run_arbiter("standings '" + trf + "' --tiebreaks \"" +
                                        std::string(kAllSpecs27) + "\" --format tsv");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::string ref = read_file(dir / (std::string(stem) + ".tb2024.tsv"));
    EXPECT_EQ(ref.substr(0, ref.find('\n')), r.out.substr(0, r.out.find('\n')));
    std::vector<std::string> hdr, gh;
    Table exp = load_tsv(ref, &hdr), got = load_tsv(r.out, &gh);
    long cells = 0;
    EXPECT_EQ(compare(exp, hdr, got, stem, &cells), 0);
    // One row per player in start-number order.
    std::istringstream in(r.out);
    std::string line;
    std::getline(in, line);
    int expect_sno = 1;
    while (std::getline(in, line))
      EXPECT_EQ(line.substr(0, line.find('\t')), std::to_string(expect_sno++));
  }
}

TEST(TiebreakCorpus, RanksOfTheFilesAreReproduced) {
  // 001 cols 86-89 of the corpus files hold FIDE's rank for PTS BH/C1 BH SB (Swiss) or
  // PTS DE SB (round robins) under the 2024 rules: the ranking (groups, shared places) must agree.
  auto dir = arbiter::test::shared("data/tiebreak/public");
  int files = 0, players = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".trf") continue;
    Tournament t = read_trf_file(e.path());
    Crosstable ct = crosstable_from(t);
    Standings s =
        compute_standings(ct, parse_tiebreaks(ct.round_robin ? "PTS DE SB" : "PTS BH/C1 BH SB"));
    for (const Player& p : t.players) {
      EXPECT_EQ(s.row(p.tpn).rank, p.rank) << e.path().filename() << " player " << p.tpn;
      ++players;
    }
    ++files;
  }
  EXPECT_EQ(files, 50);
  std::printf("ranks reproduced for %d players in %d files\n", players, files);
}
