// arbiter timecontrol "15+10": the class of a time control (Laws A.1 / B.1) and the penalties
// that go with it (A.3), for arbiters who need to look them up at the board.
#include <boost/program_options.hpp>
#include <iostream>
#include <nlohmann/json.hpp>

#include "arbiter/adjudication/time_control.h"
#include "cli_options.h"
#include "command.h"

namespace po = boost::program_options;
namespace adj = arbiter::adjudication;

namespace {

std::string minutes_text(double m) {
  char buf[64];
  if (m == static_cast<long long>(m))
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(m));
  else
    std::snprintf(buf, sizeof buf, "%.2f", m);
  return buf;
}

int run(const std::vector<std::string>& args) {
  po::options_description opts(
      "arbiter timecontrol CONTROL [options]\n\n"
      "CONTROL: \"15+10\" (minutes + seconds per move), \"90\", \"40/90+30+30\";\n"
      "with --pgn a PGN TimeControl tag in seconds: \"900+10\", \"40/5400:1800+30\"");
  opts.add_options()("help,h", "show this help")(
      "pgn", "read CONTROL as a PGN TimeControl tag (seconds)")("json", "print one JSON object")(
      "control", po::value<std::string>(), "the time control");
  po::positional_options_description pos;
  pos.add("control", 1);
  const auto parsed = arbiter::cli::parse_options(args, opts, pos);
  if (!parsed) return arbiter::cli::kExitOk;
  const po::variables_map& vm = *parsed;
  if (!vm.count("control")) {
    std::cerr << "arbiter timecontrol: missing CONTROL (e.g. \"15+10\")\n";
    return arbiter::cli::kExitUsage;
  }
  const std::string text = vm["control"].as<std::string>();
  const auto tc =
      vm.count("pgn") ? adj::parse_pgn_time_control(text) : adj::parse_time_control(text);
  if (!tc) {
    std::cerr << "arbiter timecontrol: '" << text << "': " << tc.error().message() << '\n';
    return arbiter::cli::kExitUsage;
  }
  const auto r = adj::classify(*tc);
  if (vm.count("json")) {
    nlohmann::json j{{"control", text},
                     {"minutes_for_60_moves", r.minutes_for_60_moves},
                     {"class", adj::time_class_name(r.time_class)},
                     {"class_rule", r.class_rule},
                     {"illegal_move_penalty_minutes", r.illegal_move_bonus_minutes},
                     {"incorrect_claim_penalty_minutes", r.wrong_claim_bonus_minutes},
                     {"penalty_rule", r.penalty_rule},
                     {"ratable", r.ratable_as_class},
                     {"rating_note", r.rating_note}};
    std::cout << j.dump() << '\n';
    return arbiter::cli::kExitOk;
  }
  std::cout << "time control: " << text << '\n'
            << "time for 60 moves: " << minutes_text(r.minutes_for_60_moves)
            << " minutes per player\n"
            << "class: " << adj::time_class_name(r.time_class) << " (" << r.class_rule << ")\n"
            << "first illegal move: opponent gets " << r.illegal_move_bonus_minutes
            << " extra minute" << (r.illegal_move_bonus_minutes == 1 ? "" : "s")
            << "; second illegal move loses (Art. 7.5.5"
            << (r.time_class == arbiter::pgn::TimeClass::Standard ? ")" : ", A.3)") << '\n'
            << "incorrect draw claim: opponent gets " << r.wrong_claim_bonus_minutes
            << " extra minute" << (r.wrong_claim_bonus_minutes == 1 ? "" : "s") << " (Art. 9.5.3"
            << (r.time_class == arbiter::pgn::TimeClass::Standard ? ")" : ", A.3)") << '\n'
            << "rating: " << r.rating_note << '\n';
  return arbiter::cli::kExitOk;
}

const arbiter::cli::RegisterCommand reg{
    {"timecontrol", "class of a time control (A.1/B.1) and its penalties (A.3)", run}};

}  // namespace
