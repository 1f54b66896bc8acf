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

std::string start_name(const adj::LegalityOptions& o) {
  if (!o.start) return "the standard start position";
  const auto id = arbiter::chess960::verify(*o.start);
  return "Chess960 start position " + (id.ok() ? std::to_string(id->white) : std::string("?"));
}

// What the proof-game search did, in words: the proof, or why none was found.
std::string search_summary(const adj::LegalityReport& r, const adj::LegalityOptions& o) {
  const auto& s = r.search;
  if (!adj::start_of(o)) return "no proof-game search: the Chess960 start is not known (--start)";
  if (o.proof.max_nodes == 0) return "no proof-game search (--proof-nodes 0)";
  if (s.lower_bound < 0) return "no proof game from " + start_name(o) + " can reach it";
  std::string bound = " (at least " + std::to_string(s.lower_bound) + " plies needed)";
  const std::string guided = s.guided_nodes
                                 ? "; the search guided by the target found none in " +
                                       std::to_string(s.guided_nodes) + " positions (--proof-nodes)"
                                 : "";
  if (s.exhausted)
    return "no proof game of up to " + std::to_string(o.proof.max_plies) + " plies from " +
           start_name(o) + bound + guided;
  return "proof-game search stopped after " + std::to_string(s.nodes - s.guided_nodes) +
         " positions (games up to " + std::to_string(s.plies_searched) + " plies ruled out" + ")" +
         bound + guided;
}

void add_proof(nlohmann::json& j, const adj::LegalityReport& r, const adj::LegalityOptions& o) {
  const auto start = adj::start_of(o);
  if (r.status == adj::LegalityStatus::Legal && start) {
    const auto from = arbiter::Position::from_setup(*start, o.chess960).value();
    j["proof"] = {{"start", arbiter::to_fen(*start)},
                  {"plies", r.proof.size()},
                  {"shortest", !r.search.guided},
                  {"moves", adj::witness_san_list(from, r.proof)},
                  {"game", adj::witness_san(from, r.proof)}};
  }
  if (r.status == adj::LegalityStatus::NotContradicted) {
    j["checked"] = r.checked;
    j["search"] = {{"summary", search_summary(r, o)},
                   {"nodes", r.search.nodes},
                   {"exhausted", r.search.exhausted},
                   {"lower_bound", r.search.lower_bound}};
  }
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
    std::cout << "proof game (" << r.proof.size() << " plies from " << start_name(o)
              << (r.search.guided ? ", found by the search guided by the target, not the shortest"
                                  : "")
              << "): "
              << (r.proof.empty() ? "(the start position itself)" : adj::witness_san(from, r.proof))
              << '\n';
  }
  if (r.status == adj::LegalityStatus::NotContradicted) {
    std::cout << "no contradiction found (Art. 3.10.3) by:\n";
    for (const auto& c : r.checked) std::cout << "  - " << c << '\n';
    std::cout << "  - " << search_summary(r, o) << '\n';
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
  const bool c960 = options.chess960;
  const auto report = adj::judge_legality(*setup, options);
  const bool json = vm.count("json") > 0;
  nlohmann::json j;
  j["fen"] = fen;
  j["status"] = adj::legality_status_name(report.status);
  j["issues"] = nlohmann::json::array();
  for (const auto& i : report.issues)
    j["issues"].push_back({{"code", i.code}, {"message", i.message}, {"a54", i.a54}});
  add_proof(j, report, options);
  if (!json) print_verdict(report, options);
  auto position = arbiter::Position::from_setup(*setup, c960);
  if (report.possible() && position.ok()) {
    const auto& p = *position;
    const bool mate = p.count_legal_moves() == 0 && p.in_check();
    const bool stalemate = p.count_legal_moves() == 0 && !p.in_check();
    const std::uint64_t budget = vm["budget"].as<std::uint64_t>();
    auto dead = adj::dead_position(p, budget);
    std::string state = mate             ? "checkmate (Laws 5.1.1)"
                        : stalemate      ? "stalemate (Laws 5.2.1)"
                        : dead.is_dead() ? "dead position (Laws 5.2.2)"
                        : p.in_check()   ? "check"
                                         : "in play";
    j["state"] = state;
    j["side_to_move"] = p.side_to_move() == arbiter::WHITE ? "white" : "black";
    for (auto [name, w] : {std::pair{"white", &dead.white}, std::pair{"black", &dead.black}}) {
      j[name] = {{"can_checkmate", adj::verdict_name(w->verdict)},
                 {"method", adj::method_name(w->method)},
                 {"reason", w->reason},
                 {"witness", adj::witness_san(p, w->witness)}};
    }
    if (!json) {
      std::cout << "side to move: " << (p.side_to_move() == arbiter::WHITE ? "white" : "black")
                << '\n'
                << "state: " << state << '\n';
      for (auto [name, w] : {std::pair{"white", &dead.white}, std::pair{"black", &dead.black}}) {
        std::cout << name << " can checkmate: " << adj::verdict_name(w->verdict) << " ("
                  << w->reason << ")";
        if (!w->witness.empty()) std::cout << "\n  witness: " << adj::witness_san(p, w->witness);
        std::cout << '\n';
      }
    }
  } else if (report.possible() && !position.ok()) {
    // Legal by the Laws but outside what the engine accepts (cannot happen for legal boards).
    std::cerr << "arbiter status: " << position.error().message() << '\n';
  }
  if (json) std::cout << j.dump() << '\n';
  return report.possible() ? arbiter::cli::kExitOk : arbiter::cli::kExitFailure;
}

const arbiter::cli::RegisterCommand reg{
    {"status",
     "legality with proof (Art. 3.10.3, A.5.4), check/mate/stalemate/dead position (5.2.2)", run}};

}  // namespace
