#pragma once
// Retrograde checks of a set-up position (Art. 3.10.3: "a position is illegal when it cannot
// have been reached by any series of legal moves"). Each check is a pure function returning the
// contradictions it proves, each a LegalityIssue with a named code and a message giving the
// argument; an empty result proves nothing (the position may still be unreachable for a reason
// no check covers). They assume a sane board: one king a side, at most 8 pawns and 16 men a
// side, no pawn on its first or last rank (check_legality runs them only then).
#include <vector>

#include "arbiter/adjudication/legality.h"
#include "arbiter/engine/setup.h"

namespace arbiter::adjudication {

// Code "locked-in-piece". A piece whose every first step from its home square leads onto a man
// that never moved (a pawn still on its second rank, or another such locked piece) never left
// home: it is there, or it was captured there. A piece of its kind elsewhere (the c1 bishop's
// kind: a dark-squared bishop) is then a promoted piece, and promotions need missing pawns.
// start: the start position the game began from (standard or Chess960).
std::vector<LegalityIssue> locked_in_pieces(const Setup& pos, const Setup& start);

// Code "pawn-captures". A pawn changes file only by capturing, one file per capture, and each
// capture also advances it a rank. The fewest captures that explain a side's pawns (each pawn
// matched to a distinct start file it can have come from) cannot exceed the opponent's men
// missing from the board.
std::vector<LegalityIssue> pawn_captures(const Setup& pos);

// Code "no-last-move". Unless the position is a start position, the side not to move made the
// last move. Some move of one of its men (with or without a capture, a promotion, en passant,
// castling) must lead here from a position where the side now to move was not in check
// (Art. 3.9): this gives every check on the board now (double checks included), agrees with the
// castling rights (a king or rook that keeps one never moved) and with the en passant square
// (the last move was that double step). chess960: castling is retracted without the standard
// e/a/h squares (any king on its castled square with the rook beside it).
std::vector<LegalityIssue> last_move(const Setup& pos, bool chess960);

}  // namespace arbiter::adjudication
