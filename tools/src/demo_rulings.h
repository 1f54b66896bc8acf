#pragma once
// The arbiter's rulings in the demo, on embedded sample data and through the commands an arbiter
// would type: `arbiter validate` on a round's games typed from scoresheets (an illegal move,
// moves after mate, a time-forfeit win that must be a draw, a wrong result tag), flag-fall
// claims under Laws 6.9 / A.5.3, and an illegal position (A.5.4). Called by `arbiter demo`.
#include <iosfwd>

namespace arbiter::cli {
// Runs the rulings in a temporary directory, printing to `os`; returns an exit code.
int run_ruling_demos(std::ostream& os);
}  // namespace arbiter::cli
