// --help of every command and every `event` subcommand (issue 17): exit 0 with the usage on
// stdout, whatever options the command requires. The commands are read from the program's own
// lists (`arbiter --help`, `arbiter event --help`), so a command added later is covered too.
#include <sstream>
#include <vector>

#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

// The names of a usage listing: the first word of each line indented by two spaces.
std::vector<std::string> listed(const std::string& usage) {
  std::vector<std::string> out;
  std::istringstream in(usage);
  for (std::string line; std::getline(in, line);)
    if (line.size() > 2 && line.compare(0, 2, "  ") == 0 && line[2] != ' ')
      out.push_back(line.substr(2, line.find(' ', 2) - 2));
  return out;
}

void expect_help(const TempDir& d, const std::string& command, const std::string& flag) {
  const Shell r = sh(d.path, "\"$A\" " + command + " " + flag);
  EXPECT_EQ(r.code, kOk) << command << " " << flag << ": " << r.err;
  EXPECT_EQ(r.err, "") << command << " " << flag;
  EXPECT_NE(r.out.find("arbiter " + command), std::string::npos) << command << ":\n" << r.out;
  EXPECT_NE(r.out.find("--help"), std::string::npos) << command << ":\n" << r.out;
  EXPECT_TRUE(fs::is_empty(d.path)) << command << " " << flag << " created a file";
}

// The commands `listing` (a command line) lists, at least `at_least` of them.
std::vector<std::string> commands_of(const TempDir& d, const std::string& listing,
                                     size_t at_least) {
  const Shell top = sh(d.path, "\"$A\" " + listing);
  EXPECT_EQ(top.code, kOk) << top.err;
  auto out = listed(top.out);
  EXPECT_GE(out.size(), at_least) << top.out;
  return out;
}

TEST(Help, EveryCommandAnswersHelpWithItsUsageOnStdout) {
  TempDir d;
  for (const auto& c : commands_of(d, "--help", 16))
    for (const char* flag : {"--help", "-h"}) expect_help(d, c, flag);
}

TEST(Help, EveryEventSubcommandAnswersHelpWithItsUsageOnStdout) {
  TempDir d;
  for (const auto& c : commands_of(d, "event --help", 23)) {
    expect_help(d, "event " + c, "--help");
    // Help wins over whatever else the command line holds or lacks.
    expect_help(d, "event " + c, "e.trf --help");
  }
}

}  // namespace
}  // namespace arbiter::test::reliability
