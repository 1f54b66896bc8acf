// `arbiter event` through the command line only: the seed events end to end (final standings
// against values computed here, independently of the standings module), every refusal a
// one-line message that changes nothing, and kill -9 during 200 result entries.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/trf.h"
#include "test_support.h"

namespace fs = std::filesystem;
using arbiter::test::run_arbiter;
using namespace arbiter::pairing;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("arbiter-event-cli-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& f) const { return (path / f).string(); }
};

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Event load(const std::string& f) { return read_event(slurp(f), f); }

// Runs arbiter and expects success.
std::string ok(const std::string& args) {
  auto r = run_arbiter(args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
  return r.out;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

std::string players_csv(int n, int top = 2400, int step = 25) {
  std::ostringstream os;
  os << "name,federation,standard,rapid,blitz\n";
  for (int i = 0; i < n; ++i) {
    int r = top - step * i;
    os << "\"Player" << char('A' + i / 26) << char('A' + i % 26) << ", Test\",ESP," << r << ','
       << r - 10 << ',' << r - 20 << '\n';
  }
  return os.str();
}

// A fixed pseudo-random result for a pairing (the test's own choice, not the program's).
std::string result_for(int round, int white, int black, int salt) {
  unsigned x = unsigned(round * 7919 + white * 104729 + black * 1299709 + salt * 15485863);
  x ^= x >> 13, x *= 0x5bd1e995u, x ^= x >> 15;
  int v = int(x % 10);
  return v < 4 ? "1-0" : v < 7 ? "1/2-1/2" : "0-1";
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Refusals: one line on stderr, exit 1 (rules) or 2 (malformed input), the file unchanged.

TEST(EventCli, RefusalsAreOneLineAndChangeNothing) {
  TempDir d;
  const std::string f = d / "e.trf";
  ok("event new '" + f +
     "' --system round-robin --rounds 5 --rating-list standard --tiebreaks 'SB PS WIN' --rules "
     "2026 --seed 3");
  write(d / "p.csv", players_csv(6));
  ok("event register '" + f + "' --csv '" + (d / "p.csv") + "'");
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
      {"undo '" + (d / "missing.trf") + "'", 1},  // no such event
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
// kill -9 at random moments during 200 result entries.

namespace {
// Starts `arbiter ARGS...` with stdout/stderr to /dev/null; returns the pid.
pid_t spawn(const std::vector<std::string>& args) {
  pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv;
    static std::string bin = ARBITER_BIN;
    argv.push_back(bin.data());
    for (auto& a : const_cast<std::vector<std::string>&>(args)) argv.push_back(a.data());
    argv.push_back(nullptr);
    FILE* n = std::fopen("/dev/null", "w");
    if (n) ::dup2(fileno(n), 1), ::dup2(fileno(n), 2);
    ::execv(bin.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}
}  // namespace

TEST(EventCli, KillNineDuringTwoHundredResultEntries) {
  TempDir d;
  const std::string f = d / "crash.trf";
  ok("event new '" + f +
     "' --system round-robin --rounds 39 --rating-list standard --tiebreaks SB --rules 2026 --seed "
     "9");
  write(d / "p.csv", players_csv(40, 2500, 10));
  ok("event register '" + f + "' --csv '" + (d / "p.csv") + "'");
  ok("event pair '" + f + "'");
  const int boards = int(load(f).settings.boards.at(1).size());
  ASSERT_EQ(boards, 20);
  // How long one entry takes, to spread the kills over its whole life.
  auto t0 = std::chrono::steady_clock::now();
  ok("event result '" + f + "' 1 1-0");
  ok("event undo '" + f + "'");
  const int typical_us = int(std::chrono::duration_cast<std::chrono::microseconds>(
                                 std::chrono::steady_clock::now() - t0)
                                 .count() /
                             2) +
                         1;
  std::map<int, std::string> acked;  // board -> result on disk for certain
  std::mt19937 rng(20231105);
  const char* cycle[] = {"1-0", "1/2-1/2", "0-1"};
  int killed = 0, acknowledged = 0;
  for (int i = 0; i < 200; ++i) {
    const int b = i % boards + 1;
    const std::string res = cycle[(i / boards + b) % 3];
    const std::string old = acked.count(b) ? acked[b] : "";
    pid_t pid = spawn({"event", "result", f, std::to_string(b), res});
    ASSERT_GT(pid, 0);
    bool kill_it = rng() % 4 != 0;
    if (kill_it) {
      // Within one typical entry's life, so that most kills land mid-write even when the
      // machine is busy (the timing above was taken once and load varies).
      std::this_thread::sleep_for(std::chrono::microseconds(rng() % typical_us));
      ::kill(pid, SIGKILL);
    }
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
  EXPECT_GE(killed, 30);  // the run really killed writers at many points (typically ~100)
  EXPECT_GE(acknowledged, 20);
  // No temporary file survives the next command.
  ok("event show '" + f + "'");
  for (const auto& de : fs::directory_iterator(d.path))
    EXPECT_EQ(de.path().filename().string().find(".tmp."), std::string::npos) << de.path();
}

// ---------------------------------------------------------------------------------------------
// Seed event B/C (events.md): 16-player round robin, pairing numbers by lot, an absence that
// eliminates the player (remaining games forfeited), an excused one; SB, PS, WIN.

namespace {

struct Game {
  int white, black;
  std::string result;  // 1-0 1/2-1/2 0-1 +- -+ --
};

// Points of white and black for a result.
std::pair<double, double> points_of(const std::string& r) {
  if (r == "1-0" || r == "+-") return {1, 0};
  if (r == "0-1" || r == "-+") return {0, 1};
  if (r == "1/2-1/2") return {0.5, 0.5};
  return {0, 0};
}

std::map<std::string, std::vector<std::string>> read_tsv(const std::string& tsv) {
  std::istringstream in(tsv);
  std::string line;
  std::vector<std::string> head;
  std::map<std::string, std::vector<std::string>> cols;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream ls(line);
    std::string x;
    while (std::getline(ls, x, '\t')) f.push_back(x);
    if (head.empty()) {
      head = f;
      continue;
    }
    for (size_t i = 0; i < f.size() && i < head.size(); ++i) cols[head[i]].push_back(f[i]);
  }
  return cols;
}

}  // namespace

TEST(EventCli, RoundRobinByLotEndToEnd) {
  TempDir d;
  const std::string f = d / "zaragoza.trf";
  ok("event new '" + f +
     "' --system round-robin --rounds 15 --rating-list standard --tiebreaks 'SB PS WIN' --rules "
     "2026 --seed 1919 --name Zaragoza");
  write(d / "p.csv", players_csv(16));
  ok("event register '" + f + "' --csv '" + (d / "p.csv") + "'");
  const int n = 16, rounds = 15;
  std::vector<std::vector<Game>> played(rounds + 1);
  std::string absent_name, excused_name;
  for (int r = 1; r <= rounds; ++r) {
    std::string out = ok("event pair '" + f + "'");
    Event e = load(f);
    if (r == 1) {
      // The lot renumbered everybody: the printed audit names the seed.
      EXPECT_NE(out.find("by lot"), std::string::npos) << out;
      absent_name = e.tournament.player(7).name;
      excused_name = e.tournament.player(12).name;
    }
    const Tpn absent = find_player(e, absent_name), excused = find_player(e, excused_name);
    const auto& boards = e.settings.boards.at(r);
    ASSERT_EQ(int(boards.size()), n / 2);
    std::string args = "event result '" + f + "'";
    for (size_t b = 0; b < boards.size(); ++b) {
      auto [w, bl] = boards[b];
      std::string res;
      if (r >= 6 && (w == absent || bl == absent)) {
        // Withdrawn after the unexcused absence of round 5: the game is forfeited at pairing.
        res = w == absent ? "-+" : "+-";
        EXPECT_EQ(board_result(e, r, int(b) + 1), res) << "round " << r;
      } else if (r == 5 && (w == absent || bl == absent)) {
        res = w == absent ? "-+" : "+-";
      } else if (r == 9 && (w == excused || bl == excused)) {
        res = w == excused ? "-+" : "+-";
      } else {
        res = result_for(r, w, bl, 1);
      }
      played[r].push_back({w, bl, res});
      if (board_result(e, r, int(b) + 1).empty())
        args.append(" ")
            .append(std::to_string(b + 1))
            .append(" ")
            .append(res == "-+" ? "0-1f" : res);
    }
    ok(args);
    if (r == 9) ok("event excuse '" + f + "' " + std::to_string(excused));
  }
  // Independent standings: points, SB (forfeits count as played in a round robin, C.07 15.2),
  // PS, WIN (forfeit wins count).
  std::vector<double> pts(n + 1), sb(n + 1), ps(n + 1), win(n + 1);
  for (int r = 1; r <= rounds; ++r) {
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      pts[g.white] += a, pts[g.black] += b;
      win[g.white] += a == 1, win[g.black] += b == 1;
    }
    for (int p = 1; p <= n; ++p) ps[p] += pts[p];
  }
  for (int r = 1; r <= rounds; ++r)
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      sb[g.white] += a * pts[g.black];
      sb[g.black] += b * pts[g.white];
    }
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), size_t(n));
  for (int i = 0; i < n; ++i) {
    int p = std::stoi(cols["StartNo"][i]);
    EXPECT_DOUBLE_EQ(std::stod(cols["SB"][i]), sb[p]) << "player " << p;
    EXPECT_DOUBLE_EQ(std::stod(cols["PS"][i]), ps[p]) << "player " << p;
    EXPECT_DOUBLE_EQ(std::stod(cols["WIN"][i]), win[p]) << "player " << p;
    if (cols.count("PTS")) {
      EXPECT_DOUBLE_EQ(std::stod(cols["PTS"][i]), pts[p]);
    }
    // Rank: points, then SB, PS, WIN; equal values share the place.
    int rank = 1;
    auto key = [&](int q) { return std::make_tuple(pts[q], sb[q], ps[q], win[q]); };
    for (int q = 1; q <= n; ++q) rank += key(q) > key(p);
    EXPECT_EQ(std::stoi(cols["Rank"][i]), rank) << "player " << p;
  }
  // The absent player was withdrawn at the round 6 pairing; the excused one played on.
  Event e = load(f);
  EXPECT_EQ(e.settings.withdrawn.at(find_player(e, absent_name)), 6);
  EXPECT_FALSE(e.settings.withdrawn.count(find_player(e, excused_name)));
  // The report for rating reads back as TRF-2026 with the standings in it.
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  Tournament t = read_trf(slurp(d / "out.trf"), "out.trf");
  EXPECT_EQ(t.player_count(), n);
  EXPECT_EQ(t.type, "Round Robin");
  EXPECT_EQ(slurp(d / "out.trf").find("XAR"), std::string::npos);
  ok("event report '" + f + "' --html '" + (d / "out.html") + "'");
  EXPECT_NE(slurp(d / "out.html").find("<html"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Seed event A in small (events.md): Dutch Swiss with a half-point bye and a no-show that
// withdraws the player; the exported TRF replays identically through `arbiter pair --check`.

TEST(EventCli, SwissWithByeAndNoShowReplaysThroughPairCheck) {
  TempDir d;
  const std::string f = d / "rapid.trf";
  ok("event new '" + f +
     "' --system dutch --rounds 5 --rating-list rapid --tiebreaks 'BH/C1 GE DE ARO/C1 WON' --rules "
     "2022 --half-point-byes 2 --bye-rounds 4 --seed 5");
  write(d / "p.csv", players_csv(13));
  ok("event register '" + f + "' --csv '" + (d / "p.csv") + "'");
  ok("event bye '" + f + "' 4 --round 2");
  std::map<int, double> pts;
  std::string noshow;
  for (int r = 1; r <= 5; ++r) {
    ok("event pair '" + f + "'");
    Event e = load(f);
    for (const auto& p : e.tournament.players) {
      auto c = p.round(r);
      if (c.result == Result::PairingBye) pts[p.tpn] += 1;  // PAB: a win's points
      if (c.result == Result::HalfBye) pts[p.tpn] += 0.5;   // requested bye
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
