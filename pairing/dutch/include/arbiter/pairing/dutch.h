#pragma once
// FIDE Dutch system (C.04.3, text in force since 1 February 2026), pairing one round.
//
// The input is a pairing-oriented view of the tournament: per player, the history of every
// round already played (played games, forfeits, byes, absences) and whether the player is to be
// paired in the round now being paired. The tournament model (tournament.h) converts to it;
// the pairing code needs nothing else, so it can be tested and benchmarked on its own.
//
// Semantics follow the endorsed engine bbpPairings v6.0.0 (2025/2026 rules) so that the result
// is identical pairing for pairing, colour for colour, bye for bye.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/vocabulary/color.h"

namespace arbiter::pairing {

// One past round of one player. Points are in tenths of a point (a win in 1-½-0 is 10, in
// 3-1-0 it is 30) so that every scoring system is exact.
struct DutchRound {
  int opponent = 0;             // pairing number of the opponent, 0 if none
  std::optional<Color> colour;  // colour of a played game (or of a forfeit)
  bool played = false;          // the game was actually played (C.04.1 art. 2)
  bool paired = false;          // the player was paired or got the PAB this round
  int points = 0;               // points scored in that round (tenths)
};

struct DutchPlayer {
  int id = 0;                      // pairing number (TPN), 1-based
  std::vector<DutchRound> rounds;  // rounds 1..played_rounds
  bool absent = false;             // not to be paired this round (bye requested, withdrawn, ...)
  // Virtual points (tenths) added for pairing purposes before round r+1 is paired:
  // acceleration[r] (Baku acceleration, C.04.7). Missing entries are zero.
  std::vector<int> acceleration;
};

struct DutchInput {
  std::vector<DutchPlayer> players;  // any order; ids must be distinct
  int played_rounds = 0;             // rounds already played (the round to pair is +1)
  int total_rounds = 0;              // rounds announced (topscorers exist in the final round)
  int points_win = 10, points_draw = 5, points_loss = 0;
  // Colour given to the highest-ranked player of the first round (C.04.3 art. 5.2.5).
  Color initial_colour = WHITE;
  // Pairs that may not meet this round (regulations, e.g. same family or team): treated like
  // a previous meeting ([C1]).
  std::vector<std::pair<int, int>> forbidden;
};

// Which edition of C.04.3 pairs the round: the text in force from 1 February 2026, or the one
// in force from 1 July 2017 to 31 January 2026 (events that started before 1 February 2026 are
// paired under it to their end). One engine; the rule set only switches the criteria that
// differ (see rule_set.h).
enum class DutchRules : std::uint8_t { Fide2026, Fide2017 };

// Where a long pairing has got to (for a progress line): the round being paired, the score of
// the bracket's resident group (tenths of a point), and the time spent so far.
struct DutchProgress {
  int round = 0;
  int bracket = 0;  // brackets processed before this one
  int score = 0;    // score of the bracket's residents, tenths of a point
  double seconds = 0;
};

struct DutchOptions {
  // Unset: 2026 for a DutchInput; for a Tournament the edition its 192 code names, else 2026.
  std::optional<DutchRules> rules;
  // Called at the start of each bracket once the pairing has taken more than a second.
  std::function<void(const DutchProgress&)> progress = nullptr;
  // Baku acceleration (C.04.7, in bbpPairings' reading: group A = first ceil(N/2) players;
  // accelerated rounds = ceil(R/2), 1 point for the first half of them, then 0.5 point).
  // Overrides the per-player acceleration vectors when set.
  bool baku = false;
};

struct DutchPairing {
  bool ok = false;                         // false: no pairing satisfies [C1]-[C3]
  std::vector<std::pair<int, int>> pairs;  // (white, black) pairing numbers
  int bye = 0;                             // pairing number of the PAB recipient, 0 if none
  std::string error;                       // why no pairing exists (when !ok)
};

// Pairs round input.played_rounds + 1. Deterministic; thread-safe.
DutchPairing pair_dutch(const DutchInput& input, const DutchOptions& options = {});

// Baku acceleration (see DutchOptions::baku): fills every player's acceleration vector.
void apply_baku_acceleration(DutchInput& input);

struct Tournament;
// The Dutch view of round `round` (1-based) of a tournament: results of rounds 1..round-1 (as
// scored by the tournament's scoring system, unknown results as its `unknown` value), who is to
// be paired (Tournament::to_pair), accelerations (250/XXA records), forbidden pairs, initial
// colour (given or inferred) and the number of rounds.
DutchInput dutch_input(const Tournament& tournament, int round);
// The edition named by a TRF-2026 192 code: FIDE_DUTCH_2017[_BAKU] -> 2017; FIDE_DUTCH,
// FIDE_DUTCH_2025[_BAKU] (bbpPairings' name for the rules applied from 1 February 2026) and
// FIDE_DUTCH_2026[_BAKU] -> 2026; nullopt for any other code or none.
std::optional<DutchRules> dutch_rules_of_code(std::string_view code);
// "2017" or "2026" (command lines, event files); nullopt for anything else.
std::optional<DutchRules> parse_dutch_rules(std::string_view text);
std::string_view to_string(DutchRules rules);  // "2017" / "2026"
// The rules to pair a tournament with: `requested` if given, else its 192 code's, else 2026.
DutchRules dutch_rules(const Tournament& tournament, std::optional<DutchRules> requested);
// Pairs round `round` of the tournament. A tournament declared FIDE_DUTCH_2025_BAKU without
// explicit acceleration records gets the Baku acceleration.
DutchPairing pair_dutch(const Tournament& tournament, int round, const DutchOptions& options = {});

}  // namespace arbiter::pairing
