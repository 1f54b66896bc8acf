// Corpus runs: every game of ../shared/data/pgn/corpus reads, the TCEC standard and Chess960
// files validate without false errors (CI: a deterministic sample; ARBITER_FULL=1: all games),
// and the CLI contract (exit codes, stdin, .zst, --json, order with --jobs).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "test_support.h"

namespace {

using namespace arbiter;
using arbiter::test::shared;

std::string dump(const adjudication::GameReport& r) {
  std::string s;
  for (auto& i : r.issues)
    if (i.severity == pgn::Severity::Error)
      s += i.code + " ply " + std::to_string(i.ply) + " line " + std::to_string(i.line) + ": " +
           i.message + "\n";
  return s;
}

// Games counted independently: `[Event ` tags outside comments, counted by the shell.
size_t event_count(const std::string& file) {
  std::string cmd = file.size() > 4 && file.substr(file.size() - 4) == ".zst"
                        ? "zstd -dc '" + file + "' | grep -o '\\[Event ' | wc -l"
                        : "grep -o '\\[Event ' '" + file + "' | wc -l";
  FILE* p = ::popen(cmd.c_str(), "r");
  size_t n = 0;
  if (p) {
    if (std::fscanf(p, "%zu", &n) != 1) n = 0;
    ::pclose(p);
  }
  return n;
}

struct CorpusRun {
  size_t games = 0, with_event = 0, checked = 0, errors = 0;
  std::string first_errors;
};

// Validates every `step`-th game (all when full_run()).
CorpusRun validate_file(const std::string& rel, size_t step) {
  CorpusRun run;
  pgn::Reader rd = pgn::Reader::open(shared(rel).string());
  pgn::RawGame g;
  if (test::full_run()) step = 1;
  while (rd.next(g)) {
    ++run.games;
    if (!g.tag("Event")) continue;  // not a game (see the TCEC note below)
    ++run.with_event;
    if ((run.with_event - 1) % step) continue;
    ++run.checked;
    auto r = adjudication::validate_game(g);
    if (r.errors()) {
      ++run.errors;
      if (run.errors <= 3)
        run.first_errors += "game " + std::to_string(g.index + 1) + " line " +
                            std::to_string(g.start.line) + "\n" + dump(r);
    }
  }
  return run;
}

TEST(PgnCorpus, EveryCorpusGameReads) {
  for (const char* f :
       {"engine-games-threefold.pgn", "lessons-with-errors.pgn", "twic-excerpt.pgn",
        "world-championship.pgn", "tcec-standard-nocomments.pgn.zst", "tcec-chess960.pgn.zst"}) {
    const std::string path = shared(std::string("data/pgn/corpus/") + f).string();
    pgn::Reader rd = pgn::Reader::open(path);
    pgn::RawGame g;
    size_t with_event = 0, reader_errors = 0;
    while (rd.next(g)) {
      if (g.tag("Event")) {
        ++with_event;
        reader_errors += g.has_errors();
      }
    }
    EXPECT_EQ(with_event, event_count(path)) << f;
    EXPECT_EQ(reader_errors, 0u) << f;
  }
}

TEST(PgnCorpus, TcecStandardValidatesWithoutErrors) {
  CorpusRun r = validate_file("data/pgn/corpus/tcec-standard-nocomments.pgn.zst", 25);
  EXPECT_EQ(r.with_event, 9900u);
  EXPECT_GE(r.checked, 396u);
  EXPECT_EQ(r.errors, 0u) << r.first_errors;
}

// The TCEC Chess960 file also holds, between two games, a Python script that someone pasted
// into it (lines ~409990-410140): those chunks have no tags and are reported as errors by
// `arbiter validate`; every real game validates cleanly.
TEST(PgnCorpus, TcecChess960ValidatesWithoutErrors) {
  CorpusRun r = validate_file("data/pgn/corpus/tcec-chess960.pgn.zst", 10);
  EXPECT_EQ(r.with_event, 2635u);
  EXPECT_EQ(r.errors, 0u) << r.first_errors;
}

TEST(PgnCorpus, OtherCorporaValidateWithoutErrors) {
  for (const char* f :
       {"world-championship.pgn", "twic-excerpt.pgn", "engine-games-threefold.pgn"}) {
    CorpusRun r = validate_file(std::string("data/pgn/corpus/") + f, 1);
    EXPECT_EQ(r.errors, 0u) << f << "\n" << r.first_errors;
  }
}

TEST(PgnCli, ExitCodesStdinAndZst) {
  auto ok =
      test::run_arbiter("validate --jobs 1 -",
                        "[Event \"a\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n"
                        "[Round \"1\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"*\"]\n\n1. e4 *\n");
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("1 games: 1 ok"), std::string::npos) << ok.out;
  auto bad = test::run_arbiter("validate -", "1. e4 e5 2. Ke3 *\n");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.out.find("-:1:13: error [illegal-move] ply 3"), std::string::npos) << bad.out;
  auto missing = test::run_arbiter("validate /nonexistent/file.pgn");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("/nonexistent/file.pgn"), std::string::npos);
  auto zst =
      test::run_arbiter("validate --errors-only --jobs 2 '" +
                        shared("data/pgn/corpus/tcec-standard-nocomments.pgn.zst").string() + "'");
  EXPECT_EQ(zst.exit_code, 0) << zst.out.substr(0, 2000);
  EXPECT_NE(zst.out.find("9900 games"), std::string::npos) << zst.out.substr(0, 2000);
}

TEST(PgnCli, JsonOneObjectPerGameInInputOrder) {
  const std::string file = shared("data/pgn/corpus/world-championship.pgn").string();
  auto r = test::run_arbiter("validate --json --jobs 2 '" + file + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  uint64_t expect = 0;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["index"].get<uint64_t>(), expect++);
    EXPECT_TRUE(j.contains("first_line") && j.contains("tags") && j.contains("result") &&
                j.contains("status") && j.contains("issues"));
  }
  EXPECT_EQ(expect, 685u);
}

TEST(PgnCli, NormalizeWritesExportFormatThatValidates) {
  auto n = test::run_arbiter(
      "pgn --normalize -",
      "[White \"x \\\"q\\\"\"]\n[Event \"e\"]\n1.e4 e5 2.Nf3 {a comment} (2.f4 exf4) Nc6 "
      "3.Bb5 a6 0-1\n");
  ASSERT_EQ(n.exit_code, 0) << n.err;
  EXPECT_EQ(
      n.out,
      "[Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"x \\\"q\\\"\"]\n"
      "[Black \"?\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 {a comment} (2. f4 exf4) 2... Nc6 3. Bb5 "
      "a6 0-1\n\n");
  // Normalising a real file keeps every game and its lines under 80 columns.
  const std::string file = shared("data/pgn/corpus/twic-excerpt.pgn").string();
  auto t = test::run_arbiter("pgn --normalize '" + file + "'");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  std::istringstream in(t.out);
  std::string line;
  size_t events = 0;
  while (std::getline(in, line)) {
    EXPECT_LT(line.size(), 80u) << line;
    events += line.rfind("[Event ", 0) == 0;
  }
  EXPECT_EQ(events, 232u);
  auto v = test::run_arbiter("validate --errors-only -", t.out);
  EXPECT_EQ(v.exit_code, 0) << v.out.substr(0, 2000);
}

TEST(PgnCli, NormalizeOnSeveralThreadsKeepsTheInputOrder) {
  // The players of each game, in the order of the input file, must come out in that order.
  const std::string file = shared("data/pgn/corpus/world-championship.pgn").string();
  auto players = [](std::istream& in) {
    std::vector<std::string> v;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();  // the file has CRLF lines
      if (line.rfind("[White ", 0) == 0 || line.rfind("[Black ", 0) == 0) v.push_back(line);
    }
    return v;
  };
  std::ifstream original(file);
  const auto want = players(original);
  ASSERT_GT(want.size(), 1000u);
  auto r = test::run_arbiter("pgn --normalize --jobs 3 '" + file + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream out(r.out);
  EXPECT_EQ(players(out), want);
}

}  // namespace
