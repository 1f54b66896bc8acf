#pragma once
// What `arbiter status` says of a position, as one value: legality (Art. 3.10.3, Laws A.5.4)
// with the proof or what was checked, and for a possible position whether it is check,
// checkmate, stalemate or dead (5.2.2) and whether each side can still checkmate. Shared by
// `arbiter status` and the desk's POST /api/rulings/status, so both say the same.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/position.h"
#include "arbiter/engine/setup.h"

namespace arbiter::cli {

struct PositionStatus {
  adjudication::LegalityReport report;
  std::optional<Position> position;  // set when the position is possible and playable
  adjudication::DeadPosition dead;   // when `position` is set
  std::string state;                 // "checkmate (Laws 5.1.1)", ..., "in play"
  nlohmann::json json;               // the `arbiter status --json` object
};

PositionStatus position_status(const std::string& fen, const Setup& setup,
                               const adjudication::LegalityOptions& options, std::uint64_t budget);

// "the standard start position" or "Chess960 start position N".
std::string start_name(const adjudication::LegalityOptions& o);

// What the proof-game search did, in words: the proof, or why none was found.
std::string search_summary(const adjudication::LegalityReport& r,
                           const adjudication::LegalityOptions& o);

}  // namespace arbiter::cli
