// Event operations on the TRF model: registration order, bye limits, withdrawals, the no-show
// rule, pairing cells and results. Expected values come from the seed events' regulations
// (../shared/reference/events.md) and C.04.2, worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/trf.h"

using namespace arbiter::pairing;

namespace {

EventSettings rapid_settings() {
  EventSettings s;
  s.system = EventSystem::Dutch;
  s.rounds = 9;
  s.rating_list = RatingList::Rapid;
  s.tiebreaks = "BH/C1 GE DE ARO/C1 WON";
  s.rules = 2022;
  s.byes = {3, 6};  // events.md A, rapid: up to 3 byes, only in rounds 1-6
  s.seed = 7;
  return s;
}

Registration reg(const std::string& name, int rapid, const std::string& title = "",
                 int national = 0) {
  Registration r;
  r.name = name;
  r.title = title;
  r.ratings.rapid = rapid;
  r.ratings.national = national;
  return r;
}

Event six_players() {
  Event e = new_event(rapid_settings(), {"Rapid", "Benalmadena", "ESP", "2023/04/01", "", "", ""});
  register_player(e, reg("Delta, D", 2100));
  register_player(e, reg("Alpha, A", 2300));
  register_player(e, reg("Unrated, U", 0, "", 1900));
  register_player(e, reg("Bravo, B", 2200, "FM"));
  register_player(e, reg("Charlie, C", 2200, "IM"));
  register_player(e, reg("Unrated, V", 0, "", 2000));
  return e;
}

// Round trip through the event file.
Event reload(const Event& e) { return read_event(write_event(e), "e.trf"); }

}  // namespace

TEST(EventOps, InitialOrderByListTitleNameUnratedLast) {
  Event e = six_players();
  // Events.md A: rating of the event's list; equal ratings: better title first; FIDE-unrated
  // after the rated, by national rating.
  std::vector<std::string> names;
  for (const auto& p : e.tournament.players) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Alpha, A", "Charlie, C", "Bravo, B", "Delta, D",
                                             "Unrated, V", "Unrated, U"}));
  Event r = reload(e);
  EXPECT_EQ(r.tournament.player(6).ratings.national, 1900);
  EXPECT_EQ(r.tournament.player(2).rating, 2200);
  EXPECT_EQ(write_event(r), write_event(e));
}

TEST(EventOps, HalfPointByeLimits) {
  Event e = six_players();
  request_bye(e, 1, 1, 'H');
  request_bye(e, 1, 3, 'H');
  EXPECT_THROW(request_bye(e, 1, 3, 'H'), EventError);  // already has that bye
  EXPECT_THROW(request_bye(e, 1, 7, 'H'), EventError);  // rounds 1-6 only
  request_bye(e, 1, 6, 'H');
  Event before = e;
  try {
    request_bye(e, 1, 5, 'H');
    FAIL() << "fourth bye accepted";
  } catch (const EventError& x) {
    EXPECT_STREQ(x.what(), "1 Alpha, A has 3 half-point byes already, the most allowed");
  }
  EXPECT_EQ(write_event(e), write_event(before));  // a refusal changes nothing
  request_bye(e, 1, 8, 'Z');                       // a known absence is not limited
  cancel_bye(e, 1, 3);
  request_bye(e, 1, 5, 'H');
  Event r = reload(e);
  EXPECT_EQ(r.settings.byes_requested.at(1),
            (std::map<int, char>{{1, 'H'}, {5, 'H'}, {6, 'H'}, {8, 'Z'}}));
}

TEST(EventOps, PairingCellsResultsAndNoShowRule) {
  Event e = six_players();
  request_bye(e, 6, 1, 'H');
  auto notes = prepare_round(e, false);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "half-point bye: 6 Unrated, U");
  // A pairing as the Dutch module would hand it in (5 players: one PAB).
  apply_pairing(e, 1, {{1, 4}, {3, 2}}, 5);
  EXPECT_THROW(prepare_round(e, false), EventError);  // results missing
  EXPECT_EQ(missing_results(e, 1), (std::vector<int>{1, 2}));
  EXPECT_THROW(set_result(e, 1, 3, "1-0"), EventInputError);
  EXPECT_THROW(set_result(e, 1, 1, "2-0"), EventInputError);
  EXPECT_EQ(set_result(e, 1, 1, "1/2"), "1/2-1/2");
  EXPECT_EQ(set_result(e, 1, 2, "+-"), "+-");  // 2 did not appear: a no-show
  e = reload(e);
  EXPECT_EQ(board_result(e, 1, 2), "+-");
  EXPECT_EQ(e.tournament.player(5).round(1).result, ResultCode::PairingBye);
  EXPECT_EQ(e.tournament.player(6).round(1).result, ResultCode::HalfBye);
  EXPECT_EQ(no_shows(e, 2), (std::vector<int>{1}));
  // Not excused before the next pairing: withdrawn (events.md A).
  Event e2 = e;
  notes = prepare_round(e2, false);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "withdrawn: 2 Charlie, C (no-show in round 1, not excused)");
  EXPECT_EQ(e2.settings.withdrawn.at(2), 2);
  auto to_pair = e2.tournament.to_pair(2);
  EXPECT_EQ(to_pair, (std::vector<Tpn>{1, 3, 4, 5, 6}));
  // Excused in time: plays on.
  excuse(e, 2);
  EXPECT_THROW(excuse(e, 2), EventError);
  notes = prepare_round(e, false);
  EXPECT_TRUE(notes.empty());
  apply_pairing(e, 2, {{2, 1}, {4, 3}, {6, 5}}, 0);
  set_result(e, 2, 1, "-+");  // 2 absent again: a second no-show
  set_result(e, 2, 2, "0-1");
  set_result(e, 2, 3, "1-0");
  notes = prepare_round(e, false);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "withdrawn for good: 2 Charlie, C (second no-show, round 2)");
  EXPECT_THROW(reinstate(e, 2), EventError);
  e = reload(e);
  EXPECT_TRUE(e.settings.withdrawn_for_good.at(2));
  EXPECT_EQ(e.tournament.player(2).withdrawn_from, 3);
  // Points: 1 drew, won by forfeit in round 2 -> 1.5.
  EXPECT_EQ(e.tournament.player(1).score(e.tournament.scoring), 15);
}

TEST(EventOps, LateEntryRenumbersUntilRoundFour) {
  Event e = six_players();
  prepare_round(e, false);
  apply_pairing(e, 1, {{1, 4}, {2, 5}, {3, 6}}, 0);
  set_result(e, 1, 1, "1-0");
  set_result(e, 1, 2, "0-1");
  set_result(e, 1, 3, "1/2-1/2");
  // A late entry rated above everyone becomes number 1 (C.04.2 Art. 2); cells follow.
  Tpn t = register_player(e, reg("Zulu, Z", 2400));
  EXPECT_EQ(t, 1);
  EXPECT_EQ(e.tournament.player(1).round(1).result, ResultCode::ZeroBye);
  EXPECT_EQ(e.settings.entry_round.at(1), 2);
  EXPECT_EQ(e.tournament.player(2).name, "Alpha, A");
  EXPECT_EQ(e.tournament.player(2).round(1).opponent, 5);  // was 4, now 5
  EXPECT_EQ(e.settings.boards.at(1)[0], (std::pair<int, int>{2, 5}));
  Event r = reload(e);
  EXPECT_EQ(r.tournament.player(1).entry_round, 2);
  EXPECT_EQ(board_result(r, 1, 2), "0-1");
}

TEST(EventOps, WithdrawAndReinstate) {
  Event e = six_players();
  request_bye(e, 3, 4, 'H');
  withdraw(e, 3, 3);
  EXPECT_FALSE(e.settings.byes_requested.count(3));  // the bye after the withdrawal is void
  EXPECT_THROW(request_bye(e, 3, 5, 'H'), EventError);
  EXPECT_THROW(withdraw(e, 3, 4), EventError);
  reinstate(e, 3);
  EXPECT_FALSE(e.settings.withdrawn.count(3));
  EXPECT_THROW(find_player(e, "Unrated"), EventInputError);  // two players
  EXPECT_EQ(find_player(e, "unrated, v"), 5);
  EXPECT_EQ(find_player(e, "Brav"), 3);
  EXPECT_THROW(find_player(e, "99"), EventInputError);
}

TEST(EventOps, EventFileIsPlainTrfForOtherReaders) {
  Event e = six_players();
  prepare_round(e, false);
  apply_pairing(e, 1, {{1, 4}, {2, 5}, {3, 6}}, 0);
  std::string text = write_event(e);
  // A TRF reader that knows nothing of XAR still reads it (unknown records are skipped or kept).
  Tournament t = read_trf(text, "e.trf");
  EXPECT_EQ(t.player_count(), 6);
  EXPECT_EQ(t.total_rounds, 9);
  EXPECT_EQ(t.tiebreaks, "BH/C1,GE,DE,ARO/C1,WON");
}

// A TRF-2026 NRS record gives a national rating in columns 49-52 (../shared/reference/trf.md):
// four digits, which the event must write back where its reader takes them again (fuzz_event,
// 3 Dec 2026: an NRS rating of 9999 was read, written as XAR RATINGS and then refused, so the
// event's next change made it unreadable). A signed rating is refused where it stands.
TEST(EventOps, NationalRatingsOfNrsRecordsSurviveTheRoundTrip) {
  Event start = six_players();
  register_player(start, reg("Zulu, Z", 0));  // no rating: no XAR RATINGS record for 7
  std::string text = write_event(start);
  const std::string nrs = "ESP    7" + std::string(40, ' ') + "9999";  // columns 1-3, 5-8, 49-52
  text.insert(text.find("### arbiter"), "172 ESP FIDON\n" + nrs + "\n");
  Event e = read_event(text, "e.trf");
  ASSERT_EQ(e.tournament.player(7).ratings.national, 9999);
  Event back = reload(e);
  EXPECT_EQ(back.tournament.player(7).ratings.national, 9999);
  EXPECT_EQ(write_event(back), write_event(e));

  std::string bad = text;
  bad.replace(bad.find(nrs) + 48, 4, "-999");
  const int line = int(std::count(bad.begin(), bad.begin() + bad.find("ESP    7"), '\n')) + 1;
  try {
    read_event(bad, "e.trf");
    ADD_FAILURE() << "a signed national rating was read";
  } catch (const TrfError& x) {
    EXPECT_NE(std::string(x.what()).find("e.trf:" + std::to_string(line) + ":49:"),
              std::string::npos)
        << x.what();
  }
}
