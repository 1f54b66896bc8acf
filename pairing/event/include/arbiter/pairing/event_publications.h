#pragma once
// The event's publications as tables (publication.h renders them as text, CSV, JSON or HTML):
// the pairing list of a round by board and alphabetical, pairing cards, the wall chart (Swiss:
// each round's opponent by pairing number; round robins: the grid), the prize list, and one
// player's card. Every letter used has its key in the table's notes.
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_prizes.h"
#include "arbiter/pairing/publication.h"

namespace arbiter::pairing {

// Pairing list of round r by board: points before the round, names, ratings, result; byes and
// absences in the notes. Throws EventError when the round is not paired.
Table pairing_list(const Event& e, int round);
// The same round alphabetically by player (what goes on the wall): each player's board, colour
// and opponent.
Table pairing_list_alphabetical(const Event& e, int round);
// One card per board (small events): a table per board with both players' details.
std::vector<Table> pairing_cards(const Event& e, int round);
// Swiss: one column per round, "12w1" = against number 12 with White, won; round robins: the
// grid of results by pairing number.
Table wall_chart(const Event& e);
Table prize_list(const Event& e, const std::vector<PrizeAward>& awards);
// One player's games: round, colour, opponent, result, points after the round, float (the
// opponent's score before the round compared with the player's: "down" when lower).
Table player_card(const Event& e, Tpn p);
// The derivation of the player's tie-breaks (why is my Buchholz 23.5?): for BH, FB and SB each
// round's term (opponent's adjusted score, dummy or virtual opponent, what is cut) as the
// standings library counts it; the value of every other tie-break of the event.
Table tiebreak_derivation(const Event& e, Tpn p);

// A result as a player sees it on the wall chart: "1", "½", "0", "+", "-", "H", "F", "U", "Z"
// (blank: not known yet).
std::string result_mark(const RoundEntry& c);

}  // namespace arbiter::pairing
