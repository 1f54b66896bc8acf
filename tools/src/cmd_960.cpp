// arbiter 960: Chess960 start positions (Guidelines II.2): numbering, identification,
// verification, listing and the audited draw (issue 2).
#include <boost/program_options.hpp>
#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>

#include "arbiter/engine/chess960.h"
#include "cli_options.h"
#include "cli_position.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;
using nlohmann::json;

int parse_number(const std::string& s, const char* what) {
  int v = -1;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 0 || v >= chess960::kCount)
    throw UsageError(std::string(what) + " '" + s + "' is not a number from 0 to 959");
  return v;
}

std::string fen_of(const Setup& s, bool shredder) {
  return to_fen(s, shredder ? CastlingNotation::Shredder : CastlingNotation::XFen);
}

json describe(int white, int black, bool shredder) {
  json j{{"number", white},
         {"back_rank", chess960::back_rank_string(white)},
         {"fen", fen_of(chess960::start_setup(white, black), shredder)}};
  if (black != white) j["black"] = black, j["black_back_rank"] = chess960::back_rank_string(black);
  return j;
}

Setup setup_from_words(const std::vector<std::string>& words) {
  if (words.empty()) throw UsageError("a FEN is required");
  return setup_from_fen(join_words(words));  // the one FEN strictness of every command
}

// How every subcommand prints a position: JSON or text, X-FEN or Shredder-FEN castling.
struct Output {
  bool json = false, shredder = false;
};

int number(const std::vector<std::string>& rest, const std::string* black, Output o) {
  if (rest.size() != 1) throw UsageError("usage: arbiter 960 number N");
  int n = parse_number(rest[0], "number");
  int b = black ? parse_number(*black, "--black") : n;
  if (o.json)
    std::cout << describe(n, b, o.shredder).dump() << '\n';
  else
    std::cout << fen_of(chess960::start_setup(n, b), o.shredder) << '\n';
  return kExitOk;
}

int list(const std::vector<std::string>& rest, Output o) {
  if (!rest.empty()) throw UsageError("usage: arbiter 960 list");
  json all = json::array();
  for (int n = 0; n < chess960::kCount; ++n) {
    if (o.json)
      all.push_back(describe(n, n, o.shredder));
    else
      std::cout << fen_of(chess960::start_setup(n), o.shredder) << '\n';
  }
  if (o.json) std::cout << all.dump() << '\n';
  return kExitOk;
}

// identify (the number) and verify (valid or why not) of a FEN's start position.
int identify_or_verify(const std::string& sub, const std::vector<std::string>& rest, bool double_ok,
                       Output o) {
  Setup s = setup_from_words(rest);
  auto r = chess960::verify(s, true);
  if (r && r->is_double() && !double_ok)
    r = unexpected(chess960::VerifyError{
        "black's back rank does not mirror white's (double Chess960: use --double)"});
  if (!r) {
    if (o.json)
      std::cout << json{{"valid", false}, {"reason", r.error().reason}}.dump() << '\n';
    else if (sub == "verify")
      std::cout << "invalid: " << r.error().reason << '\n';
    else
      std::cerr << "arbiter 960 identify: " << r.error().message() << '\n';
    return kExitFailure;
  }
  if (o.json) {
    json j = describe(r->white, r->black, o.shredder);
    j["valid"] = true;
    std::cout << j.dump() << '\n';
  } else if (sub == "identify") {
    std::cout << r->white;
    if (r->is_double()) std::cout << ' ' << r->black;
    std::cout << '\n';
  } else {
    std::cout << "valid: Chess960 start position " << r->white;
    if (r->is_double()) std::cout << " (black " << r->black << ", double Chess960)";
    std::cout << " " << fen_of(s, o.shredder) << '\n';
  }
  return kExitOk;
}

// seed: nullptr for a draw from the operating system's random source.
int draw(const std::vector<std::string>& rest, const std::string* seed, bool dbl, Output o) {
  if (!rest.empty()) throw UsageError("usage: arbiter 960 draw [--seed S] [--double]");
  chess960::Draw d = seed ? chess960::draw_seeded(*seed, dbl) : chess960::draw_random(dbl);
  if (o.json) {
    json j = describe(d.white, d.black, o.shredder);
    j["algorithm"] = d.algorithm;
    if (seed) j["seed"] = d.seed;
    j["audit"] = d.audit_line();
    std::cout << j.dump() << '\n';
  } else {
    std::cout << fen_of(d.setup(), o.shredder) << '\n' << d.audit_line() << '\n';
  }
  return kExitOk;
}

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter 960 options");
  std::string seed, black;
  opts.add_options()("help,h", "show this help")("json", "machine-readable JSON output")(
      "shredder", "Shredder-FEN castling field (HAha) instead of X-FEN (KQkq)")(
      "seed", po::value(&seed), "draw: reproducible draw from this seed string")(
      "double",
      "draw: double Chess960 (different back ranks for White and Black); "
      "verify/identify: accept it")("black", po::value(&black),
                                    "number: Black's number for double Chess960")(
      "words", po::value<std::vector<std::string>>(), "subcommand and arguments");
  po::positional_options_description pos_opts;
  pos_opts.add("words", -1);
  const std::string usage =
      "usage: arbiter 960 number N [--black M] | identify FEN | verify FEN | list |\n"
      "                  draw [--seed S] [--double]        [--json] [--shredder]\n"
      "Chess960 start positions by Scharnagl number (518 = RNBQKBNR, 0 = BBQNNRKR).\n"
      "draw: without --seed the number comes from the operating system's random source;\n"
      "with --seed it is SHA-256(seed#k) -> first 4 bytes big-endian, rejected if >=\n"
      "4294966080, else mod 960 (k = 0, 1, ...; Black's number is the next one with\n"
      "--double). The audit line lets anyone re-run the draw.\n\n";
  const auto parsed = parse_options(args, opts, pos_opts, {}, usage);
  if (!parsed) return kExitOk;
  const po::variables_map& vm = *parsed;
  std::vector<std::string> words =
      vm.count("words") ? vm["words"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (words.empty()) {
    std::cerr << usage << opts;
    return kExitUsage;
  }
  const Output o{vm.count("json") > 0, vm.count("shredder") > 0};
  const bool dbl = vm.count("double") > 0;
  const std::string sub = words[0];
  const std::vector<std::string> rest(words.begin() + 1, words.end());
  if (sub == "number") return number(rest, vm.count("black") ? &black : nullptr, o);
  if (sub == "list") return list(rest, o);
  if (sub == "identify" || sub == "verify") return identify_or_verify(sub, rest, dbl, o);
  if (sub == "draw") return draw(rest, vm.count("seed") ? &seed : nullptr, dbl, o);
  throw UsageError("unknown 960 subcommand '" + sub + "' (number, identify, verify, list, draw)");
}

const RegisterCommand reg{
    {"960", "Chess960 start positions: number, identify, verify, list, draw", run}};

}  // namespace
}  // namespace arbiter::cli
