// arbiter pair: pairing from TRF files with the bbpPairings/JaVaFo command-line conventions
// (issue 5), so arbiter drops in where tournament managers call an endorsed engine:
//   arbiter pair --dutch in.trf -p [out.txt]   pair the next round (FIDE Dutch, C.04.3 2026)
//   arbiter pair --check in.trf                re-pair every round, list the rounds that differ
//                                             (round robins: against the Berger table)
//   arbiter pair --round-robin N [--double] [--seed S | --lots]   Berger tables (C.05 Annex 1)
// Exit codes (the endorsed engines'): 0 paired, 1 no legal pairing (--check: some round
// differs), 2 unexpected error or bad arguments, 3 invalid input file.
#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "arbiter/pairing/board_order.h"
#include "arbiter/pairing/dutch.h"
#include "arbiter/pairing/file_io.h"
#include "arbiter/pairing/recorded_round.h"
#include "arbiter/pairing/round_robin.h"
#include "arbiter/pairing/tournament.h"
#include "arbiter/pairing/trf.h"
#include "cli_options.h"
#include "command.h"
#include "terminal_text.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;
namespace ap = arbiter::pairing;
using nlohmann::json;

constexpr int kExitNoPairing = 1, kExitError = 2, kExitInvalidFile = 3;

// A round's pairing: (white, black) games and the PAB (0 = none).
struct RoundPairing {
  std::vector<std::pair<ap::Tpn, ap::Tpn>> games;
  ap::Tpn bye = 0;
  bool ok = true;
  std::string error;
};

RoundPairing pair_round(const ap::Tournament& t, int round, std::optional<ap::DutchRules> rules) {
  ap::DutchOptions o;
  o.rules = rules;  // unset: the file's 192 code, else 2026
  // Pairings that take more than a second say where they are (large open fields).
  o.progress = [](const ap::DutchProgress& p) {
    std::cerr << "arbiter pair: round " << p.round << ", bracket " << p.bracket + 1 << " (score "
              << ap::format_points(p.score) << "), " << std::fixed << std::setprecision(1)
              << p.seconds << " s\n";
  };
  auto d = ap::pair_dutch(t, round, o);
  return {d.pairs, d.bye, d.ok, d.error};
}

// bbpPairings/JaVaFo output: number of pairs (the PAB counts as one), then "white black" lines,
// the PAB as "N 0".
std::string pairing_file(const RoundPairing& p) {
  std::string s = std::to_string(p.games.size() + (p.bye ? 1 : 0)) + "\n";
  for (const auto& [w, b] : p.games)
    s.append(std::to_string(w)).append(" ").append(std::to_string(b)).append("\n");
  if (p.bye) s.append(std::to_string(p.bye)).append(" 0\n");
  return s;
}

// The TRF file, or nullopt after printing why it cannot be read (the caller exits 3, the
// endorsed engines' code for an invalid input file).
std::optional<ap::Tournament> load(const std::string& path) {
  try {
    return ap::read_trf_file(path);
  } catch (const ap::TrfError& e) {
    std::cerr << "arbiter pair: " << e.what() << '\n';
    return std::nullopt;
  }
}

// The round to pair: the one after the last round with any pairing (cells of that round that
// only declare byes/absences do not count).
int next_round(const ap::Tournament& t) { return t.paired_rounds() + 1; }

int run_dutch(const std::string& in, const std::optional<std::string>& out,
              std::optional<ap::DutchRules> rules) {
  if (out && !out->empty() && *out != "-") ap::refuse_same_file(*out, {in});
  const auto loaded = load(in);
  if (!loaded) return kExitInvalidFile;
  const ap::Tournament& t = *loaded;
  const int round = next_round(t);
  if (t.total_rounds > 0 && round > t.total_rounds) {
    std::cerr << "arbiter pair: " << in << ": all " << t.total_rounds
              << " rounds are already paired\n";
    return kExitInvalidFile;
  }
  if (t.player_count() == 0) {
    std::cerr << "arbiter pair: " << in << ": no players (001 records)\n";
    return kExitInvalidFile;
  }
  for (const auto& w : ap::check_points(t))
    std::cerr << "arbiter pair: warning: " << in << ": " << w << '\n';
  RoundPairing p = pair_round(t, round, rules);
  if (!p.ok) {
    std::cerr << "arbiter pair: no legal pairing for round " << round
              << (p.error.empty() ? "" : ": " + p.error) << '\n';
    return kExitNoPairing;
  }
  ap::sort_boards(t, round, p.games);
  const std::string text = pairing_file(p);
  if (!out || out->empty() || *out == "-")
    std::cout << text;
  else
    ap::write_file_atomically(*out, text);  // checked, beside the target, renamed
  return kExitOk;
}

// Round r as the file records it (recorded_round.h).
RoundPairing recorded(const ap::Tournament& t, int r) {
  ap::RecordedRound rec = ap::recorded_round(t, r);
  return {std::move(rec.games), rec.bye, true, {}};
}

// The first difference in board order (C.04.2: the recorded round's boards): the first recorded
// game the engine does not pair as recorded, next to the engine's game of its white player (or
// the PAB); if every game agrees, the PAB. An endorsement report names this one difference.
// The board order counts the scores before round r, which `t` records as before_round(t, r) does.
std::string first_difference(RoundPairing want, const RoundPairing& got, const ap::Tournament& t,
                             int r) {
  if (!got.ok) return "no pairing";
  ap::sort_boards(t, r, want.games);
  std::set<std::pair<ap::Tpn, ap::Tpn>> gs(got.games.begin(), got.games.end());
  auto game_of = [&](ap::Tpn p) -> std::string {
    for (const auto& [w, b] : got.games)
      if (w == p || b == p) return std::to_string(w) + "-" + std::to_string(b);
    return p == got.bye ? std::to_string(p) + " PAB" : std::to_string(p) + " unpaired";
  };
  for (const auto& [w, b] : want.games)
    if (!gs.count({w, b}))
      return "recorded " + std::to_string(w) + "-" + std::to_string(b) + ", arbiter " + game_of(w);
  return "PAB recorded " + std::to_string(want.bye) + ", arbiter " + std::to_string(got.bye);
}

std::string describe(const std::vector<std::pair<ap::Tpn, ap::Tpn>>& g) {
  std::string s;
  for (const auto& [w, b] : g)
    s.append(s.empty() ? "" : ", ").append(std::to_string(w)).append("-").append(std::to_string(b));
  return s.empty() ? "none" : s;
}

// Round r of a round robin as its Berger table has it (no PAB: the free player of an odd round
// robin is not a pairing-allocated bye).
RoundPairing from_table(const std::vector<ap::RoundRobinRound>& table, int r) {
  RoundPairing p;
  if (r > int(table.size())) {
    p.ok = false, p.error = "the round robin has only " + std::to_string(table.size()) + " rounds";
    return p;
  }
  for (const auto& g : table[size_t(r - 1)].boards) p.games.emplace_back(g.white, g.black);
  return p;
}

// What `pair --check` compares a file's rounds with: the engine's pairing of each round from
// what was known before it (before_round), or for a round robin (092) the Berger table of its
// pairing numbers (C.05 Annex 1), for a double one the Handbook arrangement the event used.
struct CheckedFile {
  const ap::Tournament& t;
  std::optional<std::vector<ap::RoundRobinRound>> table;
  std::optional<ap::DutchRules> rules;
  bool as_json = false;
  int differ = 0, forbidden = 0;
};

// The differences of round r (recorded `want`, expected `got`) into `j`, printed unless JSON.
void report_difference(CheckedFile& c, int r, const RoundPairing& want, const RoundPairing& got,
                       json& j) {
  std::set<std::pair<ap::Tpn, ap::Tpn>> ws(want.games.begin(), want.games.end()),
      gs(got.games.begin(), got.games.end());
  std::vector<std::pair<ap::Tpn, ap::Tpn>> miss, extra;
  std::set_difference(ws.begin(), ws.end(), gs.begin(), gs.end(), std::back_inserter(miss));
  std::set_difference(gs.begin(), gs.end(), ws.begin(), ws.end(), std::back_inserter(extra));
  j["recorded_only"] = miss;
  j["engine_only"] = extra;
  j["first_difference"] = first_difference(want, got, c.t, r);
  j["recorded_bye"] = want.bye;
  j["engine_bye"] = got.bye;
  if (!got.ok) j["error"] = got.error;
  if (c.as_json) return;
  std::cout << "round " << r << ": differs";
  if (!got.ok)
    std::cout << " (" << (c.table ? "" : "no legal pairing: ") << got.error << ")";
  else
    std::cout << "; recorded only: " << describe(miss) << "; arbiter only: " << describe(extra)
              << "; bye recorded " << want.bye << ", arbiter " << got.bye;
  std::cout << "; first difference: " << j["first_difference"].get<std::string>() << '\n';
}

// A round robin cannot keep a forbidden pair apart (everybody meets everybody, C.05): the games
// of round r that break the event's XXP/260 records.
void report_forbidden(CheckedFile& c, int r, const RoundPairing& want, json& j) {
  for (const auto& [w, b] : want.games)
    if (c.t.forbidden_pair(w, b, r)) {
      ++c.forbidden;
      j["forbidden"].push_back({w, b});
      if (!c.as_json)
        std::cout << "round " << r << ": " << w << "-" << b << " is a forbidden pair (XXP/260)\n";
    }
}

// Round r recorded against its expected pairing: the round's entry of the JSON report.
json check_round(CheckedFile& c, int r) {
  RoundPairing want = recorded(c.t, r),
               got = c.table ? from_table(*c.table, r)
                             : pair_round(ap::before_round(c.t, r), r, c.rules);
  if (c.table) want.bye = 0;  // the free player of an odd round robin is not a PAB
  std::set<std::pair<ap::Tpn, ap::Tpn>> ws(want.games.begin(), want.games.end()),
      gs(got.games.begin(), got.games.end());
  const bool same = got.ok && ws == gs && want.bye == got.bye;
  json j{{"round", r}, {"identical", same}};
  if (!same) {
    ++c.differ;
    report_difference(c, r, want, got, j);
  } else if (!c.as_json) {
    std::cout << "round " << r << ": identical\n";
  }
  if (c.table) report_forbidden(c, r, want, j);
  return j;
}

int run_check(const std::string& in, bool as_json, std::optional<ap::DutchRules> rules) {
  const auto loaded = load(in);
  if (!loaded) return kExitInvalidFile;
  CheckedFile c{*loaded, std::nullopt, rules, as_json};
  if (c.t.round_robin()) c.table = ap::recorded_berger_table(c.t);
  const int rounds = c.t.paired_rounds();
  json rep = json::array();
  for (int r = 1; r <= rounds; ++r) rep.push_back(check_round(c, r));
  const int differ = c.differ;
  if (as_json)
    std::cout << json{{"file", in},          {"rounds", rounds},
                      {"differing", differ}, {"passed", rounds - differ},
                      {"failed", differ},    {"forbidden", c.forbidden},
                      {"report", rep}}
                     .dump(2)
              << '\n';
  else
    std::cout << in << ": " << rounds - differ << " of " << rounds << " rounds identical\n"
              << rounds - differ << " passed, " << differ << " failed\n";
  return differ || c.forbidden ? kExitNoPairing : kExitOk;
}

std::uint64_t parse_seed(const std::string& s) {
  std::uint64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc() && p == s.data() + s.size()) return v;
  // Any other text: FNV-1a of the bytes, so a phrase can serve as a seed.
  v = 1469598103934665603ull;
  for (unsigned char c : s) v = (v ^ c) * 1099511628211ull;
  return v;
}

int run_round_robin(int n, bool dbl, bool swap, std::optional<std::string> seed, bool lots,
                    bool as_json) {
  if (n < 2 || n > 1000) {
    std::cerr << "arbiter pair: --round-robin needs 2 to 1000 players\n";
    return kExitError;
  }
  const auto table = dbl ? ap::double_round_robin(n, swap) : ap::berger_table(n);
  std::optional<ap::LotDraw> draw;
  if (seed || lots) draw = ap::draw_lots(n, seed ? std::optional(parse_seed(*seed)) : std::nullopt);
  if (as_json) {
    json j{{"players", n}, {"double", dbl}, {"rounds", json::array()}};
    if (draw)
      j["lots"] = {{"seed", draw->seed},
                   {"seed_given", draw->seed_given},
                   {"number_of_entrant", draw->number_of},
                   {"audit", draw->audit}};
    for (const auto& r : table) {
      json games = json::array();
      for (const auto& g : r.boards) games.push_back({g.white, g.black});
      j["rounds"].push_back({{"games", games}, {"free", r.free}});
    }
    std::cout << j.dump(2) << '\n';
    return kExitOk;
  }
  std::cout << "# Berger table (FIDE C.05 Annex 1), " << n << " players, "
            << (dbl ? std::string("double round robin") +
                          (swap ? " (first cycle: last two rounds swapped)" : "")
                    : std::string("single round robin"))
            << (n % 2 ? "; odd: the player meeting " + std::to_string(n + 1) + " is free" : "")
            << '\n';
  if (draw) {
    std::cout << "# " << draw->audit << '\n';
    for (int i = 0; i < n; ++i)
      std::cout << "entrant " << i + 1 << " -> pairing number " << draw->number_of[i] << '\n';
  }
  for (size_t r = 0; r < table.size(); ++r) {
    std::cout << "Rd " << r + 1 << ":";
    for (size_t b = 0; b < table[r].boards.size(); ++b)
      std::cout << (b ? ", " : " ") << table[r].boards[b].white << "-" << table[r].boards[b].black;
    if (table[r].free) std::cout << "; free: " << table[r].free;
    std::cout << '\n';
  }
  return kExitOk;
}

// What a `pair` command line that names no single action lacks, said before the usage (the usage
// alone left `arbiter pair in.trf` unexplained).
std::string what_is_missing(const po::variables_map& vm, int modes,
                            const std::vector<std::string>& inputs) {
  if (modes > 1) return "--dutch, --check and --round-robin are different tasks: give one";
  for (const char* mode : {"dutch", "check"})
    if (vm.count(mode) && modes == 0 && inputs.empty())
      return std::string("--") + mode + " needs the TRF file: arbiter pair --" + mode + " in.trf";
  if (modes == 0 && !inputs.empty() && !vm.count("dutch") && !vm.count("check"))
    return "what should be done with '" + terminal_safe(inputs.front()) +
           "'? --dutch FILE pairs its next round, --check FILE re-pairs every round";
  if (!inputs.empty()) return "unexpected argument '" + terminal_safe(inputs.back()) + "'";
  return "give --dutch FILE, --check FILE or --round-robin N";
}

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter pair options");
  std::string dutch, check, seed, rules_text;
  int rr = 0;
  opts.add_options()("help,h", "show this help")(
      "dutch", po::value(&dutch)->implicit_value(""),
      "pair the next round of this TRF file (FIDE Dutch, C.04.3; the file may also follow the "
      "other options)")(",p", po::value<std::string>()->implicit_value(""),
                        "--dutch: write the pairing to this file (default stdout)")(
      "check", po::value(&check)->implicit_value(""),
      "re-pair every round of this TRF file; list rounds that differ")(
      "round-robin", po::value(&rr), "print the Berger table for N players")(
      "double", "--round-robin: double round robin")(
      "no-swap", "--double: do not swap the last two rounds of the first cycle")(
      "seed", po::value(&seed), "--round-robin: draw pairing numbers by lot, reproducibly from S")(
      "lots", "--round-robin: draw pairing numbers by lot from a random seed (printed)")(
      "rules", po::value(&rules_text),
      "--dutch, --check: the C.04.3 edition, 2017 (events started before 1 February 2026) or "
      "2026 (default; a TRF 192 FIDE_DUTCH_2017 code also selects 2017)")(
      "json", "JSON output (--check, --round-robin)")("input",
                                                      po::value<std::vector<std::string>>(), "");
  po::positional_options_description pos;
  pos.add("input", -1);
  const char* const usage =
      "usage: arbiter pair --dutch in.trf -p [out.txt]\n"
      "       arbiter pair --check in.trf [--json]\n"
      "       arbiter pair --round-robin N [--double [--no-swap]] [--seed S | --lots] [--json]\n"
      "--dutch: bbpPairings/JaVaFo conventions (TRF-16 with XXR/XXC/XXS/XXA/XXP/XXZ or "
      "TRF-2026);\n"
      "output: number of pairs, then 'white black' per line, the pairing-allocated bye as 'N 0'.\n"
      "exit: 0 paired, 1 no legal pairing (--check: a round differs), 2 error, 3 invalid file.\n\n";
  const ParsedOptions parsed =
      parse_or_report("pair", args, opts, pos, usage, kExitError, AfterParseError::Nothing);
  if (!parsed.options) return parsed.status;
  const po::variables_map& vm = *parsed.options;
  // `pair --dutch --rules 2017 in.trf`: the file may follow the other options.
  std::vector<std::string> inputs;
  if (vm.count("input")) inputs = vm["input"].as<std::vector<std::string>>();
  for (std::string* mode : {&dutch, &check})
    if (vm.count(mode == &dutch ? "dutch" : "check") && mode->empty() && inputs.size() == 1) {
      *mode = inputs.front();
      inputs.clear();
    }
  const int modes = !dutch.empty() + !check.empty() + (vm.count("round-robin") > 0);
  if (modes != 1 || !inputs.empty()) {
    std::cerr << "arbiter pair: " << what_is_missing(vm, modes, inputs) << "\n\n" << usage << opts;
    return kExitError;
  }
  std::optional<ap::DutchRules> rules;
  if (vm.count("rules")) {
    rules = ap::parse_dutch_rules(rules_text);
    if (!rules || vm.count("round-robin")) {
      std::cerr << "arbiter pair: --rules takes 2017 or 2026, with --dutch or --check\n";
      return kExitError;
    }
  }
  try {
    if (!dutch.empty()) {
      std::optional<std::string> out;
      if (vm.count("-p")) out = vm["-p"].as<std::string>();
      return run_dutch(dutch, out, rules);
    }
    if (!check.empty()) return run_check(check, vm.count("json") > 0, rules);
    return run_round_robin(rr, vm.count("double") > 0, !vm.count("no-swap"),
                           vm.count("seed") ? std::optional(seed) : std::nullopt,
                           vm.count("lots") > 0, vm.count("json") > 0);
  } catch (const ap::FileError& e) {
    std::cerr << "arbiter pair: " << e.what() << '\n';
    return kExitIo;
  } catch (const std::exception& e) {
    std::cerr << "arbiter pair: " << e.what() << '\n';
    return kExitError;
  }
}

const RegisterCommand reg{
    {"pair", "pair a round: FIDE Dutch from a TRF file, round-robin Berger tables; check a TRF",
     run}};

}  // namespace
}  // namespace arbiter::cli
