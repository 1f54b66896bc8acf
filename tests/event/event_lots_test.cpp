// The event's lots drawn from digests of its seed (event_lots.h): round 1's colour (C.04.3 art. 5:
// by lot before round 1), each round's Chess960 position (Guidelines II: one per round) and the
// play-off's colours and positions (events.md A). The rules are checked with stand-in digests the
// test chooses (so the expected colour follows from the rule, not from a hash), and once with the
// engine's SHA-256 against digests computed independently (Python's hashlib).
#include "arbiter/pairing/event_lots.h"

#include <gtest/gtest.h>

#include "arbiter/engine/chess960.h"
#include "arbiter/pairing/event_playoff.h"
#include "event_builder.h"

using namespace arbiter::pairing;
using arbiter::BLACK;
using arbiter::WHITE;

namespace {

Event event(EventSystem system, int players, int rounds, std::uint64_t seed,
            EventVariant variant = EventVariant::Standard) {
  EventSettings s;
  s.system = system;
  s.rounds = rounds;
  s.seed = seed;
  s.variant = variant;
  return test::event_with_players(s, players);
}

// Stand-in draws: the digest of every text is `first_byte` followed by zeros; the Chess960
// position of a seed text is its length (a value the test can predict). Both record their inputs.
struct FakeDraws {
  std::string first_byte = "00";
  std::vector<std::string> hashed, drawn;
  LotDraws draws() {
    LotDraws d;
    d.sha256_hex = [this](std::string_view t) {
      hashed.emplace_back(t);
      return first_byte + std::string(62, '0');
    };
    d.chess960 = [this](std::string_view seed) {
      drawn.emplace_back(seed);
      return Chess960Start{int(seed.size()), "RANK" + std::to_string(seed.size()),
                           "audit of " + std::string(seed)};
    };
    return d;
  }
};

void draw_all(Event& e, int round) {
  for (size_t b = 1; b <= e.settings.boards.at(round).size(); ++b)
    set_result(e, round, int(b), "1/2-1/2");
}

// Pairs every round of `e` with `draws`, every game drawn: everybody ties on top.
void play_all_drawn(Event& e, const LotDraws& draws) {
  for (int r = 1; r <= e.settings.rounds; ++r) {
    pair_with_lots(e, false, draws);
    draw_all(e, r);
  }
}

}  // namespace

TEST(EventLots, InitialColourIsTheParityOfTheFirstDigestByte) {
  // Odd first byte: Black for player 1; even: White.
  for (auto [byte, colour, word] :
       {std::tuple{"01", BLACK, "black"}, std::tuple{"fe", WHITE, "white"},
        std::tuple{"7f", BLACK, "black"}}) {
    Event e = event(EventSystem::Dutch, 6, 3, 5);
    FakeDraws f{byte, {}, {}};
    const PairedRound pr = pair_with_lots(e, false, f.draws());
    EXPECT_EQ(f.hashed, std::vector<std::string>{"5:initial colour"});
    EXPECT_EQ(e.tournament.initial_colour, colour);
    const std::string line =
        "initial colour by lot: sha256(\"5:initial colour\") = " + std::string(byte) +
        "000000... -> " + word + " for player 1";
    ASSERT_FALSE(pr.notes.empty());
    EXPECT_EQ(pr.notes.front(), line);
    EXPECT_EQ(e.settings.lots, std::vector<std::string>{line});
    EXPECT_TRUE(f.drawn.empty()) << "no Chess960 draw in a standard event";
    // Round 2: the colour is drawn once.
    draw_all(e, 1);
    pair_with_lots(e, false, f.draws());
    EXPECT_EQ(f.hashed.size(), 1u);
  }
}

TEST(EventLots, NoColourLotForARoundRobinOrAGivenColour) {
  Event rr = event(EventSystem::RoundRobin, 4, 3, 5);
  FakeDraws f;
  pair_with_lots(rr, false, f.draws());
  EXPECT_TRUE(f.hashed.empty());
  Event given = event(EventSystem::Dutch, 4, 3, 5);
  given.tournament.initial_colour = WHITE;
  pair_with_lots(given, false, f.draws());
  EXPECT_TRUE(f.hashed.empty());
}

TEST(EventLots, Chess960DrawsOnePositionPerRoundFromSeedColonRound) {
  Event e = event(EventSystem::RoundRobin, 4, 3, 77, EventVariant::Chess960);
  FakeDraws f;
  play_all_drawn(e, f.draws());
  EXPECT_EQ(f.drawn, (std::vector<std::string>{"77:round 1", "77:round 2", "77:round 3"}));
  ASSERT_EQ(e.settings.starts.size(), 3u);
  for (int r = 1; r <= 3; ++r) {
    const std::string seed = "77:round " + std::to_string(r);
    EXPECT_EQ(e.settings.starts[size_t(r - 1)],
              (RoundStart{r, int(seed.size()),
                          "RANK" + std::to_string(seed.size()) + "; audit of " + seed}));
  }
}

TEST(EventLots, AFailedDrawLeavesTheEventUnchanged) {
  Event e = event(EventSystem::Dutch, 6, 3, 5, EventVariant::Chess960);
  const std::string before = write_event(e);
  FakeDraws f;
  LotDraws d = f.draws();
  d.chess960 = [](std::string_view) -> Chess960Start { throw EventError("no draw"); };
  EXPECT_THROW(pair_with_lots(e, false, d), EventError);
  EXPECT_EQ(write_event(e), before);
}

TEST(EventLots, ArmageddonColoursAndPositionByLot) {
  for (auto [byte, swapped] : {std::pair{"00", false}, std::pair{"03", true}}) {
    Event e = event(EventSystem::RoundRobin, 4, 3, 960, EventVariant::Chess960);
    e.settings.playoff = *parse_playoff("armageddon:300/240");
    FakeDraws f{byte, {}, {}};
    play_all_drawn(e, f.draws());
    f.drawn.clear();
    const DrawnPlayoff d = draw_event_playoff(e, f.draws());
    EXPECT_EQ(f.hashed.back(), "960:armageddon colours");
    EXPECT_EQ(f.drawn, std::vector<std::string>{"960:armageddon"});
    ASSERT_EQ(d.players.size(), 2u);  // everybody drew: the first two of the standings
    EXPECT_EQ(d.points, 1.5);
    ASSERT_EQ(e.settings.playoff_games.size(), 1u);
    const PlayoffGame& g = e.settings.playoff_games[0];
    // Events.md A: colours by lot; an odd first byte gives White to the second player.
    EXPECT_EQ(g.white, swapped ? d.players[1] : d.players[0]);
    EXPECT_EQ(g.black, swapped ? d.players[0] : d.players[1]);
    EXPECT_EQ(g.position, int(std::string("960:armageddon").size()));
    EXPECT_NE(d.lot_audit.find("sha256(\"960:armageddon colours\") = " + std::string(byte)),
              std::string::npos)
        << d.lot_audit;
    EXPECT_NE(g.audit.find("960 position RANK14; audit of 960:armageddon"), std::string::npos)
        << g.audit;
    EXPECT_THROW(draw_event_playoff(e, f.draws()), EventError) << "drawn once";
  }
}

TEST(EventLots, GroupPlayoffDrawsAPositionPerGame) {
  Event e = event(EventSystem::RoundRobin, 4, 3, 77, EventVariant::Chess960);
  e.settings.playoff = *parse_playoff("group");
  FakeDraws f;
  play_all_drawn(e, f.draws());
  f.drawn.clear();
  const DrawnPlayoff d = draw_event_playoff(e, f.draws());
  EXPECT_EQ(f.hashed.back(), "77:playoff lot");
  EXPECT_EQ(d.players.size(), 4u);
  ASSERT_EQ(e.settings.playoff_games.size(), 6u);  // C.05 Annex 1: 4 players, 3 rounds of 2
  ASSERT_EQ(d.positions.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(f.drawn[i], "77:playoff game " + std::to_string(i + 1));
    EXPECT_EQ(e.settings.playoff_games[i].position, int(f.drawn[i].size()));
  }
}

TEST(EventLots, NoPlayoffWithoutATieOnTop) {
  Event e = event(EventSystem::RoundRobin, 4, 3, 77);
  e.settings.playoff = *parse_playoff("armageddon:300/240");
  FakeDraws f;
  for (int r = 1; r <= 3; ++r) {
    pair_with_lots(e, false, f.draws());
    for (size_t b = 1; b <= e.settings.boards.at(r).size(); ++b)
      set_result(e, r, int(b),
                 e.settings.boards.at(r)[b - 1].first == 1    ? "1-0"
                 : e.settings.boards.at(r)[b - 1].second == 1 ? "0-1"
                                                              : "1/2-1/2");
  }
  EXPECT_THROW(draw_event_playoff(e, f.draws()), EventError);
  EXPECT_TRUE(e.settings.playoff_games.empty());
}

// With the engine's SHA-256: "2023:initial colour" has digest 7705dde5... (hashlib), 0x77 odd:
// Black; "5:initial colour" 03677683..., odd: Black; "2:initial colour" 989b3eae..., even: White.
TEST(EventLots, EngineDigestGivesTheColourHashlibPredicts) {
  LotDraws d;
  d.sha256_hex = [](std::string_view t) { return arbiter::chess960::sha256_hex(t); };
  d.chess960 = [](std::string_view) { return Chess960Start{}; };
  for (auto [seed, prefix, colour] :
       {std::tuple{2023, "7705dde5", BLACK}, std::tuple{5, "03677683", BLACK},
        std::tuple{2, "989b3eae", WHITE}}) {
    Event e = event(EventSystem::Dutch, 6, 3, std::uint64_t(seed));
    pair_with_lots(e, false, d);
    EXPECT_EQ(e.tournament.initial_colour, colour) << seed;
    ASSERT_EQ(e.settings.lots.size(), 1u);
    EXPECT_NE(e.settings.lots[0].find(std::string(" = ") + prefix + "..."), std::string::npos);
  }
}
