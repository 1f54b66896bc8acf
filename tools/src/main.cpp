// arbiter: Chess960 and game-adjudication engine for chess arbiters.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "arbiter/pairing/file_io.h"
#include "command.h"
#include "terminal_text.h"

namespace {
void usage(std::ostream& os) {
  os << "usage: arbiter <command> [options]   (arbiter <command> --help for "
        "details)\n\ncommands:\n";
  for (const auto& c : arbiter::cli::commands())
    os << "  " << c.name << std::string(14 - std::min<size_t>(13, c.name.size()), ' ') << c.summary
       << '\n';
}
// Everything written to stdout must have reached it (a full disk, /dev/full, a closed pipe):
// a command whose output was lost has failed, whatever it found.
int finish_stdout(int rc) {
  std::cout.flush();
  const bool ok = !std::cout.fail() && std::fflush(stdout) == 0 && !std::ferror(stdout);
  if (ok) return rc;
  std::cerr << "arbiter: cannot write the output to stdout: " << std::strerror(errno) << '\n';
  return arbiter::cli::kExitIo;
}
}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // Every message goes through one escaping filter: the input it quotes reaches the terminal
  // as \xNN where it holds control characters or bytes that are not UTF-8 (terminal_text.h).
  const auto stderr_guard = arbiter::cli::escape_stderr();
  if (argc < 2) {
    usage(std::cerr);
    return arbiter::cli::kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    usage(std::cout);
    return finish_stdout(arbiter::cli::kExitOk);
  }
  for (const auto& c : arbiter::cli::commands()) {
    if (c.name != name) continue;
    try {
      const int rc = c.run(std::vector<std::string>(argv + 2, argv + argc));
      return finish_stdout(rc);
    } catch (const std::bad_alloc&) {
      std::cerr << "arbiter " << name << ": out of memory (ulimit -v, or the machine's)\n";
      return arbiter::cli::kExitIo;
    } catch (const arbiter::pairing::FileError& e) {
      std::cerr << "arbiter " << name << ": " << e.what() << '\n';
      return arbiter::cli::kExitIo;
    } catch (const std::exception& e) {
      std::cerr << "arbiter " << name << ": " << e.what() << '\n';
      return arbiter::cli::kExitUsage;
    }
  }
  std::cerr << "arbiter: unknown command '" << name << "'\n";
  usage(std::cerr);
  return arbiter::cli::kExitUsage;
}
