// can_checkmate: the decision procedure of unwinnability.h, phase by phase, cheapest first,
// numbered as in adjudication's README (one member function of Query per phase):
//   1. The game is already over (checkmate or stalemate on the board: Laws 5.1.1, 5.2.1).
//   2. Material arguments (material.h).
//   3. Forced moves are played (a forced cycle is a proof); then short helpmate searches with
//      a small table (most real positions end here with a witness).
//   4. Confinement analysis (confinement.h), a proof for locked pawn structures, and one move
//      deeper.
//   5. Exhaustive enumeration of small reachable sets (e.g. every move stalemates).
//   6. A lone knight or bishop: give-aways and searches steered towards mating
//      configurations, after a promotion of the loser's when it needs a blocker.
//   7. Case splits on captures (saturation.h) and the release of a boxed-in king (release.h).
//   8. Longer searches with a transposition table, probes steered by a plan (probes.h) and a
//      larger enumeration, until the node budget runs out.
//   9. The case splits with more fixpoints and a search pruned by them (pruned.h).
//  10. Tempo positions enumerated whole (pruned.h), between the rounds of 8 (or after it).
#include <algorithm>
#include <cassert>
#include <optional>
#include <sstream>

#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/setup.h"
#include "unwinnable/confinement.h"
#include "unwinnable/goal_search.h"
#include "unwinnable/identity.h"
#include "unwinnable/line_builder.h"
#include "unwinnable/material.h"
#include "unwinnable/planner.h"
#include "unwinnable/probes.h"
#include "unwinnable/pruned.h"
#include "unwinnable/reachable.h"
#include "unwinnable/release.h"
#include "unwinnable/search.h"

namespace arbiter::adjudication {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Winnable: return "winnable";
    case Verdict::Unwinnable: return "unwinnable";
    case Verdict::Undetermined: return "undetermined";
  }
  return "?";
}

const char* method_name(Method m) {
  switch (m) {
    case Method::GameOver: return "game-over";
    case Method::Material: return "material";
    case Method::MatePattern: return "mate-pattern";
    case Method::BishopColours: return "bishop-colours";
    case Method::Confinement: return "confinement";
    case Method::Exhaustive: return "exhaustive";
    case Method::Helpmate: return "helpmate";
    case Method::Budget: return "budget";
  }
  return "?";
}

namespace {

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

// Cuts the loops out of a mating line: if a position recurs, the moves between the two
// occurrences can be skipped (same pieces, side, castling rights and en passant square, so the
// rest of the line stays legal).
std::vector<Move> without_loops(const Position& root, const std::vector<Move>& line) {
  const auto id = detail::identity;
  std::vector<std::uint64_t> keys{id(root)};
  Position p = root;
  for (Move m : line) {
    p.play(m);
    keys.push_back(id(p));
  }
  // The furthest occurrence of each position, from one sort by (key, ply) (a scan back from the
  // end for each ply costs the square of the line's length, and witnesses run to 160 plies).
  std::vector<std::uint32_t> order(keys.size()), last(keys.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return keys[a] != keys[b] ? keys[a] < keys[b] : a < b;
  });
  for (std::size_t r = 0; r < order.size();) {
    std::size_t e = r;
    while (e + 1 < order.size() && keys[order[e + 1]] == keys[order[r]]) ++e;
    for (std::size_t i = r; i <= e; ++i) last[order[i]] = order[e];
    r = e + 1;
  }
  std::vector<Move> out;
  for (std::size_t i = 0; i < line.size();) {
    const std::size_t j = last[i];  // furthest later occurrence of position i
    if (j > i) {
      i = j;
      continue;
    }
    out.push_back(line[i]);
    ++i;
  }
  return out;
}

// Bishops of one colour (two or more, and nothing else besides the king): the checkmate
// configurations of a lone bishop of that colour (mate_goals), each bishop in turn the checker
// and the others left out of the configuration (spare: the searches walk them out of the way, or
// they guard the checker or a flight square). The mated king stands on the bishops' colour and
// its neighbours of the other colour are blocked by the loser's own pieces (often a pawn promoted
// to a knight), which mate_goals places. Up to `max_goals`, nearest first. Only goals for the
// searches: a line they find is checked move by move and ends in a checkmate.
std::vector<detail::MateGoal> one_colour_bishop_goals(const Position& pos, Color side,
                                                      std::size_t max_goals) {
  std::vector<detail::MateGoal> out;
  const Bitboard bishops = pos.pieces(side, BISHOP);
  if ((pos.pieces(side) & ~pos.pieces(side, KING)) != bishops || popcount(bishops) < 2 ||
      ((bishops & DARK_SQUARES) && (bishops & LIGHT_SQUARES)))
    return out;
  for (Bitboard b = bishops; b;) {
    const Square checker = pop_lsb(b);
    Setup lone = pos.to_setup();
    for (Bitboard spare = bishops & ~square_bb(checker); spare;)
      lone.board[pop_lsb(spare)] = NO_PIECE;
    const auto reduced = Position::from_setup(lone);
    if (!reduced.ok()) continue;
    for (detail::MateGoal& g : detail::mate_goals(*reduced, side, max_goals)) out.push_back(g);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.distance < b.distance; });
  if (out.size() > max_goals) out.resize(max_goals);
  return out;
}

Winnability winnable(std::vector<Move> line, std::uint64_t nodes) {
  Winnability w;
  w.verdict = Verdict::Winnable;
  w.method = Method::Helpmate;
  const std::size_t full = (line.size() + 1) / 2;
  w.reason = "helpmate found: checkmate after " + std::to_string(line.size()) + " plies (" +
             std::to_string(full) + " move" + (full == 1 ? "" : "s") + " by the winner)";
  w.witness = std::move(line);
  w.nodes = nodes;
  return w;
}

Winnability unwinnable(Method m, std::string why, std::uint64_t nodes) {
  Winnability w;
  w.verdict = Verdict::Unwinnable;
  w.method = m;
  w.reason = std::move(why);
  w.nodes = nodes;
  return w;
}

}  // namespace

// The search state a Solver keeps between queries: the transposition table is allocated on
// first need and cleared (O(1), by generation) for each phase that uses it.
// The quick first search gets a small table that stays in cache; the long searches a large one.
struct Solver::Tables {
  std::unique_ptr<detail::TranspositionTable> small, large, probe;
  detail::ReachSpace reach;  // the breadth-first enumeration's memory
  detail::GoalTable goal;    // the goal-directed searches' table
  static detail::TranspositionTable* fresh(std::unique_ptr<detail::TranspositionTable>& t,
                                           int log2_size) {
    if (!t)
      t = std::make_unique<detail::TranspositionTable>(log2_size);
    else
      t->clear();
    return t.get();
  }
  detail::TranspositionTable* quick_table() { return fresh(small, 12); }
  detail::TranspositionTable* fresh_table() { return fresh(large, 16); }
  // The probe's long searches (up to a million nodes) lose most transpositions in 2^16 entries.
  detail::TranspositionTable* probe_table() { return fresh(probe, 18); }
};

Solver::Solver() : tables_(std::make_unique<Tables>()) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

Winnability can_checkmate(const Position& pos, Color side, std::uint64_t node_budget) {
  Solver solver;
  return solver.can_checkmate(pos, side, node_budget);
}

DeadPosition dead_position(const Position& pos, std::uint64_t node_budget) {
  Solver solver;
  return solver.dead_position(pos, node_budget);
}

// Proves that `side` can never mate from `pos` if every legal move leads to a position that is
// over without a mate by `side`, or that a material or confinement argument proves unwinnable,
// following positions where the side to move is in check up to `depth` moves deep. `work`
// counts the positions examined, at most `cap` (then it gives up).
static bool every_child_unwinnable(const Position& pos, Color side, int depth, std::uint64_t* work,
                                   std::uint64_t cap) {
  using namespace detail;
  MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    if (++*work > cap) return false;
    const Position child = pos.after(m);
    const std::size_t legal = child.count_legal_moves();
    if (legal == 0) {
      if (child.in_check() && child.side_to_move() != side) return false;  // a mate
      continue;
    }
    if (material_proves_unwinnable(child, side, nullptr, nullptr)) continue;
    if (confinement_proves_unwinnable(child, confine(child, side), side, nullptr)) continue;
    if (depth > 1 && child.in_check() && every_child_unwinnable(child, side, depth - 1, work, cap))
      continue;
    return false;
  }
  return true;
}

namespace {

using Found = std::optional<Winnability>;  // a phase's answer, or nothing: the next phase runs

// One query of Solver::can_checkmate, phase by phase as numbered in adjudication's README (the
// header of this file). Each phase returns an answer or leaves the query to the next one; the
// state they share is the position after the forced moves, the nodes spent so far and the
// budget (which phases with an allowance of their own adjust).
class Query {
 public:
  Query(Solver& solver, Solver::Tables& tables, const Position& root, Color side,
        std::uint64_t node_budget)
      : solver_(solver),
        tables_(tables),
        root_(root),
        side_(side),
        stated_budget_(node_budget),
        node_budget_(node_budget),
        w_(colour_name(side)),
        l_(colour_name(~side)),
        pos_(root) {}

  Winnability run() {
    if (Found r = game_over()) return *r;            // 1
    if (Found r = material()) return *r;             // 2
    if (Found r = forced_moves()) return *r;         // 3a
    if (Found r = quick_searches()) return *r;       // 3b
    if (Found r = confinement()) return *r;          // 4
    if (Found r = small_reachable_set()) return *r;  // 5
    if (Found r = lone_minor_piece()) return *r;     // 6
    if (Found r = case_splits()) return *r;          // 7
    if (Found r = deep_searches()) return *r;        // 8, with 10 in between
    if (!tempo_tried_)
      if (Found r = tempo()) return *r;        // 10 when 8 did not run it
    if (Found r = pruned_search()) return *r;  // 9
    return undetermined();
  }

 private:
  // 1. Game over on the board: checkmate is decided before any material rule.
  Found game_over() const {
    if (root_.count_legal_moves() != 0) return std::nullopt;
    if (root_.in_check()) {
      if (root_.side_to_move() != side_) {
        Winnability r = winnable({}, 0);
        r.method = Method::GameOver;
        r.reason = l_ + " is already checkmated (Laws 5.1.1)";
        return r;
      }
      return unwinnable(Method::GameOver, w_ + " is checkmated: the game is over (Laws 5.1.1)", 0);
    }
    return unwinnable(Method::GameOver,
                      "stalemate on the board: the game is already drawn (Laws 5.2.1)", 0);
  }

  // 2. Material.
  Found material() const {
    Method m;
    std::string why;
    if (detail::material_proves_unwinnable(root_, side_, &m, &why)) return unwinnable(m, why, 0);
    return std::nullopt;
  }

  // 3a. Forced moves (the README's step 3, first part): while the side to move has a single
  //     legal move, every line goes through the position after it, so we analyse that one
  //     instead (the witness keeps the prefix). A forced sequence that comes back to a position
  //     it passed through cycles for ever.
  Found forced_moves() {
    std::vector<std::uint64_t> seen{detail::identity(root_)};
    MoveList moves;
    for (pos_.generate_legal(moves); moves.size() == 1; pos_.generate_legal(moves)) {
      pos_.play(moves[0]);
      prefix_.push_back(moves[0]);
      const std::uint64_t id = detail::identity(pos_);
      if (std::find(seen.begin(), seen.end(), id) != seen.end())
        return unwinnable(Method::Exhaustive,
                          "every move from here is forced and the play repeats itself (" +
                              std::to_string(prefix_.size()) + " plies) without a checkmate",
                          prefix_.size());
      seen.push_back(id);
      moves.clear();
    }
    if (moves.empty()) {
      if (pos_.in_check() && pos_.side_to_move() != side_) return winnable(std::move(prefix_), 0);
      return unwinnable(Method::Exhaustive,
                        "every move from here is forced and the play ends in " +
                            std::string(pos_.in_check() ? "checkmate of " + w_ : "stalemate"),
                        prefix_.size());
    }
    Method m;
    std::string why;
    if (!prefix_.empty() && detail::material_proves_unwinnable(pos_, side_, &m, &why))
      return unwinnable(m, "after the forced moves, " + why, prefix_.size());
    assert(pos_.count_legal_moves() > 1 || prefix_.empty());
    return std::nullopt;
  }

  // 3b. Short searches with a small table, cheapest first (the README's step 3, second part).
  //     Most positions from real games have a natural mate the corner-driven search meets
  //     within a few hundred nodes; when it does not, a search in which the winner's pieces
  //     close in on the loser's king where it stands (instead of driving it to a corner) usually
  //     finds one within a thousand; then the corner search starts again with its full
  //     allowance. These two looks are not charged against the budget of what follows (charged
  //     from zero again), so that the later phases, and what they decide, do not depend on them:
  //     at most 1,400 nodes more in all. When the winner has pawns but no queen or rook, the
  //     mate usually comes after a promotion: a shorter search, then one that only walks a pawn
  //     to a queen (the loser making way), then a search for the mate from there.
  Found quick_searches() {
    using detail::Helpmate;
    assert(spent_ == 0 && pos_.count_legal_moves() > 0);
    const bool promotes_first =
        !pos_.pieces(side_, QUEEN) && !pos_.pieces(side_, ROOK) && pos_.pieces(side_, PAWN);
    const std::uint64_t quick = std::min<std::uint64_t>(node_budget_, promotes_first ? 1500 : 4000);
    {
      Helpmate glance(side_);
      const bool ok = glance.run(pos_, 1, 6, std::min<std::uint64_t>(quick, 400), 800,
                                 tables_.quick_table(), line_);
      spent_ += glance.nodes();
      if (ok) return found(line_, spent_);
      Helpmate close_in(side_);
      close_in.chase(true);
      const bool closed = close_in.run(pos_, 1, 3, std::min<std::uint64_t>(1000, node_budget_), 400,
                                       tables_.quick_table(), line_);
      spent_ += close_in.nodes();
      if (closed) return found(line_, spent_);
      spent_ = 0;
    }
    Helpmate hm(side_);
    if (spent_ < node_budget_ && hm.run(pos_, 1, 6, std::min(quick, node_budget_ - spent_), 800,
                                        tables_.quick_table(), line_))
      return found(line_, spent_ + hm.nodes());
    spent_ += hm.nodes();
    if (promotes_first && spent_ < node_budget_) {
      Helpmate promo(side_);
      promo.winner_promotes_to(QUEEN);
      std::vector<Move> first;
      const bool ok = promo.run(pos_, 1, 30, std::min<std::uint64_t>(3000, node_budget_ - spent_),
                                0, tables_.quick_table(), first);
      spent_ += promo.nodes();
      if (ok && spent_ < node_budget_)
        if (Found mate = solved_after(first, std::min<std::uint64_t>(20000, node_budget_ - spent_)))
          return mate;
      Helpmate rest(side_);  // the rest of the ordinary quick search
      if (spent_ < node_budget_ &&
          rest.run(pos_, 1, 6, std::min<std::uint64_t>(2500, node_budget_ - spent_), 800,
                   tables_.quick_table(), line_))
        return found(line_, spent_ + rest.nodes());
      spent_ += rest.nodes();
    }
    return std::nullopt;
  }

  // 4. Confinement; then one move deeper: every line starts with one of the legal moves, so if
  //    the position after each of them is proved unwinnable (a game end that is no mate by the
  //    side, material, or confinement, which a move often sharpens: a piece committed, a check
  //    that must be answered), so is this one. Positions in check are followed one move further.
  Found confinement() {
    {
      const detail::Confinement c = detail::confine(pos_, side_);
      std::string why;
      if (detail::confinement_proves_unwinnable(pos_, c, side_, &why))
        return unwinnable(Method::Confinement, why, spent_);
    }
    std::uint64_t n = 0;
    if (every_child_unwinnable(pos_, side_, 2, &n, 64))
      return unwinnable(Method::Confinement,
                        "after every legal move the resulting position is proved unwinnable for " +
                            w_ + " (reachable squares of every piece, with locked pawns as walls)",
                        spent_ + n);
    spent_ += n;
    return std::nullopt;
  }

  // 5. Small reachable sets (e.g. every move stalemates): cheap when they are small. Only when
  //    the side to move has few moves: lines there are forced (stalemate traps).
  Found small_reachable_set() {
    if (pos_.count_legal_moves() > 6 || spent_ >= node_budget_) return std::nullopt;
    std::uint64_t n = 0;
    const std::size_t cap = std::min<std::uint64_t>(400, node_budget_ - spent_);
    switch (detail::exhaust(pos_, side_, cap, &line_, &n)) {
      case detail::Exhaustion::MateFound: return found(line_, spent_ + n);
      case detail::Exhaustion::NoMate:
        return unwinnable(Method::Exhaustive,
                          "every position reachable from here (" + std::to_string(n) +
                              " moves explored) was examined: none is a checkmate by " + w_,
                          spent_ + n);
      case detail::Exhaustion::TooLarge: break;
    }
    spent_ += n;
    return std::nullopt;
  }

  // 6. A lone knight or bishop (and bishops of one colour, and minor pieces only): the
  //    give-away tried early, the mating configurations, the give-aways with what is left.
  Found lone_minor_piece() {
    const Bitboard ours = pos_.pieces(side_) & ~pos_.pieces(side_, KING);
    lone_minor_vs_major_ = popcount(ours) == 1 && (ours & pos_.pieces(KNIGHT, BISHOP)) &&
                           (pos_.pieces(~side_, QUEEN) | pos_.pieces(~side_, ROOK));
    if (Found r = early_give_away()) return r;
    if (Found r = mating_configurations()) return r;
    return late_give_aways();
  }

  // 6a. A lone knight or bishop against a queen or rook: those usually take the checker or
  //     interpose in every mating configuration, so the loser gives one away (brings it to the
  //     winner, who takes it) and the simpler position is solved again. Only a found mate is
  //     used from it. Tried before the mating configurations below, with a small allowance
  //     (most of these mates are found within a few ten thousand nodes, where the
  //     configurations, which keep the spoiling piece, may spend a million in vain); with half
  //     of what is left after them (6c). The early look is not charged against the budget of
  //     what follows (the budget grows by what it spent, at most 65,000 nodes; the give-away
  //     search is charged in 6c, where it ran before), so that the later phases, and what they
  //     decide, do not depend on it. Only with a large budget (a caller's, not that of a
  //     sub-query after a give-away, which would try again: a chain of give-aways, each trying
  //     early and late, would grow exponentially).
  Found early_give_away() {
    constexpr std::uint64_t kEarlyGiveBudget = 1000000;
    if (!lone_minor_vs_major_ || node_budget_ < kEarlyGiveBudget || spent_ >= node_budget_)
      return std::nullopt;
    give_away();
    const std::uint64_t before = spent_;
    constexpr std::uint64_t kEarlyAllowance = 45000;
    if (give_.ok && spent_ < node_budget_)
      if (Found mate =
              solved_after(give_.line, std::min(kEarlyAllowance, (node_budget_ - spent_) / 2)))
        return mate;
    node_budget_ += give_.nodes + (spent_ - before);
    return std::nullopt;
  }

  // The loser's queen or rook brought to the winner and taken (a sub-goal search).
  void give_away() {
    detail::Helpmate take(side_);
    take.capture_types(1u << QUEEN | 1u << ROOK);
    give_.searched = true;
    give_.ok = take.run(pos_, 1, 30, std::min<std::uint64_t>(20000, node_budget_ - spent_), 0,
                        tables_.fresh_table(), give_.line);
    spent_ += give_.nodes = take.nodes();
  }

  // A position to walk to mating configurations from: the position itself, or after a
  // promotion of the loser's (`prefix`).
  struct Start {
    Position pos;
    std::vector<Move> prefix;
    std::vector<detail::MateGoal> goals;
  };

  // 6b. Small material (a lone knight or bishop): steer towards the nearest checkmate
  //     configurations (mate_goals). A lone minor piece against pawns usually needs the loser
  //     to promote first, to a piece that then blocks its own king's flight square, so each
  //     promotion is reached first (the loser's pawns walk, the winner waits) and the
  //     configurations are taken from there. All (start, goal) pairs are tried with a small
  //     budget, then a larger one, so that an easy pair is not starved by a hard one.
  Found mating_configurations() {
    std::vector<Start> starts;
    if (Found mate = configuration_starts(starts)) return mate;
    return walk_to_configurations(starts);
  }

  // 6b'. The starts: twelve configurations from the position itself (a lichess query, a lone
  //      bishop against rook, knight and pawns, needs the ninth), six after each promotion; the
  //      third level's pair limit makes room for the extra six, so that the pairs it reached
  //      before still fit. A promotion that mates ends the query.
  Found configuration_starts(std::vector<Start>& starts) {
    using namespace detail;
    if (auto goals = mate_goals(pos_, side_, 12); !goals.empty())
      starts.push_back({pos_, {}, std::move(goals)});
    else if (auto lone = one_colour_bishop_goals(pos_, side_, 12); !lone.empty())
      starts.push_back({pos_, {}, std::move(lone)});
    const Bitboard ours = pos_.pieces(side_) & ~pos_.pieces(side_, KING);
    if (popcount(ours) != 1 || !(ours & pos_.pieces(KNIGHT, BISHOP)) || !pos_.pieces(~side_, PAWN))
      return std::nullopt;
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
      if (spent_ >= node_budget_) break;
      Helpmate promo(side_);
      promo.promote_to(pt);
      std::vector<Move> first;
      const bool ok = promo.run(pos_, 1, 24, std::min<std::uint64_t>(20000, node_budget_ - spent_),
                                0, tables_.fresh_table(), first);
      spent_ += promo.nodes();
      if (!ok) continue;
      Position next = pos_;
      for (Move m : first) next.play(m);
      if (next.count_legal_moves() == 0) {
        if (next.in_check() && next.side_to_move() != side_) return found(first, spent_);
        continue;
      }
      if (auto goals = mate_goals(next, side_, 6); !goals.empty())
        starts.push_back({next, std::move(first), std::move(goals)});
    }
    return std::nullopt;
  }

  // 6b''. The (start, goal) pairs, those from the position itself first (then those after each
  //       promotion), nearest first within a start, each searched for a line that walks every
  //       piece to its square (GoalSearch, iterative deepening on the plies with a lower
  //       bound), first with little slack and few nodes, then with more for the nearest pairs,
  //       so that many far pairs do not starve a near one. At most half of what is left: the
  //       searches of phase 8 find what the goals miss.
  Found walk_to_configurations(const std::vector<Start>& starts) {
    using namespace detail;
    struct Pair {
      const Start* start;
      const MateGoal* goal;
      int distance;
    };
    std::vector<Pair> pairs;
    for (const Start& st : starts)
      for (const MateGoal& g : st.goals)
        pairs.push_back({&st, &g, int(&st - starts.data()) * 1000 + g.distance});
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const Pair& a, const Pair& b) { return a.distance < b.distance; });
    // (The phases above may overrun a small budget by a few nodes: no wrap-around below.)
    const std::uint64_t stop = spent_ + (node_budget_ - std::min(spent_, node_budget_)) / 2;
    // Two kinds of search alternate: GoalSearch (slack > 0), and the helpmate search with the
    // goals as its cost model (slack 0), which finds other routes (captures, detours).
    constexpr struct {
      int slack;
      std::uint64_t limit;
      std::size_t pairs;
    } kLevels[] = {{4, 250, 64},   {0, 300, 64},    {4, 2000, 64},   {0, 3000, 64},  {8, 20000, 30},
                   {0, 25000, 64}, {12, 100000, 8}, {0, 200000, 64}, {16, 300000, 3}};
    for (const auto& level : kLevels) {
      for (std::size_t i = 0; i < std::min(level.pairs, pairs.size()) && spent_ < stop; ++i) {
        const std::uint64_t limit = std::min(level.limit, stop - spent_);
        bool ok;
        if (level.slack > 0) {
          GoalSearch walk(side_, pairs[i].goal->goal, tables_.goal);
          ok = walk.run(pairs[i].start->pos, level.slack, limit, line_);
          spent_ += walk.nodes();
        } else {
          Helpmate steer(side_);
          steer.set_goals(pairs[i].goal->goal);
          ok = steer.run(pairs[i].start->pos, 1, 60, limit, 2000, tables_.fresh_table(), line_);
          spent_ += steer.nodes();
        }
        if (ok) {
          std::vector<Move> full = pairs[i].start->prefix;
          full.insert(full.end(), line_.begin(), line_.end());
          return found(full, spent_);
        }
      }
    }
    return std::nullopt;
  }

  // 6c. The lone knight or bishop's give-away (6a) again, with half of what is left. The same
  //     for a winner with minor pieces only (two or more, no pawns) against loser pieces, which
  //     spoil the mates in the corners: the loser gives one away first.
  Found late_give_aways() {
    const Bitboard ours = pos_.pieces(side_) & ~pos_.pieces(side_, KING);
    const bool minors = popcount(ours) >= 2 && ours == (ours & pos_.pieces(KNIGHT, BISHOP)) &&
                        (pos_.pieces(~side_) & ~pos_.pieces(KING) & ~pos_.pieces(PAWN));
    node_budget_ -= give_.nodes;  // charged here, where the later phases expect it
    if (lone_minor_vs_major_ && !give_.searched && spent_ < node_budget_) give_away();
    if (lone_minor_vs_major_ && give_.ok && spent_ < node_budget_)
      if (Found mate = solved_after(give_.line, (node_budget_ - spent_) / 2)) return mate;
    if (!minors || spent_ >= node_budget_) return std::nullopt;
    detail::Helpmate take(side_);
    take.capture_types(1u << KNIGHT | 1u << BISHOP | 1u << ROOK | 1u << QUEEN);
    std::vector<Move> first;
    const bool ok = take.run(pos_, 1, 30, std::min<std::uint64_t>(20000, node_budget_ - spent_), 0,
                             tables_.fresh_table(), first);
    spent_ += take.nodes();
    // The lone minor piece's give-away needs most of its sub-search (up to a million nodes on
    // the community file); the minor pieces' find theirs within a few tens of thousands, and
    // an eighth of the budget keeps a failing one from eating half of it.
    const std::uint64_t share = std::min((node_budget_ - spent_) / 2, node_budget_ / 8);
    if (ok && spent_ < node_budget_) return solved_after(first, share);
    return std::nullopt;
  }

  // 7. The confinement analysis with case splits on which pieces can ever be captured where
  //    they stand (saturation.h), a few fixpoints (32 units of work): a proof spares phase 8
  //    on locked structures. Then a winner's king boxed in by its own blocked pieces
  //    (release.h): a loser's piece takes a wall, and the position after it is solved again
  //    (by this solver), with at most half of what is left.
  Found case_splits() {
    if (spent_ < node_budget_)
      if (Found r = saturated(0, 32)) return r;
    auto solve_rest = [&](const Position& next, std::uint64_t budget, std::vector<Move>& tail,
                          std::uint64_t* n) {
      const Winnability sub = solver_.can_checkmate(next, side_, budget);
      *n += sub.nodes;
      tail = sub.witness;
      return sub.verdict == Verdict::Winnable;
    };
    if (spent_ < node_budget_ && detail::release_king(pos_, side_, (node_budget_ - spent_) / 2,
                                                      tables_.goal, solve_rest, line_, &spent_))
      return found(line_, spent_);
    return std::nullopt;
  }

  // 8. Longer searches with a transposition table, aiming at each mating corner in turn; then
  //    a larger exhaustive enumeration; then the nearest corner with all the budget left.
  Found deep_searches() {
    using namespace detail;
    if (spent_ >= node_budget_) return std::nullopt;
    TranspositionTable& tt = *tables_.fresh_table();
    const auto corners = Helpmate::corners(pos_, side_);
    assert(!corners.empty());
    if (Found r = corner_rounds(tt, corners)) return r;
    if (Found r = enumerate(120000, 400000)) return r;
    // 8c. The probe again, mating in the corner nearest the winner's king, with fifteen
    //     sixteenths of what is left (the last search decides no query of the corpora).
    //     Without pawns on both sides (no chain to break, no race) the plan of the first probe
    //     does not apply, and the probe sweeps the corners instead (probe_sweep).
    const bool both_pawns = pos_.pieces(WHITE, PAWN) && pos_.pieces(BLACK, PAWN);
    if (spent_ < node_budget_ &&
        (both_pawns ? probe_helpmates(pos_, side_, ProbeCorner::WinnerKing,
                                      (node_budget_ - spent_) * 15 / 16, *tables_.probe_table(),
                                      line_, &spent_)
                    : probe_sweep(pos_, side_, (node_budget_ - spent_) * 15 / 16,
                                  *tables_.probe_table(), line_, &spent_)))
      return found(line_, spent_);
    // 8d. A last search aimed at the nearest corner.
    if (spent_ < node_budget_) {
      Helpmate deep(side_);
      deep.force_target(corners.front());
      if (deep.run(pos_, 1, 80, node_budget_ - spent_, 0, &tt, line_))
        return found(line_, spent_ + deep.nodes());
      spent_ += deep.nodes();
    }
    return std::nullopt;
  }

  // 8a. Every corner and variant with a glance first (kGlance nodes each: a mate in a corner
  //     other than the nearest one is often found in a few dozen nodes, after the 6,000 of each
  //     corner before it in the round below; on the TCEC final positions this saves a tenth of
  //     the nodes), then with a small slice, so that the one that works is not kept waiting
  //     behind one that does not; then with the full slices. Between the last two rounds, the
  //     tempo positions (10), then a probe that follows a plan (probes.h: breaking locked
  //     chains, racing pawns to promotion, long king walks) with half of what is left: it finds
  //     most of the composed mates the corner searches miss. The full slices share the rest.
  Found corner_rounds(detail::TranspositionTable& tt, const std::vector<Square>& corners) {
    using namespace detail;
    constexpr std::uint64_t kGlance = 300;
    std::uint64_t full_slice = std::max<std::uint64_t>(1, (node_budget_ - spent_) / 16);
    if (Found r = corner_round(tt, corners, kGlance)) return r;
    for (int round = 0; round < 2; ++round) {
      if (round == 1)
        if (Found r = tempo()) return r;
      if (round == 1 && spent_ < node_budget_) {
        const std::uint64_t before = spent_;
        if (probe_helpmates(pos_, side_, ProbeCorner::LoserBack, (node_budget_ - spent_) / 2,
                            *tables_.probe_table(), line_, &spent_))
          return found(line_, spent_);
        if (spent_ != before) full_slice = std::max<std::uint64_t>(1, (node_budget_ - spent_) / 16);
      }
      const std::uint64_t slice =
          round == 0 ? std::min<std::uint64_t>(full_slice, 6000) : full_slice;
      if (Found r = corner_round(tt, corners, slice)) return r;
    }
    return std::nullopt;
  }

  // One round of 8a: a search aimed at each corner with `slice` nodes, then the two searches
  // that close in on the loser's king with twice that.
  Found corner_round(detail::TranspositionTable& tt, const std::vector<Square>& corners,
                     std::uint64_t slice) {
    using detail::Helpmate;
    for (Square corner : corners) {
      if (spent_ >= node_budget_) break;
      Helpmate deep(side_);
      deep.force_target(corner);
      if (deep.run(pos_, 1, 60, std::min(slice, node_budget_ - spent_), 0, &tt, line_))
        return found(line_, spent_ + deep.nodes());
      spent_ += deep.nodes();
    }
    for (int variant = 0; variant < 2 && spent_ < node_budget_; ++variant) {
      Helpmate deep(side_);
      deep.force_target(corners[variant % corners.size()]);
      deep.chase(true);
      if (deep.run(pos_, 1, 60, std::min(2 * slice, node_budget_ - spent_), 0, &tt, line_))
        return found(line_, spent_ + deep.nodes());
      spent_ += deep.nodes();
    }
    return std::nullopt;
  }

  // 8b. Every reachable position, breadth first, when there are few: a proof when no mate is
  //     among them, else the shortest mate. Each move played counts as a node.
  Found enumerate(std::size_t cap, std::uint64_t moves) {
    using namespace detail;
    if (spent_ >= node_budget_) return std::nullopt;
    const ReachResult r = enumerate_reachable(
        pos_, side_, cap, std::min<std::uint64_t>(moves, node_budget_ - spent_), tables_.reach);
    switch (r.outcome) {
      case Reach::MateFound: return found(r.line, spent_ + r.nodes);
      case Reach::NoMate:
        return unwinnable(Method::Exhaustive,
                          "every position reachable from here (" + std::to_string(r.positions) +
                              ") was examined: none is a checkmate by " + w_,
                          spent_ + r.nodes + tempo_nodes_);
      case Reach::TooLarge: break;
    }
    spent_ += r.nodes;
    return std::nullopt;
  }

  // 9. The case splits with more fixpoints, then a search pruned by them (pruned.h): forced
  //    lines and structures that open only through captures. It runs once the searches have
  //    given up, with its own small allowance (at most 3,000 units of fixpoint work, about 1,500
  //    fixpoints on a board of a dozen pieces, and 200 positions expanded), when the caller's
  //    budget is not a small one.
  Found pruned_search() {
    if (node_budget_ < 100000) return std::nullopt;
    return saturated(200, 3000);
  }

  // The confinement with case splits (7, 9): a proof, a mate, or nothing within `work`.
  Found saturated(std::size_t expansions, int work) {
    std::string why;
    const detail::PrunedResult r =
        detail::prove_by_saturation(pos_, side_, expansions, work, tables_.reach, &why);
    Found out;
    if (r.outcome == detail::Reach::NoMate)
      out = unwinnable(Method::Exhaustive, why, spent_ + r.nodes + tempo_nodes_);
    if (r.outcome == detail::Reach::MateFound) out = found(r.line, spent_ + r.nodes);
    spent_ += r.nodes;
    return out;
  }

  // 10. Tempo positions (pruned.h: the winner could only push pawns blocked on their files):
  //     the whole reachable set, with an allowance of its own of up to 1.5 million moves, when
  //     the caller's budget is not a small one. Not charged to the searches, which run as they
  //     would without it. After the first round of the corner searches (at most 48,000 nodes,
  //     which find the quick mates of such positions) and before the rest: when it closes it
  //     decides in a fraction of the time they would spend first (the community file's slowest
  //     query: 2 million search nodes, then 1.17 million moves enumerated to a proof).
  Found tempo() {
    tempo_tried_ = true;
    if (node_budget_ < 100000) return std::nullopt;
    assert(tempo_nodes_ == 0);  // it runs once
    std::string why;
    const detail::PrunedResult t = detail::prove_by_tempo(
        pos_, side_, 400000, std::min<std::uint64_t>(1500000, node_budget_), tables_.reach, &why);
    Found out;
    if (t.outcome == detail::Reach::NoMate)
      out = unwinnable(Method::Exhaustive, why, spent_ + t.nodes);
    if (t.outcome == detail::Reach::MateFound) out = found(t.line, spent_ + t.nodes);
    tempo_nodes_ = t.nodes;
    return out;
  }

  Winnability undetermined() const {
    Winnability r;
    r.verdict = Verdict::Undetermined;
    r.method = Method::Budget;
    r.reason = "undetermined: the node budget (" + std::to_string(stated_budget_) +
               ") ran out before a helpmate or a proof was found";
    r.nodes = spent_ + tempo_nodes_;
    return r;
  }

  // The mating line from the root: the forced prefix, then `line` from pos_.
  Winnability found(const std::vector<Move>& line, std::uint64_t nodes) const {
    std::vector<Move> full = prefix_;
    full.insert(full.end(), line.begin(), line.end());
    Winnability r = winnable(without_loops(root_, full), nodes + tempo_nodes_);
    assert(replays_to_mate(root_, r.witness, side_));
    return r;
  }

  // A mate found from the position after `first` (the loser giving something up, a pawn walked
  // to a queen): `first` then the sub-query's witness. Its nodes are charged either way.
  Found solved_after(std::vector<Move> first, std::uint64_t budget) {
    Position next = pos_;
    for (Move m : first) next.play(m);
    const Winnability sub = solver_.can_checkmate(next, side_, budget);
    spent_ += sub.nodes;
    if (sub.verdict != Verdict::Winnable) return std::nullopt;
    first.insert(first.end(), sub.witness.begin(), sub.witness.end());
    return found(first, spent_);
  }

  Solver& solver_;
  Solver::Tables& tables_;
  const Position& root_;
  const Color side_;
  const std::uint64_t stated_budget_;
  std::uint64_t node_budget_;  // grows and shrinks with the allowances of phase 6
  const std::string w_, l_;    // the winner's and the loser's names
  Position pos_;               // the position after the forced moves (phase 3a)
  std::vector<Move> prefix_;   // the forced moves
  std::uint64_t spent_ = 0;
  // The moves of phases with an allowance of their own (10), reported with every answer after
  // them but not charged to the budget of the later phases.
  std::uint64_t tempo_nodes_ = 0;
  bool tempo_tried_ = false;
  std::vector<Move> line_;  // the searches' mating line
  bool lone_minor_vs_major_ = false;
  struct GiveAway {
    bool searched = false, ok = false;
    std::vector<Move> line;  // the loser's piece brought to the winner and taken
    std::uint64_t nodes = 0;
  } give_;
};

}  // namespace

Winnability Solver::can_checkmate(const Position& root, Color side, std::uint64_t node_budget) {
  if (!tables_) tables_ = std::make_unique<Tables>();  // a moved-from Solver stays usable
  return Query(*this, *tables_, root, side, node_budget).run();
}

std::vector<std::string> witness_san_list(const Position& pos, const std::vector<Move>& line) {
  std::vector<std::string> out;
  Position p = pos;
  for (Move m : line) {
    if (!p.is_legal(m)) break;
    out.push_back(to_san(p, m));
    p.play(m);
  }
  return out;
}

std::string witness_san(const Position& pos, const std::vector<Move>& line) {
  std::ostringstream os;
  Position p = pos;
  bool first = true;
  for (Move m : line) {
    if (!p.is_legal(m)) break;
    const int number = p.fullmove_number();
    if (p.side_to_move() == WHITE)
      os << (first ? "" : " ") << number << ". ";
    else if (first)
      os << number << "... ";
    else
      os << ' ';
    os << to_san(p, m);
    p.play(m);
    first = false;
  }
  return os.str();
}

bool replays_to_mate(const Position& pos, const std::vector<Move>& line, Color side) {
  Position p = pos;
  for (Move m : line) {
    if (!p.is_legal(m)) return false;
    p.play(m);
  }
  return p.side_to_move() == ~side && p.in_check() && p.count_legal_moves() == 0;
}

DeadPosition Solver::dead_position(const Position& pos, std::uint64_t node_budget) {
  DeadPosition d;
  if (pos.count_legal_moves() == 0) {
    d.checkmate = pos.in_check();
    d.stalemate = !d.checkmate;
  }
  d.white = can_checkmate(pos, WHITE, node_budget);
  d.black = can_checkmate(pos, BLACK, node_budget);
  if (d.white.verdict == Verdict::Winnable || d.black.verdict == Verdict::Winnable) {
    d.dead = Verdict::Winnable;
    d.reason = std::string(d.white.verdict == Verdict::Winnable ? "White" : "Black") +
               " can still checkmate: not a dead position";
  } else if (d.white.verdict == Verdict::Unwinnable && d.black.verdict == Verdict::Unwinnable) {
    d.dead = Verdict::Unwinnable;
    d.reason = d.checkmate   ? "checkmate on the board (Laws 5.1.1)"
               : d.stalemate ? "stalemate on the board (Laws 5.2.1)"
                             : "dead position (Laws 5.2.2): neither side can checkmate by any "
                               "series of legal moves. White: " +
                                   d.white.reason + ". Black: " + d.black.reason;
  } else {
    d.dead = Verdict::Undetermined;
    d.reason = "undetermined: the node budget ran out";
  }
  return d;
}

Winnability Solver::quick_mate(const Position& pos, Color side, std::uint64_t node_limit) {
  if (!tables_) tables_ = std::make_unique<Tables>();
  detail::Helpmate look(side);
  look.chase(true);
  std::vector<Move> line;
  const bool found = look.run(pos, 1, 6, node_limit, 800, tables_->quick_table(), line);
  if (found && replays_to_mate(pos, line, side)) return winnable(std::move(line), look.nodes());
  Winnability w;
  w.reason = "no helpmate found in a short look";
  w.nodes = look.nodes();
  return w;
}

Winnability build_mate(const Position& pos, Color side) {
  detail::BuiltLine line;
  // Every move of the line was tested legal before it was played, and its end is checkmate by
  // `side`: the line is its own replay (line_builder.h).
  if (detail::build_mating_line(pos, side, line)) {
    Winnability w = winnable(std::vector<Move>(line.begin(), line.end()), 0);
    w.reason =
        "mating line written by the line builder: " + w.reason.substr(w.reason.find("checkmate"));
    return w;
  }
  Winnability w;
  w.reason = "the line builder wrote no mating line";
  return w;
}

Winnability plan_mate(const Position& pos, Color side, std::uint64_t node_limit) {
  detail::MatePlanner planner(side);
  std::vector<Move> line;
  const bool found = planner.run(pos, node_limit, line);
  // The line is believed only once replayed: legal moves, ending in checkmate by `side`.
  if (found && replays_to_mate(pos, line, side)) {
    Winnability w = winnable(std::move(line), planner.nodes());
    w.reason = "mating line found by the planner: " + w.reason.substr(w.reason.find("checkmate"));
    return w;
  }
  Winnability w;
  w.reason = "the mate planner found no line";
  w.nodes = planner.nodes();
  return w;
}

}  // namespace arbiter::adjudication
