// The seed events' demo (see demo_events.h). Results are not typed in by hand: each game is
// decided by a fixed pseudo-random draw weighted by the FIDE expected score of the two ratings,
// so the demo is the same on every machine.
#include "demo_events.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "command.h"
#include "demo_dir.h"
#include "event_cli.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;
using pairing::Event;

struct DemoPlayer {
  const char* name;
  const char* title;
  const char* fed;
  int rapid, blitz, national;
};

// Benalmadena-style open: FIDE rapid ratings, two players without one (national rating only).
constexpr DemoPlayer kOpen[] = {
    {"Moreno, Alejandro", "GM", "ESP", 2541, 2560, 2500},
    {"Kovacs, Istvan", "IM", "HUN", 2437, 2455, 0},
    {"Ruiz, Carmen", "WGM", "ESP", 2296, 2310, 2280},
    {"Jansen, Pieter", "FM", "NED", 2324, 2301, 0},
    {"Ortega, Luis", "FM", "ESP", 2296, 2270, 2290},
    {"Lindqvist, Erik", "", "SWE", 2215, 2190, 0},
    {"Navarro, Pablo", "CM", "ESP", 2188, 2204, 2170},
    {"Dubois, Claire", "WIM", "FRA", 2151, 2166, 0},
    {"Herrera, Miguel", "", "ESP", 2120, 2098, 2110},
    {"Smith, Oliver", "", "ENG", 2087, 2101, 0},
    {"Castro, Lucia", "WFM", "ESP", 2044, 2050, 2030},
    {"Romero, Javier", "", "ESP", 2011, 1990, 2000},
    {"Fischer, Anna", "", "GER", 1985, 1970, 0},
    {"Molina, Sergio", "", "ESP", 1952, 1961, 1940},
    {"Rossi, Marco", "", "ITA", 1920, 1933, 0},
    {"Gil, Teresa", "", "ESP", 1893, 1880, 1900},
    {"Vega, Andres", "", "ESP", 1861, 1850, 1855},
    {"Petrov, Ivan", "", "BUL", 1834, 1845, 0},
    {"Ramos, Elena", "", "ESP", 1802, 1795, 1810},
    {"Blanco, Diego", "", "ESP", 1776, 1760, 1780},
    {"Nowak, Piotr", "", "POL", 1745, 1739, 0},
    {"Serrano, Ines", "", "ESP", 1710, 1702, 1720},
    {"Marin, Hugo", "", "ESP", 0, 0, 1650},
    {"Pascual, Nerea", "", "ESP", 0, 0, 1580},
    {"Iglesias, Raul", "", "ESP", 1655, 1640, 1660},
};

// Zaragoza 1919-style closed event: 16 players, pairing numbers by lot.
constexpr DemoPlayer kClosed[] = {
    {"Alcaraz, Manuel", "", "ESP", 0, 0, 2210}, {"Barbera, Jose", "", "ESP", 0, 0, 2180},
    {"Casas, Joaquin", "", "ESP", 0, 0, 2150},  {"Duran, Ramon", "", "ESP", 0, 0, 2120},
    {"Escobar, Luis", "", "ESP", 0, 0, 2090},   {"Ferrer, Antonio", "", "ESP", 0, 0, 2060},
    {"Gascon, Mariano", "", "ESP", 0, 0, 2030}, {"Huerta, Felix", "", "ESP", 0, 0, 2000},
    {"Ibarra, Tomas", "", "ESP", 0, 0, 1970},   {"Jimenez, Pedro", "", "ESP", 0, 0, 1940},
    {"Lacasa, Vicente", "", "ESP", 0, 0, 1910}, {"Monzon, Rafael", "", "ESP", 0, 0, 1880},
    {"Nadal, Enrique", "", "ESP", 0, 0, 1850},  {"Oliva, Jorge", "", "ESP", 0, 0, 1820},
    {"Palacios, Juan", "", "ESP", 0, 0, 1790},  {"Quintana, Blas", "", "ESP", 0, 0, 1760},
};

class Demo {
 public:
  Demo(std::ostream& os, fs::path dir) : os_(os), dir_(std::move(dir)) {}

  // Runs `arbiter event ARGS` exactly as from the shell; quiet: output swallowed.
  int event(std::vector<std::string> args, bool quiet = false) {
    const Command* cmd = nullptr;
    for (const auto& c : commands())
      if (c.name == "event") cmd = &c;
    std::ostringstream sink, err;
    auto* old = std::cout.rdbuf(quiet ? sink.rdbuf() : os_.rdbuf());
    auto* old_err = std::cerr.rdbuf(err.rdbuf());
    int rc = cmd->run(args);
    std::cout.rdbuf(old);
    std::cerr.rdbuf(old_err);
    if (!err.str().empty()) os_ << "  refused> " << err.str();
    return rc;
  }
  void say(const std::string& s) { os_ << "$ arbiter event " << s << '\n'; }
  std::string file(const std::string& name) { return (dir_ / name).string(); }

  // Deterministic results weighted by the FIDE expectation (B.02 8.1.2 logistic approximation).
  void play_round(const std::string& f, std::uint64_t seed, int round,
                  const std::vector<std::pair<int, const char*>>& forced = {}) {
    Event e = event::load(f);
    if (!e.settings.boards.count(round)) return;
    const auto& boards = e.settings.boards.at(round);
    std::vector<std::string> args{"result", f};
    for (size_t b = 0; b < boards.size(); ++b) {
      if (!pairing::board_result(e, round, int(b) + 1).empty()) continue;  // forfeits known
      std::string res;
      for (const auto& [fb, fr] : forced)
        if (fb == int(b) + 1) res = fr;
      if (res.empty()) {
        auto rating = [&](int p) {
          const auto& pl = e.tournament.player(p);
          return pl.rating ? pl.rating : pl.ratings.national ? pl.ratings.national : 1500;
        };
        double diff = rating(boards[b].first) + 30 - rating(boards[b].second);
        double expect = 1 / (1 + std::pow(10.0, -diff / 400));
        std::uint64_t x = seed * 0x9E3779B97F4A7C15ULL + round * 1000003ULL + b * 7919ULL +
                          std::uint64_t(rating(boards[b].first)) * 31 + rating(boards[b].second);
        x ^= x >> 31, x *= 0xBF58476D1CE4E5B9ULL, x ^= x >> 29, x *= 0x94D049BB133111EBULL,
            x ^= x >> 32;
        double u = double(x % 100000) / 100000;
        res = u < expect - 0.15 ? "1-0" : u < expect + 0.15 ? "1/2-1/2" : "0-1";
      }
      args.push_back(std::to_string(b + 1));
      args.push_back(res);
    }
    // One round's results in one command: one journalled change, as a results sheet.
    if (args.size() > 2) event(args, true);
  }

  void register_all(const std::string& f, const DemoPlayer* ps, size_t n) {
    std::ostringstream csv;
    csv << "name,title,federation,rapid,blitz,national\n";
    for (size_t i = 0; i < n; ++i)
      csv << '"' << ps[i].name << "\"," << ps[i].title << ',' << ps[i].fed << ',' << ps[i].rapid
          << ',' << ps[i].blitz << ',' << ps[i].national << '\n';
    std::string path = file("players.csv");
    pairing::write_file_atomically(path, csv.str());
    say("register " + fs::path(f).filename().string() + " --csv players.csv   (" +
        std::to_string(n) + " players)");
    event({"register", f, "--csv", path}, true);
  }

  void finish(const std::string& f, bool playoff) {
    say("standings " + fs::path(f).filename().string());
    event({"standings", f});
    if (!playoff) return;
    Event e = event::load(f);
    say("playoff " + fs::path(f).filename().string());
    if (event({"playoff", f}) != kExitOk) return;
    say("playoff " + fs::path(f).filename().string() + " --result 1/2-1/2");
    event({"playoff", f, "--result", "1/2-1/2"});
    say("standings " + fs::path(f).filename().string());
    event({"standings", f});
  }

 private:
  std::ostream& os_;
  fs::path dir_;
};

void rapid_swiss(Demo& d) {
  const std::string f = d.file("rapid.trf");
  d.say(
      "new rapid.trf --system dutch --rounds 9 --rating-list rapid --tiebreaks \"BH/C1 GE DE "
      "ARO/C1 WIN\" "
      "--rules 2022 --half-point-byes 3 --bye-rounds 6 --playoff armageddon:300/240");
  d.event({"new",
           f,
           "--system",
           "dutch",
           "--rounds",
           "9",
           "--rating-list",
           "rapid",
           "--tiebreaks",
           "BH/C1 GE DE ARO/C1 WIN",
           "--rules",
           "2022",
           "--half-point-byes",
           "3",
           "--bye-rounds",
           "6",
           "--playoff",
           "armageddon:300/240",
           "--seed",
           "2023",
           "--name",
           "Benalmadena Rapid (demo)"});
  d.register_all(f, kOpen, std::size(kOpen));
  // Bye requests in writing before round 1 (events.md A): up to 3, rounds 1-6 only.
  for (auto [who, round] : {std::pair{"Smith", "2"},
                            {"Smith", "4"},
                            {"Smith", "6"},
                            {"Smith", "8"},
                            {"Rossi", "1"},
                            {"Vega", "3"},
                            {"Smith", "5"}}) {
    d.say(std::string("bye rapid.trf ") + who + " --round " + round);
    d.event({"bye", f, who, "--round", round});
  }
  for (int r = 1; r <= 9; ++r) {
    d.say("pair rapid.trf");
    d.event({"pair", f});
    if (r == 1) {
      d.say("pair rapid.trf   (round 1 not played yet)");
      d.event({"pair", f});
    }
    // No-shows: Gil misses round 3 and excuses herself in writing; Petrov misses round 5
    // without excuse (withdrawn at the next pairing); Gil misses round 7 too (withdrawn for good).
    std::vector<std::pair<int, const char*>> forced;
    Event e = event::load(f);
    auto noshow = [&](const char* name) {
      pairing::Tpn p = pairing::find_player(e, name);
      if (!e.settings.boards.count(r)) return;
      const auto& boards = e.settings.boards.at(r);
      for (size_t b = 0; b < boards.size(); ++b)
        if (boards[b].first == p)
          forced.emplace_back(int(b) + 1, "-+");
        else if (boards[b].second == p)
          forced.emplace_back(int(b) + 1, "+-");
    };
    if (r == 3 || r == 7) noshow("Gil");
    if (r == 5) noshow("Petrov");
    d.play_round(f, 2023, r, forced);
    if (r == 3) {
      d.say("excuse rapid.trf Gil");
      d.event({"excuse", f, "Gil"});
    }
  }
  d.finish(f, true);
}

void chess960_swiss(Demo& d) {
  const std::string f = d.file("chess960.trf");
  d.say(
      "new chess960.trf --system dutch --rounds 8 --rating-list rapid --tiebreaks \"BH/C1 GE DE "
      "ARO/C1 WIN\" "
      "--rules 2022 --half-point-byes 2 --bye-rounds 5 --variant chess960 --playoff "
      "armageddon:300/240");
  d.event({"new",
           f,
           "--system",
           "dutch",
           "--rounds",
           "8",
           "--rating-list",
           "rapid",
           "--tiebreaks",
           "BH/C1 GE DE ARO/C1 WIN",
           "--rules",
           "2022",
           "--half-point-byes",
           "2",
           "--bye-rounds",
           "5",
           "--variant",
           "chess960",
           "--playoff",
           "armageddon:300/240",
           "--seed",
           "960",
           "--name",
           "Benalmadena Chess960 (demo)"});
  d.register_all(f, kOpen, 20);
  for (auto [who, round] : {std::pair{"Ramos", "2"}, {"Ramos", "5"}, {"Ramos", "6"}}) {
    d.say(std::string("bye chess960.trf ") + who + " --round " + round);
    d.event({"bye", f, who, "--round", round});
  }
  for (int r = 1; r <= 8; ++r) {
    d.say("pair chess960.trf");
    d.event({"pair", f});
    d.play_round(f, 960, r);
  }
  d.finish(f, true);
}

void round_robin(Demo& d) {
  const std::string f = d.file("zaragoza.trf");
  d.say(
      "new zaragoza.trf --system round-robin --rounds 15 --rating-list standard --tiebreaks \"SB "
      "PS WIN\" --rules 2026");
  d.event({"new", f, "--system", "round-robin", "--rounds", "15", "--rating-list", "standard",
           "--tiebreaks", "SB PS WIN", "--rules", "2026", "--seed", "1919", "--name",
           "Zaragoza national tournament (demo)"});
  d.register_all(f, kClosed, std::size(kClosed));
  for (int r = 1; r <= 15; ++r) {
    d.say("pair zaragoza.trf");
    d.event({"pair", f}, r > 2);  // the Berger table fixes everything: show the first two rounds
    d.play_round(f, 1919, r);
  }
  d.finish(f, false);
}

}  // namespace

int run_event_demos(std::ostream& os) {
  const DemoDir dir("arbiter-demo");
  if (!dir.ok()) {
    os << "cannot create a temporary directory\n";
    return kExitFailure;
  }
  Demo d(os, dir.path());
  os << "\n== Seed event A: 9-round rapid Swiss, half-point byes, no-shows, Armageddon\n";
  rapid_swiss(d);
  os << "\n== Seed event A': 8-round Chess960 Swiss (a start position drawn per round)\n";
  chess960_swiss(d);
  os << "\n== Seed event B: 16-player round robin, pairing numbers by lot\n";
  round_robin(d);
  return kExitOk;
}

}  // namespace arbiter::cli
