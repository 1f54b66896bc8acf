// Confinement analysis (see confinement.h).
//
// Soundness, by induction over any legal continuation: suppose every piece has so far stayed
// inside its `reach`, captured only on squares of its `hits`, and no `steady` piece has moved
// or been captured. Then every steady piece still stands on its square, so (a) every slider ray
// is blocked at least by the steady pieces, a pawn push onto a steady piece is impossible and no
// piece moves onto a steady piece of its own colour; (b) a king cannot step onto a square that a
// steady enemy piece attacks (pawn, knight and king attacks need no empty squares; slider
// attacks are only counted when no piece can ever stand in between). A pawn captures only onto
// a square some enemy non-king piece can reach. So the next move's destination is among the
// targets computed from a square of `reach`, hence in `reach` by the fixpoint; if it captures a
// piece, that square is in the mover's `hits`, so the captured piece was not steady. Castling and
// promotion are over-approximated (castling squares are added whenever a right exists; a
// promoted piece may go anywhere but onto a steady own piece or a steady king). Hence the
// invariant holds for ever, and any conclusion drawn from it holds in every continuation.
//
// Under an Assumption (one case of a case split), the same induction runs over the
// continuations in which the assumption holds: an immovable piece keeps the reach of its own
// square (it may still be captured there), and no move lands on an untouchable piece's square
// while that piece is steady (it would capture it there before it ever moved). A move the
// assumption excludes is never the next move of such a continuation, so leaving it out of the
// targets keeps the invariant; the conclusions hold for every continuation of the case.
#include "unwinnable/confinement.h"

#include <array>
#include <cassert>

namespace arbiter::adjudication::detail {
namespace {

constexpr Bitboard kPromotionRanks = rank_bb(RANK_1) | rank_bb(RANK_8);

Bitboard piece_attacks(PieceType pt, Color c, Square s, Bitboard occ) {
  switch (pt) {
    case PAWN: return pawn_attacks(c, s);
    case KNIGHT: return knight_attacks(s);
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case QUEEN: return queen_attacks(s, occ);
    case KING: return king_attacks(s);
    default: return 0;
  }
}

// The squares one step ahead of the pawns in `b` (off the board: nothing).
Bitboard pawn_push_bb(Color c, Bitboard b) { return c == WHITE ? b << 8 : b >> 8; }

// Squares a promoted piece standing anywhere in `reach` may attack (queen or knight).
Bitboard promoted_attacks(Bitboard reach, Bitboard occ) {
  Bitboard a = 0;
  for (Bitboard b = reach; b;) {
    Square t = pop_lsb(b);
    a |= queen_attacks(t, occ) | knight_attacks(t);
  }
  return a;
}

}  // namespace

// ---- confine(), one function per phase ----
// 1. Start: every piece on its square and steady; en passant available now.
// Then rounds until nothing changes, each:
// 2. castling granted once no steady piece stands in its way;
// 3. the sets derived from the fixpoint so far: squares some piece may stand on, attacks of
//    the steady pieces for ever (bishops boxed in together included), facing pawns on a file;
// 4. the kings' regions and the frozen sides (for the stalemate traps);
// 5. the moves left out: stalemate traps, checks and discovered checks that mate the winner,
//    checks that force the loser to take the winner's last piece (each judged on first need);
// 6. the flood fill of every piece's reach and hits;
// 7. steadiness: a piece that may move, or be captured, is no longer steady.
namespace {

// What stays the same across the rounds of one confine() call, and the fixpoint `c` so far.
struct Fixpoint {
  const Position& pos;
  Color winner;
  const Assumption& a;
  Confinement& c;
  Bitboard occ;
  // The winner's last unit: when the winner has a single piece or pawn besides its king, a line
  // in which the loser captures it never reaches a mate by the winner afterwards (a bare king
  // gives no check), and before that capture it is a line without one. So the analysis follows
  // only the continuations in which the loser never captures (its only target would be that
  // unit): the loser's pieces get no `hits` and its pawns no diagonal moves (en passant
  // included).
  Bitboard winner_units;
  bool single_unit;
  Bitboard ep_victims = 0;  // the pawn just pushed two squares, if en passant is available

  Fixpoint(const Position& p, Color w, const Assumption& as, Confinement& conf)
      : pos(p),
        winner(w),
        a(as),
        c(conf),
        occ(p.occupied()),
        winner_units(w == COLOR_NB ? Bitboard(0) : p.pieces(w) & ~p.pieces(KING)),
        single_unit(popcount(winner_units) == 1) {}

  // 1. Every piece stands on its square, and is steady until a round finds otherwise.
  void start() {
    c.steady = occ;
    for (Bitboard b = occ; b;) {
      Square s = pop_lsb(b);
      c.reach[s] = square_bb(s);
    }
    seed_en_passant();
  }

  // 1b. En passant available now (Art. 3.7.4): the capturing pawns may go to the ep square and
  // the pawn that has just made the double step is capturable.
  void seed_en_passant() {
    const Square ep = pos.ep_square();
    if (ep == SQ_NONE) return;
    Color us = pos.side_to_move();
    Bitboard capturers = pawn_attacks(~us, ep) & pos.pieces(us, PAWN) & ~a.immovable;
    if (single_unit && us != winner) capturers = 0;  // it would take the winner's last unit
    if (!capturers) return;
    ep_victims |= square_bb(Square(ep - pawn_push(us)));
    for (Bitboard b = capturers; b;) {
      Square s = pop_lsb(b);
      c.reach[s] |= square_bb(ep);
      c.hits[s] |= square_bb(ep);
    }
  }

  // 2. Castling (Art. 3.8.2 / Guidelines II.3): over-approximated by the final squares, granted
  // once no steady piece stands on a square the king or rook crosses or lands on (a steady
  // piece never leaves, so such a castling never becomes legal). True if it granted something.
  bool grant_castling() {
    bool granted = false;
    for (Color col : {WHITE, BLACK})
      for (CastleSide side : {KING_SIDE, QUEEN_SIDE}) {
        const Square r = pos.castling_rook(col, side);
        const Square k = pos.king_square(col);
        if (r == SQ_NONE || (a.immovable & (square_bb(r) | square_bb(k)))) continue;
        const Square kto = castle_king_to(col, side), rto = castle_rook_to(col, side);
        const Bitboard span = (between_bb(k, kto) | between_bb(r, rto) | between_bb(k, r) |
                               square_bb(kto) | square_bb(rto)) &
                              ~square_bb(k) & ~square_bb(r);
        if (span & c.steady) continue;
        if ((c.reach[k] & square_bb(kto)) && (c.reach[r] & square_bb(rto))) continue;
        c.reach[k] |= square_bb(kto);
        c.reach[r] |= square_bb(rto);
        granted = true;
      }
    return granted;
  }

  // 7. Steadiness: a piece that may move, or be captured, is not steady. True if a piece
  // stopped being steady.
  bool update_steadiness(const Bitboard (&pawn_reach)[COLOR_NB]) {
    Bitboard hit_by[COLOR_NB] = {0, 0};
    for (Bitboard b = occ; b;) {
      Square s = pop_lsb(b);
      hit_by[color_of(pos.piece_on(s))] |= c.hits[s];
    }
    Bitboard unsteady = ep_victims, threatened = 0;
    for (Bitboard b = c.steady; b;) {
      Square s = pop_lsb(b);
      Piece p = pos.piece_on(s);
      Color col = color_of(p);
      if (c.reach[s] != square_bb(s)) unsteady |= square_bb(s);
      if (type_of(p) != KING && (hit_by[~col] & square_bb(s))) threatened |= square_bb(s);
    }
    unsteady |= threatened;
    c.threatened |= threatened;
    // Future en passant: a pawn that may make a double step next to a square an enemy pawn may
    // reach can be captured en passant.
    for (Bitboard b = pos.pieces(PAWN) & c.steady; b;) {
      Square s = pop_lsb(b);
      Color col = color_of(pos.piece_on(s));
      if (relative_rank(col, rank_of(s)) != RANK_2) continue;
      if (single_unit && col == winner) continue;  // the loser never takes the last unit
      Square two = Square(s + 2 * pawn_push(col));
      if (!(c.reach[s] & square_bb(two))) continue;
      Bitboard beside = (shift<EAST>(square_bb(two)) | shift<WEST>(square_bb(two)));
      if (beside & pawn_reach[~col]) unsteady |= square_bb(s);
    }
    const bool changed = c.steady & unsteady;
    c.steady &= ~unsteady;
#ifndef NDEBUG
    for (Bitboard b = c.steady; b;) {
      const Square s = pop_lsb(b);
      assert(c.reach[s] == square_bb(s) && !c.promotes[s]);  // a steady piece never moves
    }
#endif
    return changed;
  }
};

// A discovered check on the winner's fixed king: the loser's steady slider, the one square
// between it and the king where a piece may stand, and the squares in between.
struct Discovery {
  Square src, slider;
  Bitboard ray;  // the squares between the slider and the king
};

// One round of the fixpoint: the sets derived at its start (phases 3 and 4), the moves left out
// (phase 5, judged on first need against the fixpoint as it grows during the round) and the
// flood fill (phase 6).
class Round {
 public:
  explicit Round(Fixpoint& f) : f_(f), pos_(f.pos), c_(f.c), winner_(f.winner) {
    derive_reaches();
    derive_permanent_attacks();
    derive_facing_pawns();
    derive_kings();
    derive_frozen();
    derive_discoveries();
    derive_last_piece();
  }

  // 6. The flood fill of every piece's reach. True if some reach or hits grew.
  bool extend_all() {
    bool grew = false;
    for (Bitboard b = f_.occ; b;) grew |= extend(pop_lsb(b));
    return grew;
  }

  Bitboard pawn_reach[COLOR_NB] = {0, 0};

 private:
  // 3a. Squares any piece may stand on (`non_clear`), those of the non-king pieces and of the
  // pawns of each side.
  void derive_reaches() {
    for (Bitboard b = f_.occ; b;) {
      Square s = pop_lsb(b);
      assert(c_.reach[s] & square_bb(s));    // a piece may always stay where it stands
      assert(!(c_.hits[s] & ~c_.reach[s]));  // it captures only where it may stand
      non_clear_ |= c_.reach[s];
      Piece p = pos_.piece_on(s);
      if (type_of(p) != KING) reach_non_king_[color_of(p)] |= c_.reach[s];
      if (type_of(p) == PAWN) pawn_reach[color_of(p)] |= c_.reach[s];
    }
  }

  // 3b. Squares each side attacks for ever: the attacks of its steady pieces (slider rays count
  // only if no piece can ever stand in between), and those of its bishops boxed in together.
  void derive_permanent_attacks() {
    for (Bitboard b = c_.steady; b;) {
      Square s = pop_lsb(b);
      Piece p = pos_.piece_on(s);
      perm_attacked_[color_of(p)] |= piece_attacks(type_of(p), color_of(p), s, non_clear_);
    }
    // Bishops boxed in together (a group, not one piece, holds the square). Let G be col's
    // bishops (two or more) and `box` the union of their reaches, when no other piece of either
    // colour may ever stand on a square of it. In any position the invariant holds
    // for, every bishop of G stands in the box (and none was captured: a capture lands on a
    // square of the capturer's reach), no other piece does, so exactly |box| - |G| squares of
    // it are empty (`holes`). A square x outside the box with more than `holes` box squares in
    // a row next to it along a diagonal is attacked by col whatever happens: the nearest
    // occupied one of them holds a bishop of G, and the squares between it and x are empty.
    for (Color col : {WHITE, BLACK}) {
      const Bitboard group = pos_.pieces(col, BISHOP);
      if (!(group & (group - 1))) continue;  // fewer than two
      Bitboard box = 0, others = 0;
      for (Bitboard g = group; g;) box |= c_.reach[pop_lsb(g)];
      const int holes = popcount(box) - popcount(group);
      assert(holes >= 0);        // each bishop's reach holds its own square
      if (holes >= 7) continue;  // no diagonal has more than seven squares next to a square
      for (Bitboard o = f_.occ & ~group; o && !(others & box);) others |= c_.reach[pop_lsb(o)];
      if (others & box) continue;
      // in_a_row[D]: squares whose next holes + 1 squares in direction D are all in the box.
      Bitboard ne = ~Bitboard(0), nw = ne, se = ne, sw = ne;
      for (int k = 0; k <= holes; ++k) {
        ne = shift<SOUTH_WEST>(ne & box);
        nw = shift<SOUTH_EAST>(nw & box);
        se = shift<NORTH_WEST>(se & box);
        sw = shift<NORTH_EAST>(sw & box);
      }
      perm_attacked_[col] |= (ne | nw | se | sw) & ~box;
    }
    steady_kings_ = c_.steady & pos_.pieces(KING);
    shielded_ = f_.a.untouchable & c_.steady;  // no move lands there (Assumption)
  }

  // 3c. Facing pawns on one file. A pawn that never captures stays on its file (`on_file`). An
  // enemy pawn that also never captures and is never captured (`permanent`) stays on that
  // file for ever and only moves towards the first one, so the first can never push onto (or
  // past) the square the enemy pawn started from: that square is a wall for it. The first
  // pawn itself may be captured (it is then gone, which moves nothing).
  void derive_facing_pawns() {
    Bitboard hit_now[COLOR_NB] = {0, 0};
    for (Bitboard b = f_.occ; b;) {
      Square s = pop_lsb(b);
      hit_now[color_of(pos_.piece_on(s))] |= c_.hits[s];
    }
    for (Bitboard b = pos_.pieces(PAWN); b;) {
      Square s = pop_lsb(b);
      Color col = color_of(pos_.piece_on(s));
      if (c_.hits[s] || c_.promotes[s]) continue;
      on_file_ |= square_bb(s);
      if ((c_.reach[s] & hit_now[~col]) || (f_.ep_victims & square_bb(s))) continue;
      // A double step next to an enemy pawn could be taken en passant.
      Bitboard fourth = c_.reach[s] & rank_bb(relative_rank(col, RANK_4));
      if (relative_rank(col, rank_of(s)) == RANK_2 &&
          ((shift<EAST>(fourth) | shift<WEST>(fourth)) & pawn_reach[~col]))
        continue;
      permanent_ |= square_bb(s);
    }
  }

  // 4a. Kings. `near_[col]`: the squares next to (or on) every square col's king may stand on,
  // which the other king can never enter (kings never stand side by side; by the invariant
  // col's king is somewhere in its reach).
  void derive_kings() {
    for (Color col : {WHITE, BLACK}) {
      region_[col] = c_.reach[pos_.king_square(col)];
      assert(region_[col]);
      near_[col] = ~Bitboard(0);
      for (Bitboard r = region_[col]; r;) {
        const Square k = pop_lsb(r);
        near_[col] &= king_attacks(k) | square_bb(k);
      }
    }
  }

  // 4b. For the stalemate traps: `frozen_[col]`: no piece of col but the king can ever move
  // (every other piece's reach is its own square and it never promotes), and `frozen_uses_`
  // the squares those pieces would move to or through on an empty board (a steady king
  // standing there may be what keeps them frozen); `leaper_walls_[col]`: squares attacked by
  // col's steady pawns and knights (true in every position the invariant holds for, whatever
  // else moved); sliders that could uncover a check (and pawns that may promote into one).
  void derive_frozen() {
    for (Bitboard b = f_.occ & ~pos_.pieces(KING); b;) {
      const Square s = pop_lsb(b);
      const Piece p = pos_.piece_on(s);
      const PieceType pt = type_of(p);
      const Color col = color_of(p);
      if (c_.reach[s] != square_bb(s) || c_.promotes[s]) frozen_[col] = false;
      if (pt == PAWN) {
        const Bitboard one = pawn_push_bb(col, square_bb(s));
        frozen_uses_[col] |= one | pawn_push_bb(col, one);
      } else {
        frozen_uses_[col] |= piece_attacks(pt, col, s, 0);
      }
      if ((c_.steady & square_bb(s)) && (pt == PAWN || pt == KNIGHT))
        leaper_walls_[col] |= piece_attacks(pt, col, s, 0);
      if (pt == BISHOP || pt == QUEEN || c_.promotes[s]) diagonal_checkers_[col] |= square_bb(s);
      if (pt == ROOK || pt == QUEEN || c_.promotes[s]) line_checkers_[col] |= square_bb(s);
    }
  }

  // 5a. Stalemate traps: a move of col's king from `src` to t after which the other side has no
  // legal move ends the game there; if it is not a checkmate by the winner, it leads to no
  // such mate and is left out of the king's reach. Take any position P the invariant holds
  // for and the move to t; in the position P' after it:
  //  - no piece of the other side but its king can move: each has a one-square reach and
  //    never promotes (the closure computed here does not depend on where col's king stands,
  //    unless col's king is steady, i.e. counted as a wall, and stands on a square the piece
  //    would use; that case is excluded);
  //  - the other king stands on some k of its region, not next to t, and may only step to a
  //    square next to k that is not next to t, holds no steady piece of its own (those are in
  //    place in P, and only t changed) and is not attacked by a steady pawn or knight of col
  //    (in place too, exact attacks). When no such square exists for any k, it cannot move.
  // So P' is stalemate, or checkmate if the move uncovered a check on k. A move by the loser
  // never mates the winner's opponent; for the winner's king we require that no slider of its
  // side (or pawn promoting into one) can stand behind `src` on a line to any k, unless a
  // steady piece or t itself stands between src and k.
  Bitboard stalemating(Color col, Square src, Bitboard targets) const {
    const Square our_king = pos_.king_square(col);
    if (!frozen_[~col] ||
        ((c_.steady & square_bb(our_king)) && (frozen_uses_[~col] & square_bb(our_king))))
      return 0;
    const Bitboard their_steady = c_.steady & pos_.pieces(~col) & ~pos_.pieces(KING);
    Bitboard out = 0;
    for (Bitboard t = targets; t;) {
      const Square to = pop_lsb(t);
      const Bitboard around = king_attacks(to) | square_bb(to);
      bool stuck = true, discovered = false;
      for (Bitboard r = region_[~col] & ~around; r && stuck;) {
        const Square k = pop_lsb(r);
        if (king_attacks(k) & ~around & ~their_steady & ~leaper_walls_[col]) stuck = false;
        if (col == ~winner_ || discovered || !line_bb(src, k)) continue;
        if (between_bb(src, k) & ~square_bb(k) & (c_.steady | square_bb(to))) continue;
        Bitboard behind = 0;  // the squares beyond src, seen from k
        for (Bitboard l = line_bb(src, k); l;) {
          const Square x = pop_lsb(l);
          if (x != src && (between_bb(k, x) & square_bb(src))) behind |= square_bb(x);
        }
        const bool diagonal = bishop_attacks(src, 0) & square_bb(k);
        for (Bitboard ch = diagonal ? diagonal_checkers_[col] : line_checkers_[col]; ch;)
          if (c_.reach[pop_lsb(ch)] & behind) discovered = true;
      }
      if (stuck && !discovered) out |= square_bb(to);
    }
    return out;
  }

  // 5b. Checks that mate the winner: with the winner's king steady on ks, a loser's knight or
  // pawn (now on x) moving to a square t from which it checks the king, or another piece
  // moving next to the king along one of its lines (a contact check), ends the game there
  // when, whatever else happened, the king cannot move and no piece can take the checker. In
  // any position P the invariant holds for and the position P' after that move: the king is on
  // ks; such a check can only be answered by a king move or by taking the checker (no square
  // lies in between); each square next to ks holds a steady piece of the
  // winner's (in place in P, and the move did not take it: t is excluded), or is attacked by
  // the checker from t, or by a steady piece of the loser's other than x (in place too; a
  // slider's ray, the checker's too, only over squares no piece can ever stand on, nor t, nor
  // ks); the king cannot take
  // the checker on t unless t is next to it, and then t must be so attacked as well; and no
  // winner piece other than the king attacks t from any square of its reach (with the steady
  // pieces but x as walls, in place in P'). So P' is the winner checkmated (Laws 5.1.1): a
  // line through that move never reaches a mate by the winner, and the move is left out of
  // the checker's reach (a pawn beside t could take a double step en passant: such a t is
  // kept). A pawn move to the last rank (a promotion) is never left out.
  Bitboard mates_winner(Square x, PieceType xt) const {
    assert(winner_king_fixed_);
    const Color loser = ~winner_;
    const Square ks = pos_.king_square(winner_);
    const Bitboard diagonal = pawn_attacks(WHITE, ks) | pawn_attacks(BLACK, ks);
    Bitboard candidates = xt == KNIGHT   ? knight_attacks(ks)
                          : xt == PAWN   ? pawn_attacks(winner_, ks) & ~kPromotionRanks
                          : xt == BISHOP ? diagonal
                          : xt == ROOK   ? king_attacks(ks) & ~diagonal
                                         : king_attacks(ks);
    Bitboard takers = 0;
    const Bitboard walls = c_.steady & ~square_bb(x);
    for (Bitboard w = pos_.pieces(winner_) & ~pos_.pieces(KING); w;) {
      const Square y = pop_lsb(w);
      if (c_.promotes[y]) return 0;
      const PieceType yt = type_of(pos_.piece_on(y));
      for (Bitboard r = c_.reach[y]; r;) takers |= piece_attacks(yt, winner_, pop_lsb(r), walls);
      // A pawn beside a pawn's double step takes it en passant (Art. 3.7.4).
      if (yt == PAWN && xt == PAWN)
        takers |= (shift<EAST>(c_.reach[y]) | shift<WEST>(c_.reach[y])) &
                  rank_bb(relative_rank(loser, RANK_4));
    }
    candidates &= ~takers;
    Bitboard out = 0;
    for (Bitboard t = candidates; t;) {
      const Square to = pop_lsb(t);
      Bitboard covered = piece_attacks(xt, loser, to, non_clear_ | square_bb(to));
      for (Bitboard l = c_.steady & pos_.pieces(loser) & ~square_bb(x); l;) {
        const Square y = pop_lsb(l);
        covered |= piece_attacks(type_of(pos_.piece_on(y)), loser, y, non_clear_ | square_bb(to));
      }
      const Bitboard flights =
          king_attacks(ks) & ~(c_.steady & pos_.pieces(winner_) & ~square_bb(to));
      if (!(flights & ~covered)) out |= square_bb(to);
    }
    return out;
  }

  // 5c. Discovered checks that mate the winner: with the winner's king steady on ks, a steady
  // loser slider L whose line to ks is empty but for one square `src` (every other square in
  // between is clear: no piece can ever stand there) checks the king as soon as the loser piece
  // on src moves off that line. In any position P the invariant holds for and the position P'
  // after such a move to t, the winner (to move, in check) has no reply: L never moves and no
  // winner piece can take it (a winner piece attacking its square from a square of its reach,
  // with the steady pieces as walls, which stand in P' too, would make it capturable, hence
  // not steady; under a case's assumption that forbids the capture, a line through it is not
  // in the case); no winner piece can interpose on src or the clear squares: `interposers_`
  // are all the squares a winner piece could move to from a square of its reach with the
  // steady pieces as walls, pawn pushes and captures (en passant) included; the king is not
  // next to L (src stands in between) and each square next to ks holds a steady winner piece
  // or is attacked in P' by L (over src and ks, both empty after the king moves: it cannot
  // step back along the line), by another steady loser piece or by the moved piece from t,
  // counting as walls every square any piece may ever stand on, and t. So P' is the winner
  // checkmated (Laws 5.1.1) and the move is left out of the mover's reach. With a winner pawn
  // that may promote the rule is not used.
  void derive_discoveries() {
    winner_king_fixed_ = winner_ != COLOR_NB && (c_.steady & pos_.pieces(winner_, KING));
    if (!winner_king_fixed_) return;
    const Square ks = pos_.king_square(winner_);
    for (Bitboard l =
             c_.steady & pos_.pieces(~winner_) & (pos_.pieces(BISHOP, ROOK) | pos_.pieces(QUEEN));
         l && n_discoveries_ < int(discoveries_.size());) {
      const Square ls = pop_lsb(l);
      if (!(piece_attacks(type_of(pos_.piece_on(ls)), ~winner_, ls, 0) & square_bb(ks))) continue;
      const Bitboard ray = between_bb(ls, ks) & ~square_bb(ks);
      const Bitboard filled = ray & non_clear_;
      if (popcount(filled) != 1) continue;
      discoveries_[n_discoveries_++] = {lsb(filled), ls, ray};
      discovery_src_ |= filled;
    }
  }

  void find_interposers() {
    interposers_known_ = true;
    for (Bitboard w = pos_.pieces(winner_) & ~pos_.pieces(KING); w;) {
      const Square y = pop_lsb(w);
      if (c_.promotes[y]) interposers_ = ~Bitboard(0);  // a promoted piece: the rule is not used
      const PieceType yt = type_of(pos_.piece_on(y));
      for (Bitboard r = c_.reach[y]; r;) {
        const Square q = pop_lsb(r);
        interposers_ |= piece_attacks(yt, winner_, q, c_.steady);
        if (yt == PAWN) {
          const Bitboard one = pawn_push_bb(winner_, square_bb(q));
          interposers_ |= one;
          if (relative_rank(winner_, rank_of(q)) == RANK_2)
            interposers_ |= pawn_push_bb(winner_, one);
        }
      }
    }
  }

  Bitboard discovered_mates(Square x, PieceType xt, Square src, Bitboard targets) {
    assert(winner_king_fixed_ && (discovery_src_ & square_bb(src)));
    const Square ks = pos_.king_square(winner_);
    const Bitboard flights = king_attacks(ks) & ~(c_.steady & pos_.pieces(winner_));
    if (!interposers_known_) find_interposers();
    Bitboard out = 0;
    for (int i = 0; i < n_discoveries_; ++i) {
      const Discovery& d = discoveries_[i];
      if (d.src != src || (d.ray & interposers_)) continue;
      for (Bitboard t = targets & ~d.ray & ~out; t;) {
        const Square to = pop_lsb(t);
        const Bitboard walls = (non_clear_ | square_bb(to)) & ~square_bb(src) & ~square_bb(ks);
        Bitboard covered =
            piece_attacks(type_of(pos_.piece_on(d.slider)), ~winner_, d.slider, walls);
        if (xt != PAWN || !(square_bb(to) & kPromotionRanks))
          covered |= piece_attacks(xt, ~winner_, to, walls);
        for (Bitboard l = c_.steady & pos_.pieces(~winner_) & ~square_bb(x); l;) {
          const Square y = pop_lsb(l);
          covered |= piece_attacks(type_of(pos_.piece_on(y)), ~winner_, y, walls);
        }
        if (!(flights & ~covered)) out |= square_bb(to);
      }
    }
    return out;
  }

  // 5d. Checks that force the loser to take the winner's last piece: with the winner's single
  // unit a piece P (not a pawn) and the loser's king steady on lk, a move of P to a square t
  // from which it checks lk with nothing in between (next to the king, or a knight's check) is
  // answered, in the position P' after it, by the loser taking P, and only so: no check of
  // this kind can be interposed; every other square next to lk holds a steady loser piece or
  // is attacked by P from t (over squares no piece can ever stand on, and lk, which the king
  // leaves) or by the winner's king when it is steady; and a capture of P is legal: a steady
  // loser piece other than the one taken on t attacks t (over squares no piece can ever
  // stand on), or the loser's king can take it (t is next to it and the winner's king, steady,
  // is not). Nothing pins: the winner's only other piece is its king. So P' is no mate and
  // every line through it leaves the winner a bare king: the move is left out of P's reach.
  // Computed on first need (when P's targets meet `checks_`), square by square.
  void derive_last_piece() {
    if (!f_.single_unit || (f_.winner_units & pos_.pieces(PAWN)) ||
        !(c_.steady & pos_.pieces(~winner_, KING)))
      return;
    last_piece_ = lsb(f_.winner_units);
    const PieceType lt = type_of(pos_.piece_on(last_piece_));
    const Square lk = pos_.king_square(~winner_);
    checks_ =
        lt == KNIGHT ? knight_attacks(lk) : king_attacks(lk) & piece_attacks(lt, winner_, lk, 0);
  }

  void judge_recaptures(Bitboard squares) {
    assert(last_piece_ != SQ_NONE && !(judged_ & squares));
    judged_ |= squares;
    const PieceType lt = type_of(pos_.piece_on(last_piece_));
    const Square lk = pos_.king_square(~winner_), wk = pos_.king_square(winner_);
    const bool wk_fixed = c_.steady & square_bb(wk);
    const Bitboard guards = wk_fixed ? king_attacks(wk) : 0;
    const Bitboard loser_steady = c_.steady & pos_.pieces(~winner_);
    for (Bitboard t = squares; t;) {
      const Square to = pop_lsb(t);
      const Bitboard closed =
          loser_steady | guards | piece_attacks(lt, winner_, to, non_clear_ & ~square_bb(lk));
      if (king_attacks(lk) & ~square_bb(to) & ~closed) continue;
      bool taken = (king_attacks(lk) & square_bb(to)) && wk_fixed && !(guards & square_bb(to));
      for (Bitboard y = loser_steady & ~pos_.pieces(KING) & ~square_bb(to); y && !taken;) {
        const Square ys = pop_lsb(y);
        taken = piece_attacks(type_of(pos_.piece_on(ys)), ~winner_, ys, non_clear_) & square_bb(to);
      }
      if (taken) recaptured_ |= square_bb(to);
    }
  }

  // 6a. A pawn's moves from src (the piece started on s): pushes short of the walls, captures
  // onto squares an enemy non-king piece may reach. Sets *caps to the captures among them.
  Bitboard pawn_targets(Square s, Color col, Square src, Bitboard own_steady, Bitboard mating,
                        bool no_captures, bool discovers, Bitboard* caps) {
    const Square one = Square(src + pawn_push(col));
    Bitboard push = 0;
    const Bitboard walls =
        c_.steady | ((on_file_ & square_bb(s)) ? permanent_ & pos_.pieces(~col) : 0);
    if (!(walls & square_bb(one))) {
      push = square_bb(one);
      if (relative_rank(col, rank_of(src)) == RANK_2) {
        Square two = Square(one + pawn_push(col));
        if (!(walls & square_bb(two))) push |= square_bb(two);
      }
    }
    Bitboard cap = pawn_attacks(col, src) & reach_non_king_[~col] & ~own_steady & ~shielded_;
    cap &= ~mating;
    if (no_captures) cap = 0;
    Bitboard targets = (push | cap) & ~own_steady & ~mating;
    if (discovers && (discovery_src_ & square_bb(src)))
      targets &= ~discovered_mates(s, PAWN, src, targets);
    *caps = cap & targets;
    return targets;
  }

  // 6b. A piece's moves from src (the piece of type pt started on s), less those phase 5
  // leaves out.
  Bitboard piece_targets(Square s, PieceType pt, Color col, Square src, Bitboard own_steady,
                         Bitboard mating, bool discovers) {
    Bitboard targets = piece_attacks(pt, col, src, c_.steady) & ~own_steady & ~shielded_ & ~mating;
    if (pt == KING) {
      targets &= ~perm_attacked_[~col] & ~near_[~col];
      targets &= ~stalemating(col, src, targets);
    }
    if (s == last_piece_) {
      if (const Bitboard fresh = targets & checks_ & ~judged_) judge_recaptures(fresh);
      targets &= ~recaptured_;
    }
    if (discovers && (discovery_src_ & square_bb(src)))
      targets &= ~discovered_mates(s, pt, src, targets);
    return targets;
  }

  // 6. The reach and hits of the piece on s, grown from every square already known reachable;
  // a pawn that may reach its last rank promotes and may then go anywhere but onto a steady
  // own piece, a steady king or a shielded piece. True if they grew.
  bool extend(Square s) {
    const Piece p = pos_.piece_on(s);
    const Color col = color_of(p);
    const PieceType pt = type_of(p);
    const Bitboard own_steady = c_.steady & pos_.pieces(col);
    Bitboard reach = c_.reach[s], hits = c_.hits[s];
    if (f_.a.immovable & square_bb(s)) return false;
    const Bitboard mating =
        pt != KING && winner_king_fixed_ && col != winner_ ? mates_winner(s, pt) : 0;
    const bool no_captures = f_.single_unit && col != winner_;  // see `single_unit`
    const bool discovers = pt != KING && col != winner_ && discovery_src_;
    const Bitboard anywhere = ~(own_steady | steady_kings_ | shielded_);
    if (c_.promotes[s]) {
      reach |= anywhere;
      if (!no_captures) hits |= anywhere;
    } else {
      for (Bitboard frontier = reach; frontier;) {
        Bitboard next = 0;
        for (Bitboard fr = frontier; fr;) {
          const Square src = pop_lsb(fr);
          Bitboard targets, caps;
          if (pt == PAWN) {
            // A pawn that reached the last rank has promoted: it makes no further pawn moves
            // (and src + push would leave the board).
            if (relative_rank(col, rank_of(src)) == RANK_8) continue;
            targets = pawn_targets(s, col, src, own_steady, mating, no_captures, discovers, &caps);
          } else {
            targets = piece_targets(s, pt, col, src, own_steady, mating, discovers);
            caps = no_captures ? 0 : targets;
          }
          hits |= caps;
          next |= targets & ~reach;
          reach |= targets;
        }
        frontier = next;
      }
      if (pt == PAWN && (reach & kPromotionRanks)) {
        c_.promotes[s] = true;
        reach |= anywhere;
        if (!no_captures) hits |= anywhere;
      }
    }
    assert((reach & c_.reach[s]) == c_.reach[s] && (hits & c_.hits[s]) == c_.hits[s]);
    assert(!(hits & ~reach));
    if (reach == c_.reach[s] && hits == c_.hits[s]) return false;
    c_.reach[s] = reach;
    c_.hits[s] = hits;
    return true;
  }

  Fixpoint& f_;
  const Position& pos_;
  Confinement& c_;
  const Color winner_;
  Bitboard non_clear_ = 0, reach_non_king_[COLOR_NB] = {0, 0};
  Bitboard perm_attacked_[COLOR_NB] = {0, 0}, steady_kings_ = 0, shielded_ = 0;
  Bitboard on_file_ = 0, permanent_ = 0;
  Bitboard near_[COLOR_NB] = {0, 0}, region_[COLOR_NB] = {0, 0};
  bool frozen_[COLOR_NB] = {true, true};
  Bitboard frozen_uses_[COLOR_NB] = {0, 0}, leaper_walls_[COLOR_NB] = {0, 0};
  Bitboard diagonal_checkers_[COLOR_NB] = {0, 0}, line_checkers_[COLOR_NB] = {0, 0};
  bool winner_king_fixed_ = false;
  std::array<Discovery, 8> discoveries_;
  int n_discoveries_ = 0;
  Bitboard discovery_src_ = 0, interposers_ = 0;
  bool interposers_known_ = false;
  Bitboard recaptured_ = 0, checks_ = 0, judged_ = 0;
  Square last_piece_ = SQ_NONE;
};

}  // namespace

Confinement confine(const Position& pos, Color winner, const Assumption& a) {
  Confinement c;
  Fixpoint f(pos, winner, a, c);
  f.start();
  for (bool progress = true; progress;) {
    progress = f.grant_castling();
    ++c.iterations;
    Round round(f);
    progress |= round.extend_all();
    progress |= f.update_steadiness(round.pawn_reach);
    assert(!(c.steady & ~f.occ));
  }
  c.kings_steady = c.steady & pos.pieces(KING);
  return c;
}

namespace {

// Can the escape squares `esc` be covered by distinct loser pieces (bipartite matching of
// squares to pieces, each piece only onto a square it may reach)?
bool match_blockers(Bitboard esc, const std::array<Bitboard, 16>& blocker_reach, int nb) {
  std::array<int, 16> owner;  // owner[piece] = escape-square index it covers, -1 = free
  owner.fill(-1);
  Square squares[8];
  int n = 0;
  for (Bitboard b = esc; b;) squares[n++] = pop_lsb(b);
  if (n > nb) return false;
  // Augmenting paths (Kuhn's algorithm); sizes are tiny.
  std::array<int, 8> assigned;
  assigned.fill(-1);
  for (int i = 0; i < n; ++i) {
    std::array<bool, 16> seen{};
    auto augment = [&](auto&& self, int sq) -> bool {
      for (int p = 0; p < nb; ++p) {
        if (seen[p] || !(blocker_reach[p] & square_bb(squares[sq]))) continue;
        seen[p] = true;
        if (owner[p] < 0 || self(self, owner[p])) {
          owner[p] = sq;
          assigned[sq] = p;
          return true;
        }
      }
      return false;
    };
    if (!augment(augment, i)) return false;
  }
  return true;
}

}  // namespace

bool confinement_proves_unwinnable(const Position& pos, const Confinement& c, Color winner,
                                   std::string* why) {
  const Color loser = ~winner;
  const Square lk = pos.king_square(loser), wk = pos.king_square(winner);
  const Bitboard region = c.reach[lk];
  // Every square some winner piece other than the king may ever attack.
  Bitboard check_squares = 0;
  for (Bitboard b = pos.pieces(winner) & ~pos.pieces(KING); b;) {
    Square s = pop_lsb(b);
    PieceType pt = type_of(pos.piece_on(s));
    if (c.promotes[s]) {
      check_squares |= promoted_attacks(c.reach[s], c.steady);
      continue;
    }
    for (Bitboard r = c.reach[s]; r;)
      check_squares |= piece_attacks(pt, winner, pop_lsb(r), c.steady | c.walls_while_here[s]);
  }
  const char* w = winner == WHITE ? "White" : "Black";
  const char* l = loser == WHITE ? "White" : "Black";
  Bitboard mating = region & check_squares;
  if (!mating) {
    if (why)
      *why = std::string("no ") + w + " piece can ever attack a square the " + l +
             " king can reach (reachable squares of every piece, with the locked pawns and "
             "pieces that can never move as walls)";
    return true;
  }
  // Flight squares: those no winner piece can ever attack must be blocked by distinct loser
  // pieces or covered by the winner's king from one square.
  std::array<Bitboard, 16> blocker_reach{};
  int nb = 0;
  for (Bitboard b = pos.pieces(loser) & ~pos.pieces(KING); b && nb < 16;) {
    Square s = pop_lsb(b);
    blocker_reach[nb++] = c.reach[s];
  }
  const Bitboard wk_region = c.reach[wk];
  for (Bitboard m = mating; m;) {
    Square k = pop_lsb(m);
    Bitboard esc = king_attacks(k) & region & ~check_squares;
    if (!esc || match_blockers(esc, blocker_reach, nb)) return false;
    Bitboard king_spots = wk_region & ~king_attacks(k) & ~square_bb(k);
    for (Bitboard q = king_spots; q;) {
      Square sq = pop_lsb(q);
      Bitboard rest = esc & ~king_attacks(sq);
      if (rest == esc) continue;
      if (!rest || match_blockers(rest, blocker_reach, nb)) return false;
    }
  }
  if (why)
    *why = std::string("the ") + l +
           " king can never be mated: on every square where it could be checked, some flight "
           "square can be neither attacked by " +
           w +
           " nor blocked (reachable squares of every piece, with the locked pawns and pieces "
           "that can never move as walls)";
  return true;
}

}  // namespace arbiter::adjudication::detail
