// can_checkmate: the decision procedure of unwinnability.h, phase by phase, cheapest first.
//   1. The game is already over (checkmate or stalemate on the board: Laws 5.1.1, 5.2.1).
//   2. Material arguments (material.h).
//   3. Forced moves are played (a forced cycle is a proof); then a short helpmate search
//      with a small table (most real positions end here with a witness).
//   4. Confinement analysis (confinement.h), a proof for locked pawn structures.
//   5. Exhaustive enumeration of small reachable sets (e.g. every move stalemates); for a lone
//      knight or bishop, searches steered towards mating configurations, after a promotion of
//      the loser's when it needs a blocker.
//   6. Longer searches with a transposition table, until the node budget runs out (and a
//      probe steered by a plan for pawn structures, probes.h).
#include <algorithm>
#include <sstream>

#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/setup.h"
#include "unwinnable/confinement.h"
#include "unwinnable/goal_search.h"
#include "unwinnable/identity.h"
#include "unwinnable/material.h"
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

Winnability Solver::can_checkmate(const Position& root, Color side, std::uint64_t node_budget) {
  using namespace detail;
  if (!tables_) tables_ = std::make_unique<Tables>();  // a moved-from Solver stays usable
  const std::uint64_t stated_budget = node_budget;
  const std::string w = colour_name(side), l = colour_name(~side);
  // 1. Game over on the board: checkmate is decided before any material rule.
  if (root.count_legal_moves() == 0) {
    if (root.in_check()) {
      if (root.side_to_move() != side) {
        Winnability r = winnable({}, 0);
        r.method = Method::GameOver;
        r.reason = l + " is already checkmated (Laws 5.1.1)";
        return r;
      }
      return unwinnable(Method::GameOver, w + " is checkmated: the game is over (Laws 5.1.1)", 0);
    }
    return unwinnable(Method::GameOver,
                      "stalemate on the board: the game is already drawn (Laws 5.2.1)", 0);
  }
  // 2. Material.
  {
    Method m;
    std::string why;
    if (material_proves_unwinnable(root, side, &m, &why)) return unwinnable(m, why, 0);
  }
  // 3. Forced moves: while the side to move has a single legal move, every line goes through
  //    the position after it, so we analyse that one instead (the witness keeps the prefix). A
  //    forced sequence that comes back to a position it passed through cycles for ever.
  std::vector<Move> prefix;
  Position pos = root;
  {
    std::vector<std::uint64_t> seen{detail::identity(root)};
    MoveList moves;
    for (pos.generate_legal(moves); moves.size() == 1; pos.generate_legal(moves)) {
      pos.play(moves[0]);
      prefix.push_back(moves[0]);
      const std::uint64_t id = detail::identity(pos);
      if (std::find(seen.begin(), seen.end(), id) != seen.end())
        return unwinnable(Method::Exhaustive,
                          "every move from here is forced and the play repeats itself (" +
                              std::to_string(prefix.size()) + " plies) without a checkmate",
                          prefix.size());
      seen.push_back(id);
      moves.clear();
    }
    if (moves.empty()) {
      if (pos.in_check() && pos.side_to_move() != side) return winnable(std::move(prefix), 0);
      return unwinnable(Method::Exhaustive,
                        "every move from here is forced and the play ends in " +
                            std::string(pos.in_check() ? "checkmate of " + w : "stalemate"),
                        prefix.size());
    }
    Method m;
    std::string why;
    if (!prefix.empty() && material_proves_unwinnable(pos, side, &m, &why))
      return unwinnable(m, "after the forced moves, " + why, prefix.size());
  }
  // The moves of phases with an allowance of their own (5g), reported with every answer after
  // them but not charged to the budget of the later phases.
  std::uint64_t tempo_nodes = 0;
  // The mating line from `root`: the forced prefix, then `line` from `pos`.
  auto found = [&](const std::vector<Move>& line, std::uint64_t nodes) {
    std::vector<Move> full = prefix;
    full.insert(full.end(), line.begin(), line.end());
    return winnable(without_loops(root, full), nodes + tempo_nodes);
  };
  std::uint64_t spent = 0;
  // A mate found from the position after `first` (the loser giving something up, a pawn walked
  // to a queen): `first` then the sub-query's witness. Its nodes are charged either way.
  auto solved_after = [&](std::vector<Move> first, std::uint64_t budget, Winnability* out) {
    Position next = pos;
    for (Move m : first) next.play(m);
    const Winnability sub = can_checkmate(next, side, budget);
    spent += sub.nodes;
    if (sub.verdict != Verdict::Winnable) return false;
    first.insert(first.end(), sub.witness.begin(), sub.witness.end());
    *out = found(first, spent);
    return true;
  };
  std::vector<Move> line;
  // 3. Short searches with a small table, cheapest first. Most positions from real games have
  //    a natural mate the corner-driven search meets within a few hundred nodes; when it does
  //    not, a search in which the winner's pieces close in on the loser's king where it stands
  //    (instead of driving it to a corner) usually finds one within a thousand; then the corner
  //    search starts again with its full allowance. These two looks are not charged against the
  //    budget of what follows (charged from zero again), so that the later phases, and what they
  //    decide, do not depend on them: at most 1,400 nodes more in all. When the winner has pawns
  //    but no queen or rook, the mate usually comes after a promotion: a shorter search, then one
  //    that only walks a pawn to a queen (the loser making way), then a search for the mate from
  //    there.
  const bool promotes_first =
      !pos.pieces(side, QUEEN) && !pos.pieces(side, ROOK) && pos.pieces(side, PAWN);
  const std::uint64_t quick = std::min<std::uint64_t>(node_budget, promotes_first ? 1500 : 4000);
  {
    Helpmate glance(side);
    const bool ok = glance.run(pos, 1, 6, std::min<std::uint64_t>(quick, 400), 800,
                               tables_->quick_table(), line);
    spent += glance.nodes();
    if (ok) return found(line, spent);
    {
      Helpmate close_in(side);
      close_in.chase(true);
      const bool closed = close_in.run(pos, 1, 3, std::min<std::uint64_t>(1000, node_budget), 400,
                                       tables_->quick_table(), line);
      spent += close_in.nodes();
      if (closed) return found(line, spent);
    }
    spent = 0;
  }
  Helpmate hm(side);
  if (spent < node_budget &&
      hm.run(pos, 1, 6, std::min(quick, node_budget - spent), 800, tables_->quick_table(), line))
    return found(line, spent + hm.nodes());
  spent += hm.nodes();
  if (promotes_first && spent < node_budget) {
    Helpmate promo(side);
    promo.winner_promotes_to(QUEEN);
    std::vector<Move> first;
    const bool ok = promo.run(pos, 1, 30, std::min<std::uint64_t>(3000, node_budget - spent), 0,
                              tables_->quick_table(), first);
    spent += promo.nodes();
    Winnability mate;
    if (ok && spent < node_budget &&
        solved_after(first, std::min<std::uint64_t>(20000, node_budget - spent), &mate))
      return mate;
    Helpmate rest(side);  // the rest of the ordinary quick search
    if (spent < node_budget &&
        rest.run(pos, 1, 6, std::min<std::uint64_t>(2500, node_budget - spent), 800,
                 tables_->quick_table(), line))
      return found(line, spent + rest.nodes());
    spent += rest.nodes();
  }
  // 4. Confinement.
  {
    const Confinement c = confine(pos, side);
    std::string why;
    if (confinement_proves_unwinnable(pos, c, side, &why))
      return unwinnable(Method::Confinement, why, spent);
  }
  // 4b. One move deeper: every line starts with one of the legal moves, so if the position
  //     after each of them is proved unwinnable (a game end that is no mate by the side,
  //     material, or confinement, which a move often sharpens: a piece committed, a check that
  //     must be answered), so is this one. Positions in check are followed one move further.
  {
    std::uint64_t n = 0;
    if (every_child_unwinnable(pos, side, 2, &n, 64))
      return unwinnable(Method::Confinement,
                        "after every legal move the resulting position is proved unwinnable for " +
                            w + " (reachable squares of every piece, with locked pawns as walls)",
                        spent + n);
    spent += n;
  }
  // 5. Small reachable sets (e.g. every move stalemates): cheap when they are small.
  auto exhaustive = [&](std::size_t cap, Winnability* out) {
    if (spent >= node_budget) return false;
    std::uint64_t n = 0;
    cap = std::min<std::uint64_t>(cap, node_budget - spent);
    switch (exhaust(pos, side, cap, &line, &n)) {
      case Exhaustion::MateFound: *out = found(line, spent + n); return true;
      case Exhaustion::NoMate:
        *out = unwinnable(Method::Exhaustive,
                          "every position reachable from here (" + std::to_string(n) +
                              " moves explored) was examined: none is a checkmate by " + w,
                          spent + n);
        return true;
      case Exhaustion::TooLarge: break;
    }
    spent += n;
    return false;
  };
  Winnability done;
  // Only when the side to move has few moves: lines there are forced (stalemate traps).
  if (pos.count_legal_moves() <= 6 && exhaustive(400, &done)) return done;
  // 5b. A lone knight or bishop against a queen or rook: those usually take the checker or
  //     interpose in every mating configuration, so the loser gives one away (brings it to the
  //     winner, who takes it) and the simpler position is solved again. Only a found mate is
  //     used from it. Tried before the mating configurations below, with a small allowance
  //     (most of these mates are found within a few ten thousand nodes, where the
  //     configurations, which keep the spoiling piece, may spend a million in vain); with half
  //     of what is left after them (5d). The early look is not charged against the budget of
  //     what follows (the budget grows by what it spent, at most 65,000 nodes; the give-away
  //     search is charged in 5d, where it ran before), so that the later phases, and what they
  //     decide, do not depend on it. Only with a large budget (a caller's, not that of a
  //     sub-query after a give-away, which would try again: a chain of give-aways, each trying
  //     early and late, would grow exponentially).
  struct GiveAway {
    bool searched = false, ok = false;
    std::vector<Move> line;  // the loser's piece brought to the winner and taken
    std::uint64_t nodes = 0;
  } give;
  constexpr std::uint64_t kEarlyGiveBudget = 1000000;
  const bool lone_minor_vs_major = [&] {
    const Bitboard ours = pos.pieces(side) & ~pos.pieces(side, KING);
    return popcount(ours) == 1 && (ours & pos.pieces(KNIGHT, BISHOP)) &&
           (pos.pieces(~side, QUEEN) | pos.pieces(~side, ROOK));
  }();
  // The loser's queen or rook brought to the winner and taken (a sub-goal search).
  auto give_away = [&] {
    Helpmate take(side);
    take.capture_types(1u << QUEEN | 1u << ROOK);
    give.searched = true;
    give.ok = take.run(pos, 1, 30, std::min<std::uint64_t>(20000, node_budget - spent), 0,
                       tables_->fresh_table(), give.line);
    spent += give.nodes = take.nodes();
  };
  if (lone_minor_vs_major && node_budget >= kEarlyGiveBudget && spent < node_budget) {
    give_away();
    const std::uint64_t before = spent;
    constexpr std::uint64_t kEarlyAllowance = 45000;
    Winnability mate;
    if (give.ok && spent < node_budget &&
        solved_after(give.line, std::min(kEarlyAllowance, (node_budget - spent) / 2), &mate))
      return mate;
    node_budget += give.nodes + (spent - before);
  }
  // 5c. Small material (a lone knight or bishop): steer towards the nearest checkmate
  //     configurations (mate_goals). A lone minor piece against pawns usually needs the loser
  //     to promote first, to a piece that then blocks its own king's flight square, so each
  //     promotion is reached first (the loser's pawns walk, the winner waits) and the
  //     configurations are taken from there. All (start, goal) pairs are tried with a small
  //     budget, then a larger one, so that an easy pair is not starved by a hard one.
  {
    struct Start {
      Position pos;
      std::vector<Move> prefix;
      std::vector<MateGoal> goals;
    };
    std::vector<Start> starts;
    // Twelve configurations from the position itself (a lichess query, a lone bishop against
    // rook, knight and pawns, needs the ninth), six after each promotion; the third level's
    // pair limit makes room for the extra six, so that the pairs it reached before still fit.
    if (auto goals = mate_goals(pos, side, 12); !goals.empty())
      starts.push_back({pos, {}, std::move(goals)});
    else if (auto lone = one_colour_bishop_goals(pos, side, 12); !lone.empty())
      starts.push_back({pos, {}, std::move(lone)});
    const Bitboard ours = pos.pieces(side) & ~pos.pieces(side, KING);
    if (popcount(ours) == 1 && (ours & pos.pieces(KNIGHT, BISHOP)) && pos.pieces(~side, PAWN)) {
      for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
        if (spent >= node_budget) break;
        Helpmate promo(side);
        promo.promote_to(pt);
        std::vector<Move> first;
        const bool ok = promo.run(pos, 1, 24, std::min<std::uint64_t>(20000, node_budget - spent),
                                  0, tables_->fresh_table(), first);
        spent += promo.nodes();
        if (!ok) continue;
        Position next = pos;
        for (Move m : first) next.play(m);
        if (next.count_legal_moves() == 0) {
          if (next.in_check() && next.side_to_move() != side) return found(first, spent);
          continue;
        }
        if (auto goals = mate_goals(next, side, 6); !goals.empty())
          starts.push_back({next, std::move(first), std::move(goals)});
      }
    }
    // The (start, goal) pairs, those from the position itself first (then those after each
    // promotion), nearest first within a start, each searched for
    // a line that walks every piece to its square (GoalSearch, iterative deepening on the
    // plies with a lower bound), first with little slack and few nodes, then with more for the
    // nearest pairs, so that many far pairs do not starve a near one. At most half of what is
    // left: the searches of phase 6 find what the goals miss.
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
    const std::uint64_t stop = spent + (node_budget - std::min(spent, node_budget)) / 2;
    // Two kinds of search alternate: GoalSearch (slack > 0), and the helpmate search with the
    // goals as its cost model (slack 0), which finds other routes (captures, detours).
    constexpr struct {
      int slack;
      std::uint64_t limit;
      std::size_t pairs;
    } kLevels[] = {{4, 250, 64},   {0, 300, 64},    {4, 2000, 64},   {0, 3000, 64},  {8, 20000, 30},
                   {0, 25000, 64}, {12, 100000, 8}, {0, 200000, 64}, {16, 300000, 3}};
    for (const auto& level : kLevels) {
      for (std::size_t i = 0; i < std::min(level.pairs, pairs.size()) && spent < stop; ++i) {
        const std::uint64_t limit = std::min(level.limit, stop - spent);
        bool ok;
        if (level.slack > 0) {
          GoalSearch walk(side, pairs[i].goal->goal, tables_->goal);
          ok = walk.run(pairs[i].start->pos, level.slack, limit, line);
          spent += walk.nodes();
        } else {
          Helpmate steer(side);
          steer.set_goals(pairs[i].goal->goal);
          ok = steer.run(pairs[i].start->pos, 1, 60, limit, 2000, tables_->fresh_table(), line);
          spent += steer.nodes();
        }
        if (ok) {
          std::vector<Move> full = pairs[i].start->prefix;
          full.insert(full.end(), line.begin(), line.end());
          return found(full, spent);
        }
      }
    }
  }
  // 5d. The lone knight or bishop's give-away (5b) again, with half of what is left.
  {
    // The same for a winner with minor pieces only (two or more, no pawns) against loser
    // pieces, which spoil the mates in the corners: the loser gives one away first.
    const Bitboard ours = pos.pieces(side) & ~pos.pieces(side, KING);
    const bool minors = popcount(ours) >= 2 && ours == (ours & pos.pieces(KNIGHT, BISHOP)) &&
                        (pos.pieces(~side) & ~pos.pieces(KING) & ~pos.pieces(PAWN));
    Winnability mate;
    node_budget -= give.nodes;  // charged here, where the later phases expect it
    if (lone_minor_vs_major && !give.searched && spent < node_budget) give_away();
    if (lone_minor_vs_major && give.ok && spent < node_budget &&
        solved_after(give.line, (node_budget - spent) / 2, &mate))
      return mate;
    if (minors && spent < node_budget) {
      Helpmate take(side);
      take.capture_types(1u << KNIGHT | 1u << BISHOP | 1u << ROOK | 1u << QUEEN);
      std::vector<Move> first;
      const bool ok = take.run(pos, 1, 30, std::min<std::uint64_t>(20000, node_budget - spent), 0,
                               tables_->fresh_table(), first);
      spent += take.nodes();
      // The lone minor piece's give-away needs most of its sub-search (up to a million nodes on
      // the community file); the minor pieces' find theirs within a few tens of thousands, and
      // an eighth of the budget keeps a failing one from eating half of it.
      const std::uint64_t share = std::min((node_budget - spent) / 2, node_budget / 8);
      if (ok && spent < node_budget && solved_after(first, share, &mate)) return mate;
    }
  }
  // Every reachable position, breadth first, when there are few: a proof when no mate is among
  // them, else the shortest mate. Each move played counts as a node.
  auto enumerate = [&](std::size_t cap, std::uint64_t moves, Winnability* out) {
    if (spent >= node_budget) return false;
    const ReachResult r = enumerate_reachable(
        pos, side, cap, std::min<std::uint64_t>(moves, node_budget - spent), tables_->reach);
    switch (r.outcome) {
      case Reach::MateFound: *out = found(r.line, spent + r.nodes); return true;
      case Reach::NoMate:
        *out = unwinnable(Method::Exhaustive,
                          "every position reachable from here (" + std::to_string(r.positions) +
                              ") was examined: none is a checkmate by " + w,
                          spent + r.nodes + tempo_nodes);
        return true;
      case Reach::TooLarge: break;
    }
    spent += r.nodes;
    return false;
  };
  // 5e. The confinement analysis with case splits on which pieces can ever be captured where
  //     they stand (saturation.h), a few fixpoints (32 units of work): a proof spares phase 6
  //     on locked structures.
  auto saturated = [&](std::size_t expansions, int work, Winnability* out) {
    std::string why;
    const PrunedResult r = prove_by_saturation(pos, side, expansions, work, tables_->reach, &why);
    if (r.outcome == Reach::NoMate)
      *out = unwinnable(Method::Exhaustive, why, spent + r.nodes + tempo_nodes);
    if (r.outcome == Reach::MateFound) *out = found(r.line, spent + r.nodes);
    spent += r.nodes;
    return r.outcome != Reach::TooLarge;
  };
  if (spent < node_budget && saturated(0, 32, &done)) return done;
  // 5f. A winner's king boxed in by its own blocked pieces (release.h): a loser's piece takes a
  //     wall, and the position after it is solved again (by this solver), with at most half of
  //     what is left.
  auto solve_rest = [&](const Position& next, std::uint64_t budget, std::vector<Move>& tail,
                        std::uint64_t* n) {
    const Winnability sub = can_checkmate(next, side, budget);
    *n += sub.nodes;
    tail = sub.witness;
    return sub.verdict == Verdict::Winnable;
  };
  if (spent < node_budget &&
      release_king(pos, side, (node_budget - spent) / 2, tables_->goal, solve_rest, line, &spent))
    return found(line, spent);
  // 6b'. Tempo positions (pruned.h: the winner could only push pawns blocked on their files):
  //      the whole reachable set, with an allowance of its own of up to 1.5 million moves, when
  //      the caller's budget is not a small one. Not charged to the searches, which run as they
  //      would without it. After the first round of the corner searches (at most 48,000 nodes,
  //      which find the quick mates of such positions) and before the rest: when it closes it
  //      decides in a fraction of the time they would spend first (the community file's slowest
  //      query: 2 million search nodes, then 1.17 million moves enumerated to a proof).
  bool tempo_tried = false;
  auto tempo = [&](Winnability* out) {
    tempo_tried = true;
    if (node_budget < 100000) return false;
    std::string why;
    const PrunedResult t = prove_by_tempo(
        pos, side, 400000, std::min<std::uint64_t>(1500000, node_budget), tables_->reach, &why);
    if (t.outcome == Reach::NoMate) *out = unwinnable(Method::Exhaustive, why, spent + t.nodes);
    if (t.outcome == Reach::MateFound) *out = found(t.line, spent + t.nodes);
    tempo_nodes = t.nodes;
    return t.outcome != Reach::TooLarge;
  };
  // 6. Longer searches with a transposition table, aiming at each mating corner in turn; then
  //    a larger exhaustive enumeration; then the nearest corner with all the budget left.
  if (spent < node_budget) {
    TranspositionTable& tt = *tables_->fresh_table();
    const auto corners = Helpmate::corners(pos, side);
    std::uint64_t full_slice = std::max<std::uint64_t>(1, (node_budget - spent) / 16);
    // Every corner and variant with a small slice first, so that the one that works is not
    // kept waiting behind one that does not; then with the full slices.
    for (int round = 0; round < 2; ++round) {
      // 6a. Between the rounds, a probe that follows a plan (probes.h: breaking locked chains,
      //     racing pawns to promotion, long king walks) with half of what is left: it finds
      //     most of the composed mates the corner searches miss. The full slices share the rest.
      if (round == 1 && tempo(&done)) return done;
      if (round == 1 && spent < node_budget) {
        const std::uint64_t before = spent;
        if (probe_helpmates(pos, side, ProbeCorner::LoserBack, (node_budget - spent) / 2,
                            *tables_->probe_table(), line, &spent))
          return found(line, spent);
        if (spent != before) full_slice = std::max<std::uint64_t>(1, (node_budget - spent) / 16);
      }
      const std::uint64_t slice =
          round == 0 ? std::min<std::uint64_t>(full_slice, 6000) : full_slice;
      for (Square corner : corners) {
        if (spent >= node_budget) break;
        Helpmate deep(side);
        deep.force_target(corner);
        if (deep.run(pos, 1, 60, std::min(slice, node_budget - spent), 0, &tt, line))
          return found(line, spent + deep.nodes());
        spent += deep.nodes();
      }
      for (int variant = 0; variant < 2 && spent < node_budget; ++variant) {
        Helpmate deep(side);
        deep.force_target(corners[variant % corners.size()]);
        deep.chase(true);
        if (deep.run(pos, 1, 60, std::min(2 * slice, node_budget - spent), 0, &tt, line))
          return found(line, spent + deep.nodes());
        spent += deep.nodes();
      }
    }
    if (enumerate(120000, 400000, &done)) return done;
    // 6b. The probe again, mating in the corner nearest the winner's king, with fifteen
    //     sixteenths of what is left (the last search decides no query of the corpora).
    //     Without pawns on both sides (no chain to break, no race) the plan of the first probe
    //     does not apply, and the probe sweeps the corners instead (probe_sweep).
    const bool both_pawns = pos.pieces(WHITE, PAWN) && pos.pieces(BLACK, PAWN);
    if (spent < node_budget && (both_pawns ? probe_helpmates(pos, side, ProbeCorner::WinnerKing,
                                                             (node_budget - spent) * 15 / 16,
                                                             *tables_->probe_table(), line, &spent)
                                           : probe_sweep(pos, side, (node_budget - spent) * 15 / 16,
                                                         *tables_->probe_table(), line, &spent)))
      return found(line, spent);
    if (spent < node_budget) {
      Helpmate deep(side);
      deep.force_target(corners.front());
      if (deep.run(pos, 1, 80, node_budget - spent, 0, &tt, line))
        return found(line, spent + deep.nodes());
      spent += deep.nodes();
    }
  }
  if (!tempo_tried && tempo(&done)) return done;
  // 7. The same with more fixpoints, then a search pruned by them (pruned.h): forced lines and
  //    structures that open only through captures. It runs once the searches have given up,
  //    with its own small allowance (at most 3,000 units of fixpoint work, about 1,500 fixpoints
  //    on a board of a dozen pieces, and 200 positions expanded), when the caller's budget is not
  //    a small one.
  if (node_budget >= 100000 && saturated(200, 3000, &done)) return done;
  Winnability r;
  r.verdict = Verdict::Undetermined;
  r.method = Method::Budget;
  r.reason = "undetermined: the node budget (" + std::to_string(stated_budget) +
             ") ran out before a helpmate or a proof was found";
  r.nodes = spent + tempo_nodes;
  return r;
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

}  // namespace arbiter::adjudication
