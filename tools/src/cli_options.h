#pragma once
// The Boost.Program_options steps every subcommand repeats: parse, notify, and answer --help.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

// Parses `args` against `opts`, `hidden` (options that only carry positional arguments, left out
// of the help) and `positional`. With --help, prints `opts` to stdout and returns nullopt: the
// command then exits 0. Parse errors throw po::error (exit 2 in main).
std::optional<boost::program_options::variables_map> parse_options(
    const std::vector<std::string>& args, const boost::program_options::options_description& opts,
    const boost::program_options::positional_options_description& positional,
    const boost::program_options::options_description& hidden = {});

}  // namespace arbiter::cli
