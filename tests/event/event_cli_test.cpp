// `arbiter event` through the command line only: every refusal a one-line message that changes
// nothing, kill -9 during 200 result entries, and a small Swiss replayed through `pair --check`
// (the seed events themselves are in seed_events_test.cpp).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "event_cli_support.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace arbiter::test::event_cli;

// ---------------------------------------------------------------------------------------------
// Refusals: one line on stderr, exit 1 (rules) or 2 (malformed input), the file unchanged.

TEST(EventCli, RefusalsAreOneLineAndChangeNothing) {
  TempDir d;
  const std::string f = d / "e.trf";
  create_event(
      d, f,
      "--system round-robin --rounds 5 --rating-list standard --tiebreaks 'SB PS WIN' --rules "
      "2026 --seed 3",
      players_csv(6));
  const std::string before = slurp(f);
  struct Case {
    std::string args;
    int code;
  } cases[] = {
      {"bye '" + f + "' 2 --round 2", 1},         // the event grants no half-point byes
      {"bye '" + f + "' 'Nobody, X'", 2},         // unknown player
      {"result '" + f + "' 1 1-0", 1},            // no round paired yet
      {"withdraw '" + f + "' 3 --round 9", 1},    // not a round of the event
      {"excuse '" + f + "' 3", 1},                // nothing to excuse
      {"undo '" + (d / "missing.trf") + "'", 2},  // no such event: bad input
      {"new '" + f +
           "' --system swiss --rounds 5 --rating-list standard --tiebreaks SB --rules 2026",
       2},
  };
  for (const auto& c : cases) {
    auto r = run_arbiter("event " + c.args);
    EXPECT_EQ(r.exit_code, c.code) << c.args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(slurp(f), before) << c.args;
  }
  ok("event pair '" + f + "'");
  const std::string paired = slurp(f);
  for (const auto& [args, code] : std::vector<std::pair<std::string, int>>{
           {"pair '" + f + "'", 1},                                          // results missing
           {"result '" + f + "' 1 2-0", 2},                                  // malformed result
           {"result '" + f + "' 9 1-0", 2},                                  // no such board
           {"register '" + f + "' --name 'Late, L' --standard 2000", 1}}) {  // RR closed
    auto r = run_arbiter("event " + args);
    EXPECT_EQ(r.exit_code, code) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(slurp(f), paired) << args;
  }
  // undo walks back: pairing, registration, creation state.
  ok("event undo '" + f + "'");
  EXPECT_EQ(slurp(f), before);
}

// ---------------------------------------------------------------------------------------------
// kill -9 during 200 result entries, at every step of the write protocol in turn.
//
// Killing after a random sleep made the test depend on the machine's load (on a busy machine the
// kills fell before the writer started or after it ended, and too few landed mid-write). Each
// writer is instead killed exactly on entering one of its own system calls that touch the disk
// (strace -e inject=CALL:signal=KILL:when=K): the kill points are those of one traced entry, each
// K-th call of each kind, in turn, so every step of the journal-then-replace protocol is hit, the
// same way on any machine. A kill between two system calls leaves the disk as a kill on entering
// the next one does.

namespace {
// Starts `program ARGS...` (found on PATH) with stdout/stderr to /dev/null; returns the pid.
pid_t spawn(const std::string& program, const std::vector<std::string>& args) {
  std::vector<std::string> all{program};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = ::fork();
  if (pid == 0) {
    FILE* n = std::fopen("/dev/null", "w");
    if (n) ::dup2(fileno(n), 1), ::dup2(fileno(n), 2);
    ::execvp(program.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

// The system calls by which a writer changes what is on disk (and the lock it takes).
const char* const kDiskCalls =
    "openat,write,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat,mkdir,mkdirat,"
    "fchmod,fchown,ftruncate,flock";

// (call, K) for every disk call of `trace` (strace -o output), in order of appearance.
std::vector<std::pair<std::string, int>> kill_points(const std::string& trace) {
  std::vector<std::pair<std::string, int>> out;
  std::map<std::string, int> seen;
  std::istringstream in(trace);
  for (std::string line; std::getline(in, line);) {
    const size_t paren = line.find('(');
    if (paren == std::string::npos || paren == 0 || !std::isalpha((unsigned char)line[0])) continue;
    const std::string call = line.substr(0, paren);
    out.emplace_back(call, ++seen[call]);
  }
  return out;
}
// The exit status of `command` run by /bin/sh (-1 when it did not exit).
int shell(const std::string& command) {
  const int st = std::system(command.c_str());
  return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}
}  // namespace

TEST(EventCli, KillNineDuringTwoHundredResultEntries) {
  if (shell("strace -qq -o /dev/null true") != 0) {
    if (std::getenv("CI"))
      FAIL() << "strace cannot trace here (scripts/install-deps.sh installs it)";
    GTEST_SKIP() << "strace is missing or cannot trace (ptrace not permitted) on this machine";
  }
  TempDir d;
  const std::string f = d / "crash.trf";
  create_event(
      d, f,
      "--system round-robin --rounds 39 --rating-list standard --tiebreaks SB --rules 2026 --seed "
      "9",
      players_csv(40, 2500, 10));
  ok("event pair '" + f + "'");
  const int boards = int(load(f).settings.boards.at(1).size());
  ASSERT_EQ(boards, 20);
  // LeakSanitizer cannot run under ptrace: the traced writers of a sanitizer build leave it out.
  const char* asan = std::getenv("ASAN_OPTIONS");
  ::setenv("ASAN_OPTIONS", ((asan ? std::string(asan) + ":" : "") + "detect_leaks=0").c_str(), 1);
  // The disk calls of one entry, traced.
  const std::string trace = d / "entry.strace";
  ASSERT_EQ(shell(std::string("strace -qq -e trace=") + kDiskCalls + " -o '" + trace + "' '" +
                  ARBITER_BIN + "' event result '" + f + "' 1 1-0 >/dev/null"),
            0);
  ok("event undo '" + f + "'");
  const auto points = kill_points(slurp(trace));
  ASSERT_GE(points.size(), 8u) << slurp(trace);
  std::map<int, std::string> acked;  // board -> result on disk for certain
  const char* cycle[] = {"1-0", "1/2-1/2", "0-1"};
  int killed = 0, acknowledged = 0;
  size_t next_point = 0;
  for (int i = 0; i < 200; ++i) {
    const int b = i % boards + 1;
    const std::string res = cycle[(i / boards + b) % 3];
    const std::string old = acked.count(b) ? acked[b] : "";
    const std::vector<std::string> entry{"event", "result", f, std::to_string(b), res};
    pid_t pid;
    if (i % 4 == 3) {  // every fourth entry runs to the end
      pid = spawn(ARBITER_BIN, entry);
    } else {
      const auto& [call, k] = points[next_point++ % points.size()];
      std::vector<std::string> args{"-qq",
                                    "-o",
                                    "/dev/null",
                                    "-e",
                                    std::string("trace=") + call,
                                    "-e",
                                    "inject=" + call + ":signal=KILL:when=" + std::to_string(k),
                                    ARBITER_BIN};
      args.insert(args.end(), entry.begin(), entry.end());
      pid = spawn("strace", args);
    }
    ASSERT_GT(pid, 0);
    int st = 0;
    ::waitpid(pid, &st, 0);
    const bool ack = WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (WIFSIGNALED(st)) ++killed;
    // The file always parses, and holds the old or the new result of this board.
    Event e;
    ASSERT_NO_THROW(e = load(f)) << "entry " << i;
    std::string now = board_result(e, 1, b);
    if (ack) {
      ++acknowledged;
      ASSERT_EQ(now, res) << "acknowledged result lost, entry " << i;
    } else {
      ASSERT_TRUE(now == old || now == res) << "entry " << i << ": " << now;
    }
    acked[b] = now;
    // No other board changed: every acknowledged result is still there.
    for (const auto& [ob, r] : acked) ASSERT_EQ(board_result(e, 1, ob), r) << "board " << ob;
  }
  // 150 writers were killed, each at one of the traced points (a point the entry does not reach,
  // such as pruning a journal that is not full yet, lets it finish); the other 50 ran through.
  EXPECT_GE(killed, 100) << points.size() << " kill points";
  EXPECT_GE(acknowledged, 50);
  // Readers delete nothing (issue 17); the next command that writes removes the temporary
  // files of the killed writers (here `pair`, whether it pairs or is refused).
  ok("event show '" + f + "'");
  run_arbiter("event pair '" + f + "'");
  for (const auto& de : fs::directory_iterator(d.path))
    EXPECT_EQ(de.path().filename().string().find(".tmp."), std::string::npos) << de.path();
}

// ---------------------------------------------------------------------------------------------
// Seed event A in small (events.md): Dutch Swiss with a half-point bye and a no-show that
// withdraws the player; the exported TRF replays identically through `arbiter pair --check`.

TEST(EventCli, SwissWithByeAndNoShowReplaysThroughPairCheck) {
  TempDir d;
  const std::string f = d / "rapid.trf";
  create_event(
      d, f,
      "--system dutch --rounds 5 --rating-list rapid --tiebreaks 'BH/C1 GE DE ARO/C1 WON' --rules "
      "2022 --half-point-byes 2 --bye-rounds 4 --seed 5",
      players_csv(13));
  ok("event bye '" + f + "' 4 --round 2");
  std::map<int, double> pts;
  std::string noshow;
  for (int r = 1; r <= 5; ++r) {
    ok("event pair '" + f + "'");
    Event e = load(f);
    for (const auto& p : e.tournament.players) {
      auto c = p.round(r);
      if (c.result == ResultCode::PairingBye) pts[p.tpn] += 1;  // PAB: a win's points
      if (c.result == ResultCode::HalfBye) pts[p.tpn] += 0.5;   // requested bye
    }
    std::string args = "event result '" + f + "'";
    const auto& boards = e.settings.boards.at(r);
    for (size_t b = 0; b < boards.size(); ++b) {
      auto [w, bl] = boards[b];
      std::string res = r == 3 && b == 1 ? "+-" : result_for(r, w, bl, 2);
      if (r == 3 && b == 1) noshow = e.tournament.player(bl).name;
      auto [a, c] = points_of(res);
      pts[w] += a, pts[bl] += c;
      args.append(" ").append(std::to_string(b + 1)).append(" ").append(res);
    }
    ok(args);
  }
  Event e = load(f);
  EXPECT_EQ(e.settings.withdrawn.at(find_player(e, noshow)), 4);  // not excused: withdrawn
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), 13u);
  auto text = ok("event standings '" + f + "'");
  for (const auto& p : e.tournament.players)
    EXPECT_EQ(p.score(e.tournament.scoring), Points(pts[p.tpn] * 10 + 0.5)) << p.name;
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  auto check = run_arbiter("pair --check '" + (d / "out.trf") + "'");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
}

// The rating report keeps what the event fixed: an event created with the 2024 rules and a
// rating of 1400 for unrated players gives, read back by `arbiter standings`, the event's own
// values (202/212 name /V2024 and /U1400), and ARO counts the unrated opponent as 1400.
TEST(EventCli, ExportedTrfGivesTheEventsTiebreakValues) {
  TempDir d;
  const std::string f = d / "ev.trf";
  ok("event new '" + f +
     "' --system dutch --rounds 3 --rating-list standard --tiebreaks 'BH/C1 ARO' --rules 2024 "
     "--unrated-rating 1400 --seed 3");
  ok("event register '" + f + "' --name 'A, A' --standard 2000");
  ok("event register '" + f + "' --name 'B, B' --standard 1900");
  ok("event register '" + f + "' --name 'C, C' --standard 1800");
  ok("event register '" + f + "' --name 'U, U'");
  ok("event pair '" + f + "'");
  ok("event result '" + f + "' 1 1-0 2 1/2");
  Event e = load(f);
  auto ev = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ok("event export '" + f + "' --trf '" + (d / "ex.trf") + "'");
  const std::string ex = slurp(d / "ex.trf");
  EXPECT_NE(ex.find("202 BH/C1/V2024,ARO/U1400/V2024"), std::string::npos) << ex;
  auto back = read_tsv(ok("standings '" + (d / "ex.trf") + "' --format tsv"));
  ASSERT_EQ(back["StartNo"].size(), ev["StartNo"].size());
  const Tpn u = find_player(e, "U, U");
  Tpn opp = e.tournament.player(u).round(1).opponent;
  for (size_t i = 0; i < ev["StartNo"].size(); ++i) {
    const std::string sno = ev["StartNo"][i];
    size_t j =
        std::find(back["StartNo"].begin(), back["StartNo"].end(), sno) - back["StartNo"].begin();
    ASSERT_LT(j, back["StartNo"].size());
    EXPECT_EQ(std::stod(back["BH/C1/V2024"][j]), std::stod(ev["BH/C1"][i])) << sno;
    EXPECT_EQ(back["ARO/U1400/V2024"][j], ev["ARO"][i]) << sno;
    if (std::stoi(sno) == opp) {
      EXPECT_EQ(std::stod(ev["ARO"][i]), 1400) << "unrated opponent";
    }
  }
}
