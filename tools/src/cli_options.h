#pragma once
// The one option parser of every subcommand (Boost.Program_options underneath): parse, check,
// notify, and answer --help. The checks every command gets:
//  - no numeric option takes a negative value (none means anything negative: counts, seeds,
//    ratings, rounds, budgets), so `--jobs -3` is refused instead of wrapping to 4294967293;
//  - a short option's value written against it (`-t.trf`) is refused unless it is a number
//    (`-j4`): `-t.trf` was read as `-t .trf`, most likely not what was meant.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::cli {

// Parses `args` against `opts`, `hidden` (options that only carry positional arguments, left out
// of the help) and `positional`, with the checks above. With --help (which `opts` defines), prints
// `usage` and `opts` to stdout and returns nullopt, whatever else is missing: the command then
// exits 0. --help is answered before the required options are checked (po::notify), so that a
// command's help never fails for want of the options it explains. Parse errors throw po::error
// (exit 2 in main).
std::optional<boost::program_options::variables_map> parse_options(
    const std::vector<std::string>& args, const boost::program_options::options_description& opts,
    const boost::program_options::positional_options_description& positional,
    const boost::program_options::options_description& hidden = {}, std::string_view usage = {});

// What follows the error line when a command line does not parse (each command's contract).
enum class AfterParseError { Nothing, Usage, Options };

// The options of a command line that parsed, or the status the command exits with instead.
struct ParsedOptions {
  std::optional<boost::program_options::variables_map> options;  // nullopt: exit with `status`
  int status = 0;  // 0 after --help, else the command's status for bad arguments
};

// parse_options for the commands that answer a parse error themselves (their exit status is their
// contract): the error is printed to stderr as "arbiter COMMAND: WHAT", then `after` (the usage,
// or `opts`), and the result carries `error_status`; --help prints `usage` and `opts` (status 0).
ParsedOptions parse_or_report(std::string_view command, const std::vector<std::string>& args,
                              const boost::program_options::options_description& opts,
                              const boost::program_options::positional_options_description& pos,
                              std::string_view usage, int error_status,
                              AfterParseError after = AfterParseError::Usage);

}  // namespace arbiter::cli
