#pragma once
// Publishing standings and the crosstable: plain text (fixed columns), TSV in FIDE's reference
// layout (`StartNo<TAB>Rank<TAB>spec...`, start-number order, "-0" = undefined), CSV, JSON and a
// self-contained printable HTML page for the notice board.
#include <map>
#include <string>
#include <vector>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/standings.h"

namespace arbiter::pairing {

// A tie-break value as FIDE prints it: "-0" when undefined, integers for counts and ratings,
// one decimal for point sums, two for SB and averages (more if the value needs them).
std::string format_value(const TiebreakSpec& spec, const TiebreakValue& v);
std::string format_points(double points);

// A column the caller adds after the tie-breaks (an event's categories, "W-1 U18-2="): its
// heading, the key it has in JSON, and the text of each player by start number (absent: empty).
struct ExtraColumn {
  std::string heading;
  std::string json_key;
  std::map<int, std::string> values;
};

// One row per player in start-number order: StartNo, Rank, then one column per spec.
std::string standings_tsv(const Standings& s);
// Rank order: Rank, StartNo, Name, Title, Fed, Rating, Points, specs... (RFC 4180 quoting).
std::string standings_csv(const Crosstable& ct, const Standings& s,
                          const std::vector<ExtraColumn>& extra = {});
// Aligned text table in rank order.
std::string standings_text(const Crosstable& ct, const Standings& s,
                           const std::vector<ExtraColumn>& extra = {});
// Crosstable in rank order: each round as opponent's rank, colour and result ("12w1", "-", "H").
std::string crosstable_text(const Crosstable& ct, const Standings& s);
// {"tournament":..., "rules":..., "tiebreaks":[...], "standings":[{rank, startNo, name, ...,
// "tiebreaks":{spec: value|null}, extra json_key: "text", "rounds":[{round, opponent, colour,
// result, points}]}]}
std::string standings_json(const Crosstable& ct, const Standings& s,
                           const std::vector<ExtraColumn>& extra = {});
// A complete HTML document (inline CSS, print layout) with the standings and the crosstable.
std::string standings_html(const Crosstable& ct, const Standings& s, const std::string& title = "");

}  // namespace arbiter::pairing
