#pragma once
// The standings of an event as its regulations define them: the event's tie-break list and rule
// set (C.07 2022/2024/2026), the regulations' rating for unrated opponents (C.07 art. 10), and
// the play-off applied once all its games have results (event_playoff.h). Publications, prizes
// and the CLI all take the order from here, so that every list shows the same places.
#include <map>
#include <string>
#include <vector>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/event.h"
#include "arbiter/pairing/standings.h"

namespace arbiter::pairing {

struct EventStandings {
  Tournament t;  // export_tournament(e)
  Crosstable ct;
  Standings s;
};

TiebreakRules tiebreak_rules_of(const EventSettings& s);

// Throws EventInputError naming the item when `filter` is not a filter of this event (an
// unknown key, a category the event does not define).
void check_event_filter(const EventSettings& s, const std::string& filter);

// The event's standings; with `filter` the sub-ranking over that group (events.md B: the
// best-placed resident of Aragon), places renumbered. The filter is parse_filter's syntax plus
// `cat=CODE`: the members of one of the event's categories (--category ARA=Region=Aragon), whose
// numbers, unlike players=..., survive a round robin's lot. The play-off is applied
// to the ranking it decides: the whole event, or the sub-ranking named by PlayoffRules::scope.
// Throws EventInputError for a bad tie-break list or filter.
EventStandings event_standings(const Event& e, const std::string& filter = {});

// A player's place in one of the event's categories (EventSettings::categories): the category's
// sub-ranking in the order of `s`, places renumbered, shared where the overall place is shared.
struct CategoryPlace {
  std::string code;
  int rank = 0;
  bool shared = false;
};
// Every player's places in the event's categories, by pairing number (players in none absent).
// Throws EventInputError for a category arbiter does not know.
std::map<Tpn, std::vector<CategoryPlace>> category_places(const Event& e, const Standings& s);
// "W1 U18-2=" style: code and place ("=" when shared), space separated.
std::string category_text(const std::vector<CategoryPlace>& places);

}  // namespace arbiter::pairing
