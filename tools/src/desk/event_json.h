#pragma once
// The event as the desk's JSON API shows it (the shapes are documented in docs/desk-api.md).
// Pure functions of the event: no rule is decided here, only read out of the library's model.
#include <nlohmann/json.hpp>

#include "arbiter/pairing/event.h"

namespace arbiter::desk {

// Who asks. FIDE publishes a player's name, id, federation, title, sex, ratings and birth year;
// the full birth date it does not, so only the arbiters (a request with the desk's token) see
// it. Anyone on the venue network may read the public answers.
enum class Audience { Public, Arbiters };

nlohmann::json player_json(const pairing::Event& e, pairing::Tpn p, Audience who);
// {"name", "rounds", "paired_rounds", "next_round", "finished", "system", ..., "players": [...]}
nlohmann::json event_json(const pairing::Event& e, Audience who);
// {"round", "boards": [{"board", "white", "black", "result"}], "byes": [...], "missing": [...]}
nlohmann::json round_json(const pairing::Event& e, int round);
// A player's card: the player and one line per round (opponent, colour, result, points).
nlohmann::json card_json(const pairing::Event& e, pairing::Tpn p, Audience who);

}  // namespace arbiter::desk
