// `arbiter pair --round-robin` as a black box: the printed tables are the Handbook's.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "test_support.h"

using arbiter::test::run_arbiter;
using arbiter::test::shared;

TEST(RoundRobinCli, PrintsHandbookTable) {
  // The 15/16 block of the Handbook text, line by line ("Rd k: a-b, ...").
  std::ifstream in(shared("reference/work/handbook_berger.txt"));
  std::string line, expect;
  bool on = false;
  while (std::getline(in, line)) {
    if (line.find("15 or 16 players") != std::string::npos)
      on = true;
    else if (on && line.rfind("Rd ", 0) == 0) {
      if (!line.empty() && line.back() == '.') line.pop_back();
      expect += line + "\n";
    } else if (on && line.empty() && !expect.empty())
      break;
  }
  auto r = run_arbiter("pair --round-robin 16");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string got;
  std::istringstream out(r.out);
  while (std::getline(out, line))
    if (line.rfind("Rd ", 0) == 0) got += line + "\n";
  EXPECT_EQ(got, expect);
}

TEST(RoundRobinCli, OddDoubleAndLots) {
  auto r = run_arbiter("pair --round-robin 5 --double --seed 7");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("seed 7 (given)"), std::string::npos);
  EXPECT_NE(r.out.find("Rd 10:"), std::string::npos);  // 2 x 5 rounds
  EXPECT_NE(r.out.find("free: "), std::string::npos);
  auto again = run_arbiter("pair --round-robin 5 --double --seed 7");
  EXPECT_EQ(again.out, r.out);  // reproducible from the seed
  auto random = run_arbiter("pair --round-robin 6 --lots --json");
  ASSERT_EQ(random.exit_code, 0);
  EXPECT_NE(random.out.find("\"seed_given\": false"), std::string::npos);
}

TEST(RoundRobinCli, BadArguments) {
  EXPECT_EQ(run_arbiter("pair --round-robin 1").exit_code, 2);
  EXPECT_EQ(run_arbiter("pair --round-robin x").exit_code, 2);
  EXPECT_EQ(run_arbiter("pair").exit_code, 2);
  EXPECT_EQ(run_arbiter("pair --help").exit_code, 0);
}
