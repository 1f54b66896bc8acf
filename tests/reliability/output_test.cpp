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
        "event show e.trf >/dev/full", "event standings e.trf >/dev/full", "--help >/dev/full",
        "pgn --help >/dev/full",
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

// Class 10: a write keeps the event file's mode, and its group where the writer may set it. Run
// by an unprivileged user, whoever runs the tests: as root, the commands run as nobody (uid
// 65534) with the supplementary group users (100) through setpriv(1); then root writes a file
// that nobody owns and must leave it nobody's.
TEST(Output, EventFileKeepsItsModeAndOwner) {
  TempDir d;
  const bool root = ::geteuid() == 0;
  std::string as_user;  // the prefix that runs a command as an unprivileged user
  if (root) {
    if (sh(d.path, "command -v setpriv").code != 0)
      GTEST_SKIP() << "setpriv(1) (util-linux) is missing: cannot run as an unprivileged user";
    as_user = "setpriv --reuid=65534 --regid=65534 --groups=100 ";
    ASSERT_EQ(::chown(d.path.c_str(), 65534, 65534), 0);
  }
  put(d.path / "players.csv", players_csv(8));
  auto r = sh(d.path, as_user + "\"$A\" event new e.trf --system dutch --rounds 5 --rating-list " +
                          "standard --tiebreaks SB --rules 2026 >/dev/null && " + as_user +
                          "\"$A\" event register e.trf --csv players.csv >/dev/null");
  ASSERT_EQ(r.code, kOk) << r.err;
  struct stat st {};
  ASSERT_EQ(::stat((d.path / "e.trf").c_str(), &st), 0);
  const uid_t user = st.st_uid;
  ASSERT_EQ(user, root ? uid_t(65534) : ::geteuid());
  // The writer's own group, or (where it has one) a supplementary group it belongs to.
  const auto groups = sh(d.path, as_user + "id -G").out;
  const std::string other_group =
      groups.find(' ') == std::string::npos
          ? ""
          : groups.substr(groups.find(' ') + 1,
                          groups.find_first_of(" \n", groups.find(' ') + 1) - groups.find(' ') - 1);
  for (const char* mode : {"0600", "0640", "0604", "0660", "0620"}) {
    const std::string chgrp = other_group.empty() ? "" : "chgrp " + other_group + " e.trf && ";
    r = sh(d.path, as_user + "sh -c '" + chgrp + "chmod " + mode + " e.trf' && " + as_user +
                       "\"$A\" event pair e.trf >/dev/null && " + as_user +
                       "\"$A\" event undo e.trf >/dev/null");
    EXPECT_EQ(r.code, kOk) << mode << ": " << r.err;
    EXPECT_EQ(mode_of(d.path / "e.trf"), mode);
    ASSERT_EQ(::stat((d.path / "e.trf").c_str(), &st), 0);
    EXPECT_EQ(st.st_uid, user) << mode;
    if (!other_group.empty()) {
      EXPECT_EQ(std::to_string(st.st_gid), other_group) << mode;
    }
  }
  // A file its owner made read-only is refused, mode and text as they were.
  const std::string before = slurp(d.path / "e.trf");
  r = sh(d.path, as_user + "chmod 0444 e.trf && " + as_user + "\"$A\" event pair e.trf");
  EXPECT_EQ(r.code, kIo) << r.err;
  EXPECT_EQ(mode_of(d.path / "e.trf"), "0444");
  EXPECT_EQ(slurp(d.path / "e.trf"), before);
  if (!root) return;
  // Root changing nobody's event keeps it nobody's (and its group), with its mode.
  ASSERT_EQ(::stat((d.path / "e.trf").c_str(), &st), 0);
  const gid_t group = st.st_gid;
  r = sh(d.path,
         "chmod 0640 e.trf && \"$A\" event pair e.trf >/dev/null && \"$A\" event undo e.trf "
         ">/dev/null");
  EXPECT_EQ(r.code, kOk) << r.err;
  ASSERT_EQ(::stat((d.path / "e.trf").c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 65534u);
  EXPECT_EQ(st.st_gid, group);
  EXPECT_EQ(mode_of(d.path / "e.trf"), "0640");
}

}  // namespace
}  // namespace arbiter::test::reliability
