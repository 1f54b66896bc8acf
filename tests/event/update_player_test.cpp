// Correcting a registered player (the desk's "edit", issue 21): the registration checks apply,
// and until round 4 is paired a corrected rating moves the player in the initial order
// (C.04.2 Art. 2), renumbering pairings and the event's records with it. Expected orders are
// worked out by hand from C.04.2 Art. 2 (rating, then title, then name).
#include <gtest/gtest.h>

#include "arbiter/pairing/event.h"

using namespace arbiter::pairing;

namespace {

Registration reg(const std::string& name, int standard, const std::string& title = "") {
  Registration r;
  r.name = name;
  r.title = title;
  r.ratings.standard = standard;
  return r;
}

Event four_players() {
  EventSettings s;
  s.system = EventSystem::Dutch;
  s.rounds = 7;
  s.rating_list = RatingList::Standard;
  s.seed = 3;
  Event e = new_event(s, {"Open", "", "", "", "", "", ""});
  register_player(e, reg("Alpha, A", 2300));
  register_player(e, reg("Bravo, B", 2200));
  register_player(e, reg("Charlie, C", 2100));
  register_player(e, reg("Delta, D", 2000));
  return e;
}

std::vector<std::string> names(const Event& e) {
  std::vector<std::string> out;
  for (const auto& p : e.tournament.players) out.push_back(p.name);
  return out;
}

}  // namespace

TEST(UpdatePlayer, CorrectedRatingRenumbersBeforeRoundFour) {
  Event e = four_players();
  prepare_round(e, false);
  apply_pairing(e, 1, {{1, 3}, {4, 2}}, 0);
  // Delta's rating was 2000 by mistake, 2250 in fact: second in the initial order.
  Registration r = reg("Delta, D", 2250, "FM");
  Tpn t = update_player(e, 4, r);
  EXPECT_EQ(t, 2);
  EXPECT_EQ(names(e), (std::vector<std::string>{"Alpha, A", "Delta, D", "Bravo, B", "Charlie, C"}));
  EXPECT_EQ(e.tournament.player(2).rating, 2250);
  EXPECT_EQ(e.tournament.player(2).title, "FM");
  // Board 2 was Delta (4) - Bravo (2): now 2 - 3; the cells follow.
  EXPECT_EQ(e.settings.boards.at(1)[1], (std::pair<int, int>{2, 3}));
  EXPECT_EQ(e.tournament.player(3).round(1).opponent, 2);
  Event back = read_event(write_event(e), "e.trf");
  EXPECT_EQ(back.tournament.player(2).ratings.standard, 2250);
}

TEST(UpdatePlayer, NumbersStayOnceRoundFourIsPaired) {
  Event e = four_players();
  for (int round = 1; round <= 4; ++round) {
    prepare_round(e, false);
    apply_pairing(e, round, {{1, 2}, {3, 4}}, 0);
    set_result(e, round, 1, "1/2-1/2");
    set_result(e, round, 2, "1/2-1/2");
  }
  EXPECT_EQ(update_player(e, 4, reg("Delta, Dora", 2400)), 4);
  EXPECT_EQ(e.tournament.player(4).name, "Delta, Dora");
  EXPECT_EQ(e.tournament.player(4).rating, 2400);
}

// The event keeps published numbers (--late-numbers append): once round 1's list is out, a
// corrected rating changes no pairing number, as a late entry changes none (C.04.2 Art. 2 allows
// renumbering until round 4 is paired; it does not require it).
TEST(UpdatePlayer, PublishedNumbersStayWhenTheEventKeepsThem) {
  Event e = four_players();
  e.settings.entry.keep_published_numbers = true;
  // Before round 1 is published the initial order still applies.
  Event before = e;
  EXPECT_EQ(update_player(before, 4, reg("Delta, D", 2250)), 2);
  prepare_round(e, false);
  apply_pairing(e, 1, {{1, 3}, {4, 2}}, 0);
  EXPECT_EQ(update_player(e, 4, reg("Delta, D", 2250)), 4);
  EXPECT_EQ(names(e), (std::vector<std::string>{"Alpha, A", "Bravo, B", "Charlie, C", "Delta, D"}));
  EXPECT_EQ(e.tournament.player(4).rating, 2250);
  EXPECT_EQ(e.settings.boards.at(1)[1], (std::pair<int, int>{4, 2}));
}

// A round robin's numbers are drawn by lot and fix every round through the Berger table (C.05):
// after round 1 is paired a corrected rating moves nobody.
TEST(UpdatePlayer, RoundRobinNumbersStayAfterTheLot) {
  Event e = four_players();
  e.settings.system = EventSystem::RoundRobin;
  e.settings.rounds = 3;
  prepare_round(e, false);
  apply_pairing(e, 1, {{1, 4}, {2, 3}}, 0);
  EXPECT_EQ(update_player(e, 4, reg("Delta, D", 2500)), 4);
  EXPECT_EQ(names(e), (std::vector<std::string>{"Alpha, A", "Bravo, B", "Charlie, C", "Delta, D"}));
}

TEST(UpdatePlayer, RegistrationChecksApply) {
  Event e = four_players();
  const Event before = e;
  EXPECT_THROW(update_player(e, 2, reg("Alpha, A", 2200)), EventError);  // another player's name
  EXPECT_THROW(update_player(e, 2, reg("", 2200)), EventError);
  EXPECT_THROW(update_player(e, 2, reg("Bravo, B", 2200, "XYZ")), EventError);
  EXPECT_THROW(update_player(e, 2, reg("Bravo, B", 3600)), EventError);
  EXPECT_THROW(update_player(e, 9, reg("Bravo, B", 2200)), EventInputError);
  EXPECT_EQ(write_event(e), write_event(before));  // nothing changed by a refusal
  // Keeping one's own name is no clash.
  EXPECT_EQ(update_player(e, 2, reg("Bravo, B", 2210)), 2);
  EXPECT_EQ(e.tournament.player(2).rating, 2210);
}
