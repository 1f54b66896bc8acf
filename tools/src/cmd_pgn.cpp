// arbiter pgn --normalize FILE...: rewrites any readable PGN in export format (Seven Tag
// Roster first, canonical SAN, lines under 80 columns, escaped strings). Games that cannot be
// replayed are reported on stderr with file:line:col and left out; exit 1 if any was.
// Games are cut from the stream on this thread and rewritten on --jobs worker threads in
// batches; the output is written in input order (cli_ordered.h).
#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_writer.h"
#include "arbiter/pairing/file_io.h"
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

void normalize_batch(Batch& b, const std::string& file, bool keep) {
  pgn::RawGame g;
  auto at = [&](pgn::Location w) {
    return file + ':' + std::to_string(w.line) + ':' + std::to_string(w.column) + ": ";
  };
  std::string original;
  for (auto& c : b.chunks) {
    if (keep) original = c.bytes;
    pgn::parse_game(std::move(c), g);
    // A game the reader could not read cleanly (an unclosed comment swallowing moves, a NUL, an
    // unterminated tag) is not rewritten: its export would silently differ from the scoresheet.
    if (g.has_errors()) {
      b.all_written = false;
      for (const auto& d : g.diagnostics)
        if (d.severity == pgn::Severity::Error)
          b.err += at(d.where) + "error: " + d.message + " [" + d.code + "]\n";
      b.err += at(g.start) + "game " + std::to_string(g.index + 1) +
               (keep ? " written unchanged (--keep): it cannot be read cleanly\n"
                     : " left out: it cannot be read cleanly (--keep writes it unchanged)\n");
      if (keep) {
        b.out += original;
        while (b.out.size() >= 2 && b.out.compare(b.out.size() - 2, 2, "\n\n") != 0) b.out += '\n';
      }
      continue;
    }
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
  bool normalize = false, keep = false;
  int jobs = 0;
  po::options_description desc(
      "usage: arbiter pgn --normalize [options] FILE...   (FILE may be -; .pgn.zst is read)\n\n"
      "Writes the games in PGN export format (STR first, canonical SAN, < 80 columns).\n"
      "Exit status: 0 all games written, 1 some could not be read cleanly or replayed (left\n"
      "out, or with --keep written unchanged), 2 unreadable input, 4 output not written.\n\n"
      "options");
  desc.add_options()("help,h", "show this help")("normalize", po::bool_switch(&normalize),
                                                 "rewrite in export format")(
      "output,o", po::value<std::string>(&output), "write to this file instead of stdout")(
      "jobs,j", po::value<int>(&jobs)->default_value(0), "worker threads (0 = all cores)")(
      "keep", po::bool_switch(&keep),
      "write games that cannot be read cleanly unchanged instead of leaving them out");
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
  const unsigned threads = bounded_jobs(jobs, "pgn");
  // The output goes to a file beside OUT, renamed over it only when every game is written;
  // an OUT that is one of the inputs is refused before anything is opened.
  std::unique_ptr<pairing::OutputFile> out_file;
  if (!output.empty() && output != "-") {
    std::vector<std::filesystem::path> inputs(files.begin(), files.end());
    pairing::refuse_same_file(output, inputs);
    out_file = std::make_unique<pairing::OutputFile>(output);
  }
  auto emit = [&](const std::string& s) {
    if (out_file)
      out_file->write(s);
    else
      std::cout << s;
  };
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
      normalize_batch(b, file, keep);
      b.err += read_error;
    };
    auto done = [&](Batch& b) {
      emit(b.out);
      std::cerr << b.err;
      all_written &= b.all_written;
    };
    run_ordered<Batch, NoState>(threads, "pgn", fill, work, done, [] {});
  }
  if (!readable) return kExitUsage;  // OUT is left as it was
  if (out_file) out_file->commit();
  return all_written ? kExitOk : kExitFailure;
}

const RegisterCommand kRegister{{"pgn", "PGN tools: --normalize to export format", run}};

}  // namespace
}  // namespace arbiter::cli
