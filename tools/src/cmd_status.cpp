// arbiter status FEN: is the position legal (Art. 3.10.3, Laws A.5.4), is it check, checkmate,
// stalemate or a dead position (5.2.2), and can each side still checkmate (6.9 / A.5.3)?
// Verdicts: "legal" with a proof game from the start, "not contradicted" (what was checked),
// "not reachable" or "illegal (A.5.4)" with the argument.
// Exit status: 0 legal or not contradicted, 1 illegal (A.5.4) or not reachable, 2 unreadable FEN.
#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/chess960.h"
#include "cli_options.h"
#include "cli_position.h"
#include "command.h"
#include "position_status.h"

namespace po = boost::program_options;
namespace adj = arbiter::adjudication;

namespace {

adj::LegalityOptions legality_options(const po::variables_map& vm) {
  adj::LegalityOptions o;
  o.chess960 = vm.count("chess960") > 0 || vm.count("start") > 0;
  if (vm.count("start")) {
    const int sp = vm["start"].as<int>();
    if (sp < 0 || sp >= arbiter::chess960::kCount)
      throw arbiter::cli::UsageError("--start: a Chess960 start position is 0-959, not " +
                                     std::to_string(sp));
    o.start = arbiter::chess960::start_setup(sp);
  }
  o.proof.max_plies = vm["proof-plies"].as<int>();
  o.proof.max_nodes = vm["proof-nodes"].as<std::uint64_t>();
  if (o.proof.max_plies < 0) throw arbiter::cli::UsageError("--proof-plies must not be negative");
  return o;
}

void print_verdict(const adj::LegalityReport& r, const adj::LegalityOptions& o) {
  std::cout << "status: " << adj::legality_status_name(r.status) << '\n';
  for (const auto& i : r.issues) std::cout << "  - " << i.message << '\n';
  if (r.status == adj::LegalityStatus::IllegalA54)
    std::cout << "A.5.4: wait until the next move is completed; if the illegal position is still "
                 "on the board, the game is drawn\n";
  if (r.status == adj::LegalityStatus::Legal) {
    const auto start = adj::start_of(o);
    const auto from = arbiter::Position::from_setup(*start, o.chess960).value();
    std::cout << "proof game (" << r.proof.size() << " plies from " << arbiter::cli::start_name(o)
              << (r.search.guided ? ", found by the search guided by the target, not the shortest"
                                  : "")
              << "): "
              << (r.proof.empty() ? "(the start position itself)" : adj::witness_san(from, r.proof))
              << '\n';
  }
  if (r.status == adj::LegalityStatus::NotContradicted) {
    std::cout << "no contradiction found (Art. 3.10.3) by:\n";
    for (const auto& c : r.checked) std::cout << "  - " << c << '\n';
    std::cout << "  - " << arbiter::cli::search_summary(r, o) << '\n';
  }
}

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter status FEN [options]");
  const adj::ProofLimits proof_defaults;
  opts.add_options()("help,h", "show this help")("chess960", "judge castling rights as Chess960")(
      "start", po::value<int>(),
      "the game's Chess960 start position number (0-959; implies --chess960)")(
      "proof-plies", po::value<int>()->default_value(proof_defaults.max_plies),
      "longest proof game searched for")(
      "proof-nodes", po::value<std::uint64_t>()->default_value(proof_defaults.max_nodes),
      "positions the proof-game search may visit (0: no search)")(
      "budget", po::value<std::uint64_t>()->default_value(adj::kDefaultNodeBudget),
      "search nodes per side")("json", "print one JSON object")(
      "fen", po::value<std::vector<std::string>>(), "the position");
  po::positional_options_description pos;
  pos.add("fen", -1);
  const auto parsed = arbiter::cli::parse_options(args, opts, pos);
  if (!parsed) return arbiter::cli::kExitOk;
  const po::variables_map& vm = *parsed;
  if (!vm.count("fen")) throw arbiter::cli::UsageError("missing FEN");
  const std::string fen = arbiter::cli::join_words(vm["fen"].as<std::vector<std::string>>());
  // The one FEN strictness of every command: clocks, when given, are numbers in range.
  const std::optional<arbiter::Setup> setup = arbiter::cli::setup_from_fen(fen);
  const adj::LegalityOptions options = legality_options(vm);
  const auto st =
      arbiter::cli::position_status(fen, *setup, options, vm["budget"].as<std::uint64_t>());
  const auto& report = st.report;
  const bool json = vm.count("json") > 0;
  const nlohmann::json& j = st.json;
  if (!json) print_verdict(report, options);
  if (st.position && !json) {
    const auto& p = *st.position;
    std::cout << "side to move: " << (p.side_to_move() == arbiter::WHITE ? "white" : "black")
              << '\n'
              << "state: " << st.state << '\n';
    for (auto [name, w] :
         {std::pair{"white", &st.dead.white}, std::pair{"black", &st.dead.black}}) {
      std::cout << name << " can checkmate: " << adj::verdict_name(w->verdict) << " (" << w->reason
                << ")";
      if (!w->witness.empty()) std::cout << "\n  witness: " << adj::witness_san(p, w->witness);
      std::cout << '\n';
    }
  } else if (report.possible() && !st.position) {
    // Legal by the Laws but outside what the engine accepts (cannot happen for legal boards).
    std::cerr << "arbiter status: "
              << arbiter::Position::from_setup(*setup, options.chess960).error().message() << '\n';
  }
  if (json) std::cout << j.dump() << '\n';
  return report.possible() ? arbiter::cli::kExitOk : arbiter::cli::kExitFailure;
}

const arbiter::cli::RegisterCommand reg{
    {"status",
     "legality with proof (Art. 3.10.3, A.5.4), check/mate/stalemate/dead position (5.2.2)", run}};

}  // namespace
