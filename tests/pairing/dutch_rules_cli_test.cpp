// `arbiter pair --rules 2017|2026` and the TRF-2026 192 code naming the edition of C.04.3. The
// tournament s500001 of the 2017 corpus (bbpPairings v5.0.1) has a last round the two editions
// pair differently: 2017 gives the PAB to player 28 (3.5 points, paired bracket by bracket),
// 2026 [C5] to the lowest score that can take it (player 23).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "test_support.h"

using arbiter::test::run_arbiter;
using arbiter::test::shared;

namespace {

const std::string kFile = shared("data/swiss/public-2017/s500001_n55_r10.trf").string();

std::string with_record(const std::string& name, const std::string& record) {
  std::ifstream in(kFile, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  auto p = std::filesystem::temp_directory_path() /
           ("arbiter-rules-cli-" + std::to_string(::getpid()) + "-" + name);
  std::ofstream(p, std::ios::binary) << ss.str() << record << "\r";
  return p.string();
}

}  // namespace

TEST(DutchRulesCli, CheckUnderEachEdition) {
  auto r = run_arbiter("pair --check --rules 2017 '" + kFile + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("10 of 10 rounds identical"), std::string::npos) << r.out;
  r = run_arbiter("pair --check '" + kFile + "'");  // default: 2026
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("round 10: differs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bye recorded 28, arbiter 23"), std::string::npos) << r.out;
  EXPECT_EQ(run_arbiter("pair --check --rules 2026 '" + kFile + "'").exit_code, 1);
}

TEST(DutchRulesCli, TypeCodeNamesTheEdition) {
  for (const char* code : {"FIDE_DUTCH_2017", "fide_dutch_2017"}) {
    const std::string f = with_record("2017.trf", std::string("192 ") + code);
    EXPECT_EQ(run_arbiter("pair --check '" + f + "'").exit_code, 0) << code;
    // An explicit --rules wins over the file's code.
    EXPECT_EQ(run_arbiter("pair --check --rules 2026 '" + f + "'").exit_code, 1) << code;
    std::filesystem::remove(f);
  }
  for (const char* code : {"FIDE_DUTCH_2025", "FIDE_DUTCH_2026", "FIDE_DUTCH"}) {
    const std::string f = with_record("2026.trf", std::string("192 ") + code);
    EXPECT_EQ(run_arbiter("pair --check '" + f + "'").exit_code, 1) << code;
    EXPECT_EQ(run_arbiter("pair --check --rules 2017 '" + f + "'").exit_code, 0) << code;
    std::filesystem::remove(f);
  }
}

TEST(DutchRulesCli, PairTheLastRoundAfterTheOptions) {
  // The replay convention: `pair --dutch --rules 2017 in.trf -p out` (the file after --rules).
  const std::string trunc = with_record("r9.trf", "");
  // Keep rounds 1-9 only and let pair --dutch pair round 10 (cells start at column 92, 10 each).
  {
    std::ifstream in(kFile, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str(), out, line;
    std::istringstream is(text);
    while (std::getline(is, line, '\r')) {
      if (line.rfind("001", 0) == 0 && line.size() > 91 + 10 * 9) line.resize(91 + 10 * 9 - 2);
      out += line + "\r";
    }
    std::ofstream(trunc, std::ios::binary) << out << "XXR 10\r";
  }
  auto r17 = run_arbiter("pair --dutch --rules 2017 '" + trunc + "' -p -");
  auto r26 = run_arbiter("pair --dutch '" + trunc + "' -p -");
  std::filesystem::remove(trunc);
  ASSERT_EQ(r17.exit_code, 0) << r17.err;
  ASSERT_EQ(r26.exit_code, 0) << r26.err;
  EXPECT_NE(r17.out.find("\n28 0\n"), std::string::npos) << r17.out;
  EXPECT_NE(r17.out.find("\n23 37\n"), std::string::npos) << r17.out;
  EXPECT_NE(r26.out.find("\n23 0\n"), std::string::npos) << r26.out;
  EXPECT_EQ(run_arbiter("pair --dutch --rules 2019 '" + kFile + "'").exit_code, 2);
  EXPECT_EQ(run_arbiter("pair --round-robin 4 --rules 2017").exit_code, 2);
}
