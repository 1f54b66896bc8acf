#pragma once
// Unwinnability: can `side` checkmate by ANY sequence of legal moves, both sides cooperating?
// This is the test of Laws 6.9 and A.5.3 (flag fall: draw if the opponent cannot checkmate),
// 5.1.2 (resignation), 7.5.5 (second illegal move) and, for both sides at once, 5.2.2 (dead
// position).
//
// Answers are exact: `Winnable` always comes with a witness (a mating line from the position,
// replayable to a checkmate delivered by `side`); `Unwinnable` only ever comes from a sound
// argument (named in `reason`), never from a heuristic; `Undetermined` only when the caller's
// node budget runs out first.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication {

enum class Verdict : std::uint8_t { Winnable, Unwinnable, Undetermined };
const char* verdict_name(Verdict v);  // "winnable", "unwinnable", "undetermined"

// Which argument decided the answer (for explanations and statistics).
enum class Method : std::uint8_t {
  GameOver,       // checkmate or stalemate already on the board (Laws 5.1.1 / 5.2.1)
  Material,       // the side's material can never give mate (e.g. a bare king)
  MatePattern,    // no checkmate configuration exists with the material that can ever be
                  // on the board (exhaustive enumeration, e.g. K+N against K+Q)
  BishopColours,  // only same-coloured bishops against no blocker able to stand off-colour
  Confinement,    // pieces' reachable squares (fixpoint over a locked pawn structure) rule
                  // out any check or any mating square
  Exhaustive,     // every line of play was explored (with the arguments above at the leaves)
  Helpmate,       // a mating line was found (the witness)
  Budget,         // undetermined: the node budget ran out
};
const char* method_name(Method m);

inline constexpr std::uint64_t kDefaultNodeBudget = 2'000'000;

struct Winnability {
  Verdict verdict = Verdict::Undetermined;
  Method method = Method::Budget;
  std::vector<Move> witness;  // Winnable: the mating line from the position (may be empty
                              // when the position is already checkmate by `side`)
  std::string reason;         // one sentence: why (the argument, or "helpmate in N moves")
  std::uint64_t nodes = 0;    // search nodes spent
};

// Decides whether `side` can deliver checkmate from `pos`. Thread-safe; no global state. A
// convenience for one-off queries: it builds a Solver for the call (whose search tables are
// only allocated if the easy phases do not decide). Callers that ask many questions (a batch,
// a PGN validator) should keep one Solver per thread instead.
Winnability can_checkmate(const Position& pos, Color side,
                          std::uint64_t node_budget = kDefaultNodeBudget);

// The mate planner: one cooperative line towards a checkmate by `side`, built greedily (about
// one move generation per ply, no search tree: the loser's king walks to a corner, the
// winner's men close in, its pawns promote, the loser's men wait or are taken; details in
// adjudication's README). Winnable with the line as witness once it has been replayed move by
// move (legal moves only) to a checkmate by `side`; otherwise Undetermined: a failed plan
// proves nothing, and the exact solver (can_checkmate) decides. At most `node_limit` nodes
// (move generations and mate tests, about three a ply; it stops once they reach the limit).
inline constexpr std::uint64_t kPlanNodes = 400;
Winnability plan_mate(const Position& pos, Color side, std::uint64_t node_limit = kPlanNodes);

// The line builder: one mating line written directly for the common case of a winner with a
// queen or rook (or a pawn that runs to one): the loser's king walks to an edge square, the
// winner's king in front of it, the heavy piece checks along the edge; no search, no move
// generation per ply (details in adjudication's README). Winnable with the line as witness (every
// move tested legal before it was played, the last one checkmate by `side`); otherwise
// Undetermined: a failed build proves nothing. Cheaper than plan_mate where it succeeds.
Winnability build_mate(const Position& pos, Color side);

// The witness in SAN, space-separated with move numbers ("45. Kb6 Kb8 46. Nd7#").
std::string witness_san(const Position& pos, const std::vector<Move>& line);
// The same as a list of plain SAN moves.
std::vector<std::string> witness_san_list(const Position& pos, const std::vector<Move>& line);
// True iff `line` is legal from `pos` and ends in checkmate delivered by `side`.
bool replays_to_mate(const Position& pos, const std::vector<Move>& line, Color side);

// Article 5.2.2: a dead position is one where neither player can checkmate by any series of
// legal moves. Checkmate or stalemate on the board are reported as such (the game is over by
// 5.1.1 / 5.2.1 already); `dead` is Undetermined only if the budget ran out for a side.
struct DeadPosition {
  Verdict dead = Verdict::Undetermined;  // Unwinnable for both = dead (verdict Unwinnable means
                                         // "dead"), Winnable = not dead
  bool checkmate = false;
  bool stalemate = false;
  Winnability white, black;  // can_checkmate for each side
  std::string reason;
  bool is_dead() const { return dead == Verdict::Unwinnable; }
};
DeadPosition dead_position(const Position& pos, std::uint64_t node_budget = kDefaultNodeBudget);

// The reusable form of can_checkmate / dead_position: it owns the search tables (a
// transposition table of about 1 MB, allocated on first need and then reused, cleared in O(1)
// between queries), so a caller asking many questions pays for them once. Answers are the same
// as the free functions'. One Solver per thread: an object is not safe for concurrent use
// (distinct objects are independent; there is no shared or global state), e.g.
//   arbiter::adjudication::Solver solver;            // per thread, reused
//   for (const auto& q : queries) out.push_back(solver.can_checkmate(q.pos, q.side));
class Solver {
 public:
  Solver();
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  Winnability can_checkmate(const Position& pos, Color side,
                            std::uint64_t node_budget = kDefaultNodeBudget);
  DeadPosition dead_position(const Position& pos, std::uint64_t node_budget = kDefaultNodeBudget);
  // A short look only (at most `node_limit` search nodes): a helpmate in which `side`'s pieces
  // close in on the other king where it stands. Winnable with its witness (checked move by move
  // to end in checkmate by `side`), else Undetermined: a failed look proves nothing. For callers
  // that put a cheap filter in front of can_checkmate (where either side's mate settles a
  // question, as for a dead position).
  Winnability quick_mate(const Position& pos, Color side, std::uint64_t node_limit = 400);

  struct Tables;  // private search state (defined in the library)

 private:
  std::unique_ptr<Tables> tables_;
};

}  // namespace arbiter::adjudication
