#pragma once
// The event as the desk's JSON API shows it (the shapes are documented in docs/desk-api.md).
// Pure functions of the event: no rule is decided here, only read out of the library's model.
#include <nlohmann/json.hpp>

#include "arbiter/pairing/event.h"

namespace arbiter::desk {

nlohmann::json player_json(const pairing::Event& e, pairing::Tpn p);
// {"name", "rounds", "paired_rounds", "next_round", "finished", "system", ..., "players": [...]}
nlohmann::json event_json(const pairing::Event& e);
// {"round", "boards": [{"board", "white", "black", "result"}], "byes": [...], "missing": [...]}
nlohmann::json round_json(const pairing::Event& e, int round);
// A player's card: the player and one line per round (opponent, colour, result, points).
nlohmann::json card_json(const pairing::Event& e, pairing::Tpn p);

}  // namespace arbiter::desk
