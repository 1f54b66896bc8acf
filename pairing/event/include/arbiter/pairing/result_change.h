#pragma once
// A change of a result that others have built on (issue 17): a result of a round whose next round
// is paired already (that pairing was made on the old scores: `pair --check` will then disagree
// with the recorded pairings), any change after the event has ended (the final standings and the
// rating report change), and an over-the-board result replacing the forfeit recorded
// automatically for a withdrawn player. Such a change needs the arbiter's explicit --force; the
// caller prints what it affects and records it in the journal's description.
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/event.h"

namespace arbiter::pairing {

// What setting board `board` of round `round` to `result` (as set_result takes it) affects;
// empty when the change is an ordinary one. Throws like set_result for a bad round, board or
// result.
std::vector<std::string> result_change_effects(const Event& e, int round, int board,
                                               std::string_view result);

}  // namespace arbiter::pairing
