#include "command.h"

#include <algorithm>

namespace arbiter::cli {
namespace {
std::vector<Command>& registry() {
  static std::vector<Command> r;
  return r;
}
}  // namespace

const std::vector<Command>& commands() { return registry(); }

RegisterCommand::RegisterCommand(Command c) {
  auto& r = registry();
  r.insert(std::upper_bound(r.begin(), r.end(), c.name,
                            [](const std::string& n, const Command& x) { return n < x.name; }),
           std::move(c));
}

}  // namespace arbiter::cli
