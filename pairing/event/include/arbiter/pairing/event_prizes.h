#pragma once
// Prizes as an event's regulations list them, awarded from the final standings: place prizes,
// category prizes (women, juniors, seniors, rating bands, a federation, any registration column
// such as region=Aragon) and the best score against the top N (events.md B, Zaragoza 1919: "best
// score against the top four, excluding them"). The standings (rank order, points) come from the
// caller (the standings module); the games come from the event.
//
// The prize file, one statement per line, '#' starts a comment:
//   sharing equal | tiebreak   players tied on points share the prizes of the places they
//                              occupy equally (the default), or the standings' tie-breaks decide.
//                              An equal share is the pooled amount divided by the players,
//                              rounded down to the cent; the cents left (50 among 3: 16.66 each,
//                              0.02 left) are stated with each share, never paid or invented
//   one-prize yes | no         with yes (the default) a player already holding a prize is passed
//                              over by the prizes written after it
//   place N AMOUNT [LABEL]     the N-th place of the final standings
//   category CAT K AMOUNT [LABEL]   the K-th best of the players in category CAT:
//                              women | junior:YEAR (born in YEAR or later) | senior:YEAR (born in
//                              YEAR or earlier) | rating:LO-HI (event list) | federation:FED |
//                              COLUMN=VALUE (a registration column kept from the CSV)
//   against-top N AMOUNT [LABEL]    the best score in games against the top N of the final
//                              standings, the top N themselves excluded
// AMOUNT is a number with at most two decimals (0: an honour without money). Prizes are awarded
// in the order written. Errors name file:line:column.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/event.h"

namespace arbiter::pairing {

struct PrizeRule {
  enum class Kind { Place, Category, AgainstTop } kind = Kind::Place;
  int n = 1;             // place, K-th in the category, or the N of against-top
  std::string category;  // as written (Category only)
  long cents = 0;        // amount in hundredths
  std::string label;
  int line = 0;
};

struct PrizeSpec {
  bool share_equally = true;
  bool one_prize_per_player = true;
  std::vector<PrizeRule> prizes;
};

// Throws EventInputError naming file:line:column.
PrizeSpec parse_prize_spec(std::string_view text, const std::string& file);

// One row of the final standings, in rank order.
struct FinalRow {
  Tpn player = 0;
  Points points = 0;
  int rank = 0;  // equal for players sharing a place
};

struct PrizeAward {
  std::string prize;  // the label (or the rule as written)
  Tpn player = 0;
  long cents = 0;   // this player's share
  std::string why;  // e.g. "3rd on 9.5 points, shared by 2 players on 9.5"
};

// Whether player p belongs to category `cat` (see above); throws EventInputError for an
// unknown category.
bool in_category(const Event& e, Tpn p, std::string_view cat);

// Points p scored in games (played or forfeited) against the players `group`.
Points score_against(const Event& e, Tpn p, const std::vector<Tpn>& group);

// `category_order`: for a category (as written in the prize file) whose order a play-off
// decided, the players in that sub-ranking's order; it replaces the standings' order among the
// category's players tied on points.
std::vector<PrizeAward> award_prizes(
    const Event& e, const std::vector<FinalRow>& standings, const PrizeSpec& spec,
    const std::map<std::string, std::vector<Tpn>, std::less<>>& category_order = {});

std::string format_cents(long cents);  // "1250.50", "300"

}  // namespace arbiter::pairing
