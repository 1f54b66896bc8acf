#pragma once
// Play-offs decided on the board (C.07 art. 3: format, colours and clocks are fixed by the event
// regulations). The seed events use one Armageddon game between the first two when they tie on
// points: White must win, a draw gives the place to Black (tiebreaks.md section 7); colours by
// lot, clocks event-defined (e.g. 5 minutes against 4, TRF-2026 222 "W300-B240"), and in a
// Chess960 event a freshly drawn start position. An Armageddon game is never rated (B.02 rapid/
// blitz 1.2: unequal times).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "arbiter/pairing/standings.h"
#include "arbiter/vocabulary/game_result.h"

namespace arbiter::pairing {

struct ArmageddonClock {
  int white_seconds = 300, black_seconds = 240;
  int increment = 0;  // seconds per move
  int increment_from_move = 1;
  std::string code() const;  // TRF-2026 222 form: "W300-B240", "W300+2-B240+2"
};
// Parses the 222 form "W300-B240" (optionally "+inc" on each side). Throws std::invalid_argument.
ArmageddonClock parse_armageddon_clock(const std::string& text);

struct ArmageddonGame {
  int white = 0, black = 0;              // start numbers
  GameResult result = GameResult::Draw;  // WhiteWins, BlackWins or Draw (a game played out)
  ArmageddonClock clock;
  std::optional<int> chess960_position;  // Scharnagl number 0..959 of the start position
};

// "W-B RESULT": "3-7 1-0", "3 7 =", "3-7 1/2". Throws std::invalid_argument naming the problem.
ArmageddonGame parse_armageddon(const std::string& text);
// The winner: White only by winning; a draw (or Black's win) gives the place to Black.
int armageddon_winner(const ArmageddonGame& g);

// Whether the first two of the standings are tied on points (a play-off is due).
bool playoff_due(const Standings& s);
// Colours by lot for the two players (reproducible from the seed): {white, black}.
std::pair<int, int> draw_colours(int a, int b, std::uint64_t seed);
// A freshly drawn Chess960 start position (0..959) from the seed.
int draw_chess960_position(std::uint64_t seed);

// The standings with the play-off applied: the winner first, the loser second, both no longer
// sharing a place. Throws std::invalid_argument if the first two are not tied on points or the
// game is not between them.
Standings apply_armageddon(const Standings& s, const ArmageddonGame& g);

}  // namespace arbiter::pairing
