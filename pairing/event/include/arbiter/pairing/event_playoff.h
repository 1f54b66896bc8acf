#pragma once
// Play-offs of an event (PlayoffRules in event_settings.h; C.07 art. 3 leaves format, colours
// and clocks to the regulations): who plays, the games with colours by lot, their results, and
// the order they give. The lot is a digest of the event seed (draw_event_playoff in
// event_lots.h), so every draw can be repeated from the event file.
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/standings.h"

namespace arbiter::pairing {

// The players of the play-off in `s` (the ranking it decides), in standings order: for an
// Armageddon or a match the first two when they tie on points; for a group everybody on the top
// score. Empty when no play-off is due.
std::vector<int> playoff_players(const PlayoffRules& r, const Standings& s);

// A lot: the hex digest (at least 64 hex digits) and the audit line that says how it was made.
struct PlayoffLot {
  std::string hex;
  std::string line;
};

// The games of the play-off between `players` (standings order), drawn from the lot:
// - Armageddon: one game, colours by lot;
// - match of N games: colours of game 1 by lot, then alternating;
// - group: the players' numbers in the Berger table (C.05 Annex 1) by lot (Fisher-Yates over
//   the digest), then the table's games round by round (double: the second cycle reversed).
// Throws EventError for a group of more than 9 players (the digest gives lots for 9).
std::vector<PlayoffGame> draw_playoff_games(const PlayoffRules& r, const std::vector<int>& players,
                                            const PlayoffLot& lot);

// Records the result of play-off game `game` (1-based; 0: the first without a result): "1-0",
// "0-1", "1/2-1/2" (also "1/2", "=", "½-½"). Returns the game's number. Throws EventInputError
// for a malformed result or game, EventError when nothing has been drawn.
int set_playoff_result(Event& e, int game, std::string_view result);

// Each player's play-off score in half points, in `players` order. An Armageddon counts the
// win for Black when drawn (White must win, tiebreaks.md 7).
std::vector<int> playoff_scores(const PlayoffRules& r, const std::vector<int>& players,
                                const std::vector<PlayoffGame>& games);

// The standings with the play-off applied when every game has a result: the play-off players
// ordered by their play-off score; players equal on it keep the order (and any shared place)
// the tie-breaks gave them. The note says what was played and what it decided; while games are
// missing only the note changes. `s` unchanged when no games were drawn.
Standings apply_playoff(const Standings& s, const PlayoffRules& r,
                        const std::vector<PlayoffGame>& games);

// "Armageddon W300-B240", "match of 4 games", "play-off group (round robin)".
std::string playoff_name(const PlayoffRules& r);

}  // namespace arbiter::pairing
