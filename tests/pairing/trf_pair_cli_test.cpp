// `arbiter pair --dutch/--check` file handling and exit codes (the pairing itself is tested by
// the Dutch tests and the replay of the Swiss corpus).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "test_support.h"

using arbiter::test::run_arbiter;
using arbiter::test::shared;

namespace {
std::string temp_file(const std::string& name, const std::string& text) {
  auto p = std::filesystem::temp_directory_path() /
           ("arbiter-trf-cli-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}
}  // namespace

TEST(TrfPairCli, InvalidFileExits3WithLineAndColumn) {
  std::string f =
      temp_file("bad.trf", "012 X\n001    1      A                                 25x0\n");
  auto r = run_arbiter("pair --dutch '" + f + "' -p");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find(f + ":2:49: expected a rating"), std::string::npos) << r.err;
  std::filesystem::remove(f);
  EXPECT_EQ(run_arbiter("pair --dutch /nonexistent/in.trf -p").exit_code, 3);
  EXPECT_EQ(run_arbiter("pair --check /nonexistent/in.trf").exit_code, 3);
}

TEST(TrfPairCli, FinishedTournamentHasNoRoundToPair) {
  auto r = run_arbiter("pair --dutch '" + shared("data/trf/example-trf16.trf").string() + "' -p");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("already paired"), std::string::npos);
}
