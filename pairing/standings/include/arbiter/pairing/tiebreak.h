#pragma once
// FIDE C.07 individual tie-breaks computed exactly as FIDE's reference implementation
// (TieBreakServer) does, under the 2026, 2024 or pre-2023 ("virtual opponent") rules for
// unplayed rounds; round robins per art. 15.2. See ../shared/reference/tiebreaks.md.
//
// Values are per player (index start_no - 1); nullopt = undefined (FIDE's "-0"): rating-based
// tie-breaks when some player is unrated and no rating is defined for unrated players, or when a
// player has no (remaining) rated game; averages without played games.
#include <optional>
#include <vector>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/tiebreak_spec.h"

namespace arbiter::pairing {

using TiebreakValue = std::optional<double>;

struct TiebreakOptions {
  std::optional<TiebreakRules> rules;  // default: rules_for_date(Crosstable::date)
  std::optional<bool> round_robin;     // default: Crosstable::round_robin (092 record)
  std::optional<int> unrated_rating;   // rating given to unrated players (art. 10); default none
};

// The rules and tournament kind actually used for `ct`.
TiebreakRules effective_rules(const Crosstable& ct, const TiebreakOptions& o);

// Values of one tie-break for every player. DE depends on the groups still tied: use
// direct_encounter() (compute_standings does this for you); here DE yields 0 for everybody.
std::vector<TiebreakValue> compute_tiebreak(const Crosstable& ct, const TiebreakSpec& spec,
                                            const TiebreakOptions& o = {});

// Direct encounter (art. 6) inside each group of still-tied players (start numbers): recursive
// (6.2), the Swiss rule 6.3 when not all of them met, repeated games averaged (6.1.2), forfeits
// excluded in a Swiss and counted in a round robin (15.2). Returns per player (start_no - 1) the
// position inside its group (1 = first; equal numbers = still tied), or 0 when the group is a
// single player or direct encounter separates nobody (FIDE's reference values).
std::vector<int> direct_encounter(const Crosstable& ct, const std::vector<std::vector<int>>& groups,
                                  const TiebreakSpec& spec, const TiebreakOptions& o = {});

// Where one term of a player's tie-break comes from (the player card's "why is my Buchholz
// 23.5?").
enum class TermSource : unsigned char {
  Opponent,               // the opponent met (or scheduled: round robins 15.2, FB's last round)
  Dummy,                  // 16.4: own unplayed round, a dummy with the player's own score
  DummyCappedByOpponent,  // 16.4.1 (2026): capped at the scheduled opponent's adjusted score
  DummyCappedByRounds,    // 16.4.2 (2026): capped at a draw's points x rounds
  VirtualOpponent,        // pre-2023 rule (C.02 13.15): Svon = S(before) + (W - Sf) + D x (n-R)
};
struct TiebreakTerm {
  int round = 0;
  int opponent = 0;  // start number of the scheduled opponent (0: none)
  TermSource source = TermSource::Opponent;
  double score = 0;       // the opponent's (adjusted) or the dummy's score counted
  double points = 0;      // the player's own points in the round (SB multiplies them)
  double value = 0;       // what the term adds (BH, FB: score; SB: score x points)
  bool vur = false;       // a voluntary unplayed round (16.1), cut first under 16.5
  bool adjusted = false;  // the opponent's score as counted is not the score they made (16.3)
  bool cut = false;       // removed by the Cut/Median modifier (14, 16.5)
};
struct TiebreakDerivation {
  TiebreakSpec spec;
  bool explained = false;  // false: no term-by-term derivation for this kind (value only)
  std::vector<TiebreakTerm> terms;
  TiebreakValue value;  // equals compute_tiebreak's value for the player
};
// The derivation of player `start_no`'s value of `spec`: for BH, FB and SB every term (opponent,
// dummy or virtual opponent, their score, what is cut); for the others the value alone.
TiebreakDerivation explain_tiebreak(const Crosstable& ct, const TiebreakSpec& spec, int start_no,
                                    const TiebreakOptions& o = {});

// Whether a tie-break is ordered ascending (TPN, DE positions; /R flips).
bool ascending(const TiebreakSpec& spec);

// C.07 16.3 adjusted score of every player (their score as their opponents' Buchholz sees it:
// requested byes followed only by VURs count as draws), under the given rules.
std::vector<double> adjusted_scores(const Crosstable& ct, const TiebreakOptions& o = {});

// Pre-2023 rule (C.02 13.15, 2009 Congress): the virtual opponent of an own unplayed round
// `round` of `rounds` starts with the player's score before that round, gets the reverse of the
// player's result in it and draws every later round:
// Svon = before + (win - points_in_round) + draw x (rounds - round).
double virtual_opponent_score(double before, double points_in_round, int round, int rounds,
                              double win = 1.0, double draw = 0.5);

}  // namespace arbiter::pairing
