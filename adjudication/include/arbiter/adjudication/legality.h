#pragma once
// Legality of a set-up position, with every reason that applies. Three verdicts matter to an
// arbiter (Laws A.5.4): a position that is "illegal under A.5.4" (both kings in check, or a pawn
// on the rank furthest from its starting position: the arbiter waits for the next move and then
// declares the game drawn if it is still on the board); a position that is "not reachable" in
// any game (it cannot have arisen from a start position, e.g. nine white pawns, the side not to
// move in check, impossible checks); and "legal".
#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/engine/setup.h"

namespace arbiter::adjudication {

enum class LegalityStatus : std::uint8_t {
  Legal,
  IllegalA54,    // Laws A.5.4: both kings in check or a pawn on its furthest rank
  NotReachable,  // cannot arise in any game (but not an A.5.4 case)
};
const char* legality_status_name(LegalityStatus s);  // "legal", "illegal (A.5.4)", "not reachable"

struct LegalityIssue {
  std::string code;     // stable identifier, e.g. "pawn-on-last-rank", "both-kings-in-check"
  std::string message;  // one sentence naming squares, e.g. "white pawn on e8 (its last rank)"
  bool a54 = false;     // one of the two A.5.4 situations
};

struct LegalityReport {
  LegalityStatus status = LegalityStatus::Legal;
  std::vector<LegalityIssue> issues;  // empty iff Legal
  bool legal() const { return status == LegalityStatus::Legal; }
};

// chess960: castling rights are judged with Chess960 placement (king anywhere between the
// rooks on the back rank) instead of the standard e-file king with a/h rooks.
LegalityReport check_legality(const Setup& setup, bool chess960 = false);

// Laws A.5.1.2 (rapid/blitz without adequate supervision): after a wrongly set-up start
// position has been played on for 10 moves, "with a wrongly placed king castling is not
// allowed; with a wrongly placed rook castling with this rook is not allowed."
struct CastlingPermission {
  bool king_misplaced = false;
  bool allowed[2] = {true, true};  // indexed by CastleSide: KING_SIDE (O-O), QUEEN_SIDE (O-O-O)
  std::string reason[2];           // why a side is forbidden
};
struct A512Ruling {
  CastlingPermission side[2];  // WHITE, BLACK
  std::vector<std::string> notes;
};
// intended: the start position that should have been set up (e.g. chess960::start_setup(sp));
// actual: the position that was set up and played from.
A512Ruling castling_after_wrong_setup(const Setup& intended, const Setup& actual);

}  // namespace arbiter::adjudication
