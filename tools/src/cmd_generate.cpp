// arbiter generate: a random tournament paired round by round by arbiter's Dutch engine, written
// as TRF (the C.04.A endorsement toolkit's generator; check it with `arbiter pair --check`):
//   arbiter generate --dutch [--rules 2017|2026] --players N --rounds R [--draws P]
//     [--forfeits P] [--byes P] [--retire P] [--late P] [--rating-range LO-HI]
//     [--scoring 1-0.5-0|3-1-0] --seed S -o OUT.trf
// Exit codes: 0 written, 1 a round had no legal pairing (the rounds before it are written),
// 2 bad arguments or the file cannot be written.
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "arbiter/pairing/dutch_generate.h"
#include "arbiter/pairing/file_io.h"
#include "arbiter/pairing/trf.h"
#include "cli_options.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;
namespace ap = arbiter::pairing;

bool parse_int(std::string_view s, int& v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

// "LO-HI" -> the two ratings.
bool parse_range(const std::string& s, int& lo, int& hi) {
  const auto dash = s.find('-');
  return dash != std::string::npos && parse_int(std::string_view(s).substr(0, dash), lo) &&
         parse_int(std::string_view(s).substr(dash + 1), hi);
}

// The one output mechanism (file_io.h): beside the target, O_EXCL, every write checked, mode
// kept, renamed on success; I/O errors throw FileError (exit 4 in main).
bool write_atomically(const std::string& path, const std::string& text) {
  ap::write_file_atomically(path, text);
  return true;
}

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter generate options");
  ap::GenerateOptions g;
  std::string rules = "2026", range, scoring = "1-0.5-0", out, seed;
  opts.add_options()("help,h", "show this help")("dutch", "pair with the FIDE Dutch system")(
      "rules", po::value(&rules), "Dutch rules: 2026 (default) or 2017")(
      "players", po::value(&g.players)->required(), "number of players")(
      "rounds", po::value(&g.rounds)->required(), "number of rounds")(
      "draws", po::value(&g.draws), "probability of a draw between equal ratings (0.3)")(
      "forfeits", po::value(&g.forfeits), "probability of a forfeit per game (0)")(
      "byes", po::value(&g.byes), "probability of a requested half-point bye per player (0)")(
      "retire", po::value(&g.retire), "probability of a withdrawal per player and round (0)")(
      "late", po::value(&g.late), "probability that a player enters late (0)")(
      "rating-range", po::value(&range), "ratings drawn from LO-HI (1400-2600)")(
      "scoring", po::value(&scoring), "1-0.5-0 (default) or 3-1-0")(
      "seed", po::value(&seed)->required(), "random seed (a number)")(
      "output,o", po::value(&out)->required(), "the TRF file to write");
  const ParsedOptions parsed = parse_or_report(
      "generate", args, opts, {},
      "usage: arbiter generate --dutch --players N --rounds R --seed S -o OUT.trf [options]\n\n",
      kExitUsage, AfterParseError::Options);
  if (!parsed.options) return parsed.status;
  const po::variables_map& vm = *parsed.options;
  auto usage = [&](const std::string& why) {
    std::cerr << "arbiter generate: " << why << '\n';
    return kExitUsage;
  };
  if (!vm.count("dutch")) return usage("--dutch is required (the only system generated)");
  if (const auto r = ap::parse_dutch_rules(rules))
    g.rules = *r;
  else
    return usage("--rules must be 2017 or 2026");
  if (!range.empty() && !parse_range(range, g.rating_lo, g.rating_hi))
    return usage("--rating-range must be LO-HI, e.g. 1400-2600");
  if (scoring != "1-0.5-0" && scoring != "3-1-0")
    return usage("--scoring must be 1-0.5-0 or 3-1-0");
  g.three_one_zero = scoring == "3-1-0";
  {
    auto [p, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), g.seed);
    if (ec != std::errc() || p != seed.data() + seed.size())
      return usage("--seed must be a non-negative integer");
  }
  ap::GeneratedTournament t;
  try {
    t = ap::generate_dutch(g);
  } catch (const std::invalid_argument& e) {
    return usage(e.what());
  }
  ap::TrfWriteOptions w;
  w.recompute_points = true;
  if (!write_atomically(out, ap::write_trf(t.tournament, w))) {
    std::cerr << "arbiter generate: cannot write " << out << '\n';
    return kExitUsage;
  }
  if (!t.error.empty()) {
    std::cerr << "arbiter generate: no legal pairing for " << t.error << "; " << out
              << " holds the " << t.paired_rounds << " rounds before it\n";
    return kExitFailure;
  }
  return kExitOk;
}

const RegisterCommand reg{
    {"generate", "a random tournament paired round by round (Dutch), written as TRF", run}};

}  // namespace
}  // namespace arbiter::cli
