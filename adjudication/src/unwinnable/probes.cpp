// Probes for hard queries (see probes.h).
//
// The probe is an iterative-deepening helpmate search over an effort budget (as in search.h:
// promising moves cost nothing, ordinary ones one unit, harmful ones four) whose cost model
// follows a plan fixed at the root: the corner on the loser's back rank where its king is to be
// mated (of the colour of the winner's bishops, so that they can take part), the squares the
// winner's king and knights head for next to it, and for every bishop its distance to that
// corner in bishop moves around the pieces that can never move (a locked chain is a wall a
// bishop must go round, or wait behind until a capture opens it). Unlike the earlier searches,
// the loser's captures by or of pawns are rewarded (they break locked chains: a piece offered
// to a pawn, a pawn taking a pawn) and the loser's pawns walk freely (they promote into pieces
// that block their own king). Moves from the root after which a sound argument proves the
// position unwinnable are punished wherever they recur (but where they give check).
//
// Tempo: a rewarded move makes the other side's next ordinary move free, except a winner's pawn
// push towards a loser pawn on its file (it can only lock there, or be taken: a tempo move, which
// changes nothing the loser must answer). The loser's passed pawns (no winner pawn ahead on their
// file or the files next to it) are rewarded: they run to promote, into a piece the winner takes
// (a pawn of its changes file and is free) or one that blocks their own king. Without the first
// rule every loser's move after each of the winner's many tempo moves was free, and the search
// walked the product of the loser's king squares and both sides' pawn pushes (a composed query
// with four winner pawns locked against four loser pawns needed 1.6-2 million nodes; with both,
// 26,000-94,000).
#include "unwinnable/probes.h"

#include <algorithm>
#include <array>

#include "unwinnable/confinement.h"
#include "unwinnable/distance.h"
#include "unwinnable/identity.h"
#include "unwinnable/material.h"

namespace arbiter::adjudication::detail {
namespace {

constexpr int kReward = 0, kNormal = 1, kPunish = 4;
constexpr std::size_t kMaxLine = 200;
constexpr std::uint8_t kFar = 255;

Square at(int file, int rank) { return make_square(File(file), Rank(rank)); }

// The ranks beyond that of `s`, seen from `c` (where a pawn of c's on s is heading).
Bitboard ranks_ahead(Color c, Square s) {
  const int r = int(rank_of(s));
  if (c == WHITE) return r == 7 ? 0 : ~Bitboard(0) << 8 * (r + 1);
  return (Bitboard(1) << 8 * r) - 1;
}

// `s`'s file and the files next to it.
Bitboard file_and_neighbours(Square s) {
  const Bitboard f = file_bb(s);
  return f | ((f << 1) & ~FILE_A_BB) | ((f >> 1) & ~file_bb(FILE_H));
}

// The plan a probe steers towards.
struct Plan {
  Square corner = SQ_H8;         // where the loser's king is to be mated
  Square winner_king = SQ_G7;    // where the winner's king heads (diagonally next to it)
  Square winner_knight = SQ_E5;  // the winner's knights (covering the corner's neighbours)
  Square loser_knight = SQ_G8;   // the loser's knights (blocking a flight square)
  std::array<std::uint8_t, SQUARE_NB> bishop_distance{};  // bishop moves to the corner region
  std::vector<Move> punished;  // moves after which the root is proved unwinnable
  bool ordered = true;         // cheap moves first (else in generation order: see probe_sweep)
  bool promotions = false;     // the loser's promotions are rewarded (see probe_sweep)
};

// Bishop moves from each square to the corner or a square next to it, sliding only through
// squares that no steady piece stands on (kFar: never).
std::array<std::uint8_t, SQUARE_NB> bishop_distances(Square corner, Bitboard walls) {
  std::array<std::uint8_t, SQUARE_NB> d;
  d.fill(kFar);
  Bitboard region = square_bb(corner) | (king_attacks(corner) & ~bishop_attacks(corner, 0));
  region &= ~walls;
  Bitboard seen = region, frontier = region;
  for (std::uint8_t n = 0; frontier; ++n) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) {
      const Square s = pop_lsb(f);
      d[s] = n;
      next |= bishop_attacks(s, walls) & ~walls;
    }
    frontier = next & ~seen;
    seen |= next;
  }
  return d;
}

Plan make_plan(Square corner, const Confinement& c) {
  Plan p;
  const int file = int(file_of(corner)), rank = int(rank_of(corner));
  const int inward = file == 7 ? -1 : 1, step = rank == 7 ? -1 : 1;
  p.corner = corner;
  p.winner_king = at(file + inward, rank + step);
  p.winner_knight = at(file + 3 * inward, rank + 3 * step);
  p.loser_knight = at(file + inward, rank);
  p.bishop_distance = bishop_distances(p.corner, c.steady);
  return p;
}

class PlanSearch {
 public:
  PlanSearch(Color winner, const Plan& plan) : winner_(winner), plan_(plan) {}

  bool run(const Position& root, int last, std::uint64_t limit, TranspositionTable* tt,
           std::vector<Move>& line) {
    limit_ = limit;
    tt_ = tt;
    tt_->clear();
    for (int effort = 2; effort <= last && !stop_; ++effort) {
      stack_.clear();
      if (search(root, effort, false)) {
        line = stack_;
        return true;
      }
    }
    return false;
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  int cost(const Position& pos, Move m) const;
  bool tempo(const Position& pos, Move m) const;
  bool search(const Position& pos, int effort, bool past_progress);

  Color winner_;
  const Plan& plan_;
  std::uint64_t nodes_ = 0, limit_ = 0;
  bool stop_ = false;
  TranspositionTable* tt_ = nullptr;
  std::vector<Move> stack_;
};

int PlanSearch::cost(const Position& pos, Move m) const {
  // A root move into a proved-unwinnable position is punished wherever it recurs, unless it
  // gives check there: the check forces the reply, and the position it meets is no longer the
  // root's (a pawn push that locked the last open file at the root gives check next to the
  // other king later, which takes the pawn and opens the file).
  if (std::find(plan_.punished.begin(), plan_.punished.end(), m) != plan_.punished.end() &&
      !pos.gives_check(m))
    return kPunish;
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.piece_on(from));
  const bool capture = pos.is_capture(m);
  const auto& bd = plan_.bishop_distance;
  if (pos.side_to_move() == winner_) {
    // The winner: pawns advance, captures clear the way, king and knights close in, bishops
    // make for the corner (or step off it, to make room).
    if (pt == PAWN || capture) return kReward;
    if (pt == KING && m.is_castling()) return kNormal;
    if (pt == KING && king_distance(to, plan_.winner_king) < king_distance(from, plan_.winner_king))
      return kReward;
    if (pt == KNIGHT &&
        kDistances.knight[to][plan_.winner_knight] < kDistances.knight[from][plan_.winner_knight])
      return kReward;
    if (pt == BISHOP && bd[from] != kFar) {
      if (bd[from] <= 1 && bd[from] < bd[to]) return kReward;
      if (bd[from] > 2 && bd[from] > bd[to]) return kReward;
    }
    return kNormal;
  }
  // The loser: captures by or of pawns break locked chains; its king walks to the corner, its
  // knights and bishops gather there; other captures are rarely needed.
  if (capture && popcount(pos.occupied()) > 5 &&
      (pt == PAWN || type_of(pos.captured_piece(m)) == PAWN))
    return kReward;
  if (pt == BISHOP && bd[from] > bd[to]) return kReward;
  if (pt == KING && !m.is_castling() &&
      king_distance(to, plan_.corner) < king_distance(from, plan_.corner))
    return kReward;
  if (pt == KNIGHT &&
      kDistances.knight[to][plan_.loser_knight] < kDistances.knight[from][plan_.loser_knight])
    return kReward;
  // A passed pawn runs to promote (see the top of the file).
  if (pt == PAWN && !capture &&
      !(file_and_neighbours(to) & ranks_ahead(~winner_, to) & pos.pieces(winner_, PAWN)))
    return kReward;
  // A promotion gives the loser a piece to block its own king's flight square with.
  if (plan_.promotions && m.is_promotion()) return kReward;
  return capture ? kPunish : kNormal;
}

// A winner's pawn push towards a loser pawn on its file: it makes no progress the loser must
// answer, so the reply is not free (see the top of the file).
bool PlanSearch::tempo(const Position& pos, Move m) const {
  return pos.side_to_move() == winner_ && type_of(pos.piece_on(m.from())) == PAWN &&
         !pos.is_capture(m) &&
         (file_bb(m.to()) & ranks_ahead(winner_, m.to()) & pos.pieces(~winner_, PAWN));
}

bool PlanSearch::search(const Position& pos, int effort, bool past_progress) {
  // Out of effort: only whether the last move mated counts (it was a check).
  if (effort <= 0) return pos.side_to_move() != winner_ && !pos.has_legal_moves();
  const std::uint64_t key = identity(pos);
  tt_->prefetch(key);  // the table is larger than the cache: load the entry during generation
  MoveList moves;
  pos.generate_legal(moves);
  if (moves.empty()) return pos.side_to_move() != winner_ && pos.in_check();
  if (stack_.size() >= kMaxLine) return false;
  if (pos.pieces(winner_) == pos.pieces(winner_, KING)) return false;  // a bare king never mates
  if (tt_->seen_with_bucket(key, std::uint8_t(std::min(effort, 255)))) return false;
  const bool winner_to_move = pos.side_to_move() == winner_;
  // Cheap moves first; three passes over the list (no sort).
  std::array<std::uint8_t, MoveList::kCapacity> costs;
  for (std::size_t i = 0; i < moves.size(); ++i) costs[i] = std::uint8_t(cost(pos, moves[i]));
  // In generation order, one pass visits every move (each with its own cost).
  for (int c : {kReward, kNormal, kPunish}) {
    if (!plan_.ordered && c != kReward) break;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (plan_.ordered && costs[i] != c) continue;
      const int paid = costs[i];
      const int next = effort - (paid == kNormal && past_progress ? 0 : paid);
      // Out of effort after a move of the loser's: the winner could not move again, so the
      // move leads nowhere (it is not looked at; a loser's move never mates for the winner).
      if (next <= 0 && !winner_to_move) continue;
      const Move m = moves[i];
      if (++nodes_ > limit_) {
        stop_ = true;
        return false;
      }
      // Out of effort: only a mating move is of use, and a mate is a check.
      const Position child = pos.after(m);
      if (next <= 0 && !child.in_check()) continue;
      stack_.push_back(m);
      if (search(child, next, paid == kReward && !tempo(pos, m))) return true;
      stack_.pop_back();
      if (stop_) return false;
    }
  }
  return false;
}

// The corner the winner's king stands on when the corner's colour suits the winner's bishops;
// SQ_NONE otherwise.
Square king_corner(const Position& root, Color winner) {
  const Square wk = root.king_square(winner);
  if (!(CORNERS_BB & square_bb(wk))) return SQ_NONE;
  const Bitboard wb = root.pieces(winner, BISHOP);
  if (wb && !(wb & ((square_bb(wk) & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES))) return SQ_NONE;
  return wk;
}

}  // namespace

bool probe_helpmates(const Position& root, Color winner, ProbeCorner where, std::uint64_t budget,
                     TranspositionTable& tt, std::vector<Move>& line, std::uint64_t* nodes) {
  // The plan is for pawn structures: chains to break, pawns to race. Without pawns on both
  // sides the corner searches of can_checkmate do better with the nodes.
  if (!root.pieces(WHITE, PAWN) || !root.pieces(BLACK, PAWN)) return false;
  const Bitboard wb = root.pieces(winner, BISHOP), lb = root.pieces(~winner, BISHOP);
  const bool dark = (wb & DARK_SQUARES) || (!wb && (lb & LIGHT_SQUARES));
  // The corner of the wanted colour on the loser's back rank (a1 and h8 are dark).
  Square corner = winner == WHITE ? (dark ? SQ_H8 : SQ_A8) : (dark ? SQ_A1 : SQ_H1);
  const Square wk = root.king_square(winner);
  if (!wb && !lb) {
    // No bishop fixes the colour: the back-rank corner nearer to the winner's king.
    const Square other = winner == WHITE ? (dark ? SQ_A8 : SQ_H8) : (dark ? SQ_H1 : SQ_A1);
    if (king_distance(other, wk) < king_distance(corner, wk)) corner = other;
  }
  const Square home = king_corner(root, winner);
  if (where == ProbeCorner::WinnerKing) {
    // Composed positions often park the winner's king in a corner, next to the mate.
    Square nearest = SQ_A1;
    for (Square s : {SQ_H1, SQ_A8, SQ_H8})
      if (king_distance(s, wk) < king_distance(nearest, wk)) nearest = s;
    if (nearest == corner || nearest == home) return false;  // the first probe's plans
    corner = nearest;
  } else if (home != SQ_NONE && home != corner) {
    // A winner's king in a corner (a composer's set-up, often shut in by its own pieces): the
    // loser's king usually comes to be mated there, once the box opens, and a promoted piece of
    // its own blocks it (rewarded). The back-rank plan first with a sixteenth (it finds its
    // mates early when it finds them), then the corner's.
    const std::uint64_t start = *nodes;
    if (probe_corner(root, winner, corner, ProbeStyle::Plan, budget / 16, tt, line, nodes))
      return true;
    const std::uint64_t used = *nodes - start;
    return used < budget && probe_corner(root, winner, home, ProbeStyle::PlanPromotions,
                                         budget - used, tt, line, nodes);
  }
  return probe_corner(root, winner, corner, ProbeStyle::Plan, budget, tt, line, nodes);
}

bool probe_corner(const Position& root, Color winner, Square corner, ProbeStyle style,
                  std::uint64_t budget, TranspositionTable& tt, std::vector<Move>& line,
                  std::uint64_t* nodes) {
  const Confinement c = confine(root, winner);
  Plan plan = make_plan(corner, c);
  // The sweep keeps the plan's order when the loser has pieces of its own (blockers are
  // there already; the generation order reaches the lines that wait on a promotion sooner).
  plan.ordered = style != ProbeStyle::Sweep || (root.pieces(~winner) & ~root.pieces(KING, PAWN));
  plan.promotions = style != ProbeStyle::Plan;
  MoveList moves;
  root.generate_legal(moves);
  for (Move m : moves) {
    const Position child = root.after(m);
    if (material_proves_unwinnable(child, winner, nullptr, nullptr) ||
        confinement_proves_unwinnable(child, confine(child, winner), winner, nullptr))
      plan.punished.push_back(m);
  }
  PlanSearch probe(winner, plan);
  const bool ok = probe.run(root, 128, budget, &tt, line);
  *nodes += probe.nodes();
  return ok;
}

std::vector<Square> sweep_corners(const Position& root, Color winner) {
  std::vector<Square> out;
  for (Bitboard b = mating_corners(root, winner); b;) out.push_back(pop_lsb(b));
  const Square wk = root.king_square(winner), lk = root.king_square(~winner);
  std::stable_sort(out.begin(), out.end(), [&](Square a, Square b) {
    const int da = king_distance(a, wk), db = king_distance(b, wk);
    return da != db ? da < db : king_distance(a, lk) < king_distance(b, lk);
  });
  return out;
}

bool probe_sweep(const Position& root, Color winner, std::uint64_t budget, TranspositionTable& tt,
                 std::vector<Move>& line, std::uint64_t* nodes) {
  const std::vector<Square> corners = sweep_corners(root, winner);
  const std::uint64_t start = *nodes;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    const std::uint64_t used = *nodes - start;
    if (used >= budget) break;
    // An even share of what is left, so that a corner that fails early leaves more to the next.
    const std::uint64_t share = (budget - used) / (corners.size() - i);
    if (probe_corner(root, winner, corners[i], ProbeStyle::Sweep, share, tt, line, nodes))
      return true;
  }
  return false;
}

}  // namespace arbiter::adjudication::detail
