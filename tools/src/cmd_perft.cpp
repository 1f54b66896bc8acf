// arbiter perft: node counts of the legal move tree, divide, and perft suites (issue 2).
#include <boost/program_options.hpp>
#include <chrono>
#include <fstream>
#include <iostream>

#include "arbiter/engine/perft.h"
#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/uci.h"
#include "cli_position.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int run_suite(const std::string& file, std::uint64_t max_nodes, int max_depth, bool verbose) {
  std::ifstream in(file);
  if (!in) throw UsageError("cannot open suite file '" + file + "'");
  auto suite = parse_perft_suite(in);
  if (!suite) throw UsageError(file + ":" + suite.error().message());
  std::size_t passed = 0, failed = 0, skipped = 0;
  std::uint64_t nodes = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (const PerftCase& c : *suite) {
    auto pos = Position::from_fen(c.fen, false, true);
    if (!pos) {
      std::cout << "FAIL " << c.id << " (" << file << ":" << c.line
                << "): " << pos.error().message() << '\n';
      ++failed;
      continue;
    }
    bool ok = true, any = false;
    for (auto [depth, expected] : c.counts) {
      if (expected > max_nodes || depth > max_depth) continue;
      any = true;
      std::uint64_t got = perft(*pos, depth);
      nodes += got;
      if (got != expected) {
        std::cout << "FAIL " << c.id << " (" << file << ":" << c.line << "): depth " << depth
                  << " expected " << expected << " got " << got << "  " << c.fen << '\n';
        ok = false;
        break;
      }
    }
    if (!any)
      ++skipped;
    else if (ok)
      ++passed;
    else
      ++failed;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (verbose || skipped)
    std::cerr << skipped << " positions skipped (all counts above the limits); " << nodes
              << " nodes in " << secs << " s\n";
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? kExitFailure : kExitOk;
}

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter perft options");
  std::string fen, suite;
  int depth = -1, max_depth = 64;
  std::uint64_t max_nodes = ~std::uint64_t(0);
  opts.add_options()("help,h", "show this help")(
      "fen", po::value(&fen), "position to count (FEN; 4-field EPD also accepted)")(
      "depth,d", po::value(&depth), "depth in plies (0..15)")(
      "divide", "print the count below each root move (UCI notation) before the total")(
      "chess960", "write castling as king-takes-rook in divide output")(
      "suite", po::value(&suite), "check every count of a .perft or EPD ';D1 20' suite file")(
      "max-nodes", po::value(&max_nodes), "with --suite: skip counts above this many nodes")(
      "max-depth", po::value(&max_depth), "with --suite: skip depths above this")(
      "time", "print nodes/second on stderr");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(opts).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout
        << "usage: arbiter perft --fen FEN --depth D [--divide]\n"
           "       arbiter perft --suite FILE [--max-nodes N] [--max-depth D]\n"
           "Counts the leaf nodes of the legal move tree (last stdout line = node count).\n"
           "A suite prints one line per failing position and 'N passed, M failed'; exit 1 on\n"
           "any failure.\n\n"
        << opts;
    return kExitOk;
  }
  if (!suite.empty()) {
    if (vm.count("fen")) throw UsageError("--suite and --fen are exclusive");
    return run_suite(suite, max_nodes, max_depth, vm.count("time") > 0);
  }
  if (!vm.count("fen")) throw UsageError("--fen FEN (or --suite FILE) is required");
  if (!vm.count("depth")) throw UsageError("--depth D is required");
  if (depth < 0 || depth > 15)
    throw UsageError("depth " + std::to_string(depth) + " out of range 0..15");
  Position pos = position_from_fen(fen, vm.count("chess960") > 0);
  auto t0 = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (vm.count("divide")) {
    for (auto [m, n] : divide(pos, depth)) {
      std::cout << to_uci(pos, m) << ": " << n << '\n';
      total += n;
    }
    if (depth == 0) total = 1;
  } else {
    total = perft(pos, depth);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (vm.count("time"))
    std::cerr << total << " nodes in " << secs << " s, " << (secs > 0 ? total / secs : 0)
              << " nodes/s\n";
  std::cout << total << '\n';
  return kExitOk;
}

const RegisterCommand reg{{"perft", "count legal move trees (perft, divide, suites)", run}};

}  // namespace
}  // namespace arbiter::cli
