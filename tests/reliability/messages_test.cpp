// Issue 17, messages: an input arbiter cannot read is named for what it is, a mistake is refused
// where it is made (not at a later command), and a question about a round that does not exist is
// an error.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

const std::string kGame =
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

TEST(Messages, GzipInputIsNamed) {
  TempDir d;
  put(d.path / "g.pgn", kGame);
  make_event(d, "e.trf");
  auto probe = sh(d.path, "command -v gzip");
  if (probe.code != 0) GTEST_SKIP() << "gzip is not installed";
  ASSERT_EQ(
      sh(d.path, "gzip -k g.pgn && \"$A\" event export e.trf --trf t.trf && gzip -k t.trf").code,
      kOk);
  for (const std::string cmd : {"validate g.pgn.gz", "pgn --normalize g.pgn.gz",
                                "standings t.trf.gz", "pair --dutch t.trf.gz"}) {
    auto r = sh(d.path, "\"$A\" " + cmd);
    EXPECT_NE(r.code, kOk) << cmd;
    EXPECT_NE(r.err.find("gzip"), std::string::npos) << cmd << ": " << r.err;
    EXPECT_EQ(r.err.find("0x1F"), std::string::npos) << cmd << ": " << r.err;
  }
}

// A refused input is answered by its error alone, placed at file:line:col with what to do: no
// "0 games" summary after it, as if the file had been checked. A file read before a refused one
// keeps its summary.
TEST(Messages, ValidateRefusedGzipSaysOnlyTheError) {
  TempDir d;
  put(d.path / "g.pgn", kGame);
  auto probe = sh(d.path, "command -v gzip");
  if (probe.code != 0) GTEST_SKIP() << "gzip is not installed";
  ASSERT_EQ(sh(d.path, "gzip -k g.pgn").code, kOk);
  auto r = sh(d.path, "\"$A\" validate g.pgn.gz");
  EXPECT_EQ(r.code, kBadInput);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("g.pgn.gz:1:1: gzip-compressed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("gunzip -k"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" validate g.pgn g.pgn.gz");
  EXPECT_EQ(r.code, kBadInput);
  EXPECT_NE(r.out.find("1 games: 1 ok"), std::string::npos) << r.out;
}

TEST(Messages, EventResultsReadsZstdLikeValidate) {
  TempDir d;
  make_event(d, "e.trf", 2);
  auto probe = sh(d.path, "command -v zstd");
  if (probe.code != 0) GTEST_SKIP() << "zstd is not installed";
  auto r = sh(d.path, "\"$A\" event pair e.trf");
  ASSERT_EQ(r.code, kOk) << r.err;
  // Board 1 of round 1: read who plays White from the pairing the program printed.
  std::istringstream in(r.out);
  std::string line, white, black;
  while (std::getline(in, line))
    if (line.find("   1  [") == 0) {
      white = line.substr(line.find(']') + 6, 12);
      black = line.substr(line.rfind(']') + 6, 12);
    }
  ASSERT_FALSE(white.empty()) << r.out;
  auto trim = [](std::string s) { return s.substr(0, s.find(" (")); };
  std::string game = kGame;
  game.replace(game.find("\"A\""), 3, "\"" + trim(white) + "\"");
  game.replace(game.find("\"B\""), 3, "\"" + trim(black) + "\"");
  put(d.path / "r1.pgn", game);
  r = sh(d.path, "zstd -q r1.pgn && \"$A\" event results e.trf --pgn r1.pgn.zst");
  EXPECT_EQ(r.code, kOk) << r.out << r.err;
  EXPECT_NE(slurp(d.path / "e.trf").find("XAR"), std::string::npos);
}

TEST(Messages, BadTiebreakListIsRefusedByEventNew) {
  TempDir d;
  auto r = sh(d.path,
              "\"$A\" event new e.trf --system dutch --rounds 5 --rating-list standard "
              "--rules 2026 --tiebreaks '((XYZ'");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("--tiebreaks"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d.path / "e.trf"));
}

TEST(Messages, ShowOfARoundThatDoesNotExistIsAnError) {
  TempDir d;
  make_event(d, "e.trf");
  ASSERT_EQ(sh(d.path, "\"$A\" event pair e.trf").code, kOk);
  for (const char* round : {"99", "2", "6"}) {
    auto r = sh(d.path, std::string("\"$A\" event show e.trf --round ") + round);
    EXPECT_EQ(r.code, kBadInput) << round << ": " << r.out;
    EXPECT_NE(r.err.find("round " + std::string(round) + " is not paired"), std::string::npos)
        << r.err;
  }
  EXPECT_EQ(sh(d.path, "\"$A\" event show e.trf --round 1").code, kOk);
}

TEST(Messages, CsvWithAByteOrderMarkIsRead) {
  TempDir d;
  make_event(d, "e.trf", 2);
  put(d.path / "bom.csv", "\xEF\xBB\xBFname,federation,standard\n\"Bom, Anna\",FRA,2222\n");
  auto r = sh(d.path, "\"$A\" event register e.trf --csv bom.csv");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("Bom, Anna"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace arbiter::test::reliability
