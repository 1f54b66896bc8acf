#pragma once
// Initial order and pairing numbers (C.04.2 Article 2 "Initial order and late entries"; the seed
// events in ../shared/reference/events.md):
//   1. rating on the event's list (FIDE standard, rapid or blitz), highest first;
//   2. players without a FIDE rating after all rated ones, ordered by national rating;
//   3. equal ratings: title (GM IM WGM FM WIM CM WFM WCM, then untitled);
//   4. then alphabetically by name.
// Pairing numbers may be re-assigned (rating corrections, late entries) until the fourth round
// has been paired; after that a late entrant gets the next free number.
#include <optional>
#include <string_view>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

// 0 = GM ... 7 = WCM, 8 = untitled/unknown. Accepts the TRF spellings (" GM", "WGM") and the
// one-letter codes some programs write (g m wg f wm c wf wc).
int title_rank(std::string_view title);

struct InitialOrderOptions {
  // The event's rating list; std::nullopt = the rating written in the 001 record (Player::rating).
  std::optional<RatingList> list;
};

// The FIDE rating used for the order.
int order_rating(const Player& p, const InitialOrderOptions& o);

// True if a should come before b in the initial order (ties fall back to the current TPN, so the
// order is total and stable).
bool initial_order_before(const Player& a, const Player& b, const InitialOrderOptions& o);

// Current TPNs listed in initial order.
std::vector<Tpn> initial_order(const Tournament& t, const InitialOrderOptions& o = {});

// Gives order[i] the pairing number i + 1 (order must be a permutation of 1..N) and rewrites
// every reference: opponents, accelerations, forbidden pairs, declared byes.
void renumber(Tournament& t, const std::vector<Tpn>& order);

// C.04.2 art. 2: numbers may change only until the fourth round has been paired.
inline bool can_renumber(const Tournament& t) { return t.paired_rounds() < 4; }

// Adds a late entrant. Until round 4 is paired the field is renumbered in initial order (the
// entrant takes its place); afterwards the entrant gets the next number. Rounds already paired
// that the entrant has no cell for become zero-point byes (C.04.2: rounds missed by a late
// entry are unplayed; give the cells yourself for half-point byes). Returns the entrant's TPN.
Tpn add_late_entry(Tournament& t, Player entrant, const InitialOrderOptions& o = {});

}  // namespace arbiter::pairing
