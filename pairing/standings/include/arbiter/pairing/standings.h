#pragma once
// Ranking (C.07 art. 2-4): points first, then the event's tie-breaks in order, each applied only
// inside the groups still tied; shared places when the list runs out, or lots if the regulations
// say so. Sub-rankings over a filtered group (women, juniors, a rating band, a federation or
// region) and prize places.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/tiebreak.h"

namespace arbiter::pairing {

struct StandingsOptions {
  TiebreakOptions tiebreak;
  // Rank by points first when the list does not start with PTS (events list only the
  // tie-breaks; TRF-2026 212 lists "PTS," explicitly).
  bool points_first = true;
  // Break ties left after the whole list by drawing lots (art. 4.2), with this seed; otherwise
  // tied players share the place.
  std::optional<std::uint64_t> lots_seed;
};

struct StandingsRow {
  int start_no = 0;
  int rank = 0;         // 1-based; equal for players sharing a place
  bool shared = false;  // shares the place with another player
  bool by_lot = false;  // separated from someone only by drawing lots
  double points = 0;
  std::vector<TiebreakValue> values;  // one per spec (DE: position in its tied group, 0 = none)
};

struct Standings {
  std::vector<TiebreakSpec> specs;
  TiebreakRules rules = TiebreakRules::Fide2026;
  bool round_robin = false;
  int rounds = 0;
  std::vector<StandingsRow> rows;  // in rank order (ties: start-number order)
  std::string note;                // e.g. playoff applied

  // Row of a player; throws std::out_of_range.
  const StandingsRow& row(int start_no) const;
};

Standings compute_standings(const Crosstable& ct, const std::vector<TiebreakSpec>& specs,
                            const StandingsOptions& o = {});

// A sub-ranking: the players accepted by `filter`, in the overall order, places renumbered
// (players sharing an overall place keep sharing it).
Standings sub_ranking(const Standings& all, const std::function<bool(int start_no)>& filter);

// Common filters.
struct PlayerFilter {
  std::optional<char> sex;                    // 'w' (women; 'f' accepted) or 'm'
  std::optional<int> born_from, born_to;      // birth year range (juniors: born_from)
  std::optional<int> rating_min, rating_max;  // rating band (inclusive)
  std::vector<std::string> federations;       // any of these (e.g. {"ESP"}); region lists too
  std::vector<int> start_numbers;             // explicit list (e.g. residents of a region)
  bool accepts(const CrossPlayer& p) const;
};
// Parses "sex=w", "born>=2008", "born<=2010", "rating<2000", "rating>=1600", "fed=ESP,POR",
// "players=3,7,12", joined by ';'. Throws std::invalid_argument naming the bad item.
PlayerFilter parse_filter(const std::string& text);

// Prize places 1..n: for each place the players in it (several when the place is shared).
std::vector<std::vector<int>> prize_places(const Standings& s, int n);

}  // namespace arbiter::pairing
