// Black-box tests of the engine subcommands (issue 2 contracts: last stdout line of perft is
// the node count; suites end with 'N passed, M failed' and exit 1 on failure; bad input is one
// line naming the field and the reason, exit 2).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "test_support.h"

using arbiter::test::run_arbiter;

namespace {
std::string last_line(const std::string& s) {
  auto t = s;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}
int lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }
}  // namespace

TEST(Cli, PerftAndDivide) {
  auto r = run_arbiter(
      "perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --depth 4");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), "197281");
  auto d = run_arbiter(
      "perft --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -' --depth 2 "
      "--divide");
  EXPECT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(last_line(d.out), "2039");
  EXPECT_EQ(lines(d.out), 49);
  EXPECT_NE(d.out.find("e1g1: "), std::string::npos);  // standard chess: king's destination
}

TEST(Cli, PerftSuite) {
  auto r =
      run_arbiter("perft --suite '" + arbiter::test::shared("data/perft/tricky.perft").string() +
                  "' --max-nodes 100000");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(last_line(r.out), "19 passed, 0 failed");
  // A suite with a wrong count fails with exit 1 and names the position.
  std::string path = std::filesystem::temp_directory_path() /
                     ("arbiter-cli-bad-" + std::to_string(::getpid()) + ".perft");
  {
    std::ofstream f(path);
    f << "id good\nepd 4k3/8/8/8/8/8/8/4K2R w K -\nperft 1 15\n\n"
         "id bad\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 2 401\n"
         "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9\n";
  }
  auto b = run_arbiter("perft --suite '" + path + "'");
  EXPECT_EQ(b.exit_code, 1);
  EXPECT_EQ(last_line(b.out), "2 passed, 1 failed");
  EXPECT_NE(b.out.find("bad"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(Cli, BadInputIsOneLineAndExit2) {
  struct Case {
    std::string args, must_contain;
  };
  for (const Case& c : std::vector<Case>{
           {"perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1' --depth 2",
            "castling"},
           {"perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --depth 99",
            "depth"},
           {"perft --fen 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --depth 1",
            "placement"},
           {"perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'", "depth"},
           {"moves '4k3/8/8/8/8/8/8/4K3 w - e9 0 1'", "en passant"},
           {"moves '4k3/8/8/8/8/8/8/4K3 q - - 0 1'", "side to move"},
           {"960 number 960", "960"},
           {"960 number x", "number"},
           {"960 frobnicate", "frobnicate"},
           {"perft --suite /nonexistent/file", "cannot open"},
       }) {
    auto r = run_arbiter(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.out << r.err;
    EXPECT_EQ(lines(r.err), 1) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.must_contain), std::string::npos) << c.args << "\n" << r.err;
  }
}

TEST(Cli, Moves) {
  auto r = run_arbiter("moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(lines(r.out), 20);
  EXPECT_NE(r.out.find("Nf3\n"), std::string::npos);
  auto u = run_arbiter("moves --uci 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1' --chess960");
  EXPECT_NE(u.out.find("e1h1\n"), std::string::npos);
  EXPECT_NE(u.out.find("e1a1\n"), std::string::npos);
}

TEST(Cli, Chess960) {
  auto n = run_arbiter("960 number 518");
  EXPECT_EQ(n.out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  auto s = run_arbiter("960 number 0 --shredder");
  EXPECT_EQ(s.out, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\n");
  auto id = run_arbiter("960 identify 'rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1'");
  EXPECT_EQ(id.out, "959\n");
  auto v =
      run_arbiter("960 verify 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR w KQkq - 0 1' --json");
  EXPECT_EQ(v.exit_code, 1);
  EXPECT_NE(v.out.find("\"valid\":false"), std::string::npos);
  auto l = run_arbiter("960 list");
  EXPECT_EQ(lines(l.out), 960);
  auto d = run_arbiter("960 draw --seed hello --double");
  EXPECT_EQ(d.exit_code, 0);
  EXPECT_NE(d.out.find("number=222 black=570"), std::string::npos);
  auto j = run_arbiter("960 draw --json");
  EXPECT_NE(j.out.find("\"algorithm\":\"os-random-mod960\""), std::string::npos);
}

TEST(Cli, Demo) {
  auto r = run_arbiter("demo --depth 3");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("number=61"), std::string::npos);
  EXPECT_NE(r.out.find("depth 3: "), std::string::npos);
  // The rulings on the embedded round: each defect put in the games found at its place, the
  // claims ruled by the rule they name, the illegal position refused.
  for (const char* want :
       {"round1.pgn:22:27: error [illegal-move] ply 21: 11. Nd5",
        "round1.pgn:33:24: error [moves-after-checkmate] ply 5",
        "error [time-forfeit-unwinnable] ply 4: result 0-1 on time",
        "error [result-mismatch]: the Result tag says 1-0 but the moves end with 0-1",
        "5 games: 1 ok, 0 with warnings only, 4 with errors", "rule: A.5.3", "Qb2#",
        "status: not reachable", "== The arbiters' desk", "`arbiter serve EVENT.trf`"})
    EXPECT_NE(r.out.find(want), std::string::npos) << want;
  // The 6.9 claim's helpmate: which one the search finds depends on the Zobrist keys, so only
  // its shape is checked here (it starts at move 50 with White and ends in a checkmate).
  const auto w = r.out.find("witness: 50. K");
  ASSERT_NE(w, std::string::npos);
  const std::string witness = r.out.substr(w, r.out.find('\n', w) - w);
  EXPECT_EQ(witness.back(), '#') << witness;
}
