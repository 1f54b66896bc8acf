// Releases of a boxed-in winner's king (see release.h).
//
// The stage search is an iterative deepening on the plies (IDA*) with a lower bound from a
// distance map per loser piece type: the moves that piece needs to stand on a wall's square
// (taking it), by breadth-first search back from the walls over the squares no blocked piece
// stands on, sliders stopped by the blocked pieces, a king kept off the squares the winner's
// pawns and blocked pieces guard. The loser needs at least the smallest distance among its
// pieces; the winner only waits (moves of its pieces, not of its pawns, which would change the
// structure, and never a capture of a loser's piece that could take a wall). Moves off the
// route (a pawn stepping out of a bishop's way, the king making room) come in as the bound
// grows, each costing two plies. The walls cannot move, so a wall is still there to take when
// the loser arrives, unless it stands protected (the search then finds no line: no harm).
#include "unwinnable/release.h"

#include <algorithm>
#include <array>

#include "unwinnable/identity.h"

namespace arbiter::adjudication::detail {
namespace {

constexpr int kMaxBox = 4;    // squares of a box
constexpr int kMaxSlack = 4;  // loser moves off the route, two plies each
// Nodes of a stage search: the stages of the community file's boxed kings take 27 to 3,623.
constexpr std::uint64_t kStageLimit = 10000;
constexpr std::uint8_t kFar = 255;
using DistanceMap = std::array<std::uint8_t, SQUARE_NB>;

// The pieces (not kings) that cannot move now: a pawn blocked in front with nothing to take, a
// piece whose every target holds a piece of its own.
Bitboard frozen_pieces(const Position& pos) {
  const Bitboard occ = pos.occupied();
  Bitboard out = 0;
  for (Color c : {WHITE, BLACK}) {
    const Bitboard own = pos.pieces(c), enemy = pos.pieces(~c);
    for (Bitboard b = own & ~pos.pieces(KING); b;) {
      const Square s = pop_lsb(b);
      const PieceType pt = type_of(pos.piece_on(s));
      Bitboard moves;
      if (pt == PAWN) {
        const Bitboard push = c == WHITE ? square_bb(s) << 8 : square_bb(s) >> 8;
        moves = (push & ~occ) | (pawn_attacks(c, s) & enemy);
      } else {
        moves = attacks(pt, s, occ) & ~own;
      }
      if (!moves) out |= square_bb(s);
    }
  }
  return out;
}

// The squares the pawns and the blocked pieces of `c` attack.
Bitboard guarded_by(const Position& pos, Color c, Bitboard frozen) {
  const Bitboard pawns = pos.pieces(c, PAWN);
  Bitboard a = c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  for (Bitboard b = frozen & pos.pieces(c) & ~pos.pieces(PAWN); b;) {
    const Square s = pop_lsb(b);
    a |= attacks(type_of(pos.piece_on(s)), s, pos.occupied());
  }
  return a;
}

// The box (returned in `*box_out`) and its walls.
Bitboard box_walls(const Position& pos, Color winner, Bitboard frozen, Bitboard* box_out) {
  const Bitboard open = ~pos.pieces(winner) & ~guarded_by(pos, ~winner, frozen);
  Bitboard box = square_bb(pos.king_square(winner)), frontier = box;
  while (frontier) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= king_attacks(pop_lsb(f));
    next &= open & ~box;
    box |= next;
    if (popcount(box) > kMaxBox) return 0;
    frontier = next;
  }
  Bitboard around = 0;
  for (Bitboard b = box; b;) around |= king_attacks(pop_lsb(b));
  *box_out = box;
  return around & ~box & frozen & pos.pieces(winner);
}

// Moves a piece of type `pt` needs to stand on one of `walls`, stepping only on `standable`
// squares, sliders stopped by `blocked` (kFar: never).
DistanceMap distances(PieceType pt, Bitboard walls, Bitboard blocked, Bitboard standable) {
  DistanceMap d;
  d.fill(kFar);
  Bitboard seen = walls, frontier = walls;
  for (std::uint8_t n = 0; frontier && n < kFar - 1; ++n) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) {
      const Square s = pop_lsb(f);
      d[s] = n;
      // Every piece but a pawn moves back the way it came: the squares it reaches s from are
      // those it attacks from s.
      next |= attacks(pt, s, blocked);
    }
    frontier = next & standable & ~seen;
    seen |= frontier;
  }
  return d;
}

class StageSearch {
 public:
  StageSearch(Color winner, Bitboard walls, const std::array<DistanceMap, PIECE_TYPE_NB>& maps,
              GoalTable& table)
      : winner_(winner), walls_(walls), maps_(maps), table_(table) {}

  // True with a line that takes a wall (or mates) in `line`.
  bool run(const Position& root, std::uint64_t limit, std::vector<Move>& line) {
    limit_ = limit;
    const int d = need(root);
    if (d >= kFar) return false;
    const int base = root.side_to_move() == winner_ ? 2 * d : 2 * d - 1;
    for (int slack = 0; slack <= kMaxSlack && !stop_; ++slack) {
      max_ply_ = base + 2 * slack;
      table_.next_round();
      stack_.clear();
      if (search(root, 0)) {
        line = stack_;
        return true;
      }
    }
    return false;
  }
  std::uint64_t nodes() const { return nodes_; }
  bool mated() const { return mated_; }

 private:
  // Loser moves still needed: the fewest of any of its pieces to a wall.
  int need(const Position& pos) const {
    int best = kFar;
    for (Bitboard b = pos.pieces(~winner_) & ~pos.pieces(PAWN); b;) {
      const Square s = pop_lsb(b);
      best = std::min<int>(best, maps_[type_of(pos.piece_on(s))][s]);
    }
    return best;
  }
  bool search(const Position& pos, int ply);

  Color winner_;
  Bitboard walls_;
  const std::array<DistanceMap, PIECE_TYPE_NB>& maps_;
  GoalTable& table_;
  std::uint64_t nodes_ = 0, limit_ = 0;
  int max_ply_ = 0;
  bool stop_ = false, mated_ = false;
  std::vector<Move> stack_;
};

bool StageSearch::search(const Position& pos, int ply) {
  const bool loser = pos.side_to_move() != winner_;
  const int d = need(pos);
  if (d >= kFar || ply + (loser ? 2 * d - 1 : 2 * d) > max_ply_) return false;
  if (table_.seen(identity(pos), ply)) return false;
  MoveList moves;
  pos.generate_legal(moves);
  // The loser: a capture of a wall ends the stage; moves that bring a piece nearer first.
  // The winner: waiting moves, quiet ones first (captures of pawns only: a piece of the loser's
  // that could take a wall is left alone; pawn moves only when nothing else can move).
  std::array<std::pair<int, Move>, MoveList::kCapacity> order;
  std::size_t n = 0;
  bool pieces_can_wait = false;
  for (Move m : moves) {
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    if (loser) {
      if (pos.is_capture(m) && (walls_ & square_bb(to)) && color_of(pos.piece_on(to)) == winner_) {
        if (++nodes_ > limit_) return stop_ = true, false;
        stack_.push_back(m);
        return true;
      }
      const int after = pt == PAWN ? kFar : maps_[pt][to],
                before = pt == PAWN ? kFar : maps_[pt][from];
      order[n++] = {after < before ? 0 : 1, m};
    } else {
      if (m.is_castling() || m.is_promotion()) continue;
      const Piece victim = pos.captured_piece(m);
      if (victim != NO_PIECE && type_of(victim) != PAWN && maps_[type_of(victim)][to] != kFar)
        continue;
      pieces_can_wait |= pt != PAWN;
      order[n++] = {pt == PAWN ? 2 : victim != NO_PIECE, m};
    }
  }
  std::stable_sort(order.begin(), order.begin() + n,
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = order[i].second;
    if (!loser && pieces_can_wait && order[i].first == 2) break;
    if (++nodes_ > limit_) return stop_ = true, false;
    const Position child = pos.after(m);
    stack_.push_back(m);
    if (!loser && child.in_check() && !child.has_legal_moves()) return mated_ = true;
    if (search(child, ply + 1)) return true;
    stack_.pop_back();
    if (stop_) return false;
  }
  return false;
}

}  // namespace

bool release_king(const Position& root, Color winner, std::uint64_t budget, GoalTable& table,
                  const SolveRest& rest, std::vector<Move>& line, std::uint64_t* nodes) {
  const Bitboard frozen = frozen_pieces(root);
  Bitboard box = 0;
  const Bitboard walls = box_walls(root, winner, frozen, &box);
  if (!walls) return false;
  // The winner's king never leaves the box before a wall falls, so a wall next to every square
  // of the box stands protected by it until then: the loser's king can never take it.
  Bitboard next_to_all = ~Bitboard(0);
  for (Bitboard b = box; b;) next_to_all &= king_attacks(pop_lsb(b));
  const Bitboard king_walls = walls & ~next_to_all;
  // A distance map per type of the loser's pieces; the king keeps off the squares the winner's
  // pawns and blocked pieces guard (it would stand in check there).
  std::array<DistanceMap, PIECE_TYPE_NB> maps;
  for (auto& m : maps) m.fill(kFar);
  const Bitboard standable = ~frozen;
  const Bitboard unguarded = ~guarded_by(root, winner, frozen);
  unsigned types = 0;
  bool reachable = false;
  for (Bitboard b = root.pieces(~winner) & ~root.pieces(PAWN); b;) {
    const Square s = pop_lsb(b);
    const PieceType pt = type_of(root.piece_on(s));
    if (!(types >> pt & 1))
      maps[pt] = pt == KING ? distances(KING, king_walls, frozen, standable & unguarded)
                            : distances(pt, walls, frozen, standable);
    types |= 1u << pt;
    reachable |= maps[pt][s] != kFar;
  }
  if (!reachable) return false;
  StageSearch stage(winner, walls, maps, table);
  std::vector<Move> first;
  const bool ok = stage.run(root, std::min(budget / 8, kStageLimit), first);
  *nodes += stage.nodes();
  if (!ok) return false;
  if (stage.mated()) {
    line = std::move(first);
    return true;
  }
  Position next = root;
  for (Move m : first) next.play(m);
  std::vector<Move> tail;
  if (stage.nodes() >= budget || !rest(next, budget - stage.nodes(), tail, nodes)) return false;
  line = std::move(first);
  line.insert(line.end(), tail.begin(), tail.end());
  return true;
}

}  // namespace arbiter::adjudication::detail
