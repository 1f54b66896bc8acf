// arbiter standings: standings and crosstable of a TRF file with FIDE C.07 tie-breaks (issue 6).
#include <algorithm>
#include <boost/program_options.hpp>
#include <cassert>
#include <iostream>
#include <optional>

#include "arbiter/pairing/crosstable_export.h"
#include "arbiter/pairing/playoff.h"
#include "arbiter/pairing/standings_trf.h"
#include "arbiter/pairing/trf.h"
#include "cli_options.h"
#include "command.h"

namespace po = boost::program_options;
using namespace arbiter::pairing;

namespace arbiter::cli {
namespace {

const char* kUsage =
    "usage: arbiter standings IN.trf [options]\n"
    "Standings with FIDE C.07 tie-breaks (2026, 2024 or the pre-2023 virtual-opponent rule).\n"
    "Without --tiebreaks the file's 212/202 list is used, else PTS BH/C1 BH SB (Swiss) or\n"
    "PTS DE SB (round robin). --format tsv prints FIDE's reference layout:\n"
    "StartNo<TAB>Rank<TAB>spec... in start-number order, -0 for undefined values.\n";

po::options_description standings_options() {
  po::options_description opts("options");
  opts.add_options()("help,h", "this help")(
      "tiebreaks,t", po::value<std::string>(),
      "tie-break list, e.g. \"BH/C1 SB DE ARO/C1 WIN\" (C.07 acronyms and modifiers)")(
      "rules", po::value<std::string>(),
      "2026 | 2024 | 2022 (virtual opponent); default from the start date (042)")(
      "format,f", po::value<std::string>()->default_value("text"),
      "text | tsv | csv | json | html | crosstable | trf (TRF-2026 report with ranks and 202/212)")(
      "round", po::value<int>(), "standings after this round (default: every round paired)")(
      "round-robin", "treat as a round robin (C.07 15.2) whatever 092 says")(
      "swiss", "treat as a Swiss whatever 092 says")(
      "unrated-rating", po::value<int>(), "rating for unrated players in art. 10 tie-breaks")(
      "lots", po::value<unsigned long long>(), "break remaining ties by lot with this seed")(
      "filter", po::value<std::string>(),
      "sub-ranking: \"sex=w\", \"born>=2008\", \"rating<2000\", \"fed=ESP\", \"players=3,7\" (';' "
      "joins)")("prizes", po::value<int>(), "print the prize places 1..N (text)")(
      "armageddon", po::value<std::string>(),
      "play-off between the first two tied on points: \"WHITE-BLACK RESULT\", e.g. \"3-7 1/2\"")(
      "armageddon-clock", po::value<std::string>()->default_value("W300-B240"),
      "Armageddon clocks (TRF-2026 222 form)")("title", po::value<std::string>(), "HTML title")(
      "input", po::value<std::string>(), "TRF file ('-' = stdin)");
  return opts;
}

// The TRF file ('-': standard input), or nullopt after printing why it cannot be read.
std::optional<Tournament> read_input(const std::string& input) {
  try {
    if (input != "-") return read_trf_file(input);
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    return read_trf(text, "<stdin>");
  } catch (const TrfError& e) {
    std::cerr << "arbiter standings: " << e.what() << "\n";
    return std::nullopt;
  }
}

// The C.07 edition, the system (C.07 15.2), the rating of unrated players (art. 10) and the
// lot's seed. False after printing why an option is refused.
bool read_standings_options(const po::variables_map& vm, StandingsOptions& so) {
  if (vm.count("rules")) {
    auto r = parse_rules(vm["rules"].as<std::string>());
    if (!r) {
      std::cerr << "arbiter standings: --rules '" << vm["rules"].as<std::string>()
                << "': expected 2026, 2024 or 2022\n";
      return false;
    }
    so.tiebreak.rules = r;
  }
  if (vm.count("round-robin") && vm.count("swiss")) {
    std::cerr << "arbiter standings: --round-robin and --swiss exclude each other\n";
    return false;
  }
  if (vm.count("round-robin")) so.tiebreak.round_robin = true;
  if (vm.count("swiss")) so.tiebreak.round_robin = false;
  if (vm.count("unrated-rating")) so.tiebreak.unrated_rating = vm["unrated-rating"].as<int>();
  if (vm.count("lots")) so.lots_seed = vm["lots"].as<unsigned long long>();
  return true;
}

// The tie-breaks: --tiebreaks, else the file's 212/202 list after PTS, else the command's
// defaults (round robin: DE then SB; Swiss: BH/C1, BH, SB). Nullopt after printing the error.
std::optional<std::vector<TiebreakSpec>> tiebreak_specs(const po::variables_map& vm,
                                                        const Tournament& t, const Crosstable& ct,
                                                        const StandingsOptions& so) {
  try {
    if (vm.count("tiebreaks")) return parse_tiebreaks(vm["tiebreaks"].as<std::string>());
    std::vector<TiebreakSpec> specs = declared_tiebreaks(t);
    if (specs.empty())
      return parse_tiebreaks(so.tiebreak.round_robin.value_or(ct.round_robin) ? "PTS DE SB"
                                                                              : "PTS BH/C1 BH SB");
    specs.insert(specs.begin(), parse_tiebreak("PTS"));
    return specs;
  } catch (const TiebreakSpecError& e) {
    std::cerr << "arbiter standings: --tiebreaks: " << e.what() << "\n";
    return std::nullopt;
  }
}

// The Armageddon's result (it decides the first place) and the sub-ranking of --filter.
// False after printing why one of them is refused.
bool apply_playoff_and_filter(const po::variables_map& vm, const Crosstable& ct, Standings& s) {
  try {
    if (vm.count("armageddon")) {
      ArmageddonGame g = parse_armageddon(vm["armageddon"].as<std::string>());
      g.clock = parse_armageddon_clock(vm["armageddon-clock"].as<std::string>());
      s = apply_armageddon(s, g);
    }
    if (vm.count("filter")) {
      PlayerFilter f = parse_filter(vm["filter"].as<std::string>());
      s = sub_ranking(s, [&](int sno) { return f.accepts(ct.player(sno)); });
    }
  } catch (const std::invalid_argument& e) {
    std::cerr << "arbiter standings: " << e.what() << "\n";
    return false;
  }
  return true;
}

void print_prize_places(const Crosstable& ct, const Standings& s, int n) {
  auto places = prize_places(s, n);
  std::cout << "\nPrize places\n";
  for (size_t i = 0; i < places.size(); ++i) {
    std::cout << "  " << i + 1 << ":";
    if (places[i].empty()) std::cout << " (shared above)";
    for (int sno : places[i]) std::cout << " " << sno << " " << ct.player(sno).name << ";";
    std::cout << "\n";
  }
}

void print_standings(const std::string& format, const po::variables_map& vm, Tournament& t,
                     const Crosstable& ct, const Standings& s) {
  if (format == "tsv") {
    std::cout << standings_tsv(s);
  } else if (format == "csv") {
    std::cout << standings_csv(ct, s);
  } else if (format == "json") {
    std::cout << standings_json(ct, s);
  } else if (format == "html") {
    std::cout << standings_html(ct, s, vm.count("title") ? vm["title"].as<std::string>() : "");
  } else if (format == "crosstable") {
    std::cout << crosstable_text(ct, s);
  } else if (format == "trf") {
    apply_standings(t, s);
    TrfWriteOptions wo;
    wo.format = TrfFormat::Trf2026;
    std::cout << write_trf(t, wo);
  } else {
    assert(format == "text");
    std::cout << standings_text(ct, s);
    if (vm.count("prizes")) print_prize_places(ct, s, vm["prizes"].as<int>());
  }
}

int run(const std::vector<std::string>& args) {
  po::options_description opts = standings_options();
  po::positional_options_description pos;
  pos.add("input", 1);
  const ParsedOptions parsed = parse_or_report("standings", args, opts, pos, kUsage, kExitUsage);
  if (!parsed.options) return parsed.status;
  const po::variables_map& vm = *parsed.options;
  if (!vm.count("input")) {
    std::cerr << "arbiter standings: missing input TRF file\n" << kUsage;
    return kExitUsage;
  }
  const std::string format = vm["format"].as<std::string>();
  static const std::vector<std::string> formats = {"text", "tsv",        "csv", "json",
                                                   "html", "crosstable", "trf"};
  if (std::find(formats.begin(), formats.end(), format) == formats.end()) {
    std::cerr << "arbiter standings: --format '" << format
              << "': expected text, tsv, csv, json, html, crosstable or trf\n";
    return kExitUsage;
  }
  std::optional<Tournament> t = read_input(vm["input"].as<std::string>());
  if (!t) return kExitUsage;
  StandingsOptions so;
  if (!read_standings_options(vm, so)) return kExitUsage;
  int upto = -1;
  if (vm.count("round")) {
    upto = vm["round"].as<int>();
    if (upto < 0 || upto > t->recorded_rounds()) {
      std::cerr << "arbiter standings: --round " << upto << ": the file has rounds 0.."
                << t->recorded_rounds() << "\n";
      return kExitUsage;
    }
  }
  const Crosstable ct = crosstable_from(*t, upto);
  const auto specs = tiebreak_specs(vm, *t, ct, so);
  if (!specs) return kExitUsage;
  Standings s = compute_standings(ct, *specs, so);
  if (!apply_playoff_and_filter(vm, ct, s)) return kExitUsage;
  print_standings(format, vm, *t, ct, s);
  return kExitOk;
}

const RegisterCommand reg{
    {"standings", "standings, tie-breaks (FIDE C.07) and crosstables of a TRF file", run}};

}  // namespace
}  // namespace arbiter::cli
