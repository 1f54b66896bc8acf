#pragma once
// Publishing standings and the crosstable: plain text (fixed columns), TSV in FIDE's reference
// layout (`StartNo<TAB>Rank<TAB>spec...`, start-number order, "-0" = undefined), CSV, JSON and a
// self-contained printable HTML page for the notice board.
#include <string>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/standings.h"

namespace arbiter::pairing {

// A tie-break value as FIDE prints it: "-0" when undefined, integers for counts and ratings,
// one decimal for point sums, two for SB and averages (more if the value needs them).
std::string format_value(const TiebreakSpec& spec, const TiebreakValue& v);
std::string format_points(double points);

// One row per player in start-number order: StartNo, Rank, then one column per spec.
std::string standings_tsv(const Standings& s);
// Rank order: Rank, StartNo, Name, Title, Fed, Rating, Points, specs... (RFC 4180 quoting).
std::string standings_csv(const Crosstable& ct, const Standings& s);
// Aligned text table in rank order.
std::string standings_text(const Crosstable& ct, const Standings& s);
// Crosstable in rank order: each round as opponent's rank, colour and result ("12w1", "-", "H").
std::string crosstable_text(const Crosstable& ct, const Standings& s);
// {"tournament":..., "rules":..., "tiebreaks":[...], "standings":[{rank, startNo, name, ...,
// "tiebreaks":{spec: value|null}, "rounds":[{round, opponent, colour, result, points}]}]}
std::string standings_json(const Crosstable& ct, const Standings& s);
// A complete HTML document (inline CSS, print layout) with the standings and the crosstable.
std::string standings_html(const Crosstable& ct, const Standings& s, const std::string& title = "");

}  // namespace arbiter::pairing
