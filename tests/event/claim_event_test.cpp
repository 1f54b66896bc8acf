// `arbiter claim flag --event FILE`: the event's supervision regime decides the rule of a flag
// fall (Laws A.6 / B.4: without adequate supervision A.5 applies, so A.5.3 rules instead of 6.9),
// as `event results --pgn` already follows it. Expected rules written here from the Laws.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

TEST(ClaimWithEvent, TheEventsRegimeChoosesArticleSixNineOrAFiveThree) {
  TempDir d;
  // White has a queen: Black's flag falls, White can mate, so White wins under either rule;
  // the rule named is the regime's.
  const std::string claim = "claim flag --fen '8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1' --flagged black";
  for (const auto& [regime, rule] :
       std::vector<std::pair<std::string, std::string>>{{"rapid", "6.9"},
                                                        {"rapid-unsupervised", "A.5.3"},
                                                        {"blitz", "6.9"},
                                                        {"blitz-unsupervised", "A.5.3"}}) {
    const std::string f = d / (regime + ".trf");
    ok("event new '" + f +
       "' --system dutch --rounds 5 --rating-list rapid --tiebreaks BH --rules 2026 --regime " +
       regime);
    const auto j = nlohmann::json::parse(ok(claim + " --event '" + f + "' --json"));
    EXPECT_EQ(j["rule"], rule) << regime;
    EXPECT_EQ(j["result"], "1-0") << regime;
  }
  // Without --event the default is Article 6.9; a missing event file is refused.
  EXPECT_EQ(nlohmann::json::parse(ok(claim + " --json"))["rule"], "6.9");
  EXPECT_NE(run_arbiter(claim + " --event '" + (d / "none.trf") + "'").exit_code, 0);
}
