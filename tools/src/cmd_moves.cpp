// arbiter moves: the legal moves of a position, in SAN or UCI (issue 2).
#include <boost/program_options.hpp>
#include <iostream>

#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"
#include "cli_options.h"
#include "cli_position.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int run(const std::vector<std::string>& args) {
  po::options_description opts("arbiter moves options");
  opts.add_options()("help,h", "show this help")("uci", "UCI notation instead of SAN")(
      "chess960", "Chess960 position: UCI castling as king-takes-rook")(
      "fen", po::value<std::vector<std::string>>(), "the position (FEN)");
  po::positional_options_description pos_opts;
  pos_opts.add("fen", -1);
  const auto parsed =
      parse_options(args, opts, pos_opts, {},
                    "usage: arbiter moves FEN [--uci] [--chess960]\n"
                    "Prints the legal moves of the position, one per line, in SAN (or UCI).\n\n");
  if (!parsed) return kExitOk;
  const po::variables_map& vm = *parsed;
  if (!vm.count("fen")) throw UsageError("a FEN is required");
  Position pos = position_from_fen(join_words(vm["fen"].as<std::vector<std::string>>()),
                                   vm.count("chess960") > 0);
  const bool uci = vm.count("uci") > 0;
  for (Move m : pos.legal_moves()) std::cout << (uci ? to_uci(pos, m) : to_san(pos, m)) << '\n';
  return kExitOk;
}

const RegisterCommand reg{{"moves", "list the legal moves of a position (SAN or UCI)", run}};

}  // namespace
}  // namespace arbiter::cli
