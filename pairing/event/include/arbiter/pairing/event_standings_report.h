#pragma once
// The event's standings as an arbiter publishes them (issue 20): every format of `arbiter event
// standings` with the event's categories (a "Cat." column and, in text, each category's
// ranking), the tie-breaks named in full, the final order that prizes are awarded from, and the
// TRF-2026 report for rating. The CLI and the desk only parse options and print these.
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_prizes.h"
#include "arbiter/pairing/event_standings.h"
#include "arbiter/pairing/publication.h"

namespace arbiter::pairing {

// The key to the "Cat." column: "Cat. (category and place in it, = shared): W = women; U18 =
// junior:2008". Empty when the event has no categories.
std::string categories_key(const Event& e);
// Each category's ranking as text lines ("Category W (women): 1. 5 Brown, Ann 2.5, ...").
std::string categories_text(const Event& e, const EventStandings& c);
// The standings as a publication table: rank, number, name, title, federation, rating, points,
// every tie-break, the categories; notes name each tie-break in full (tiebreak_name) and key
// the categories.
Table standings_table(const Event& e, const EventStandings& c);

// `event standings --format F [--filter X]`: text, tsv, csv, json, html or crosstable. Text,
// CSV, JSON and HTML carry a "Cat." column (JSON: "categories") when the event has categories.
// Throws EventInputError for an unknown format or a bad filter.
std::string standings_report(const Event& e, std::string_view format,
                             const std::string& filter = {});

// The final order for prizes: the standings (tie-breaks, play-off) as the event defines them.
std::vector<FinalRow> final_rows(const Event& e);
// The prizes of `spec` awarded from final_rows(e).
std::vector<PrizeAward> event_prizes(const Event& e, const PrizeSpec& spec);
// Prize places 1..places of the standings (or of the sub-ranking `filter`): the pairing numbers
// in each place, several when it is shared (prize_places). Throws EventInputError unless
// 1 <= places <= 1000.
std::vector<std::vector<int>> ranked_places(const Event& e, int places, const std::string& filter);

// The TRF-2026 report for rating (`event export`): points and ranks filled in, 062/072 counted,
// 182 naming arbiter, 202/212 carrying the event's rule set (/Vyyyy) and its rating for unrated
// players (/Unnnn) so that `standings OUT.trf` gives the event's values.
std::string trf_report(const Event& e);

}  // namespace arbiter::pairing
