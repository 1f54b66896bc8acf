// The regulations an event file holds (event_settings.h) and how the event's operations apply
// them: the no-show policy (events.md A, C: withdrawn; B, Zaragoza rule 13: forfeit only), the
// Chief Arbiter's exception, bye deadline and denial, entry rules, late entries (C.04.2 Art. 2),
// round dates (TRF-2026 132). Expected values are worked out here from those rules.
#include <gtest/gtest.h>

#include <algorithm>

#include "arbiter/pairing/event_prizes.h"
#include "arbiter/pairing/event_round.h"
#include "arbiter/pairing/trf.h"

using namespace arbiter::pairing;
using arbiter::WHITE;

namespace {

EventSettings swiss(int rounds = 7) {
  EventSettings s;
  s.system = EventSystem::Dutch;
  s.rounds = rounds;
  s.rating_list = RatingList::Rapid;
  s.byes = {3, 6, 0};
  s.seed = 5;
  return s;
}

// "P" + letter + ", X" built by appending (g++ 12 warns falsely, -Wrestrict, on literal + string).
std::string named(char first, char letter) {
  std::string n(1, first);
  n += letter;
  n += ", X";
  return n;
}

Registration reg(const std::string& name, int rapid, const std::string& fed = "ESP") {
  Registration r;
  r.name = name;
  r.federation = fed;
  r.ratings.rapid = rapid;
  return r;
}

Event field(const EventSettings& s, int n) {
  Event e = new_event(s, {"Test", "Benalmadena", "ESP", "2023/04/01", "", "", ""});
  for (int i = 0; i < n; ++i) register_player(e, reg(named('P', char('A' + i)), 2300 - 20 * i));
  e.tournament.initial_colour = WHITE;
  return e;
}

Event reload(const Event& e) { return read_event(write_event(e), "e.trf"); }

// Pairs the next round; every game 1-0 except that `absent` forfeits (loses) their game.
void play_round(Event& e, Tpn absent = 0) {
  auto pr = pair_next_round(e, false);
  const auto& boards = e.settings.boards.at(pr.round);
  for (size_t b = 0; b < boards.size(); ++b) {
    auto [w, bl] = boards[b];
    if (board_result(e, pr.round, int(b) + 1) != "") continue;
    std::string res = w == absent ? "-+" : bl == absent ? "+-" : "1-0";
    set_result(e, pr.round, int(b) + 1, res);
  }
}

}  // namespace

TEST(EventRegulations, ForfeitOnlyNoShowsNeverWithdraw) {
  EventSettings s = swiss();
  s.no_show = {NoShowPolicy::ForfeitOnly, 0};
  Event e = reload(field(s, 8));
  EXPECT_EQ(e.settings.no_show.policy, NoShowPolicy::ForfeitOnly);
  play_round(e, 3);
  play_round(e, 3);
  play_round(e, 3);
  pair_next_round(e, false);
  // Three no-shows, each losing that game only: still paired in round 4.
  EXPECT_FALSE(e.settings.withdrawn.count(3));
  EXPECT_TRUE(e.tournament.player(3).round(4).has_opponent());
}

TEST(EventRegulations, WithdrawAfterTwoCountsOnlyUnexcusedNoShows) {
  EventSettings s = swiss();
  s.no_show = *parse_no_show("withdraw-after-2");
  Event e = reload(field(s, 8));
  EXPECT_EQ(to_string(e.settings.no_show), "withdraw-after-2");
  play_round(e, 2);
  excuse(e, 2);
  play_round(e, 2);  // first unexcused no-show: plays on
  EXPECT_FALSE(e.settings.withdrawn.count(2));
  play_round(e, 2);  // second unexcused: withdrawn for good before round 4
  pair_next_round(e, false);
  EXPECT_EQ(e.settings.withdrawn.at(2), 4);
  EXPECT_TRUE(e.settings.withdrawn_for_good.count(2));
}

TEST(EventRegulations, SecondNoShowReinstatedOnlyAsAnExceptionWithItsReason) {
  Event e = field(swiss(), 8);
  play_round(e, 4);
  excuse(e, 4);
  play_round(e, 4);
  play_round(e);  // round 3 pairing withdrew 4 for good
  EXPECT_TRUE(e.settings.withdrawn_for_good.count(4));
  EXPECT_THROW(reinstate(e, 4), EventError);
  reinstate(e, 4, "doctor's certificate shown on the day");
  e = reload(e);
  ASSERT_EQ(e.settings.exceptions.size(), 1u);
  EXPECT_EQ(e.settings.exceptions[0].player, 4);
  EXPECT_EQ(e.settings.exceptions[0].round, 4);
  EXPECT_EQ(e.settings.exceptions[0].reason, "doctor's certificate shown on the day");
  EXPECT_FALSE(e.settings.withdrawn.count(4));
  pair_next_round(e, false);
  EXPECT_TRUE(e.tournament.player(4).round(4).has_opponent());
}

TEST(EventRegulations, ByeDeadlineAndDenial) {
  EventSettings s = swiss();
  s.byes.deadline = 1;  // events.md A: requested before round 1
  Event e = field(s, 8);
  request_bye(e, 5, 4, 'H');
  request_bye(e, 6, 2, 'H');
  EXPECT_EQ(deny_byes(e, 6, "financial support"), std::vector<int>{2});
  EXPECT_FALSE(e.settings.byes_requested.count(6));
  try {
    request_bye(e, 6, 3, 'H');
    ADD_FAILURE() << "a denied player got a bye";
  } catch (const EventError& x) {
    EXPECT_NE(std::string(x.what()).find("financial support"), std::string::npos);
  }
  e = reload(e);
  EXPECT_EQ(e.settings.byes_denied.at(6), "financial support");
  play_round(e);
  EXPECT_THROW(request_bye(e, 7, 4, 'H'), EventError);  // past the deadline
  request_bye(e, 7, 4, 'Z');                            // a known absence is still recorded
}

TEST(EventRegulations, PlayerCapAndFideIdForForeignPlayers) {
  EventSettings s = swiss();
  s.entry.max_players = 3;
  s.entry.fide_id_for_foreign = true;
  Event e = reload(field(s, 2));
  EXPECT_THROW(register_player(e, reg("Foreign, F", 2000, "FRA")), EventError);
  Registration f = reg("Foreign, F", 2000, "FRA");
  f.fide_id = "651234";
  register_player(e, f);
  EXPECT_THROW(register_player(e, reg("Fourth, F", 1900)), EventError);
  EXPECT_EQ(e.tournament.player_count(), 3);
}

TEST(EventRegulations, LateEntryRenumbersAndSaysWhoChanged) {
  Event e = field(swiss(), 6);  // PA 2300 ... PF 2200
  play_round(e);
  // A 2250 player enters into round 2: initial order puts them 4th (after 2300, 2280, 2260).
  auto r = enter_player(e, reg("Late, L", 2250));
  EXPECT_EQ(r.tpn, 4);
  EXPECT_EQ(r.first_round, 2);
  EXPECT_EQ(r.renumbered, (std::map<int, int>{{4, 5}, {5, 6}, {6, 7}}));
  EXPECT_EQ(e.tournament.player(4).round(1).result, ResultCode::ZeroBye);
  EXPECT_EQ(e.settings.entry_round.at(4), 2);
}

TEST(EventRegulations, LateEntryKeepsPublishedNumbersAndTakesHalfPointsWhenTheRulesSaySo) {
  EventSettings s = swiss();
  s.entry.keep_published_numbers = true;
  s.entry.missed_rounds = 'H';
  Event e = reload(field(s, 6));
  play_round(e);
  auto r = enter_player(e, reg("Late, L", 2250), 3);
  EXPECT_EQ(r.tpn, 7);
  EXPECT_TRUE(r.renumbered.empty());
  EXPECT_EQ(e.tournament.player(7).round(1).result, ResultCode::HalfBye);
  EXPECT_EQ(e.settings.byes_requested.at(7).at(2), 'H');
  play_round(e);
  EXPECT_EQ(e.tournament.player(7).round(2).result, ResultCode::HalfBye);
  EXPECT_EQ(e.tournament.player(7).score(e.tournament.scoring), 10);  // two half-point byes
}

TEST(EventRegulations, RoundRobinLateEntryTakesTheFreeNumber) {
  EventSettings s;
  s.system = EventSystem::RoundRobin;
  s.rounds = 5;
  s.seed = 3;
  Event e = new_event(s, {"RR", "", "", "", "", "", ""});
  for (int i = 0; i < 5; ++i) register_player(e, reg(named('R', char('A' + i)), 2000 + i));
  auto p1 = pair_next_round(e, false);
  const Tpn free1 = p1.pairing.free;  // 5 players: whoever meets number 6 (C.05 Annex 1: 1)
  EXPECT_EQ(free1, 1);
  for (int b = 1; b <= 2; ++b) set_result(e, 1, b, "1/2-1/2");
  auto r = enter_player(e, reg("Late, L", 2100));
  EXPECT_EQ(r.tpn, 6);
  EXPECT_TRUE(r.renumbered.empty());
  pair_next_round(e, false);
  // C.05 Annex 1, 6 players, round 2: 6-4, 5-3, 1-2.
  using Boards = std::vector<std::pair<int, int>>;
  EXPECT_EQ(e.settings.boards.at(2), (Boards{{6, 4}, {5, 3}, {1, 2}}));
  // The even field has no free number left.
  EXPECT_THROW(enter_player(e, reg("Later, L", 2100)), EventError);
}

TEST(EventRegulations, RoundDatesBecomeTrf2026Record132) {
  EventSettings s = swiss(3);
  s.byes.last_round = 0;
  Event e = field(s, 4);
  set_round_date(e, 1, "2023/04/01");
  set_round_date(e, 2, "2023-04-01");
  set_round_date(e, 3, "2023/04/02");
  EXPECT_THROW(set_round_date(e, 2, "2023/04/03"), EventError);  // after round 3
  EXPECT_THROW(set_round_date(e, 2, "2023/02/30"), EventInputError);
  EXPECT_THROW(set_round_date(e, 4, "2023/04/02"), EventInputError);
  const std::string trf = write_event(e);
  // trf.md: 132, dates YY/MM/DD at columns 92, 102, 112.
  auto at = trf.find("\n132");
  ASSERT_NE(at, std::string::npos);
  std::string line = trf.substr(at + 1, trf.find('\n', at + 1) - at - 1);
  ASSERT_GE(line.size(), 119u);
  EXPECT_EQ(line.substr(91, 8), "23/04/01");
  EXPECT_EQ(line.substr(101, 8), "23/04/01");
  EXPECT_EQ(line.substr(111, 8), "23/04/02");
  EXPECT_EQ(export_tournament(reload(e)).round_dates,
            (std::vector<std::string>{"23/04/01", "23/04/01", "23/04/02"}));
}

TEST(EventRegulations, SettingsRoundTripAndBadRecordsNamed) {
  EventSettings s = swiss();
  s.byes.deadline = 2;
  s.entry = {200, true, 'H', true};
  s.unrated_rating = 1400;
  s.no_show = {NoShowPolicy::WithdrawAfterN, 3};
  Event e = field(s, 2);
  const Event back = reload(e);
  EXPECT_EQ(back.settings.byes, s.byes);
  EXPECT_EQ(back.settings.entry, s.entry);
  EXPECT_EQ(back.settings.no_show, s.no_show);
  EXPECT_EQ(back.settings.unrated_rating, 1400);
  EXPECT_EQ(reload(back).settings, back.settings);
  const std::string text = write_event(e);
  const std::string bad = text + "XAR NO-SHOW sometimes\n";
  const int line = int(std::count(text.begin(), text.end(), '\n')) + 1;
  try {
    read_event(bad, "ev.trf");
    ADD_FAILURE();
  } catch (const EventError& x) {
    EXPECT_EQ(std::string(x.what()),
              "ev.trf:" + std::to_string(line) + ":13: unknown no-show policy 'sometimes'");
  }
}

TEST(EventPrizes, SharedEquallyByPointsOnePrizePerPlayerAndSpecErrorsNamed) {
  Event e = field(swiss(), 5);
  e.tournament.player(2).sex = 'w';
  // Final order (caller's standings): 1 and 2 tied on 4 points, then 3, 4, 5.
  std::vector<FinalRow> rows = {{1, 40, 1}, {2, 40, 1}, {3, 30, 3}, {4, 20, 4}, {5, 10, 5}};
  auto spec = parse_prize_spec(
      "place 1 1000\nplace 2 500\nplace 3 300 Third\ncategory women 1 100 Best woman\n", "p.txt");
  auto a = award_prizes(e, rows, spec);
  // 1st and 2nd shared equally by the two on 4 points: (1000 + 500) / 2 each; the woman holds a
  // place prize already, so the women's prize passes to nobody (no other woman).
  ASSERT_EQ(a.size(), 5u);
  long p1 = 0, p2 = 0;
  for (const auto& x : a) {
    if (x.player == 1) p1 += x.cents;
    if (x.player == 2) p2 += x.cents;
  }
  EXPECT_EQ(p1, 75000);
  EXPECT_EQ(p2, 75000);
  EXPECT_EQ(a[4].player, 3);
  EXPECT_EQ(a[4].prize, "Third");
  EXPECT_EQ(format_cents(a[4].cents), "300");
  // By tie-break: the standings' order decides.
  spec.share_equally = false;
  auto b = award_prizes(e, rows, spec);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].player, 1);
  EXPECT_EQ(b[1].player, 2);
  try {
    parse_prize_spec("sharing equal\nplace x 100\n", "p.txt");
    ADD_FAILURE();
  } catch (const EventInputError& x) {
    EXPECT_EQ(std::string(x.what()), "p.txt:2:7: expected a place (1 or more), found 'x'");
  }
  EXPECT_THROW(parse_prize_spec("category martians 1 5\n", "p.txt"), EventInputError);
}
