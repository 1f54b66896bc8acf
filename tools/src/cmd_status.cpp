// arbiter status FEN: is the position legal (Laws A.5.4 / reachable), is it check, checkmate,
// stalemate or a dead position (5.2.2), and can each side still checkmate (6.9 / A.5.3)?
// Exit status: 0 legal, 1 illegal (A.5.4) or not reachable, 2 unreadable FEN.
#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/unwinnability.h"
#include "cli_options.h"
#include "cli_position.h"
#include "command.h"

namespace po = boost::program_options;
namespace adj = arbiter::adjudication;

namespace {

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter status FEN [options]");
  opts.add_options()("help,h", "show this help")("chess960", "judge castling rights as Chess960")(
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
  auto setup = arbiter::parse_fen(fen, arbiter::FenMode::Strict);
  if (!setup.ok()) setup = arbiter::parse_fen(fen, arbiter::FenMode::Epd);
  if (!setup.ok()) throw arbiter::cli::UsageError(setup.error().message());
  const bool c960 = vm.count("chess960") > 0;
  const auto report = adj::check_legality(*setup, c960);
  const bool json = vm.count("json") > 0;
  nlohmann::json j;
  j["fen"] = fen;
  j["status"] = adj::legality_status_name(report.status);
  j["issues"] = nlohmann::json::array();
  for (const auto& i : report.issues)
    j["issues"].push_back({{"code", i.code}, {"message", i.message}, {"a54", i.a54}});
  if (!json) {
    std::cout << "status: " << adj::legality_status_name(report.status) << '\n';
    for (const auto& i : report.issues) std::cout << "  - " << i.message << '\n';
    if (report.status == adj::LegalityStatus::IllegalA54)
      std::cout << "A.5.4: wait until the next move is completed; if the illegal position is still "
                   "on the "
                   "board, the game is drawn\n";
  }
  auto position = arbiter::Position::from_setup(*setup, c960);
  if (report.legal() && position.ok()) {
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
  } else if (report.legal() && !position.ok()) {
    // Legal by the Laws but outside what the engine accepts (cannot happen for legal boards).
    std::cerr << "arbiter status: " << position.error().message() << '\n';
  }
  if (json) std::cout << j.dump() << '\n';
  return report.legal() ? arbiter::cli::kExitOk : arbiter::cli::kExitFailure;
}

const arbiter::cli::RegisterCommand reg{
    {"status", "legality (A.5.4), check/mate/stalemate/dead position (5.2.2) of a FEN", run}};

}  // namespace
