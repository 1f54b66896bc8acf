// arbiter: Chess960 and game-adjudication engine for chess arbiters.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "command.h"

namespace {
void usage(std::ostream& os) {
  os << "usage: arbiter <command> [options]   (arbiter <command> --help for details)\n\ncommands:\n";
  for (const auto& c : arbiter::cli::commands()) os << "  " << c.name << std::string(14 - std::min<size_t>(13, c.name.size()), ' ') << c.summary << '\n';
}
}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    usage(std::cerr);
    return arbiter::cli::kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage(std::cout);
    return arbiter::cli::kExitOk;
  }
  for (const auto& c : arbiter::cli::commands()) {
    if (c.name != name) continue;
    try {
      return c.run(std::vector<std::string>(argv + 2, argv + argc));
    } catch (const std::exception& e) {
      std::cerr << "arbiter " << name << ": " << e.what() << '\n';
      return arbiter::cli::kExitUsage;
    }
  }
  std::cerr << "arbiter: unknown command '" << name << "'\n";
  usage(std::cerr);
  return arbiter::cli::kExitUsage;
}
