// arbiter validate FILE...: checks every game of PGN files before rating (issue 3).
// Human report by default (problems grouped by game, then a summary), --json for one JSON
// object per game and line. Exit 0 without errors, 1 with errors, 2 on unreadable input.
// Games are cut from the stream on this thread and validated on --jobs worker threads in
// batches; reports are printed in input order (cli_ordered.h).
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "cli_options.h"
#include "cli_ordered.h"
#include "cli_pgn_batch.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;
namespace adj = arbiter::adjudication;

struct Options {
  bool json = false;
  bool errors_only = false;
  bool progress = false;
  unsigned jobs = 1;
  adj::ValidateOptions validate;
};

struct Totals {
  uint64_t games = 0, ok = 0, with_warnings = 0, with_errors = 0, errors = 0, warnings = 0;
};

std::string sev(pgn::Severity s) { return s == pgn::Severity::Error ? "error" : "warning"; }

std::string game_title(const adj::GameReport& r) {
  auto tag = [&](std::string_view n) -> std::string {
    for (auto& [k, v] : r.tags)
      if (k == n) return v;
    return "";
  };
  std::string t = tag("White") + " - " + tag("Black");
  if (t == " - ") t.clear();
  std::string ev = tag("Event"), rd = tag("Round");
  if (!ev.empty() && ev != "?") t += (t.empty() ? "" : ", ") + ev;
  if (!rd.empty() && rd != "?" && rd != "-") t += " (round " + rd + ")";
  return t;
}

void render_human(std::string& out, const std::string& file, const adj::GameReport& r,
                  const Options& o) {
  const int e = r.errors(), w = r.warnings();
  if (e == 0 && (w == 0 || o.errors_only)) return;
  out += file + ": game " + std::to_string(r.index + 1) + " (line " + std::to_string(r.first_line) +
         ")";
  const std::string title = game_title(r);
  if (!title.empty()) out += " " + title;
  out += ": " + std::to_string(e) + (e == 1 ? " error" : " errors");
  if (!o.errors_only) out += ", " + std::to_string(w) + (w == 1 ? " warning" : " warnings");
  out += '\n';
  for (auto& i : r.issues) {
    if (o.errors_only && i.severity != pgn::Severity::Error) continue;
    out += "  " + file + ":" + std::to_string(i.line) + ":" + std::to_string(i.column) + ": " +
           sev(i.severity) + " [" + i.code + "]";
    if (i.ply > 0) out += " ply " + std::to_string(i.ply);
    out += ": " + i.message + '\n';
  }
}

void render_json(std::string& out, const std::string& file, const adj::GameReport& r) {
  nlohmann::ordered_json j;
  j["file"] = file;
  j["index"] = r.index;
  j["first_line"] = r.first_line;
  nlohmann::ordered_json tags = nlohmann::ordered_json::object();
  for (auto& [k, v] : r.tags) tags[k] = v;
  j["tags"] = std::move(tags);
  j["result"] = r.result;
  j["status"] = adj::status_name(r.status());
  j["plies"] = r.plies;
  j["chess960"] = r.chess960;
  j["ending"] = r.ending;
  nlohmann::ordered_json issues = nlohmann::ordered_json::array();
  for (auto& i : r.issues) {
    nlohmann::ordered_json x;
    x["severity"] = sev(i.severity);
    x["code"] = i.code;
    x["ply"] = i.ply;
    x["line"] = i.line;
    x["column"] = i.column;
    x["message"] = i.message;
    issues.push_back(std::move(x));
  }
  j["issues"] = std::move(issues);
  out += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out += '\n';
}

struct Batch {
  std::vector<pgn::GameChunk> chunks;
  std::string out;
  Totals totals;
};

// What each thread keeps from batch to batch: the unwinnability search tables and the game
// being read (its token and tag storage).
struct Worker {
  adj::Solver solver;
  pgn::RawGame game;
};

void process(Batch& b, const std::string& file, const Options& o, Worker& worker) {
  pgn::RawGame& g = worker.game;
  for (auto& c : b.chunks) {
    pgn::parse_game(std::move(c), g);
    adj::GameReport r = adj::validate_game(g, o.validate, worker.solver);
    ++b.totals.games;
    const int e = r.errors(), w = r.warnings();
    b.totals.errors += e;
    b.totals.warnings += w;
    if (e)
      ++b.totals.with_errors;
    else if (w)
      ++b.totals.with_warnings;
    else
      ++b.totals.ok;
    if (o.json)
      render_json(b.out, file, r);
    else
      render_human(b.out, file, r, o);
  }
  // (The chunks stay: run_file hands their buffers back to the splitter.)
}

void add(Totals& t, const Totals& b) {
  t.games += b.games;
  t.ok += b.ok;
  t.with_warnings += b.with_warnings;
  t.with_errors += b.with_errors;
  t.errors += b.errors;
  t.warnings += b.warnings;
}

class Progress {
 public:
  explicit Progress(bool on) : on_(on) {}
  void update(const std::string& file, uint64_t done, uint64_t size, uint64_t games) {
    if (!on_) return;
    auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    shown_ = true;
    if (size > 0)
      std::fprintf(stderr, "\r%s: %3d%% %llu games", file.c_str(),
                   static_cast<int>(100.0 * done / size), static_cast<unsigned long long>(games));
    else
      std::fprintf(stderr, "\r%s: %llu games", file.c_str(),
                   static_cast<unsigned long long>(games));
    std::fflush(stderr);
  }
  void clear() {
    if (on_ && shown_) std::fprintf(stderr, "\r\033[K");
    shown_ = false;
  }

 private:
  bool on_, shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

// How far a file was read.
enum class FileRead { Whole, Partly, Refused };

// Validates one file; says whether it was read whole, partly (a read error after some games:
// what was read is reported) or refused before any game (cannot be opened, gzip, a directory).
FileRead run_file(const std::string& file, const Options& o, Totals& totals) {
  Progress progress(o.progress);
  std::unique_ptr<pgn::Splitter> split;
  try {
    split = std::make_unique<pgn::Splitter>(pgn::open_source(file));
  } catch (const pgn::ReadError& e) {
    std::cerr << "arbiter validate: " << e.what() << '\n';
    return FileRead::Refused;
  }
  bool readable = true;
  // The chunks of the last batch written, whose buffers the splitter reuses (calling thread).
  std::vector<pgn::GameChunk> spare;
  auto fill = [&](Batch& b) {
    if (!readable) return false;
    try {
      take_batch(*split, b.chunks, o.jobs, &spare);
    } catch (const pgn::ReadError& e) {
      progress.clear();
      std::cerr << "arbiter validate: " << e.what() << '\n';
      readable = false;
    }
    return !b.chunks.empty();
  };
  auto work = [&](Batch& b, Worker& w) { process(b, file, o, w); };
  auto done = [&](Batch& b) {
    progress.clear();
    std::fwrite(b.out.data(), 1, b.out.size(), stdout);
    add(totals, b.totals);
    if (spare.empty()) spare.swap(b.chunks);
  };
  auto idle = [&] { progress.update(file, split->consumed(), split->size(), totals.games); };
  run_ordered<Batch, Worker>(o.jobs, "validate", fill, work, done, idle);
  progress.clear();
  std::fflush(stdout);
  return readable ? FileRead::Whole : FileRead::Partly;
}

// The summary line of the human report.
void print_summary(const Totals& totals) {
  std::printf(
      "%llu games: %llu ok, %llu with warnings only, %llu with errors; %llu errors, %llu "
      "warnings\n",
      static_cast<unsigned long long>(totals.games), static_cast<unsigned long long>(totals.ok),
      static_cast<unsigned long long>(totals.with_warnings),
      static_cast<unsigned long long>(totals.with_errors),
      static_cast<unsigned long long>(totals.errors),
      static_cast<unsigned long long>(totals.warnings));
}

int run(const std::vector<std::string>& args) {
  Options o;
  std::vector<std::string> files;
  int jobs = 0;
  po::options_description desc(
      "usage: arbiter validate [options] FILE...   (FILE may be - for stdin; .pgn.zst is read "
      "directly)\n\nChecks every game against the Laws of Chess before rating.\nExit status: 0 "
      "no errors, 1 errors found, 2 unreadable input or bad arguments.\n\noptions");
  desc.add_options()("help,h", "show this help")("json", po::bool_switch(&o.json),
                                                 "one JSON object per game and line")(
      "errors-only", po::bool_switch(&o.errors_only), "report errors only (human report)")(
      "jobs,j", po::value<int>(&jobs)->default_value(0), "worker threads (0 = all cores)")(
      "no-variations", "do not replay variations (RAVs)")(
      "no-search",
      "inexact: no unwinnability search (dead positions by material and forced replies only); "
      "by default the final position of every game is settled exactly (Laws 5.1.2, 5.2.2, 6.9: "
      "dead, not dead or undetermined within --node-budget)")(
      "full-search", "accepted for compatibility: the exact search is the default")(
      "regime", po::value<std::string>(),
      "standard|rapid|blitz|rapid-unsupervised|blitz-unsupervised: the rules the games were "
      "played under (Laws A.4/A.5, B.2/B.3); default: from each game's TimeControl tag (A.1/B.1), "
      "adequately supervised")(
      "node-budget",
      po::value<uint64_t>(&o.validate.node_budget)->default_value(o.validate.node_budget),
      "search nodes per unwinnability question");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::positional_options_description pos;
  pos.add("file", -1);
  const auto parsed = parse_options(args, desc, pos, hidden);
  if (!parsed) return kExitOk;
  const po::variables_map& vm = *parsed;
  if (files.empty()) {
    std::cerr << "arbiter validate: no input file (use - for stdin)\n" << desc << '\n';
    return kExitUsage;
  }
  if (jobs < 0) {
    std::cerr << "arbiter validate: --jobs must be 0 or more\n";
    return kExitUsage;
  }
  o.jobs = bounded_jobs(jobs, "validate");
  o.validate.check_variations = !vm.count("no-variations");
  o.validate.dead_position_search = !vm.count("no-search");
  o.validate.full_search = vm.count("full-search") > 0;
  if (vm.count("regime")) {
    const std::string& text = vm["regime"].as<std::string>();
    o.validate.regime = adj::parse_regime(text);
    if (!o.validate.regime) {
      std::cerr << "arbiter validate: --regime: unknown regime '" << text
                << "' (standard, rapid, blitz, rapid-unsupervised or blitz-unsupervised)\n";
      return kExitUsage;
    }
  }
  o.validate.final_fen = false;  // not part of either report
  o.validate.tags = o.json;      // the human report names only games with problems
  o.progress = ::isatty(2) && !::isatty(1) ? true : ::isatty(2) != 0;
  if (!::isatty(2)) o.progress = false;

  keep_freed_memory();
  Totals totals;
  bool readable = true, any_read = false;
  for (auto& f : files) {
    const FileRead r = run_file(f, o, totals);
    readable &= r == FileRead::Whole;
    any_read |= r != FileRead::Refused;
  }
  // When every input was refused before its first game, the error (with file:line:col and what
  // to do) is the whole answer: a "0 games" summary would read as if the file had been checked.
  if (!o.json && any_read) print_summary(totals);
  std::fflush(stdout);
  if (!readable) return kExitUsage;
  return totals.errors ? kExitFailure : kExitOk;
}

const RegisterCommand kRegister{
    {"validate", "check PGN games against the Laws before rating", run}};

}  // namespace
}  // namespace arbiter::cli
