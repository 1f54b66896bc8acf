// Line builder (see line_builder.h).
#include "unwinnable/line_builder.h"

#include <algorithm>
#include <cassert>

#include "unwinnable/distance.h"

namespace arbiter::adjudication::detail {
namespace {

constexpr std::size_t kMaxPlies = 60;                  // a longer line is left to the planner
static_assert(kMaxPlies + 1 == BuiltLine::kCapacity);  // the mating check is one more
// The winner's waiting moves in one line (validate on the TCEC file: six 801.6M, seven 800.6M,
// eight 800.7M instructions; seven settles 5,097 of its 5,174 dead-position positions).
constexpr int kMaxWaits = 7;
constexpr int kTargets = 4;  // the edge squares tried in turn
// A line gives up earlier where the winner's waits show it stuck: three waits with both kings
// where they stood at its last wait, or three with the loser's king on T and no way for the
// winner's king to F (on the TCEC file's final positions such lines rarely end in mate).
constexpr int kMaxStuck = 3;
constexpr int kMaxShutOut = 3;
// And where the winner's king, on its way to F, has stepped back to the square it came from
// three times (the loser's king moving to and fro changes its way each time: on the TCEC file's
// final positions such lines ran to kMaxPlies without a mate).
constexpr int kMaxBounces = 3;
constexpr Bitboard kBackRanks = RANK_1_BB | (RANK_1_BB << 56);
constexpr Bitboard kEdges = FILE_A_BB | (FILE_A_BB << 7) | kBackRanks;

// The square `n` steps from the edge square `t` towards the middle, across the edge (for a
// corner, along its file, as the planner's opposition square).
Square inward(Square t, int n) {
  const int f = t & 7, r = t >> 3;
  return r == 0   ? Square(t + 8 * n)
         : r == 7 ? Square(t - 8 * n)
         : f == 0 ? Square(t + n)
                  : Square(t - n);
}

// The edge squares `t` whose square two steps in front, inward(t, 2), is one of `b`'s.
Bitboard edges_before(Bitboard b) {
  const Bitboard sides = ((b >> 2) & FILE_A_BB) | ((b << 2) & (FILE_A_BB << 7));
  return ((b >> 16) & RANK_1_BB) | ((b << 16) & (RANK_1_BB << 56)) | (sides & ~kBackRanks);
}

// The squares next to `b`'s squares and `b` itself.
Bitboard spread(Bitboard b) {
  const Bitboard h = b | ((b << 1) & ~FILE_A_BB) | ((b >> 1) & ~(FILE_A_BB << 7));
  return h | (h << 8) | (h >> 8);
}

// The squares the men of `c` on `men` attack, with the board occupied by `occ` (kind by kind:
// the pawns at once, no look-up of each man's kind).
Bitboard attacked_by(const Position& pos, Color c, Bitboard men, Bitboard occ) {
  const Bitboard pawns = men & pos.pieces(PAWN);
  Bitboard a = c == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  for (Bitboard b = men & pos.pieces(KNIGHT); b;) a |= knight_attacks(pop_lsb(b));
  const Bitboard queens = pos.pieces(QUEEN);
  for (Bitboard b = men & (pos.pieces(BISHOP) | queens); b;) a |= bishop_attacks(pop_lsb(b), occ);
  for (Bitboard b = men & (pos.pieces(ROOK) | queens); b;) a |= rook_attacks(pop_lsb(b), occ);
  if (const Bitboard k = men & pos.pieces(KING)) a |= king_attacks(lsb(k));
  return a;
}

// The squares `c`'s men attack, with the board occupied by `occ`.
Bitboard attacked(const Position& pos, Color c, Bitboard occ) {
  return attacked_by(pos, c, pos.pieces(c), occ);
}

// `c`'s pieces other than its king and pawns.
Bitboard officers(const Position& pos, Color c) {
  return pos.pieces(c) & ~pos.pieces(PAWN) & ~pos.pieces(KING);
}

// `c`'s rooks, bishops and queens that attack `s` along a line over `occ`.
Bitboard slider_attackers(const Position& pos, Color c, Square s, Bitboard occ) {
  const Bitboard queens = pos.pieces(c, QUEEN);
  return (rook_attacks(s, occ) & (pos.pieces(c, ROOK) | queens)) |
         (bishop_attacks(s, occ) & (pos.pieces(c, BISHOP) | queens));
}

// The first step of a king on `from` towards `to` over the squares of `open` (breadth-first
// back from `to`), SQ_NONE when there is no way.
Square king_step(Square from, Square to, Bitboard open) {
  if (!(open & square_bb(to))) return SQ_NONE;
  const Bitboard near = king_attacks(from);
  Bitboard reached = square_bb(to), frontier = reached;
  for (int d = 0; d < 14 && frontier; ++d) {
    if (near & frontier) return lsb(near & frontier);
    frontier = spread(frontier) & open & ~reached;
    reached |= frontier;
  }
  return SQ_NONE;
}

// The squares where the winner's king cannot stand in front of an edge square: held by a loser's
// man or a winner's pawn, or attacked by a loser's pawn (the king would rarely get there).
Bitboard blocked_fronts(const Position& pos, Color winner) {
  const Bitboard lp = pos.pieces(~winner, PAWN);
  const Bitboard pawn_guard =
      winner == BLACK ? pawn_attacks_bb<WHITE>(lp) : pawn_attacks_bb<BLACK>(lp);
  return pos.pieces(~winner) | pos.pieces(winner, PAWN) | pawn_guard;
}

class Builder {
 public:
  Builder(const Position& root, Color winner, Square t, BuiltLine& line)
      : pos_(root), w_(winner), line_(line) {
    set_target(t);
  }

  bool run() {
    line_.size = 0;
    while (line_.size < kMaxPlies) {
      const bool winner_to_move = pos_.side_to_move() == w_;
      // What the loser attacks, the winner's king taken off the board (its king's steps and the
      // mating checks ask for it).
      if (winner_to_move)
        loser_attacks_ = attacked(pos_, ~w_, pos_.occupied() ^ pos_.pieces(w_, KING));
      if (winner_to_move && mated_now()) return true;
      // The loser's moves are chosen among moves tested legal (loser_move), the winner's are
      // tested here: every move of the line is legal (a king's step by the attack map it is
      // chosen from, a quiet move of another loser's man by quiet_wait, any other move by
      // Position::is_legal).
      loser_check_ = -1;
      const Move m = winner_to_move ? winner_move() : loser_move();
      // The loser without a legal move (loser_wait tries them all): mated by the winner's last
      // move when in check (Laws 5.1.1; a mating check of a king's step, a capture or a
      // promotion), else stalemated.
      if (m.is_none() && !winner_to_move) return pos_.in_check();
      if (m.is_none() || (winner_to_move && !king_step_or_legal(m))) return false;
      pos_.play(m);
      line_.push(m);
    }
    return false;
  }

 private:
  // Whether the winner's move `m` of a man other than its king, by the man's own moves
  // (Arts. 3.2-3.7: read off its attacks, or a pawn's step to the empty square ahead), is legal.
  // Out of check only a line through the square it leaves can bring an attack on the king
  // (3.9): legal off every such line, else when no loser's rook, bishop or queen sees the king
  // over the board after the move (a man taken on the square it moves to attacks no more). In
  // check, en passant or castling (never the builder's), Position::is_legal decides.
  bool own_move_legal(Move m) const {
    const Square k = pos_.king_square(w_);
    const bool in_check = loser_attacks_ & square_bb(k);
    if (!in_check && !line_bb(k, m.from())) return true;
    if (in_check || m.kind() == MoveKind::EnPassant || m.kind() == MoveKind::Castling)
      return pos_.is_legal(m);
    const Bitboard occ = (pos_.occupied() ^ square_bb(m.from())) | square_bb(m.to());
    return !(slider_attackers(pos_, ~w_, k, occ) & ~square_bb(m.to()));
  }

  // The winner's king steps only to squares the loser does not attack once the king has left
  // its own (king_escape, king_step over ~loser_attacks_): legal by that test (Laws 3.8.2, 3.9).
  // Any other move is one of its man's own moves made out of check (king_escape answers a
  // check), tested by own_move_legal.
  bool king_step_or_legal(Move m) const {
    return m.from() == pos_.king_square(w_) || own_move_legal(m);
  }

  // The edge square nearest to the loser's king on `from` over the squares of `open` (or `from`
  // itself) in front of which the winner's king can stand, SQ_NONE when there is none.
  Square nearest_edge(Square from, Bitboard open) const {
    const Bitboard blocked = blocked_fronts(pos_, w_);
    Bitboard reached = square_bb(from), frontier = reached;
    const Bitboard open_edges = kEdges & ~edges_before(blocked);
    for (int d = 0; d < 14 && frontier; ++d) {
      if (const Bitboard e = frontier & open_edges) return lsb(e);
      frontier = spread(frontier) & open & ~reached;
      reached |= frontier;
    }
    return SQ_NONE;
  }

  // T out of the loser's king's reach: the edge square it stands on or, once the winner has
  // waited twice, the nearest edge square it can reach becomes T, when the winner's king can
  // stand in front of it; SQ_NONE when there is none. (On the TCEC file's final positions the
  // builder then settles 8,586 of 11,863 questions instead of 8,086.)
  Square new_target(Square lk, Bitboard open) const {
    if (waits_ >= 2) return nearest_edge(lk, open);
    const bool edge = kEdges & square_bb(lk);
    return edge && !(blocked_fronts(pos_, w_) & square_bb(inward(lk, 2))) ? lk : SQ_NONE;
  }

  void set_target(Square t) {
    t_ = t;
    f_ = inward(t, 2);
    edge_ = (t >> 3) == 0 || (t >> 3) == 7 ? rank_bb(t) : file_bb(t);
    far_ = ~spread(spread(square_bb(t)));
  }

  Bitboard heavy() const { return pos_.pieces(w_, QUEEN) | pos_.pieces(w_, ROOK); }

  // The winner at F and the loser's king on T: a piece's check that mates (each tried on a copy:
  // the loser to move, in check, without a legal move). Played when found. A knight's or a
  // bishop's check as well as a queen's or a rook's (validate on the TCEC file 1,051.1M to
  // 1,048.2M instructions: shorter lines).
  bool mated_now() {
    if (!(kEdges & pos_.pieces(~w_, KING))) return false;
    const Square lk = pos_.king_square(~w_);
    const Bitboard occ = pos_.occupied();
    // A check on a square the loser takes on, unguarded by the winner's king, cannot mate.
    const Bitboard lost = loser_attacks_ & ~king_attacks(pos_.king_square(w_));
    const Bitboard flights = king_attacks(lk) & ~pos_.pieces(~w_);
    // The squares from which each kind of piece checks, kept where a check can mate.
    const Bitboard safe = ~pos_.pieces(w_) & ~lost;
    const Bitboard rook_checks = rook_attacks(lk, occ) & safe;
    const Bitboard bishop_checks = bishop_attacks(lk, occ) & safe;
    const Bitboard knight_checks = knight_attacks(lk) & safe;
    if (!(rook_checks | bishop_checks | knight_checks)) return false;
    for (Bitboard h = officers(pos_, w_); h;) {
      const Square s = pop_lsb(h);
      const PieceType pt = type_of(pos_.piece_on(s));
      const Bitboard checks = pt == KNIGHT   ? knight_checks
                              : pt == BISHOP ? bishop_checks
                              : pt == ROOK   ? rook_checks
                                             : rook_checks | bishop_checks;
      // No mate while a flight square of the loser's king is left unguarded: what the winner's
      // men guard once the king and the checking piece have left their squares holds at least
      // every square they guard after the check (the piece that moves may only block lines).
      Bitboard to = checks ? attacks(pt, s, occ) & checks : 0;
      if (!to) continue;
      const Bitboard open = occ ^ square_bb(lk) ^ square_bb(s);
      const Bitboard guarded = attacked_by(pos_, w_, pos_.pieces(w_) ^ square_bb(s), open);
      while (to) {
        const Square x = pop_lsb(to);
        if (flights & ~guarded & ~attacks(pt, x, open)) continue;
        const Move m = Move::normal(s, x);
        if (!own_move_legal(m)) continue;
        // A direct check: nothing stands between x and the king (x is on its line over occ),
        // so the loser is in check after it; mated when it has no legal move (Laws 5.1.1).
        const Position child = pos_.after(m);
        assert(child.in_check());
        if (!child.has_legal_moves()) {
          line_.push(m);
          return true;
        }
      }
    }
    return false;
  }

  Move winner_move() {
    const Square wk = pos_.king_square(w_);
    if (loser_attacks_ & pos_.pieces(w_, KING)) return king_escape();  // in check
    if (!heavy()) return pawn_push();
    if (const Move c = free_capture(); !c.is_none()) return c;
    if (wk != f_) {
      // Over empty squares and the loser's men nothing guards (the king takes them on its way).
      const Bitboard prey = pos_.pieces(~w_) & ~pos_.pieces(~w_, KING);
      const Bitboard open = ~loser_attacks_ & (~pos_.occupied() | prey);
      const Square s = king_step(wk, f_, open);
      if (s != SQ_NONE) {
        // Stepping back and forth, the king finds no way round (kMaxBounces).
        if (s == king_from_ && ++bounces_ >= kMaxBounces) return Move::none();
        king_from_ = wk;
        return Move::normal(wk, s);
      }
    }
    // A waiting move of a heavy piece; a few in a row mean the plan is stuck, and so do fewer
    // that change nothing (kMaxStuck, kMaxShutOut).
    const Square lk = pos_.king_square(~w_);
    if (lk == wait_lk_ && wk == wait_wk_ && ++stuck_ >= kMaxStuck) return Move::none();
    if (lk == t_ && wk != f_ && ++shut_out_ >= kMaxShutOut) return Move::none();
    wait_lk_ = lk, wait_wk_ = wk;
    return ++waits_ > kMaxWaits ? Move::none() : heavy_move();
  }

  // The steps left to the winner's pawn on `s` before its last rank.
  int steps_left(Square s) const { return w_ == WHITE ? 7 - (s >> 3) : s >> 3; }

  // The squares ahead of the winner's pawn on `s`, on its file up to the last rank.
  Bitboard ahead_of(Square s) const {
    return file_bb(s) & (w_ == WHITE ? ~((square_bb(s) << 1) - 1) : (square_bb(s) - 1));
  }

  // The winner's pawn that runs to promote while it has no queen or rook: the one nearest to
  // promotion whose file ahead is empty or, failing that, holds no pawn (the men there step
  // aside first); SQ_NONE when there is none.
  Square runner() const {
    const Bitboard occ = pos_.occupied(), pawns = pos_.pieces(PAWN);
    Square best = SQ_NONE, second = SQ_NONE;
    int best_left = 99, second_left = 99;
    for (Bitboard b = pos_.pieces(w_, PAWN); b;) {
      const Square s = pop_lsb(b);
      const int left = steps_left(s);
      const Bitboard ahead = ahead_of(s);
      if (!(ahead & occ) && left < best_left) best = s, best_left = left;
      if (!(ahead & pawns) && left < second_left) second = s, second_left = left;
    }
    return best != SQ_NONE ? best : second;
  }

  // The runner pushed (a queen on the last rank) once its file ahead is empty; before that, a
  // winner's man on it steps aside, or the winner waits for the loser's to (pawn_path_clear).
  Move pawn_push() {
    const Square s = runner();
    if (s == SQ_NONE) return pawn_break();
    const Bitboard in_way = ahead_of(s) & pos_.occupied();
    if (!in_way) {
      const Square to = Square(w_ == WHITE ? s + 8 : s - 8);
      const bool last = steps_left(s) == 1;
      return last ? Move::promotion(s, to, QUEEN) : Move::normal(s, to);
    }
    if (const Bitboard own = in_way & pos_.pieces(w_)) return step_aside(lsb(own), ahead_of(s));
    // The winner's king waits (a step to an empty square the loser does not attack).
    if (++waits_ > kMaxWaits) return Move::none();
    const Square wk = pos_.king_square(w_);
    const Bitboard to = king_attacks(wk) & ~pos_.occupied() & ~loser_attacks_ & ~ahead_of(s);
    return to ? Move::normal(wk, lsb(to)) : Move::none();
  }

  // The winner's pawn that the loser's pawn on `q` alone holds up (the only pawn on its file
  // ahead: taking something, the loser's pawn leaves that file free of pawns), else SQ_NONE.
  Square breach(Square q) const {
    const Bitboard behind = file_bb(q) & pos_.pieces(w_, PAWN) &
                            (w_ == WHITE ? square_bb(q) - 1 : ~((square_bb(q) << 1) - 1));
    for (Bitboard b = behind; b;) {
      const Square p = pop_lsb(b);
      if ((ahead_of(p) & pos_.pieces(PAWN)) == square_bb(q)) return p;
    }
    return SQ_NONE;
  }

  // No pawn of the winner can run: a winner's piece (not the king) is offered to a loser's pawn
  // that holds one up alone, on an empty square the pawn takes on (loser_break takes it), or
  // first walks to a square from which it reaches one.
  Move pawn_break() const {
    Bitboard spots = 0;
    for (Bitboard b = pos_.pieces(~w_, PAWN); b;) {
      const Square q = pop_lsb(b);
      if (breach(q) != SQ_NONE) spots |= pawn_attacks(~w_, q);
    }
    spots &= ~pos_.occupied() & ~kBackRanks;
    Move m = piece_to(spots);
    if (m.is_none()) m = piece_towards(spots);
    return m.is_none() ? king_to_breach() : m;
  }

  // The winner's king walks to a loser's pawn that alone holds up a winner's pawn and that no
  // loser's man guards, over squares the loser does not attack, and takes it.
  Move king_to_breach() const {
    const Square wk = pos_.king_square(w_);
    for (Bitboard b = pos_.pieces(~w_, PAWN) & ~loser_attacks_; b;) {
      const Square q = pop_lsb(b);
      if (breach(q) == SQ_NONE) continue;
      const Bitboard open = ~loser_attacks_ & (~pos_.occupied() | square_bb(q));
      if (const Square s = king_step(wk, q, open); s != SQ_NONE) return Move::normal(wk, s);
    }
    return Move::none();
  }

  // A winner's piece (not the king) moved to one of `spots` (empty squares).
  Move piece_to(Bitboard spots) const {
    const Bitboard occ = pos_.occupied();
    for (Bitboard h = officers(pos_, w_); h;) {
      const Square s = pop_lsb(h);
      if (const Bitboard to = attacks(type_of(pos_.piece_on(s)), s, occ) & spots)
        return Move::normal(s, lsb(to));
    }
    return Move::none();
  }

  // A winner's piece (not the king) moved to an empty square from which it reaches one of
  // `spots` next, where the loser does not take it.
  Move piece_towards(Bitboard spots) const {
    const Bitboard occ = pos_.occupied();
    for (Bitboard h = officers(pos_, w_); h;) {
      const Square s = pop_lsb(h);
      const PieceType pt = type_of(pos_.piece_on(s));
      for (Bitboard to = attacks(pt, s, occ) & ~occ & ~loser_attacks_; to;) {
        const Square y = pop_lsb(to);
        if (attacks(pt, y, occ ^ square_bb(s)) & spots) return Move::normal(s, y);
      }
    }
    return Move::none();
  }

  // While the winner has no queen or rook, a loser's pawn takes a winner's piece where that
  // leaves a winner's pawn's file ahead free of pawns (pawn_break's offer), by a legal move.
  Move loser_break() const {
    if (heavy()) return Move::none();
    const Bitboard prey = officers(pos_, w_);
    for (Bitboard b = pos_.pieces(~w_, PAWN); b;) {
      const Square q = pop_lsb(b);
      const Bitboard hit = pawn_attacks(~w_, q) & prey & ~kBackRanks;
      if (!hit || breach(q) == SQ_NONE) continue;
      const Move m = Move::normal(q, lsb(hit));
      if (pos_.is_legal(m)) return m;
    }
    return Move::none();
  }

  // A winner's man on `from` moved off the runner's file ahead (`path`) to an empty square: the
  // king to a square the loser does not attack, another man by its own moves (legality tested
  // in run()).
  Move step_aside(Square from, Bitboard path) const {
    const Bitboard occ = pos_.occupied();
    const PieceType pt = type_of(pos_.piece_on(from));
    Bitboard to = attacks(pt, from, occ) & ~occ & ~path;
    if (pt == KING) to &= ~loser_attacks_;
    return to ? Move::normal(from, lsb(to)) : Move::none();
  }

  // While the winner has no queen or rook, a loser's man on the runner's file ahead steps
  // aside: the king to an empty square the winner does not attack, another man by a quiet move
  // that leaves its king safe and gives no check (quiet_wait). Move::none() when none does.
  Move pawn_path_clear() const {
    if (heavy()) return Move::none();
    const Square s = runner();
    if (s == SQ_NONE) return Move::none();
    const Bitboard path = ahead_of(s), theirs = path & pos_.pieces(~w_);
    if (!theirs) return Move::none();
    const Square o = lsb(theirs);
    const Bitboard occ = pos_.occupied();
    const PieceType pt = type_of(pos_.piece_on(o));
    if (pt == KING) {
      const Bitboard to = king_attacks(o) & ~occ & ~path & ~attacked(pos_, w_, occ ^ square_bb(o));
      return to ? Move::normal(o, lsb(to)) : Move::none();
    }
    for (Bitboard to = attacks(pt, o, occ) & ~occ & ~path; to;) {
      const Square x = pop_lsb(to);
      if (quiet_wait(o, x, pt)) return Move::normal(o, x);
    }
    return Move::none();
  }

  // The winner's king out of check: the step to a square the loser does not attack nearest to F
  // (the king's men stay where they are).
  Move king_escape() const {
    const Square wk = pos_.king_square(w_);
    Move best = Move::none();
    int best_d = 99;
    for (Bitboard to = king_attacks(wk) & ~loser_attacks_ & ~pos_.pieces(w_); to;) {
      const Square x = pop_lsb(to);
      if (king_distance(x, f_) < best_d) best_d = king_distance(x, f_), best = Move::normal(wk, x);
    }
    return best;
  }

  // A heavy piece's capture of a loser's man (not the king) that nothing guards.
  Move free_capture() const {
    const Bitboard prey = pos_.pieces(~w_) & ~pos_.pieces(~w_, KING) & ~loser_attacks_;
    if (!prey) return Move::none();
    const Bitboard occ = pos_.occupied();
    for (Bitboard h = heavy(); h;) {
      const Square s = pop_lsb(h);
      const Bitboard to = attacks(type_of(pos_.piece_on(s)), s, occ) & prey;
      if (to) return Move::normal(s, lsb(to));
    }
    return Move::none();
  }

  // A heavy piece's move to a square the loser does not attack, giving no check, from which it
  // reaches the edge line of T (or the square in front of T, a queen) past the king's
  // neighbours: the mating check comes from there once the kings stand.
  Move heavy_move() const {
    const Bitboard occ = pos_.occupied();
    const Bitboard unsafe = loser_attacks_;
    const Square lk = pos_.king_square(~w_);
    // The squares of T's edge line that see T past its neighbours (over the board without the
    // loser's king, on its way to T); for a queen, the square in front of T as well.
    const Bitboard line_goal = rook_attacks(t_, occ ^ square_bb(lk)) & edge_ & ~king_attacks(t_);
    // While the loser's king is on its way, a square that keeps it off T is second best.
    const Bitboard t_bb = lk == t_ ? 0 : square_bb(t_);
    Move second = Move::none(), fallback = Move::none();
    for (Bitboard h = heavy(); h;) {
      const Square s = pop_lsb(h);
      const PieceType pt = type_of(pos_.piece_on(s));
      const Bitboard checks = attacks(pt, lk, occ);
      const Bitboard to = attacks(pt, s, occ) & ~occ & ~unsafe & ~checks;
      if (!to) continue;
      // The squares from which the piece, once off `s`, sees a goal square (or T): those the
      // goal squares see, a slider's lines running both ways (the first in square order wins).
      const Bitboard after = occ ^ square_bb(s);
      Bitboard goal =
          (pt == QUEEN ? line_goal | square_bb(inward(t_, 1)) : line_goal) & ~pos_.pieces(w_);
      Bitboard sees_goal = 0;
      while (goal) sees_goal |= attacks(pt, pop_lsb(goal), after);
      const Bitboard good = to & sees_goal;
      const Bitboard sees_t = t_bb ? attacks(pt, t_, after) : 0;
      if (const Bitboard best = good & ~sees_t) return Move::normal(s, lsb(best));
      if (good && second.is_none()) second = Move::normal(s, lsb(good));
      if (fallback.is_none()) fallback = Move::normal(s, lsb(to));
    }
    return second.is_none() ? fallback : second;
  }

  Move loser_move() {
    const Square lk = pos_.king_square(~w_);
    if (const Move g = give_away(); !g.is_none()) return g;
    if (const Move c = loser_break(); !c.is_none()) return c;
    if (const Move c = pawn_path_clear(); !c.is_none()) return c;
    if (lk == t_) return loser_wait(nullptr);
    // What the winner attacks once the loser's king has left its square (loser_wait's steps use
    // it as well: one attack map a turn).
    const Bitboard guarded = attacked(pos_, w_, pos_.occupied() ^ square_bb(lk));
    const Bitboard open = ~guarded & ~pos_.occupied();
    // A step to a square the winner does not attack once the king has left its own: legal.
    Square s = king_step(lk, t_, open);
    if (s != SQ_NONE) return Move::normal(lk, s);
    if (const Square e = new_target(lk, open); e != SQ_NONE) {
      set_target(e);
      if (e != lk && (s = king_step(lk, e, open)) != SQ_NONE) return Move::normal(lk, s);
    }
    return loser_wait(&guarded);
  }

  // Whether the loser's quiet move of a man other than its king from `from` to the empty square
  // `to` (no capture, promotion or en passant) is legal and gives no check: afterwards no
  // winner's man attacks the loser's king (Laws 3.9) and no loser's man the winner's king (the
  // moved man counted from `to`). What Position::is_legal and gives_check answer, cheaper: the
  // winner's king, not to move, stands unattacked (3.9), and so does the loser's unless it is in
  // check, so only a line through `from`, left empty, can bring an attack (`to` only blocks).
  bool quiet_wait(Square from, Square to, PieceType pt) const {
    const Color l = ~w_;
    const Bitboard occ = pos_.occupied() ^ square_bb(from) ^ square_bb(to);
    const Square lk = pos_.king_square(l), wk = pos_.king_square(w_);
    const Bitboard direct = pt == PAWN ? pawn_attacks(l, to) : attacks(pt, to, occ);
    if (direct & square_bb(wk)) return false;
    if (loser_in_check()) {
      if (pos_.attackers_to(lk, occ) & pos_.pieces(w_)) return false;
    } else if (line_bb(lk, from) && slider_attackers(pos_, w_, lk, occ)) {
      return false;
    }
    return !line_bb(wk, from) || !(slider_attackers(pos_, l, wk, occ) & ~square_bb(from));
  }

  // Whether the loser, to move, is in check (found once a turn, when first asked).
  bool loser_in_check() const {
    if (loser_check_ < 0) loser_check_ = pos_.in_check();
    return loser_check_;
  }

  // A loser's piece (not a pawn) offered to the winner's queens and rooks: moved, by a legal
  // move that gives no check, to a square one of them attacks and no other loser's man guards;
  // the winner takes it next (free_capture). The loser's pieces cut the winner's king off and
  // spoil the mating checks; with them gone the plan mostly goes through (on the TCEC file's
  // final positions the builder then settles 8,086 of 11,863 questions instead of 6,281).
  Move give_away() const {
    const Color l = ~w_;
    const Bitboard mine = officers(pos_, l);
    if (!mine || !heavy()) return Move::none();
    const Bitboard occ = pos_.occupied();
    // The loser's pawns and king guard their squares whatever else moves.
    const Bitboard pawns = pos_.pieces(l, PAWN);
    const Bitboard held =
        (l == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns)) |
        king_attacks(pos_.king_square(l));
    const Bitboard hit = attacked_by(pos_, w_, heavy(), occ) & ~occ & ~held;
    for (Bitboard b = mine; b;) {
      const Square s = pop_lsb(b);
      const PieceType pt = type_of(pos_.piece_on(s));
      const Bitboard offers = attacks(pt, s, occ) & hit;
      if (!offers) continue;
      const Bitboard guard =
          attacked_by(pos_, l, pos_.pieces(l) ^ square_bb(s), occ ^ square_bb(s));
      for (Bitboard to = offers & ~guard; to;) {
        const Square x = pop_lsb(to);
        if (quiet_wait(s, x, pt)) return Move::normal(s, x);
      }
    }
    return Move::none();
  }

  // A waiting move of the loser: a man far from T (a pawn's step or a piece's move that takes
  // nothing, promotes nothing and gives no check), else a king's step, else any legal move.
  // `guarded`: what the winner attacks once the loser's king has left its square, when known.
  Move loser_wait(const Bitboard* guarded) const {
    const Bitboard occ = pos_.occupied();
    const Color l = ~w_;
    // The squares three king's steps or more from T; the pawns with a step there (not to the
    // last rank, where it would promote).
    const Bitboard far = far_;
    const Bitboard last = l == WHITE ? RANK_1_BB << 56 : RANK_1_BB;
    const Bitboard steps = far & ~occ & ~last;
    const Bitboard pawns = pos_.pieces(l, PAWN) & (l == WHITE ? steps >> 8 : steps << 8);
    for (Bitboard b = (pawns | officers(pos_, l)) & far; b;) {
      const Square s = pop_lsb(b);
      const PieceType pt = type_of(pos_.piece_on(s));
      const Bitboard to = pt == PAWN ? square_bb(Square(l == WHITE ? s + 8 : s - 8))
                                     : attacks(pt, s, occ) & ~occ & far;
      for (Bitboard t = to; t;) {
        const Square x = pop_lsb(t);
        if (quiet_wait(s, x, pt)) return Move::normal(s, x);
      }
    }
    // A king's step to an empty square the winner does not attack once the king has left its
    // own: legal by that test (Laws 3.8.2, 3.9), one attack map for every step. A step along T's
    // edge first: the king stays where the heavy piece's checks can mate it and is back on T
    // next (on the TCEC file 1,065.8M to 1,051.1M instructions of validate, fewer failed lines).
    const Square lk = pos_.king_square(l);
    const Bitboard safe = ~(guarded ? *guarded : attacked(pos_, w_, occ ^ square_bb(lk)));
    if (const Bitboard t = king_attacks(lk) & ~occ & safe)
      return Move::normal(lk, lsb(t & edge_ ? t & edge_ : t));
    MoveList moves;
    pos_.generate_legal(moves);
    return moves.empty() ? Move::none() : moves[0];
  }

  Position pos_;
  Bitboard loser_attacks_ = 0;    // at the winner's turn
  mutable int loser_check_ = -1;  // loser_in_check() at the loser's turn, -1 until asked
  int waits_ = 0;
  int shut_out_ = 0;  // waits with the loser's king on T and no way to F for the winner's
  int stuck_ = 0;     // waits with both kings where they stood
  Square wait_lk_ = SQ_NONE, wait_wk_ = SQ_NONE;  // at the winner's last wait
  Square king_from_ = SQ_NONE;  // the square the winner's king last stepped from towards F
  int bounces_ = 0;             // its steps back to that square
  Color w_;
  Square t_, f_;
  Bitboard edge_ = 0;
  Bitboard far_ = 0;  // the squares three king's steps or more from T (loser_wait)
  BuiltLine& line_;
};

// The kTargets edge squares for the loser's king, nearest first: empty or the loser's king's own,
// with the square two steps in front (the winner's king's) neither held by a loser's man or a
// winner's pawn nor attacked by a loser's pawn (the king would rarely get there). Near by the
// longer of the two kings' walks (they walk at once, a move each) and then by the loser's (its
// king's walk goes with its waiting moves): 3 * max(k, w) + 2 * k for the loser's king k steps
// from the square and the winner's w steps from the one in front of it (on the TCEC standard
// file's questions the builder then writes more lines, and shorter, than with 4 * k + w).
int pick_targets(const Position& pos, Color winner, Square (&out)[kTargets]) {
  const Square lk = pos.king_square(~winner), wk = pos.king_square(winner);
  int best[kTargets], n = 0;
  const Bitboard free = ~pos.occupied() | square_bb(lk);
  const Bitboard open = kEdges & free & ~edges_before(blocked_fronts(pos, winner));
  // Ring by ring around the loser's king (k steps away): a ring's squares are at least 5 * k
  // away, so they come after the kept ones once the last of those is below 5 * k.
  Bitboard reached = square_bb(lk), ring = reached;
  for (int k = 0; ring && !(n == kTargets && best[kTargets - 1] < 5 * k); ++k) {
    for (Bitboard e = ring & open; e;) {
      const Square t = pop_lsb(e);
      const int d = 3 * std::max(k, king_distance(wk, inward(t, 2))) + 2 * k;
      // Insertion into the kept nearest ones, by distance, then square (a1 first).
      int i = std::min(n, kTargets - 1);
      if (n == kTargets && (d > best[i] || (d == best[i] && t > out[i]))) continue;
      for (; i > 0 && (best[i - 1] > d || (best[i - 1] == d && out[i - 1] > t)); --i)
        best[i] = best[i - 1], out[i] = out[i - 1];
      best[i] = d, out[i] = t;
      n = std::min(n + 1, kTargets);
    }
    ring = spread(reached) & ~reached;
    reached |= ring;
  }
  return n;
}

// The edge squares `winner`'s lines are tried for (pick_targets), none for a bare king.
int targets_for(const Position& root, Color winner, Square (&out)[kTargets]) {
  return root.pieces(winner) & ~root.pieces(winner, KING) ? pick_targets(root, winner, out) : 0;
}

}  // namespace

bool build_mating_line(const Position& root, Color winner, BuiltLine& line) {
  Square targets[kTargets];
  const int n = targets_for(root, winner, targets);
  for (int i = 0; i < n; ++i)
    if (Builder(root, winner, targets[i], line).run()) return true;
  line.size = 0;
  return false;
}

bool build_either_mating_line(const Position& root, Color first, BuiltLine& line, Color& winner) {
  const Color sides[COLOR_NB] = {first, ~first};
  Square targets[COLOR_NB][kTargets];
  int n[COLOR_NB] = {targets_for(root, first, targets[0]), -1};
  for (int i = 0; i < kTargets; ++i) {
    for (int s = 0; s < COLOR_NB; ++s) {
      // The second side's targets are picked once the first side's first line has failed.
      if (n[s] < 0) n[s] = targets_for(root, sides[s], targets[s]);
      if (i < n[s] && Builder(root, sides[s], targets[s][i], line).run()) {
        winner = sides[s];
        return true;
      }
    }
  }
  line.size = 0;
  return false;
}

}  // namespace arbiter::adjudication::detail
