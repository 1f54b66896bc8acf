#pragma once
// The seed events of ../shared/reference/events.md run end to end on embedded sample data through
// `arbiter event` (what an arbiter would type): a 9-round rapid Swiss with half-point byes and
// no-shows, an 8-round Chess960 Swiss, and a 16-player round robin by lot; pairings, standings
// and the Armageddon. Called by `arbiter demo`.
#include <iosfwd>

namespace arbiter::cli {
// Runs the three events in a temporary directory, printing to `os`; returns an exit code.
int run_event_demos(std::ostream& os);
}  // namespace arbiter::cli
