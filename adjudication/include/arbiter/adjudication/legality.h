#pragma once
// Legality of a set-up position (Art. 3.10.3: "a position is illegal when it cannot have been
// reached by any series of legal moves"; Laws A.5.4), with every reason that applies. The
// verdicts: "legal" only with a proof (a game from the start position that reaches it); "not
// reachable" with the argument that rules every game out, "illegal (A.5.4)" when that argument
// is one of A.5.4's two cases (both kings in check, a pawn on the rank furthest from its start:
// the arbiter waits for the next move and declares the game drawn if it is still on the board);
// and "not contradicted" when no check found a contradiction and no proof game was found.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/adjudication/proof_game.h"
#include "arbiter/engine/setup.h"

namespace arbiter::adjudication {

enum class LegalityStatus : std::uint8_t {
  Legal,            // proved: LegalityReport::proof reaches it from the start position
  NotContradicted,  // no check found a contradiction, and no proof game was found
  IllegalA54,       // Laws A.5.4: both kings in check or a pawn on its furthest rank
  NotReachable,     // cannot arise in any game (but not an A.5.4 case)
};
// "legal", "not contradicted", "illegal (A.5.4)", "not reachable"
const char* legality_status_name(LegalityStatus s);

struct LegalityIssue {
  std::string code;     // stable identifier, e.g. "pawn-on-last-rank", "both-kings-in-check"
  std::string message;  // one sentence naming squares, e.g. "white pawn on e8 (its last rank)"
  bool a54 = false;     // one of the two A.5.4 situations
};

struct LegalityReport {
  LegalityStatus status = LegalityStatus::NotContradicted;
  std::vector<LegalityIssue> issues;  // empty iff Legal or NotContradicted
  std::vector<std::string> checked;   // the arguments tried (what "not contradicted" survived)
  std::vector<Move> proof;            // Legal: the game from the start position reaching it
  ProofSearch search;                 // judge_legality: what the proof-game search did
  // Not shown illegal: Legal or NotContradicted (the game may go on).
  bool possible() const {
    return status == LegalityStatus::Legal || status == LegalityStatus::NotContradicted;
  }
  // The earlier name of possible(), kept for code built against it: it never meant "proved
  // legal" (that is status == Legal).
  [[deprecated("use possible(): 'legal' is the verdict with a proof game")]] bool legal() const {
    return possible();
  }
};

struct LegalityOptions {
  // Castling rights are judged with Chess960 placement (king anywhere between the rooks on the
  // back rank) instead of the standard e-file king with a/h rooks.
  bool chess960 = false;
  // The start position of the game: the standard one unless chess960, when it is known only
  // if given (a Chess960 start). Without one, the locked-in-pieces check and the proof-game
  // search are skipped.
  std::optional<Setup> start;
  ProofLimits proof;  // judge_legality's search; max_nodes = 0 turns it off
};
// The start position the options imply (standard unless chess960 without a start).
std::optional<Setup> start_of(const LegalityOptions& options);

// Every check that can prove the position illegal (never Legal: that needs a proof game).
LegalityReport check_legality(const Setup& setup, const LegalityOptions& options);
LegalityReport check_legality(const Setup& setup, bool chess960 = false);
// check_legality, then (when it found nothing) a bounded search for a proof game from the
// start: Legal with the proof when found, else NotContradicted.
LegalityReport judge_legality(const Setup& setup, const LegalityOptions& options);

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
