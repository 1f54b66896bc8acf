#pragma once
// Subcommand registry of the `arbiter` program. Each cmd_*.cpp defines one subcommand and
// registers it with a file-scope `const RegisterCommand`, so adding a command touches no
// other file. The registry is filled during static initialisation and only read afterwards.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::cli {

// Exit codes shared by every subcommand unless its contract says otherwise
// (e.g. `pair` uses 3 for an invalid input file).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // the check ran and found a problem
inline constexpr int kExitUsage = 2;    // bad input or arguments
// 3 is `pair`'s invalid TRF file (its contract).
inline constexpr int kExitIo = 4;  // a file could not be read, written or locked (disk, permission)

struct Command {
  std::string name;     // e.g. "perft", "960", "validate"
  std::string summary;  // one line for `arbiter --help`
  // args excludes the program name and the subcommand name itself.
  std::function<int(const std::vector<std::string>& args)> run;
};

const std::vector<Command>& commands();

struct RegisterCommand {
  explicit RegisterCommand(Command c);
};

}  // namespace arbiter::cli
