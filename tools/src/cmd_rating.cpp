// arbiter rating: FIDE rating change per player and game (B.02 8.3), initial ratings (8.2) and
// performance (C.07 10.2/10.3), from a TRF file or from games given on the command line.
#include <algorithm>
#include <boost/program_options.hpp>
#include <cassert>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/rating.h"
#include "arbiter/pairing/rating_games.h"
#include "arbiter/pairing/trf.h"
#include "cli_options.h"
#include "command.h"

namespace po = boost::program_options;
using namespace arbiter::pairing;

namespace arbiter::cli {
namespace {

const char* kUsage =
    "usage: arbiter rating --player N IN.trf [options]\n"
    "       arbiter rating --all IN.trf [options]\n"
    "       arbiter rating --own R --games \"2100:1 2300:0.5 1950:0\" [options]\n"
    "FIDE rating change (B.02 8.3: table 8.1.2, 400-point rule with its 2025 exemption at 2650,\n"
    "K 40/20/10 and K x games <= 700), initial rating of unrated players (8.2) and performance\n"
    "(C.07 TPR, PTP).\n";

std::string fmt(double v, int dec, bool sign = false) {
  char b[32];
  std::snprintf(b, sizeof b, sign ? "%+.*f" : "%.*f", dec, v);
  return b;
}

arbiter::pairing::RatingList parse_list(const std::string& s) {
  if (s == "standard" || s == "std") return arbiter::pairing::RatingList::Standard;
  if (s == "rapid") return arbiter::pairing::RatingList::Rapid;
  if (s == "blitz") return arbiter::pairing::RatingList::Blitz;
  throw std::invalid_argument("--list '" + s + "': expected standard, rapid or blitz");
}

void print_change(std::ostream& os, const std::string& who, int own, const rating::Change& c,
                  const std::vector<int>& rounds) {
  os << who << " (" << own << "), K = " << c.k << "\n";
  os << "  Rd   Opp.R  Diff    PD  Score  Change  Note\n";
  for (size_t i = 0; i < c.games.size(); ++i) {
    const auto& g = c.games[i];
    char line[160];
    std::string rd = i < rounds.size() ? std::to_string(rounds[i]) : std::to_string(i + 1);
    if (g.rated)
      std::snprintf(line, sizeof line, "  %2s  %6d  %4d  %.2f  %5s  %6s\n", rd.c_str(), g.opponent,
                    g.diff, g.expected, fmt(g.score, 1).c_str(), fmt(g.change, 2, true).c_str());
    else
      std::snprintf(line, sizeof line, "  %2s  %6s  %4s  %4s  %5s  %6s  not rated: %s\n",
                    rd.c_str(), g.opponent > 0 ? std::to_string(g.opponent).c_str() : "-", "", "",
                    fmt(g.score, 1).c_str(), "", g.reason.c_str());
    os << line;
  }
  os << "  rated games " << c.rated_games << ", score " << fmt(c.score, 1) << ", expected "
     << fmt(c.expected, 2) << ", sum of differences " << fmt(c.delta, 2, true) << "\n";
  os << "  rating change " << fmt(c.delta, 2, true) << " x " << c.k << " = "
     << fmt(c.change, 2, true) << " -> " << (c.rounded > 0 ? "+" : "") << c.rounded
     << " (new rating " << own + c.rounded << ")\n";
}

po::options_description rating_options() {
  po::options_description opts("options");
  opts.add_options()("help,h", "this help")("player,p", po::value<int>(),
                                            "start number in the TRF file")(
      "all", "every player of the TRF file")("own", po::value<int>(), "own rating (with --games)")(
      "games,g", po::value<std::string>(),
      "games as RATING:SCORE, e.g. \"2100:1 2300:0.5\" (0 = unrated)")(
      "list", po::value<std::string>()->default_value("standard"), "standard | rapid | blitz")(
      "k", po::value<int>(), "K factor (default from B.02 8.3.3)")(
      "date", po::value<std::string>(), "date of the games YYYY/MM/DD (default: the file's 042)")(
      "birth-year", po::value<int>(), "birth year (junior K = 40; default from the TRF)")(
      "games-before", po::value<int>()->default_value(30),
      "rated games before (fewer than 30: K = 40)")("reached-2400",
                                                    "published rating has reached 2400 (K = 10)")(
      "period-games", po::value<int>(), "games in the rating period (K x n <= 700)")(
      "input", po::value<std::string>(), "TRF file");
  return opts;
}

// The options both modes share: the rating list, a fixed K, the date (amendments), and what
// decides the K factor (B.02 8.3.3). False after printing why an option is refused.
bool read_common(const po::variables_map& vm, rating::Options& o, rating::Player& pl) {
  try {
    o.list = parse_list(vm["list"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    std::cerr << "arbiter rating: " << e.what() << "\n";
    return false;
  }
  if (vm.count("k")) {
    int k = vm["k"].as<int>();
    if (k <= 0 || k > 40) {
      std::cerr << "arbiter rating: --k " << k << ": expected 1..40\n";
      return false;
    }
    o.k = k;
  }
  if (vm.count("period-games")) o.period_games = vm["period-games"].as<int>();
  pl.games_before = vm["games-before"].as<int>();
  pl.reached_2400 = vm.count("reached-2400") > 0;
  if (vm.count("date")) {
    o.date = parse_date(vm["date"].as<std::string>());
    if (o.date == 0) {
      std::cerr << "arbiter rating: --date '" << vm["date"].as<std::string>()
                << "': expected YYYY/MM/DD\n";
      return false;
    }
  }
  return true;
}

// --games "RATING:SCORE ...": nullopt after printing the item that is not one.
std::optional<std::vector<rating::Game>> parse_games(const std::string& text) {
  std::vector<rating::Game> games;
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    size_t colon = item.find(':');
    rating::Game g;
    try {
      if (colon == std::string::npos) throw std::invalid_argument("");
      size_t used = 0;
      g.opponent = std::stoi(item.substr(0, colon), &used);
      if (used != colon) throw std::invalid_argument("");
      std::string sc = item.substr(colon + 1);
      if (sc == "1")
        g.score = 1;
      else if (sc == "0.5" || sc == "=" || sc == "1/2" || sc == ".5")
        g.score = 0.5;
      else if (sc == "0")
        g.score = 0;
      else
        throw std::invalid_argument("");
    } catch (const std::exception&) {
      std::cerr << "arbiter rating: --games item '" << item
                << "': expected RATING:SCORE with score 1, 0.5 or 0\n";
      return std::nullopt;
    }
    games.push_back(g);
  }
  return games;
}

// C.07 10.1-10.3: ARO, TPR and PTP over the games played against rated opponents (printed only
// when there is one).
void print_performance(std::ostream& os, const std::vector<rating::Game>& games) {
  std::vector<int> rs;
  double sc = 0;
  for (const auto& g : games)
    if (g.played && g.opponent > 0) rs.push_back(g.opponent), sc += g.score;
  if (auto tpr = rating::performance_rating(sc, rs))
    os << "  performance: ARO " << *rating::average_rating(rs) << ", TPR " << *tpr << ", PTP "
       << *rating::perfect_performance(sc, rs) << "\n";
}

// --own R --games "...": one player's change (B.02 8.3) and performance, or the initial rating
// of an unrated player (8.2).
int run_games(const po::variables_map& vm, const rating::Options& o, rating::Player pl) {
  if (!vm.count("own") || !vm.count("games") || vm.count("input")) {
    std::cerr << "arbiter rating: --own and --games go together (and without a TRF file)\n"
              << kUsage;
    return kExitUsage;
  }
  pl.rating = vm["own"].as<int>();
  if (vm.count("birth-year")) pl.birth_year = vm["birth-year"].as<int>();
  const auto games = parse_games(vm["games"].as<std::string>());
  if (!games) return kExitUsage;
  if (games->empty()) {
    std::cerr << "arbiter rating: --games is empty\n";
    return kExitUsage;
  }
  assert(std::all_of(games->begin(), games->end(), [](const rating::Game& g) {
    return g.played && (g.score == 0 || g.score == 0.5 || g.score == 1);
  }));
  if (pl.rating <= 0) {
    auto r = rating::initial_rating(*games);
    std::cout
        << "initial rating (B.02 8.2): "
        << (r ? std::to_string(*r)
              : "none (needs 5 games against rated opponents, a score above 0 and 1400 or more)")
        << "\n";
    return kExitOk;
  }
  print_change(std::cout, "player", pl.rating, rating::rating_change(pl, *games, o), {});
  print_performance(std::cout, *games);
  return kExitOk;
}

// One TRF player: the rating change and performance, or the initial rating when unrated.
void print_trf_player(const Tournament& t, Tpn tpn, const po::variables_map& vm,
                      const rating::Options& o, rating::Player rp) {
  const Player& p = t.player(tpn);
  rp.rating = p.rating;
  if (vm.count("birth-year"))
    rp.birth_year = vm["birth-year"].as<int>();
  else if (p.birth.size() >= 4 && std::isdigit(static_cast<unsigned char>(p.birth[0])))
    rp.birth_year = std::stoi(p.birth.substr(0, 4));
  std::vector<int> rounds;
  const std::vector<rating::Game> games = rating::games_of(t, tpn, &rounds);
  const std::string label = "player " + std::to_string(tpn) + " " + p.name;
  if (p.rating <= 0) {
    auto r = rating::initial_rating(games);
    std::cout << label << " (unrated): initial rating " << (r ? std::to_string(*r) : "none")
              << "\n";
    return;
  }
  print_change(std::cout, label, p.rating, rating::rating_change(rp, games, o), rounds);
  print_performance(std::cout, games);
}

// --player N | --all IN.trf: each player's change from the file's games.
int run_trf(const po::variables_map& vm, rating::Options o, const rating::Player& pl) {
  if (!vm.count("input") || (!vm.count("player") && !vm.count("all"))) {
    std::cerr << "arbiter rating: give --player N (or --all) and a TRF file, or --own and --games\n"
              << kUsage;
    return kExitUsage;
  }
  Tournament t;
  try {
    t = read_trf_file(vm["input"].as<std::string>());
  } catch (const TrfError& e) {
    std::cerr << "arbiter rating: " << e.what() << "\n";
    return kExitUsage;
  }
  if (!vm.count("date")) o.date = parse_date(t.start_date);
  std::vector<Tpn> who;
  if (vm.count("player")) {
    int n = vm["player"].as<int>();
    if (n < 1 || n > t.player_count()) {
      std::cerr << "arbiter rating: --player " << n << ": the file has players 1.."
                << t.player_count() << "\n";
      return kExitUsage;
    }
    who.push_back(n);
  } else {
    for (const auto& p : t.players) who.push_back(p.tpn);
  }
  for (Tpn tpn : who) print_trf_player(t, tpn, vm, o, pl);
  return kExitOk;
}

int run(const std::vector<std::string>& args) {
  po::options_description opts = rating_options();
  po::positional_options_description pos;
  pos.add("input", 1);
  const ParsedOptions parsed = parse_or_report("rating", args, opts, pos, kUsage, kExitUsage);
  if (!parsed.options) return parsed.status;
  const po::variables_map& vm = *parsed.options;
  rating::Options o;
  rating::Player pl;
  if (!read_common(vm, o, pl)) return kExitUsage;
  if (vm.count("own") || vm.count("games")) return run_games(vm, o, pl);
  return run_trf(vm, o, pl);
}

const RegisterCommand reg{
    {"rating", "FIDE rating change per game, initial rating and performance", run}};

}  // namespace
}  // namespace arbiter::cli
