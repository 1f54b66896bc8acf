// Pairing settings of a Swiss event (issue 19 §1, §4): the edition of the Dutch rules (2017 for
// an event that started before 1 February 2026), the Baku acceleration, and forbidden pairs
// (`event forbid`), through the CLI and the event file.
#include <gtest/gtest.h>

#include <set>

#include "arbiter/pairing/dutch.h"
#include "event_cli_support.h"

namespace arbiter::test::event_cli {
namespace {

const std::string kNew =
    "--system dutch --rounds 5 --rating-list standard --tiebreaks BH "
    "--rules 2026 --seed 7";

TEST(EventPairingRules, EditionFromTheStartDate) {
  TempDir d;
  struct Case {
    const char* args;
    const char* code;
    int rules;
  } cases[] = {
      {"--start 2025/10/01", "192 FIDE_DUTCH_2017\n", 2017},
      {"--start 2026/01/31", "192 FIDE_DUTCH_2017\n", 2017},
      {"--start 2026/02/01", "192 FIDE_DUTCH_2025\n", 2026},
      {"", "192 FIDE_DUTCH_2025\n", 2026},
      {"--start 2025/10/01 --pairing-rules 2026", "192 FIDE_DUTCH_2025\n", 2026},
      {"--pairing-rules 2017 --acceleration baku", "192 FIDE_DUTCH_2017_BAKU\n", 2017},
      {"--acceleration baku", "192 FIDE_DUTCH_2025_BAKU\n", 2026},
  };
  const char* names[] = {"a.trf", "b.trf", "c.trf", "d.trf", "e.trf", "f.trf", "g.trf"};
  int i = 0;
  for (const auto& c : cases) {
    const std::string f = d / names[i++];
    ok("event new '" + f + "' " + kNew + " " + c.args);
    const std::string text = slurp(f);
    EXPECT_NE(text.find(c.code), std::string::npos) << c.args << "\n" << text;
    const Event e = load(f);
    EXPECT_EQ(e.settings.pairing_rules, c.rules) << c.args;
    EXPECT_EQ(e.settings.baku, std::string(c.args).find("baku") != std::string::npos);
    // The exported TRF names the edition for `pair --check` and other programs.
    EXPECT_EQ(dutch_rules_of_code(export_tournament(e).type_code),
              c.rules == 2017 ? DutchRules::Fide2017 : DutchRules::Fide2026);
  }
  EXPECT_EQ(
      run_arbiter("event new '" + (d / "x.trf") + "' " + kNew + " --pairing-rules 2019").exit_code,
      2);
  EXPECT_EQ(
      run_arbiter("event new '" + (d / "x.trf") + "' " + kNew + " --start 2025-10-01").exit_code,
      2);
  EXPECT_EQ(
      run_arbiter("event new '" + (d / "x.trf") + "' " + kNew + " --acceleration fast").exit_code,
      2);
  EXPECT_EQ(run_arbiter("event new '" + (d / "x.trf") +
                        "' --system round-robin --rounds 5 --rating-list standard "
                        "--tiebreaks BH --rules 2026 --acceleration baku")
                .exit_code,
            2);
}

TEST(EventPairingRules, ForbiddenPairIsKeptApart) {
  TempDir d;
  const std::string f = d / "family.trf";
  create_event(d, f, kNew, players_csv(6));
  // Round 1 would pair 1-4 2-5 3-6 (S1 = 1-3, S2 = 4-6); with 1-4 forbidden the next
  // transposition of S2 (art. 4.2) is 5 4 6: 1-5 2-4 3-6.
  EXPECT_NE(ok("event forbid '" + f + "' 1 4").find("may not meet from round 1"),
            std::string::npos);
  EXPECT_NE(slurp(f).find("260   1   0    1    4"), std::string::npos);
  auto again = run_arbiter("event forbid '" + f + "' 4 1");
  EXPECT_NE(again.exit_code, 0);
  EXPECT_NE(again.err.find("kept apart already"), std::string::npos) << again.err;
  EXPECT_NE(run_arbiter("event forbid '" + f + "' 2 2").exit_code, 0);
  EXPECT_NE(run_arbiter("event forbid '" + f + "' 2 99").exit_code, 0);
  ok("event pair '" + f + "'");
  const Event e = load(f);
  std::set<std::pair<int, int>> met;
  for (const auto& p : e.tournament.players) {
    const auto c = p.round(1);
    if (c.has_opponent()) met.insert({std::min(p.tpn, c.opponent), std::max(p.tpn, c.opponent)});
  }
  EXPECT_EQ(met, (std::set<std::pair<int, int>>{{1, 5}, {2, 4}, {3, 6}}));
  // Round 1 is paired: forbidding it now is refused, from round 2 on accepted.
  EXPECT_NE(run_arbiter("event forbid '" + f + "' 2 3 --from 1").exit_code, 0);
  ok("event forbid '" + f + "' 2 3 --from 2 --to 3");
  EXPECT_NE(slurp(f).find("260   2   3    2    3"), std::string::npos);
}

TEST(EventPairingRules, RoundRobinRefusesForbiddenPairs) {
  TempDir d;
  const std::string f = d / "rr.trf";
  create_event(d, f,
               "--system round-robin --rounds 3 --rating-list standard --tiebreaks BH "
               "--rules 2026 --seed 7",
               players_csv(4));
  auto r = run_arbiter("event forbid '" + f + "' 1 2");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("round robin"), std::string::npos) << r.err;
  // A round robin TRF with a forbidden pair that meets: `pair --check` reports it.
  ok("event pair '" + f + "'");
  const std::string out = d / "rr-out.trf";
  ok("event export '" + f + "' --trf '" + out + "'");
  ok("pair --check '" + out + "'");
  const Event e = load(f);
  const int opponent = e.tournament.player(1).round(1).opponent;
  ASSERT_GT(opponent, 1);
  std::ofstream(out, std::ios::app) << "260   1   0    1    " << opponent << "\n";
  auto check = run_arbiter("pair --check '" + out + "'");
  EXPECT_EQ(check.exit_code, 1) << check.out;
  EXPECT_NE(check.out.find("is a forbidden pair"), std::string::npos) << check.out;
}

}  // namespace
}  // namespace arbiter::test::event_cli
