#include "cli_options.h"

#include <iostream>

namespace arbiter::cli {

namespace po = boost::program_options;

std::optional<po::variables_map> parse_options(const std::vector<std::string>& args,
                                               const po::options_description& opts,
                                               const po::positional_options_description& positional,
                                               const po::options_description& hidden) {
  po::options_description all;
  all.add(opts).add(hidden);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << '\n';
    return std::nullopt;
  }
  return vm;
}

}  // namespace arbiter::cli
