// arbiter claim flag --fen FEN --flagged white|black: the ruling when a flag falls (Laws 6.9,
// A.5.3): the result, the rule, the explanation and, when the claimant can still mate, a
// witness line. Exit status 0 when decided, 1 when undetermined, 2 on bad input.
#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "arbiter/adjudication/claims.h"
#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/regime.h"
#include "cli_options.h"
#include "cli_position.h"
#include "command.h"
#include "event_cli.h"

namespace po = boost::program_options;
namespace adj = arbiter::adjudication;

namespace {

int run(const std::vector<std::string>& args) {
  po::options_description opts(
      "arbiter claim flag --fen FEN --flagged white|black [options]\n\n"
      "Rules on a flag fall: the flagged player loses unless the opponent cannot checkmate by any\n"
      "possible series of legal moves (Laws 6.9; A.5.3 in rapid/blitz without adequate "
      "supervision)");
  opts.add_options()("help,h", "show this help")("fen", po::value<std::string>(),
                                                 "the position when the flag fell")(
      "flagged", po::value<std::string>(), "whose flag fell: white or black")(
      "unsupervised", "rapid/blitz without adequate supervision: rule A.5.3 instead of 6.9")(
      "event", po::value<std::string>(),
      "the event file: its supervision regime (event new --regime: A.5.3 when unsupervised, "
      "A.6/B.4) and its variant (Chess960) apply")("chess960", "Chess960 castling rules")(
      "budget", po::value<std::uint64_t>()->default_value(adj::kDefaultNodeBudget), "search nodes")(
      "json", "print one JSON object")("kind", po::value<std::string>(), "the claim (only 'flag')");
  po::positional_options_description pos;
  pos.add("kind", 1);
  const auto parsed = arbiter::cli::parse_options(args, opts, pos);
  if (!parsed) return arbiter::cli::kExitOk;
  const po::variables_map& vm = *parsed;
  if (!vm.count("kind") || vm["kind"].as<std::string>() != "flag")
    throw arbiter::cli::UsageError("expected 'arbiter claim flag --fen FEN --flagged white|black'");
  if (!vm.count("fen")) throw arbiter::cli::UsageError("missing --fen");
  if (!vm.count("flagged")) throw arbiter::cli::UsageError("missing --flagged white|black");
  const std::string who = vm["flagged"].as<std::string>();
  arbiter::Color flagged;
  if (who == "white" || who == "w")
    flagged = arbiter::WHITE;
  else if (who == "black" || who == "b")
    flagged = arbiter::BLACK;
  else
    throw arbiter::cli::UsageError("--flagged must be white or black, not '" + who + "'");
  const std::string fen = vm["fen"].as<std::string>();
  bool c960 = vm.count("chess960") > 0, unsupervised = vm.count("unsupervised") > 0;
  if (vm.count("event")) {
    // The event's regulations decide (A.6, B.4: A.5 or B.3 in force for the whole event).
    const auto e = arbiter::cli::event::load(vm["event"].as<std::string>());
    const auto regime = adj::parse_regime(e.settings.regime);
    unsupervised = unsupervised || (regime && adj::unsupervised(*regime));
    c960 = c960 || e.settings.variant == arbiter::pairing::EventVariant::Chess960;
  }
  // The one FEN strictness of every command: clocks, when given, are numbers in range.
  const std::optional<arbiter::Setup> setup = arbiter::cli::setup_from_fen(fen);
  const auto legality = adj::check_legality(*setup, c960);
  if (!legality.possible()) {
    std::cout << "position: " << adj::legality_status_name(legality.status) << '\n';
    for (const auto& i : legality.issues) std::cout << "  - " << i.message << '\n';
    std::cout << "no ruling on an illegal position";
    if (legality.status == adj::LegalityStatus::IllegalA54)
      std::cout << " (A.5.4: if it is still on the board after the next move, the game is drawn)";
    std::cout << '\n';
    return arbiter::cli::kExitFailure;
  }
  const arbiter::Position p = arbiter::cli::position_from_fen(fen, c960);
  const auto regime = unsupervised ? adj::FlagRegime::A53 : adj::FlagRegime::Article69;
  const auto r = adj::rule_flag_fall(p, flagged, regime, vm["budget"].as<std::uint64_t>());
  const std::string witness =
      r.claimant.verdict == adj::Verdict::Winnable ? adj::witness_san(p, r.claimant.witness) : "";
  if (vm.count("json")) {
    nlohmann::json j{{"result", r.result},
                     {"rule", r.rule},
                     {"explanation", r.explanation},
                     {"claimant_can_checkmate", adj::verdict_name(r.claimant.verdict)},
                     {"witness", witness}};
    std::cout << j.dump() << '\n';
  } else {
    std::cout << "ruling: " << r.result << '\n'
              << "rule: " << r.rule << '\n'
              << "explanation: " << r.explanation << '\n';
    if (!witness.empty()) std::cout << "witness: " << witness << '\n';
  }
  return r.decided() ? arbiter::cli::kExitOk : arbiter::cli::kExitFailure;
}

const arbiter::cli::RegisterCommand reg{{"claim", "rule on a flag fall (Laws 6.9 / A.5.3)", run}};

}  // namespace
