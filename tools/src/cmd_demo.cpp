// arbiter demo: the main job (README). Draws a Chess960 start position, shows its legal moves
// and perft; later capabilities add their own sections in separate files (the rulings, the
// seed events).
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/perft.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"
#include "cli_options.h"
#include "command.h"
#include "demo_events.h"
#include "demo_rulings.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter demo options");
  std::string seed = "arbiter demo";
  int depth = 5;
  opts.add_options()("help,h", "show this help")(
      "seed", po::value(&seed), "seed string of the reproducible draw (default: 'arbiter demo')")(
      "random", "draw from the operating system's random source instead")(
      "depth", po::value(&depth), "perft depth (1..7, default 5)");
  const auto parsed = parse_options(args, opts, {}, {},
                                    "usage: arbiter demo [--seed S | --random] [--depth D]\n\n");
  if (!parsed) return kExitOk;
  const po::variables_map& vm = *parsed;
  if (depth < 1 || depth > 7)
    throw std::runtime_error("--depth " + std::to_string(depth) + " out of range 1..7");
  chess960::Draw d = vm.count("random") ? chess960::draw_random() : chess960::draw_seeded(seed);
  Position pos = chess960::start_position(d.white);
  std::cout << "== Chess960 draw\n"
            << d.audit_line() << '\n'
            << "start position " << d.white << " (" << chess960::back_rank_string(d.white)
            << "): " << pos.fen() << '\n';
  MoveList moves = pos.legal_moves();
  std::cout << "\n== " << moves.size() << " legal moves (SAN / UCI)\n";
  for (Move m : moves) std::cout << to_san(pos, m) << " / " << to_uci(pos, m) << '\n';
  std::cout << "\n== perft\n";
  for (int dd = 1; dd <= depth; ++dd) {
    auto t0 = std::chrono::steady_clock::now();
    std::uint64_t n = perft(pos, dd);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "depth " << dd << ": " << n << " nodes";
    if (s > 0.01) std::cout << " (" << static_cast<long long>(n / s / 1e6) << " M nodes/s)";
    std::cout << '\n';
  }
  const int rulings = run_ruling_demos(std::cout);  // validate, claims (demo_rulings.cpp)
  const int events = run_event_demos(std::cout);    // the seed events (demo_events.cpp)
  // The same events without a command line: the arbiters' desk (issue 21).
  std::cout
      << "\n== The arbiters' desk\n"
      << "Every event above can be run from a browser instead: `arbiter serve EVENT.trf` prints\n"
      << "`serving EVENT.trf at http://127.0.0.1:8960/ (token: ...)`; the desk registers players,\n"
      << "pairs rounds, takes results from the keyboard (board, then 1 0 = + -), shows "
         "standings\n"
      << "and exports, and rules on flag falls; players follow /public on their phones.\n";
  return rulings != kExitOk ? rulings : events;
}

const RegisterCommand reg{
    {"demo", "the main job: Chess960 draw, legal moves, perft, rulings, the seed events", run}};

}  // namespace
}  // namespace arbiter::cli
