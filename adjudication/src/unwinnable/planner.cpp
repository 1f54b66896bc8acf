// Mate planner (see planner.h).
#include "unwinnable/planner.h"

#include <algorithm>
#include <iterator>
#include <optional>

#include "unwinnable/check_info.h"
#include "unwinnable/distance.h"
#include "unwinnable/identity.h"
#include "unwinnable/search.h"

namespace arbiter::adjudication::detail {
namespace {

// The plan's weights (lower potential = nearer to the mate): the loser's king's distance to the
// corner, the winner's king's distance from the opposition (two squares from the loser's king,
// in front of it on an edge) or, when a blocked pawn needs it, its king moves to the blocker,
// each rank a winner's pawn still has to run, each move a winner's piece needs to reach the
// loser's king on an empty board, material (the winner's gains outweigh every distance; a piece
// moved where the loser takes it for nothing counts as lost), and what the loser's capture of a
// winner's man costs besides the material.
constexpr int kCorner = 4, kOpposition = 2, kPawnRank = 3, kPieceStep = 1, kMaterial = 12;
constexpr int kLoserCapture = 20, kRepeat = 8;
constexpr std::size_t kRecent = 24;  // how far back a repetition is looked for
constexpr int kBanned = 1 << 20;
constexpr std::size_t kMaxPlies = 400;  // the line and its positions stay small

// Empty-board moves (move_distance, at most 6) of a knight, bishop, rook, queen between two
// squares, looked up (the potential asks for them for every move of every ply).
struct StepTable {
  std::uint8_t steps[PIECE_TYPE_NB][SQUARE_NB][SQUARE_NB]{};
  constexpr StepTable() {
    for (int a = 0; a < SQUARE_NB; ++a)
      for (int b = 0; b < SQUARE_NB; ++b) {
        const int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
        const int f = df < 0 ? -df : df, r = dr < 0 ? -dr : dr;
        const bool same = a == b, line = f == 0 || r == 0, diagonal = f == r;
        const bool shade = ((a & 7) + (a >> 3)) % 2 == ((b & 7) + (b >> 3)) % 2;
        steps[KNIGHT][a][b] = std::uint8_t(std::min<int>(kDistances.knight[a][b], 6));
        steps[BISHOP][a][b] = std::uint8_t(same ? 0 : !shade ? 6 : diagonal ? 1 : 2);
        steps[ROOK][a][b] = std::uint8_t(same ? 0 : line ? 1 : 2);
        steps[QUEEN][a][b] = std::uint8_t(same ? 0 : line || diagonal ? 1 : 2);
        steps[KING][a][b] = kDistances.king[a][b];
      }
  }
};
inline constexpr StepTable kSteps{};

// The square two steps from an edge square towards the middle of the board, across the edge
// (for a corner, along its file); SQ_NONE off the edges.
struct FrontTable {
  Square square[SQUARE_NB]{};
  constexpr FrontTable() {
    for (int s = 0; s < SQUARE_NB; ++s) {
      const int f = s & 7, r = s >> 3;
      square[s] = r == 0   ? Square(s + 16)
                  : r == 7 ? Square(s - 16)
                  : f == 0 ? Square(s + 2)
                  : f == 7 ? Square(s - 2)
                           : SQ_NONE;
    }
  }
};
inline constexpr FrontTable kFront{};

int value(PieceType pt) {
  switch (pt) {
    case QUEEN: return 9;
    case ROOK: return 5;
    case BISHOP:
    case KNIGHT: return 3;
    case PAWN: return 1;
    default: return 0;
  }
}

// The squares `c`'s men attack.
Bitboard attacked_by(const Position& pos, Color c) {
  Bitboard a = 0;
  const Bitboard occ = pos.occupied();
  for (Bitboard b = pos.pieces(c); b;) {
    const Square s = pop_lsb(b);
    const PieceType pt = type_of(pos.piece_on(s));
    a |= pt == PAWN ? pawn_attacks(c, s) : attacks(pt, s, occ);
  }
  return a;
}

}  // namespace

inline int MatePlanner::winner_king_term(Square wk, Square lk) const {
  if (king_aim_ != SQ_NONE) return kOpposition * aim_steps_[wk];
  // The loser's king on an edge: the winner's king stands two squares in front of it (the
  // opposition of the edge mates: it then guards the three squares off the edge).
  const Square front = kFront.square[lk];
  if (front != SQ_NONE) return kOpposition * king_distance(wk, front);
  const int d = king_distance(wk, lk);
  return kOpposition * (d > 2 ? d - 2 : 2 - d);
}

inline int MatePlanner::man_term(PieceType pt, Square s, Square lk) const {
  if (pt == PAWN) return kPawnRank * (winner_ == WHITE ? 7 - rank_of(s) : rank_of(s));
  return kPieceStep * kSteps.steps[pt][s][lk];
}

// The change of the potential that `m` makes, from the move alone (no position is made).
int MatePlanner::delta(const Position& pos, Move m) const {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.moved_piece(m));
  const Square lk = pos.king_square(~winner_), wk = pos.king_square(winner_);
  const Piece victim = m.is_en_passant() ? make_piece(~us, PAWN)
                       : m.is_castling() ? NO_PIECE
                                         : pos.piece_on(to);
  int d = 0;
  if (us == winner_) {
    if (m.is_castling()) return 1;
    if (pt == KING) {
      d += winner_king_term(to, lk) - winner_king_term(from, lk);
    } else if (m.is_promotion()) {
      const PieceType np = m.promotion_type();
      d += man_term(np, to, lk) - man_term(PAWN, from, lk) - kMaterial * (value(np) - 1);
      if (unsafe_ & square_bb(to)) d += kMaterial * value(np);
    } else {
      d += man_term(pt, to, lk) - man_term(pt, from, lk);
      // A piece left where the loser takes it for nothing is lost to the plan.
      if (pt != PAWN && (unsafe_ & square_bb(to))) d += kMaterial * value(pt);
    }
    if (victim != NO_PIECE) d -= value(type_of(victim));
    return d;
  }
  if (m.is_castling()) return kLoserCapture;
  if (pt == KING) {
    d += kCorner * (king_distance(to, corner_) - king_distance(from, corner_)) +
         winner_king_term(wk, to) - winner_king_term(wk, from);
    for (Bitboard b = pos.pieces(winner_) & ~pos.pieces(KING, PAWN); b;) {
      const Square s = pop_lsb(b);
      const auto& steps = kSteps.steps[type_of(pos.piece_on(s))][s];
      d += kPieceStep * (steps[to] - steps[from]);
    }
  } else {
    // A waiting move: the nearer the man stays to its king (where it may block a flight
    // square), the better; a promotion adds material the winner may have to take.
    d += 1 + king_distance(to, lk) / 2;
    if (m.is_promotion()) d += value(m.promotion_type()) - 1;
  }
  if (victim != NO_PIECE)
    d += kLoserCapture + kMaterial * value(type_of(victim)) - man_term(type_of(victim), to, lk);
  return d;
}

// Where the winner's king goes before the mate: when the winner has no queen or rook and every
// one of its pawns has a loser's man somewhere ahead on its file, it must promote one first, and
// its king goes to take the man in front of its most advanced pawn (SQ_NONE: no such need).
Square MatePlanner::blocker_to_take(const Position& pos) const {
  if (pos.pieces(winner_, QUEEN) || pos.pieces(winner_, ROOK)) return SQ_NONE;
  const Bitboard pawns = pos.pieces(winner_, PAWN);
  if (!pawns) return SQ_NONE;
  const Bitboard theirs = pos.pieces(~winner_) & ~pos.pieces(KING);
  Square aim = SQ_NONE;
  int best = -1;
  for (Bitboard b = pawns; b;) {
    const Square s = pop_lsb(b);
    const int rank = winner_ == WHITE ? int(rank_of(s)) : 7 - int(rank_of(s));
    // The loser's men ahead of the pawn on its file, the nearest first.
    Bitboard ahead = 0;
    for (int r = int(rank_of(s)) + (winner_ == WHITE ? 1 : -1); r >= 0 && r < 8;
         r += winner_ == WHITE ? 1 : -1)
      ahead |= square_bb(make_square(file_of(s), Rank(r)));
    const Bitboard block = ahead & theirs;
    if (!block) return SQ_NONE;  // a free pawn: it runs
    const Square first = winner_ == WHITE ? lsb(block) : msb(block);
    if (rank > best) best = rank, aim = first;
  }
  return aim;
}

// aim_steps_[s]: the king moves from s to king_aim_ over squares the loser does not attack
// (breadth-first from the aim; the aim itself is taken), 15 where it cannot get.
void MatePlanner::king_steps_to_aim(const Position& pos) {
  const Bitboard open = (~attacked_by(pos, ~winner_) & ~pos.pieces(winner_)) |
                        pos.pieces(winner_, KING) | square_bb(king_aim_);
  std::fill(std::begin(aim_steps_), std::end(aim_steps_), std::uint8_t(15));
  Bitboard reached = square_bb(king_aim_), frontier = reached;
  aim_steps_[king_aim_] = 0;
  for (std::uint8_t d = 1; frontier && d < 15; ++d) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= king_attacks(pop_lsb(f));
    next &= open & ~reached;
    for (Bitboard n = next; n;) aim_steps_[pop_lsb(n)] = d;
    reached |= next;
    frontier = next;
  }
}

bool MatePlanner::run(const Position& root, std::uint64_t node_limit, std::vector<Move>& line) {
  const Color loser = ~winner_;
  // The corner nearest to the loser's king (then to the winner's).
  int best = 1 << 30;
  for (Bitboard c = mating_corners(root, winner_); c;) {
    const Square s = pop_lsb(c);
    const int d =
        8 * king_distance(s, root.king_square(loser)) + king_distance(s, root.king_square(winner_));
    if (d < best) best = d, corner_ = s;
  }
  line.clear();
  std::vector<std::uint64_t> seen{identity(root)};
  Position pos = root;
  MoveList lists[2];  // this ply's moves and the chosen move's replies, in turn
  int cur = 0;
  lists[cur].clear();
  pos.generate_legal(lists[cur]);
  ++nodes_;
  int score[MoveList::kCapacity];
  while (nodes_ < node_limit && line.size() < kMaxPlies && !lists[cur].empty()) {
    const MoveList& moves = lists[cur];
    MoveList& replies = lists[1 - cur];
    const bool winner_to_move = pos.side_to_move() == winner_;
    king_aim_ = blocker_to_take(pos);
    if (king_aim_ != SQ_NONE) king_steps_to_aim(pos);
    std::optional<CheckInfo> ci;
    if (winner_to_move) {
      ci.emplace(pos);
      unsafe_ = attacked_by(pos, loser) & ~attacked_by(pos, winner_);
    }
    const std::size_t n = moves.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Move m = moves[i];
      if (ci && ci->gives_check(pos, m)) {
        ++nodes_;
        const Position child = pos.after(m);
        if (!child.has_legal_moves()) {
          line.push_back(m);
          return true;  // a check the loser cannot meet: checkmate
        }
      }
      score[i] = delta(pos, m);
      repeat_[i] = 0;
    }
    // The best move (a position met in the last kRecent plies costs kRepeat more for each time
    // it was met) that does not leave the side to move without a move; its replies are
    // generated once and kept for the next ply.
    for (;;) {
      std::size_t bi = n;
      int bs = kBanned;
      for (std::size_t i = 0; i < n; ++i)
        if (score[i] < bs) bs = score[i], bi = i;
      if (bi == n) return false;
      score[bi] = kBanned;
      Position child = pos.after(moves[bi]);
      const std::uint64_t id = identity(child);
      // A position met before costs more each time (the same choice again would cycle).
      const int met =
          int(std::count(seen.end() - std::min<std::size_t>(seen.size(), kRecent), seen.end(), id));
      if (met && repeat_[bi] < met) {
        score[bi] = bs + kRepeat * met;
        repeat_[bi] = met;
        continue;
      }
      replies.clear();
      child.generate_legal(replies);
      ++nodes_;
      if (replies.empty()) {
        // Checkmate of the loser was found above; this is a stalemate or a mate of the winner.
        continue;
      }
      pos = child;
      line.push_back(moves[bi]);
      // No position before a capture or pawn move can come again after it.
      if (pos.halfmove_clock() == 0) seen.clear();
      seen.push_back(id);
      cur = 1 - cur;
      break;
    }
  }
  return false;
}

}  // namespace arbiter::adjudication::detail
