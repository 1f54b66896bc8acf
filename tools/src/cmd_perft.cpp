// arbiter perft: node counts of the legal move tree, divide, and perft suites (issue 2).
#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>

#include "arbiter/engine/perft.h"
#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/uci.h"
#include "arbiter/pairing/file_io.h"
#include "cli_options.h"
#include "cli_ordered.h"
#include "cli_position.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

// One position of a suite: the first failing count (if any) and the nodes counted.
struct CaseOutcome {
  bool any = false, ok = true;
  std::string failure;
  std::uint64_t nodes = 0;
};

CaseOutcome check_case(const PerftCase& c, const std::string& file, std::uint64_t max_nodes,
                       int max_depth, PerftTable* table) {
  CaseOutcome out;
  auto pos = Position::from_fen(c.fen, false, true);
  if (!pos) {
    out.any = true, out.ok = false;
    out.failure =
        "FAIL " + c.id + " (" + file + ":" + std::to_string(c.line) + "): " + pos.error().message();
    return out;
  }
  for (auto [depth, expected] : c.counts) {
    if (expected > max_nodes || depth > max_depth) continue;
    out.any = true;
    std::uint64_t got = table ? perft(*pos, depth, *table) : perft(*pos, depth);
    out.nodes += got;
    if (got != expected) {
      out.ok = false;
      out.failure = "FAIL " + c.id + " (" + file + ":" + std::to_string(c.line) + "): depth " +
                    std::to_string(depth) + " expected " + std::to_string(expected) + " got " +
                    std::to_string(got) + "  " + c.fen;
      break;
    }
  }
  return out;
}

// Positions are shared out to `jobs` threads; failures are printed in file order.
int run_suite(const std::string& file, std::uint64_t max_nodes, int max_depth, bool verbose,
              unsigned jobs, std::size_t hash_mb) {
  // Bounded, no directory, no NUL byte (file_io.h).
  std::istringstream in(pairing::read_text_file(file, pairing::kTextFileLimit));
  auto suite = parse_perft_suite(in);
  if (!suite) throw UsageError(file + ":" + suite.error().message());
  auto t0 = std::chrono::steady_clock::now();
  std::vector<CaseOutcome> outcomes(suite->size());
  parallel_for(
      suite->size(), jobs, "perft",
      [&] {
        std::optional<PerftTable> table;  // one per thread
        if (hash_mb) table.emplace(hash_mb);
        return table;
      },
      [&](std::optional<PerftTable>& table, std::size_t i) {
        outcomes[i] =
            check_case((*suite)[i], file, max_nodes, max_depth, table ? &*table : nullptr);
      });
  std::size_t passed = 0, failed = 0, skipped = 0;
  std::uint64_t nodes = 0;
  for (const CaseOutcome& o : outcomes) {
    nodes += o.nodes;
    if (!o.any) {
      ++skipped;
    } else if (o.ok) {
      ++passed;
    } else {
      ++failed;
      std::cout << o.failure << '\n';
    }
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
  long jobs = 1;
  long long hash_mb = 0;
  std::uint64_t max_nodes = ~std::uint64_t(0);
  opts.add_options()("help,h", "show this help")(
      "fen", po::value(&fen), "position to count (FEN; 4-field EPD also accepted)")(
      "depth,d", po::value(&depth), "depth in plies (0..15)")(
      "divide", "print the count below each root move (UCI notation) before the total")(
      "chess960", "write castling as king-takes-rook in divide output")(
      "suite", po::value(&suite), "check every count of a .perft or EPD ';D1 20' suite file")(
      "max-nodes", po::value(&max_nodes), "with --suite: skip counts above this many nodes")(
      "max-depth", po::value(&max_depth), "with --suite: skip depths above this")(
      "jobs,j", po::value(&jobs), "with --suite: positions checked in parallel (0 = all cores)")(
      "hash", po::value(&hash_mb),
      "transposition table of this many MB (per thread) for the counts; 0 = none (default, the "
      "plain bulk-counted perft that the benchmarks measure)")("time",
                                                               "print nodes/second on stderr");
  const auto parsed = parse_options(
      args, opts, {}, {},
      "usage: arbiter perft --fen FEN --depth D [--divide]\n"
      "       arbiter perft --suite FILE [--max-nodes N] [--max-depth D] [--jobs N] [--hash MB]\n"
      "Counts the leaf nodes of the legal move tree (last stdout line = node count).\n"
      "A suite prints one line per failing position and 'N passed, M failed'; exit 1 on\n"
      "any failure.\n\n");
  if (!parsed) return kExitOk;
  const po::variables_map& vm = *parsed;
  if (!suite.empty()) {
    if (vm.count("fen")) throw UsageError("--suite and --fen are exclusive");
    if (jobs < 0) throw UsageError("--jobs " + std::to_string(jobs) + ": must be 0 or more");
    if (hash_mb < 0 || hash_mb > 65536)
      throw UsageError("--hash " + std::to_string(hash_mb) + " out of range 0..65536");
    return run_suite(suite, max_nodes, max_depth, vm.count("time") > 0, bounded_jobs(jobs, "perft"),
                     std::size_t(hash_mb));
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
    if (hash_mb < 0 || hash_mb > 65536)
      throw UsageError("--hash " + std::to_string(hash_mb) + " out of range 0..65536");
    if (hash_mb) {
      PerftTable table{static_cast<std::size_t>(hash_mb)};
      total = perft(pos, depth, table);
    } else {
      total = perft(pos, depth);
    }
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
