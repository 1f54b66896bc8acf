// Issue 17, outputs (classes 1, 2, 3, 8, 10, 11): every command writes its files beside the target
// and renames them only after every write succeeded; an output that is one of the inputs is
// refused before anything is opened; write errors (also on stdout) give exit status 4.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

const std::string kGames =
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"C\"]\n"
    "[Black \"D\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";

TEST(Output, NormalizeOntoItsOwnInputIsRefusedAndChangesNothing) {
  TempDir d;
  put(d.path / "s.pgn", kGames);
  auto r = sh(d.path,
              "ln s.pgn hard.pgn && ln -s s.pgn soft.pgn && "
              "\"$A\" pgn --normalize s.pgn -o s.pgn");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("is the input file"), std::string::npos) << r.err;
  for (const char* out : {"hard.pgn", "soft.pgn"}) {  // the same file through links
    auto l = sh(d.path, std::string("\"$A\" pgn --normalize s.pgn -o ") + out);
    EXPECT_EQ(l.code, kBadInput) << out << ": " << l.err;
  }
  EXPECT_EQ(slurp(d.path / "s.pgn"), kGames);
}

TEST(Output, AMissingInputLeavesNoOutputFile) {
  TempDir d;
  auto r = sh(d.path, "\"$A\" pgn --normalize missing.pgn -o out.pgn");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_FALSE(fs::exists(d.path / "out.pgn"));
  put(d.path / "out.pgn", "old\n");
  r = sh(d.path, "\"$A\" pgn --normalize missing.pgn -o out.pgn");
  EXPECT_EQ(slurp(d.path / "out.pgn"), "old\n");  // an existing OUT is left as it was
  EXPECT_TRUE(names_with(d.path, ".tmp.").empty());
}

TEST(Output, NormalizedFileIsWrittenAndKeepsItsMode) {
  TempDir d;
  put(d.path / "s.pgn", kGames);
  put(d.path / "out.pgn", "old\n");
  fs::permissions(d.path / "out.pgn", fs::perms::owner_read | fs::perms::owner_write);
  auto r = sh(d.path, "\"$A\" pgn --normalize s.pgn -o out.pgn");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(slurp(d.path / "out.pgn").find("4. Qxf7# 1-0"), std::string::npos);
  EXPECT_EQ(mode_of(d.path / "out.pgn"), "0600");
}

TEST(Output, WriteErrorsGiveExitStatus4) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this machine";
  TempDir d;
  put(d.path / "s.pgn", kGames);
  make_event(d, "e.trf");
  for (const std::string cmd :
       {"pgn --normalize s.pgn -o /dev/full", "pgn --normalize s.pgn >/dev/full",
        "moves 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >/dev/full",
        "event show e.trf >/dev/full", "event standings e.trf >/dev/full",
        "perft --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --depth 2 "
        ">/dev/full"}) {
    auto r = sh(d.path, "\"$A\" " + cmd);
    EXPECT_EQ(r.code, kIo) << cmd << ": " << r.err;
    EXPECT_FALSE(r.err.empty()) << cmd;
  }
}

TEST(Output, EventExportOrReportOntoTheEventIsRefused) {
  TempDir d;
  make_event(d, "e.trf");
  const std::string before = slurp(d.path / "e.trf");
  for (const std::string cmd :
       {"event export e.trf --trf e.trf", "event report e.trf --html e.trf",
        "event export e.trf --trf link.trf", "event report link.trf --html e.trf"}) {
    auto r = sh(d.path, "ln -sf e.trf link.trf; \"$A\" " + cmd);
    EXPECT_EQ(r.code, kBadInput) << cmd << ": " << r.err;
    EXPECT_EQ(slurp(d.path / "e.trf"), before) << cmd;
  }
  EXPECT_TRUE(sh(d.path, "\"$A\" event show e.trf").code == kOk);
}

TEST(Output, PairOutputOntoItsInputIsRefused) {
  TempDir d;
  make_event(d, "e.trf");
  ASSERT_EQ(sh(d.path, "\"$A\" event export e.trf --trf in.trf").code, kOk);
  const std::string before = slurp(d.path / "in.trf");
  auto r = sh(d.path, "\"$A\" pair --dutch in.trf -p in.trf");
  EXPECT_NE(r.code, kOk);
  EXPECT_EQ(slurp(d.path / "in.trf"), before);
  r = sh(d.path, "\"$A\" pair --dutch in.trf -p out.txt");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(slurp(d.path / "out.txt").substr(0, 2), "4\n");  // 8 players: 4 boards
}

TEST(Output, PlantedTemporaryNameIsNotFollowed) {
  TempDir d;
  make_event(d, "e.trf");
  put(d.path / "victim", "precious\n");
  // The old predictable names, planted as links to another file, for the next few pids.
  auto r = sh(d.path,
              "for i in $(seq 0 64); do ln -s victim .out.trf.tmp.$(($$ + i)); done; "
              "\"$A\" event export e.trf --trf out.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(slurp(d.path / "victim"), "precious\n");
  EXPECT_NE(slurp(d.path / "out.trf").find("001"), std::string::npos);
}

TEST(Output, SymlinkedEventIsWrittenThroughTheLink) {
  TempDir d;
  fs::create_directories(d.path / "real");
  make_event(d, "real/e.trf");
  fs::create_symlink("real/e.trf", d.path / "l.trf");
  auto r = sh(d.path, "\"$A\" event pair l.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_TRUE(fs::is_symlink(d.path / "l.trf"));  // the link stays a link
  EXPECT_NE(slurp(d.path / "real/e.trf").find("XAR BOARDS 1"), std::string::npos);
  EXPECT_FALSE(fs::exists(d.path / "l.trf.undo"));  // one journal, beside the real file
  r = sh(d.path, "\"$A\" event undo l.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(slurp(d.path / "real/e.trf").find("XAR BOARDS 1"), std::string::npos);
}

TEST(Output, EventFileKeepsItsMode) {
  TempDir d;
  make_event(d, "e.trf");
  for (const char* mode : {"0600", "0444", "0640"}) {
    auto r =
        sh(d.path, std::string("chmod ") + mode + " e.trf && \"$A\" event pair e.trf >/dev/null" +
                       " && \"$A\" event undo e.trf >/dev/null");
    EXPECT_EQ(r.code, kOk) << mode << ": " << r.err;
    EXPECT_EQ(mode_of(d.path / "e.trf"), mode);
  }
}

}  // namespace
}  // namespace arbiter::test::reliability
