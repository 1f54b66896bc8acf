// arbiter unwinnable [FILE|-]: batch unwinnability queries (Laws 6.9 / A.5.3).
// In:  FEN<TAB>side per line (side w or b; further columns are ignored, a "fen" header is
//      skipped). Out: FEN<TAB>side<TAB>verdict<TAB>witness, the witness being the mating line in
//      SAN (space-separated) for `winnable`, empty otherwise. Verdicts: winnable, unwinnable,
//      undetermined (budget ran out), illegal (the position cannot be analysed; the reason goes
//      to stderr with the line number).
#include <boost/program_options.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "arbiter/adjudication/unwinnability.h"
#include "cli_options.h"
#include "cli_ordered.h"
#include "cli_position.h"
#include "command.h"
#include "terminal_text.h"

namespace po = boost::program_options;
namespace adj = arbiter::adjudication;

namespace {

struct Query {
  std::string fen, side_text, out, error;
};

void answer(adj::Solver& solver, Query& q, std::uint64_t budget, bool reasons) {
  if (!q.error.empty()) return;  // a line read as no query: its own message stands
  auto pos = arbiter::Position::from_fen(q.fen);
  if (!pos.ok()) pos = arbiter::Position::from_fen(q.fen, false, true);
  std::string verdict, witness, reason;
  if (q.side_text != "w" && q.side_text != "b") {
    verdict = "illegal";
    q.error = "side must be 'w' or 'b', not '" + q.side_text + "'";
  } else if (!pos.ok()) {
    verdict = "illegal";
    q.error = pos.error().message();
  } else {
    const arbiter::Color side = q.side_text == "w" ? arbiter::WHITE : arbiter::BLACK;
    auto r = solver.can_checkmate(*pos, side, budget);
    verdict = adj::verdict_name(r.verdict);
    reason =
        r.reason + " [" + adj::method_name(r.method) + ", " + std::to_string(r.nodes) + " nodes]";
    if (r.verdict == adj::Verdict::Winnable) {
      auto list = adj::witness_san_list(*pos, r.witness);
      for (std::size_t i = 0; i < list.size(); ++i) witness += (i ? " " : "") + list[i];
    }
  }
  q.out = q.fen + '\t' + q.side_text + '\t' + verdict + '\t' + witness;
  if (reasons) q.out += '\t' + (q.error.empty() ? reason : q.error);
}

// One line of a query file, read at most kMaxLine + 1 bytes far (a binary file or /dev/zero is
// refused at its first long line instead of being read into memory whole).
constexpr std::size_t kMaxLine = 4096;
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    line.push_back(char(c));
    if (line.size() > kMaxLine) return true;
  }
  return !line.empty();
}

po::options_description unwinnable_options() {
  po::options_description opts(
      "arbiter unwinnable [FILE|-] [options]\n\n"
      "Reads FEN<TAB>side (w|b) per line; writes FEN<TAB>side<TAB>verdict<TAB>witness-in-SAN.\n"
      "Verdicts: winnable (witness = a mating line), unwinnable (proved), undetermined (budget\n"
      "ran out), illegal (reason on stderr)");
  opts.add_options()("help,h", "show this help")(
      "budget", po::value<std::uint64_t>()->default_value(adj::kDefaultNodeBudget),
      "search nodes per query before answering undetermined")(
      "jobs,j", po::value<long>()->default_value(0),
      "worker threads (0 = one per core; output stays in input order)")(
      "reason", "append a fifth column: the reason")(
      "input", po::value<std::string>()->default_value("-"), "file, or - for stdin");
  return opts;
}

// The query file (`file` opened), or stdin for "-"; nullptr after saying why it cannot be read.
std::istream* open_input(const std::string& input, std::ifstream& file) {
  if (input == "-") return &std::cin;
  std::error_code ec;
  if (std::filesystem::is_directory(input, ec)) {
    std::cerr << "arbiter unwinnable: " << input << ": is a directory, not a file\n";
    return nullptr;
  }
  file.open(input, std::ios::binary);
  if (!file) {
    std::cerr << "arbiter unwinnable: " << input << ": cannot open: " << std::strerror(errno)
              << '\n';
    return nullptr;
  }
  return &file;
}

// A query line, FEN<TAB>side[<TAB>...]; a line without a tab is a query answered "illegal" with
// its message already set.
Query read_query(const std::string& line, bool reasons) {
  Query q;
  std::size_t tab = line.find('\t');
  q.fen = line.substr(0, tab);
  if (tab == std::string::npos) {
    // The side given after a blank (the FEN's own separator) is the everyday slip.
    const std::string last = q.fen.substr(q.fen.find_last_of(' ') + 1);
    q.error = "expected FEN<TAB>side (w or b): the line has no tab" +
              std::string(q.fen.find(' ') != std::string::npos && (last == "w" || last == "b")
                              ? " (separate the side from the FEN with a tab, not a blank)"
                              : "");
    q.out = q.fen + "\t\tillegal\t";
    if (reasons) q.out += '\t' + q.error;
    return q;
  }
  std::size_t tab2 = line.find('\t', tab + 1);
  q.side_text =
      line.substr(tab + 1, tab2 == std::string::npos ? std::string::npos : tab2 - tab - 1);
  return q;
}

// Answers the batch on up to `jobs` threads, one Solver each, reused for every query it answers
// (cli_ordered.h: fewer threads with a warning when no more can be started; an exception of any
// thread, e.g. out of memory, is rethrown here).
void answer_all(std::vector<Query>& batch, unsigned jobs, std::uint64_t budget, bool reasons) {
  arbiter::cli::parallel_for(
      batch.size(), jobs, "unwinnable", [] { return adj::Solver(); },
      [&](adj::Solver& solver, std::size_t i) { answer(solver, batch[i], budget, reasons); });
}

// The answers in input order (a binary line echoed safely); the errors to stderr as NAME:LINE.
// Whether any query had an error.
bool print_answers(const std::vector<Query>& batch, const std::vector<std::size_t>& line_numbers,
                   const std::string& name) {
  bool errors = false;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    std::cout << arbiter::cli::terminal_safe(batch[i].out) << '\n';
    if (!batch[i].error.empty()) {
      std::cerr << name << ':' << line_numbers[i] << ": " << batch[i].error << '\n';
      errors = true;
    }
  }
  std::cout.flush();
  return errors;
}

int run(const std::vector<std::string>& args) {
  const po::options_description opts = unwinnable_options();
  po::positional_options_description pos;
  pos.add("input", 1);
  const auto parsed = arbiter::cli::parse_options(args, opts, pos);
  if (!parsed) return arbiter::cli::kExitOk;
  const po::variables_map& vm = *parsed;
  const std::string input = vm["input"].as<std::string>();
  const long requested = vm["jobs"].as<long>();
  if (requested < 0)
    throw arbiter::cli::UsageError("--jobs " + std::to_string(requested) + ": must be 0 or more");
  const unsigned jobs = arbiter::cli::bounded_jobs(requested, "unwinnable");
  std::ifstream file;
  std::istream* in = open_input(input, file);
  if (!in) return arbiter::cli::kExitUsage;
  const std::uint64_t budget = vm["budget"].as<std::uint64_t>();
  const bool reasons = vm.count("reason") > 0;
  const std::string name = input == "-" ? "<stdin>" : input;
  int status = arbiter::cli::kExitOk;
  std::vector<Query> batch;
  std::vector<std::size_t> line_numbers;
  auto flush = [&] {
    answer_all(batch, jobs, budget, reasons);  // lines with a pre-filled error keep their message
    if (print_answers(batch, line_numbers, name)) status = arbiter::cli::kExitUsage;
    batch.clear();
    line_numbers.clear();
  };
  std::size_t line_no = 0;
  for (std::string line; read_line(*in, line);) {
    ++line_no;
    if (line.size() > kMaxLine || line.find('\0') != std::string::npos) {
      std::cerr << name << ':' << line_no << ": "
                << (line.size() > kMaxLine ? "line longer than 4096 bytes"
                                           : "a NUL byte (the input is binary or damaged)")
                << '\n';
      flush();
      return arbiter::cli::kExitUsage;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line_no == 1 && line.rfind("fen\t", 0) == 0) continue;  // header
    batch.push_back(read_query(line, reasons));
    line_numbers.push_back(line_no);
    if (batch.size() >= 4096) flush();
  }
  flush();
  return status;
}

const arbiter::cli::RegisterCommand reg{
    {"unwinnable", "can a side still checkmate? (batch, FEN<TAB>side per line)", run}};

}  // namespace
