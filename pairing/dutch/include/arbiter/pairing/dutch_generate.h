#pragma once
// Random tournaments paired by the Dutch engine itself, round by round: the generator half of
// the endorsement toolkit of C.04.A (FIDE endorses a pairing program by re-pairing thousands of
// random tournaments and comparing; bbpPairings and JaVaFo ship such a generator). The checker
// half is `arbiter pair --check`.
//
// Everything random comes from one seeded generator in a fixed order, so the same options give
// the same tournament, byte for byte, on every machine.
#include <cstdint>
#include <string>

#include "arbiter/pairing/dutch.h"
#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

struct GenerateOptions {
  int players = 0;  // 2..
  int rounds = 0;   // 1..
  // Probabilities (0..1), per game or per player and round.
  double draws = 0.3;     // a played game is drawn (scaled down as the rating gap grows)
  double forfeits = 0.0;  // a game is lost by forfeit (the lower-rated side more often)
  double byes = 0.0;      // a player requests a half-point bye for the round (C.04.1 art. 3)
  double retire = 0.0;    // a player withdraws before the round (absent from then on)
  double late = 0.0;      // a player enters late (absent, zero points, before round 2..R/2+1)
  int rating_lo = 1400, rating_hi = 2600;  // ratings drawn uniformly; 0 = unrated players
  bool three_one_zero = false;             // scoring 3-1-0 instead of 1-1/2-0
  std::uint64_t seed = 1;
  // The edition of C.04.3 that pairs every round; 2017 is also written into the file (TRF 192
  // FIDE_DUTCH_2017), so that `pair --check` re-pairs it by the same rules.
  DutchRules rules = DutchRules::Fide2026;
};

struct GeneratedTournament {
  Tournament tournament;  // TPNs by rating (C.04.2 initial order), every paired round recorded
  int paired_rounds = 0;  // rounds actually paired (< options.rounds if one had no pairing)
  std::string error;      // why the next round could not be paired (empty when all were)
};

// Plays the tournament. Throws std::invalid_argument for options out of range.
GeneratedTournament generate_dutch(const GenerateOptions& options);

}  // namespace arbiter::pairing
