// The rulings' demo (see demo_rulings.h): each step is the command an arbiter would type, run
// through the command registry with its output shown as printed.
#include "demo_rulings.h"

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "command.h"
#include "demo_dir.h"

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;

// A round of a club rapid as typed from the scoresheets: one good game and four that a rating
// officer must send back. Game 2's 11. Nd5 reaches d5 with no knight (Art. 3.6); game 3 goes on
// after the fool's mate (Laws 5.1.1); game 4 is a win on time for a bare king (Laws 6.9: a
// draw); game 5's Result tag disagrees with the result after the moves.
constexpr const char* kRound = R"([Event "Club Rapid"]
[Site "Zaragoza ESP"]
[Date "2026.11.28"]
[Round "1.1"]
[White "Moreno, Alejandro"]
[Black "Ruiz, Carmen"]
[Result "1-0"]
[TimeControl "900+10"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Club Rapid"]
[Site "Zaragoza ESP"]
[Date "2026.11.28"]
[Round "1.2"]
[White "Jansen, Pieter"]
[Black "Ortega, Luis"]
[Result "1/2-1/2"]
[TimeControl "900+10"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O
9. h3 Nb8 10. d4 Nbd7 11. Nd5 1/2-1/2

[Event "Club Rapid"]
[Site "Zaragoza ESP"]
[Date "2026.11.28"]
[Round "1.3"]
[White "Lindqvist, Erik"]
[Black "Navarro, Pablo"]
[Result "0-1"]
[TimeControl "900+10"]

1. f3 e5 2. g4 Qh4# 3. Kf2 0-1

[Event "Club Rapid"]
[Site "Zaragoza ESP"]
[Date "2026.11.28"]
[Round "1.4"]
[White "Dubois, Claire"]
[Black "Herrera, Miguel"]
[Result "0-1"]
[TimeControl "900+10"]
[Termination "time forfeit"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 60"]

60. Qd4 Ke7 61. Qb6 Kd7 0-1

[Event "Club Rapid"]
[Site "Zaragoza ESP"]
[Date "2026.11.28"]
[Round "1.5"]
[White "Smith, Oliver"]
[Black "Castro, Lucia"]
[Result "1-0"]
[TimeControl "900+10"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 0-1
)";

// Runs `arbiter ARGS...` as from the shell, echoing the command line (`shown`, with the
// temporary folder left out) and its output. The commands write to the standard output (some
// through C stdio, for speed), so it is caught at the descriptor, in a temporary file. Exit
// status 1 is a finding, not a failure: only bad input (2) or an exception fails the demo.
bool run(std::ostream& os, const std::string& shown, std::vector<std::string> args,
         const std::string& dir = "") {
  os << "$ arbiter " << shown << '\n';
  const Command* cmd = nullptr;
  for (const auto& c : commands())
    if (c.name == args.front()) cmd = &c;
  if (!cmd) return false;
  args.erase(args.begin());
  os.flush();
  std::cout.flush();
  std::fflush(stdout);
  std::FILE* capture = std::tmpfile();
  const int saved = capture ? ::dup(1) : -1;
  if (saved >= 0) ::dup2(::fileno(capture), 1);
  std::ostringstream err;
  auto* old_err = std::cerr.rdbuf(err.rdbuf());  // (a progress bar on a terminal: not shown)
  int rc = kExitUsage;
  try {
    rc = cmd->run(args);
  } catch (const std::exception& e) {
    err << e.what() << '\n';
  }
  std::cerr.rdbuf(old_err);
  std::cout.flush();
  std::fflush(stdout);
  std::string text;
  if (saved >= 0) {
    ::dup2(saved, 1);
    ::close(saved);
    std::rewind(capture);
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, capture)) > 0;) text.append(buf, n);
  }
  if (capture) std::fclose(capture);
  if (!dir.empty())  // file names as typed, without the temporary folder
    for (size_t at; (at = text.find(dir + "/")) != std::string::npos;)
      text.erase(at, dir.size() + 1);
  os << text;
  if (rc == kExitFailure) os << "(exit status 1: a problem found)\n";
  if (rc == kExitUsage) os << "  error> " << err.str();
  return rc == kExitOk || rc == kExitFailure;
}

}  // namespace

int run_ruling_demos(std::ostream& os) {
  const DemoDir tmp("arbiter-rulings");
  if (!tmp.ok()) {
    os << "cannot create a temporary directory\n";
    return kExitFailure;
  }
  const fs::path& dir = tmp.path();
  const std::string pgn = (dir / "round1.pgn").string();
  std::ofstream(pgn, std::ios::binary) << kRound;
  bool ok = true;

  os << "\n== PGN before rating: a round typed from the scoresheets (Laws 3, 5, 6.9, 9.6)\n";
  ok &= run(os, "validate round1.pgn", {"validate", pgn}, dir.string());

  os << "\n== Flag-fall claims (Laws 6.9; A.5.3 without adequate supervision)\n";
  // A lone pawn can still mate: the flagged player loses, and the witness shows how.
  ok &= run(os, "claim flag --fen '8/8/8/4k3/8/8/1p6/1K6 w - - 0 60' --flagged white",
            {"claim", "flag", "--fen", "8/8/8/4k3/8/8/1p6/1K6 w - - 0 60", "--flagged", "white"});
  // A bare king cannot: drawn.
  ok &=
      run(os, "claim flag --fen '4k3/8/8/8/8/8/3Q4/4K3 b - - 0 60' --flagged white --unsupervised",
          {"claim", "flag", "--fen", "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 60", "--flagged", "white",
           "--unsupervised"});
  // King and bishop cannot mate a bare king, but can mate one boxed in by its own knight.
  ok &= run(os, "claim flag --fen '8/8/8/4k3/8/2b5/8/1N4K1 w - - 0 50' --flagged white",
            {"claim", "flag", "--fen", "8/8/8/4k3/8/2b5/8/1N4K1 w - - 0 50", "--flagged", "white"});

  os << "\n== An illegal position (A.5.4): the side not to move is in check\n";
  ok &= run(os, "status '4k3/4Q3/4K3/8/8/8/8/8 w - - 0 1'",
            {"status", "4k3/4Q3/4K3/8/8/8/8/8 w - - 0 1"});
  return ok ? kExitOk : kExitFailure;
}

}  // namespace arbiter::cli
