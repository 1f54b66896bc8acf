// Initial order (C.04.2 art. 2, events.md), renumbering and late entries.
#include <gtest/gtest.h>

#include "arbiter/pairing/initial_order.h"
#include "arbiter/pairing/trf.h"
#include "test_support.h"

namespace ap = arbiter::pairing;
using arbiter::test::shared;

namespace {

ap::Player make(ap::Tpn tpn, const std::string& name, int rating, const std::string& title = "",
                int national = 0) {
  ap::Player p;
  p.tpn = tpn;
  p.name = name;
  p.rating = rating;
  p.title = title;
  p.ratings.national = national;
  return p;
}

}  // namespace

TEST(ModelInitialOrder, TitleRanks) {
  EXPECT_EQ(ap::title_rank("GM"), 0);
  EXPECT_EQ(ap::title_rank(" IM"), 1);
  EXPECT_EQ(ap::title_rank("WGM"), 2);
  EXPECT_EQ(ap::title_rank("FM"), 3);
  EXPECT_EQ(ap::title_rank("WIM"), 4);
  EXPECT_EQ(ap::title_rank("CM"), 5);
  EXPECT_EQ(ap::title_rank("WFM"), 6);
  EXPECT_EQ(ap::title_rank("wcm"), 7);
  EXPECT_EQ(ap::title_rank("g"), 0);
  EXPECT_EQ(ap::title_rank("wf"), 6);
  EXPECT_EQ(ap::title_rank(""), 8);
}

// Rating first; unrated players last by national rating; equal ratings by title then name.
TEST(ModelInitialOrder, RatingTitleName) {
  ap::Tournament t;
  t.players = {make(1, "Able, A", 2400),        make(2, "Baker, B", 2400, "IM"),
               make(3, "Zeta, Z", 2400, "GM"),  make(4, "Alpha, A", 2400, "GM"),
               make(5, "Echo, E", 0, "", 1800), make(6, "Fox, F", 0, "", 1900),
               make(7, "Golf, G", 2500),        make(8, "Hotel, H", 0, "FM", 1800),
               make(9, "able, b", 2400)};
  EXPECT_EQ(ap::initial_order(t), (std::vector<ap::Tpn>{7, 4, 3, 2, 1, 9, 6, 8, 5}));
}

TEST(ModelInitialOrder, EventRatingList) {
  ap::Tournament t;
  t.players = {make(1, "A", 2400), make(2, "B", 2300), make(3, "C", 2200)};
  t.players[0].ratings.rapid = 2000;
  t.players[1].ratings.rapid = 2100;
  t.players[2].ratings.blitz = 2500;  // no rapid rating: unrated on the rapid list
  t.players[0].ratings.blitz = 1900;
  ap::InitialOrderOptions rapid{ap::RatingList::Rapid}, blitz{ap::RatingList::Blitz};
  EXPECT_EQ(ap::initial_order(t, rapid), (std::vector<ap::Tpn>{2, 1, 3}));
  EXPECT_EQ(ap::initial_order(t, blitz), (std::vector<ap::Tpn>{3, 1, 2}));
  EXPECT_EQ(ap::initial_order(t), (std::vector<ap::Tpn>{1, 2, 3}));
}

// Renumbering keeps the file consistent: the written file passes the reader's cross-checks and
// every game is still between the same two people.
TEST(ModelInitialOrder, RenumberKeepsGames) {
  auto t = ap::read_trf_file(shared("data/trf/example-trf26.trf"));
  const auto before = t;
  std::vector<ap::Tpn> order = {7, 6, 5, 4, 3, 2, 1};
  ap::renumber(t, order);
  EXPECT_EQ(t.player(1).name, "Golf, Gustav");
  EXPECT_EQ(t.player(7).name, "Alpha, Anton");
  // Alpha (old 1) played old 4 (Delta, now 4) with White in round 1.
  EXPECT_EQ(t.player(7).rounds[0].opponent, 4);
  EXPECT_EQ(t.player(4).rounds[0].opponent, 7);
  ap::Tournament back;
  ASSERT_NO_THROW(back = ap::read_trf(ap::write_trf(t, {ap::TrfFormat::Trf2026})));
  for (const auto& p : before.players) {
    const auto& q = t.player(8 - p.tpn);
    EXPECT_EQ(q.name, p.name);
    for (size_t r = 0; r < p.rounds.size(); ++r)
      if (p.rounds[r].has_opponent()) {
        EXPECT_EQ(q.rounds[r].opponent, 8 - p.rounds[r].opponent);
      }
  }
  // Declared byes follow the players (240 H round 2 was player 3 -> now 5).
  EXPECT_EQ(t.declared_byes[0].players, (std::vector<ap::Tpn>{5}));
}

TEST(ModelInitialOrder, LateEntryBeforeRound4IsInserted) {
  auto t = ap::read_trf_file(shared("data/trf/example-trf16.trf"));
  // Keep only rounds 1-2 paired.
  for (auto& p : t.players) p.rounds.resize(std::min<size_t>(p.rounds.size(), 2));
  ASSERT_TRUE(ap::can_renumber(t));
  ap::Player late = make(0, "Late, Lars", 2350, "IM");
  ap::Tpn id = ap::add_late_entry(t, late);
  EXPECT_EQ(id, 3);  // after 2510 and 2405, before 2301
  EXPECT_EQ(t.player_count(), 8);
  EXPECT_EQ(t.player(3).name, "Late, Lars");
  EXPECT_EQ(t.player(4).name, "Charlie, Carl");
  EXPECT_EQ(t.player(3).rounds.size(), 2u);
  EXPECT_EQ(t.player(3).rounds[0].bye_kind(), ap::ByeKind::Zero);
  EXPECT_EQ(t.player(3).entry_round, 3);
  EXPECT_NO_THROW(ap::read_trf(ap::write_trf(t)));  // opponents renumbered consistently
  EXPECT_EQ(t.to_pair(3).size(), 8u);
}

TEST(ModelInitialOrder, LateEntryAfterRound4IsAppended) {
  auto t = ap::read_trf_file(shared("data/trf/example-trf16.trf"));
  ASSERT_FALSE(ap::can_renumber(t));  // 5 rounds paired
  ap::Tpn id = ap::add_late_entry(t, make(0, "Late, Lars", 2600, "GM"));
  EXPECT_EQ(id, 8);
  EXPECT_EQ(t.player(1).name, "Alpha, Anton");
  EXPECT_EQ(t.player(8).rounds.size(), 5u);
}
