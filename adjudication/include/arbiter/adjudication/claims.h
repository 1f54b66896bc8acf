#pragma once
// Flag-fall rulings (Laws 6.9 and A.5.3): the player whose flag fell loses, unless the game had
// already ended (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2), or the opponent cannot
// checkmate by any possible series of legal moves, in which case the game is drawn.
#include <cstdint>
#include <string>

#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/position.h"

namespace arbiter::adjudication {

enum class FlagRegime : std::uint8_t {
  Article69,  // standard play, and rapid/blitz under the Competition Rules (A.4, B.2)
  A53,        // rapid/blitz without adequate supervision: the claimant stops the clock (A.5.3)
};

struct FlagRuling {
  std::string result;       // "1-0", "0-1", "1/2-1/2", or "*" when undetermined
  std::string rule;         // "6.9", "A.5.3", "5.1.1", "5.2.1", "5.2.2"
  std::string explanation;  // one or two sentences
  Winnability claimant;     // can_checkmate for the side still on time
  bool decided() const { return result != "*"; }
};

FlagRuling rule_flag_fall(const Position& pos, Color flagged,
                          FlagRegime regime = FlagRegime::Article69,
                          std::uint64_t node_budget = kDefaultNodeBudget);

}  // namespace arbiter::adjudication
