// arbiter pgn --normalize FILE...: rewrites any readable PGN in export format (Seven Tag
// Roster first, canonical SAN, lines under 80 columns, escaped strings). Games that cannot be
// replayed are reported on stderr with file:line:col and left out; exit 1 if any was.
// Games are cut from the stream on this thread and rewritten on --jobs worker threads in
// batches; the output is written in input order (cli_ordered.h).
#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <thread>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_writer.h"
#include "cli_options.h"
#include "cli_ordered.h"
#include "cli_pgn_batch.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

struct Batch {
  std::vector<pgn::GameChunk> chunks;
  std::string out, err;  // export text, and the warnings and left-out games for stderr
  bool all_written = true;
};
struct NoState {};

void normalize_batch(Batch& b, const std::string& file) {
  pgn::RawGame g;
  auto at = [&](pgn::Location w) {
    return file + ':' + std::to_string(w.line) + ':' + std::to_string(w.column) + ": ";
  };
  for (auto& c : b.chunks) {
    pgn::parse_game(std::move(c), g);
    pgn::NormalizeError err;
    std::vector<pgn::NormalizeError> dropped;
    auto eg = pgn::normalize(g, &err, &dropped);
    for (auto& d : dropped) b.err += at(d.where) + "warning: " + d.message + '\n';
    if (!eg) {
      b.all_written = false;
      b.err += at(err.where) + "game " + std::to_string(g.index + 1) + " left out: " + err.message +
               '\n';
      continue;
    }
    pgn::write_export(b.out, *eg);
  }
  b.chunks.clear();
}

int run(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  std::string output;
  bool normalize = false;
  int jobs = 0;
  po::options_description desc(
      "usage: arbiter pgn --normalize [options] FILE...   (FILE may be -; .pgn.zst is read)\n\n"
      "Writes the games in PGN export format (STR first, canonical SAN, < 80 columns).\n"
      "Exit status: 0 all games written, 1 some could not be replayed, 2 unreadable input.\n\n"
      "options");
  desc.add_options()("help,h", "show this help")("normalize", po::bool_switch(&normalize),
                                                 "rewrite in export format")(
      "output,o", po::value<std::string>(&output), "write to this file instead of stdout")(
      "jobs,j", po::value<int>(&jobs)->default_value(0), "worker threads (0 = all cores)");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::positional_options_description pos;
  pos.add("file", -1);
  const auto parsed = parse_options(args, desc, pos, hidden);
  if (!parsed) return kExitOk;
  if (!normalize || files.empty()) {
    std::cerr << "arbiter pgn: need --normalize and at least one FILE\n" << desc << '\n';
    return kExitUsage;
  }
  if (jobs < 0) {
    std::cerr << "arbiter pgn: --jobs must be 0 or more\n";
    return kExitUsage;
  }
  const unsigned threads =
      jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : static_cast<unsigned>(jobs);
  FILE* out = stdout;
  if (!output.empty()) {
    out = std::fopen(output.c_str(), "wb");
    if (!out) {
      std::cerr << "arbiter pgn: cannot write " << output << '\n';
      return kExitUsage;
    }
  }
  keep_freed_memory();
  bool readable = true, all_written = true;
  for (const auto& file : files) {
    std::unique_ptr<pgn::Splitter> split;
    try {
      split = std::make_unique<pgn::Splitter>(pgn::open_source(file));
    } catch (const pgn::ReadError& e) {
      std::cerr << "arbiter pgn: " << e.what() << '\n';
      readable = false;
      continue;
    }
    bool file_ok = true;
    auto fill = [&](Batch& b) {
      if (!file_ok) return false;
      try {
        take_batch(*split, b.chunks);
      } catch (const pgn::ReadError& e) {
        b.err += std::string("arbiter pgn: ") + e.what() + '\n';
        file_ok = readable = false;
      }
      return !b.chunks.empty() || !b.err.empty();
    };
    auto work = [&](Batch& b, NoState&) {
      std::string read_error = std::move(b.err);  // reported after the games read before it
      b.err.clear();
      normalize_batch(b, file);
      b.err += read_error;
    };
    auto done = [&](Batch& b) {
      std::fwrite(b.out.data(), 1, b.out.size(), out);
      std::cerr << b.err;
      all_written &= b.all_written;
    };
    run_ordered<Batch, NoState>(threads, fill, work, done, [] {});
  }
  if (out != stdout)
    std::fclose(out);
  else
    std::fflush(stdout);
  if (!readable) return kExitUsage;
  return all_written ? kExitOk : kExitFailure;
}

const RegisterCommand kRegister{{"pgn", "PGN tools: --normalize to export format", run}};

}  // namespace
}  // namespace arbiter::cli
