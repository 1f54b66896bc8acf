#pragma once
// Per-event data every tie-break needs (private to the standings module): the results as a
// dense players x rounds grid, scores, and the two round markers FIDE's algorithm keys on.
#include <vector>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/tiebreak.h"

namespace arbiter::pairing::detail {

struct TbContext {
  const Crosstable* ct = nullptr;
  int n = 0;        // players
  int R = 0;        // rounds counted
  int total = 0;    // rounds of the event (Fore Buchholz's final round)
  bool rr = false;  // round robin (pre-determined pairings, art. 15.2)
  TiebreakRules rules = TiebreakRules::Fide2026;
  double W = 1.0, D = 0.5;
  std::vector<Cell> grid;         // n x R, row-major by player
  std::vector<double> score;      // total points in rounds 1..R
  std::vector<int> last_present;  // last round that is not a VUR (C.07 16.2.3 / 16.2.5), 0 = none
  std::vector<int> last_paired;   // last round with an opponent or the PAB, 0 = none
  bool all_rated = true;          // every player has a rating (art. 10)
  std::optional<int> unrated_rating;

  const Cell& cell(int p, int r) const { return grid[size_t(p) * size_t(R) + size_t(r - 1)]; }
  int rating(int p) const {
    int r = ct->players[size_t(p)].rating;
    return r > 0 ? r : unrated_rating.value_or(0);
  }
  // Rating-based tie-breaks are defined only when every player has a rating (art. 10).
  bool ratings_defined() const { return all_rated || unrated_rating.has_value(); }
  // C.07 15.2: in a round robin every paired round counts as a game, unless the tie-break says /S.
  bool predetermined(const TiebreakSpec& s) const { return s.predetermined || (rr && !s.swiss); }
};

TbContext make_context(const Crosstable& ct, const TiebreakOptions& o, const TiebreakSpec* spec);

// Buchholz family (BH, FB, SB and the BH behind AOB), art. 8, 9.1, 14 and 16.
std::vector<TiebreakValue> buchholz_family(const TbContext& c, const TiebreakSpec& s);
std::vector<TiebreakValue> average_of_buchholz(const TbContext& c, const TiebreakSpec& s);
// Art. 10.
std::vector<TiebreakValue> rating_tiebreak(const TbContext& c, const TiebreakSpec& s);
// Art. 7 and KS, PS.
std::vector<TiebreakValue> simple_tiebreak(const TbContext& c, const TiebreakSpec& s);
// 16.3 adjusted scores; `fore` evaluates the final round as a draw (art. 8.3).
struct Adjusted {
  std::vector<double> opp;  // the player's score as an opponent sees it
  std::vector<double> own;  // the player's own score (dummy opponent's starting value)
};
Adjusted adjusted(const TbContext& c, bool fore);
// One player's Buchholz-family value term by term (explain_tiebreak).
TiebreakDerivation explain_buchholz_family(const TbContext& c, const TiebreakSpec& s, int p);

}  // namespace arbiter::pairing::detail
