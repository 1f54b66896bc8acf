// Retrograde checks (retrograde.h): each proves a position unreachable (Art. 3.10.3) by one
// argument an arbiter can follow, and says which.
#include "arbiter/adjudication/retrograde.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "legality_text.h"

namespace arbiter::adjudication {

using detail::colour;
using detail::squares;

namespace {

Bitboard attackers(const Setup& s, Square sq, Color by) {
  const Bitboard occ = s.occupied();
  return (pawn_attacks(~by, sq) & s.pieces(by, PAWN)) |
         (knight_attacks(sq) & s.pieces(by, KNIGHT)) | (king_attacks(sq) & s.pieces(by, KING)) |
         (bishop_attacks(sq, occ) & (s.pieces(by, BISHOP) | s.pieces(by, QUEEN))) |
         (rook_attacks(sq, occ) & (s.pieces(by, ROOK) | s.pieces(by, QUEEN)));
}

// ---------------------------------------------------------------------------------------------
// Locked-in pieces.

// The squares a piece of type pt passes first when it leaves s: its neighbours in its
// directions (a slider cannot pass a man next to it) or its jumps.
Bitboard first_steps(PieceType pt, Square s) { return attacks(pt, s, ~Bitboard(0)); }

// Castling puts king and rook on fixed squares (Art. 3.8.2; Chess960 Guidelines II.3); every
// square between each piece and its destination (destination included) must be empty, so a man
// that never moves on one of them forbids that castling for the whole game.
bool castling_blocked(Square k, Square r, Color c, Bitboard fixed) {
  const bool king_side = r > k;
  const Square kd = relative_square(c, king_side ? SQ_G1 : SQ_C1);
  const Square rd = relative_square(c, king_side ? SQ_F1 : SQ_D1);
  const Bitboard span = (between_bb(k, kd) | between_bb(r, rd)) & ~(square_bb(k) | square_bb(r));
  return (span & fixed) != 0;
}

// Can the man that starts on h ever make its first move, given men `fixed` that never move?
bool can_leave(const Setup& start, Square h, Color c, Bitboard fixed) {
  const PieceType pt = type_of(start.board[h]);
  if (first_steps(pt, h) & ~fixed) return true;
  const Bitboard rooks = start.pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1));
  const Square king = start.king_square(c);
  if (pt == KING)
    for (Bitboard b = rooks; b;)
      if (!castling_blocked(h, pop_lsb(b), c, fixed)) return true;
  if (pt == ROOK && king != SQ_NONE && !castling_blocked(king, h, c, fixed)) return true;
  return false;
}

struct Locked {
  Bitboard fixed = 0;      // men that never moved: unmoved pawns and locked pieces at home
  Bitboard captured = 0;   // home squares whose locked piece is gone: it was captured there
  Bitboard king_gone = 0;  // the king's home, when the king is locked in but elsewhere
};

// The greatest set of home squares, each holding its start piece, whose pieces cannot leave
// given the others and the unmoved pawns: none of them can be the first to move, so none ever
// moved (and none was captured and replaced, which would need one of them to give way). With
// castling possible into a Chess960 king's or rook's home, only the standard start includes
// kings and rooks.
Locked locked_men(const Setup& pos, const Setup& start, Color c) {
  const bool standard = start.board == Setup::standard().board;
  const Bitboard pawns = pos.pieces(c, PAWN) & start.pieces(c, PAWN);  // a pawn at home never moved
  Bitboard homes = start.pieces(c) & ~start.pieces(c, PAWN);
  if (!standard) homes &= ~(start.pieces(c, KING) | start.pieces(c, ROOK));
  // A king is never captured: if it never left home it is there, so its square counts (a
  // locked king that is not at home is the contradiction locked_in_pieces reports).
  Bitboard set = homes & start.pieces(c, KING);
  for (Bitboard b = homes; b;) {
    const Square h = pop_lsb(b);
    if (pos.board[h] == start.board[h]) set |= square_bb(h);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (Bitboard b = set; b;) {
      const Square h = pop_lsb(b);
      if (can_leave(start, h, c, pawns | (set & ~square_bb(h)))) {
        set &= ~square_bb(h);
        changed = true;
      }
    }
  }
  Locked out{pawns | set, 0, set & start.pieces(c, KING) & ~pos.pieces(c, KING)};
  for (Bitboard b = homes & ~set; b;) {
    const Square h = pop_lsb(b);
    if (pos.board[h] != start.board[h] && !can_leave(start, h, c, out.fixed))
      out.captured |= square_bb(h);
  }
  return out;
}

// Kinds of pieces that promotions can add: queen, rook, knight, light- and dark-squared bishop.
constexpr int kKinds = 5;
int kind_of(PieceType pt, Square s) {
  switch (pt) {
    case QUEEN: return 0;
    case ROOK: return 1;
    case KNIGHT: return 2;
    case BISHOP: return (square_bb(s) & LIGHT_SQUARES) ? 3 : 4;
    default: return -1;
  }
}
std::array<int, kKinds> kinds(const Setup& s, Color c, Bitboard skip = 0) {
  std::array<int, kKinds> n{};
  for (Bitboard b = s.pieces(c) & ~skip; b;) {
    const Square sq = pop_lsb(b);
    const int k = kind_of(type_of(s.board[sq]), sq);
    if (k >= 0) ++n[k];
  }
  return n;
}
int promoted(const std::array<int, kKinds>& have, const std::array<int, kKinds>& originals) {
  int extra = 0;
  for (int k = 0; k < kKinds; ++k) extra += std::max(0, have[k] - originals[k]);
  return extra;
}

// ---------------------------------------------------------------------------------------------
// Pawn captures.

constexpr int kImpossible = 1 << 20;

// The fewest captures that put colour c's pawns where they stand, each pawn from a distinct
// start file f0 with |f - f0| captures, possible only when its rank allows as many captures.
int fewest_pawn_captures(const Setup& pos, Color c) {
  std::array<int, 256> best;
  best.fill(kImpossible);
  best[0] = 0;
  int n = 0;
  for (Bitboard b = pos.pieces(c, PAWN); b; ++n) {
    const Square s = pop_lsb(b);
    const int f = file_of(s), advance = relative_rank(c, rank_of(s)) - RANK_2;
    std::array<int, 256> next;
    next.fill(kImpossible);
    for (int mask = 0; mask < 256; ++mask) {
      if (best[mask] == kImpossible) continue;
      for (int f0 = 0; f0 < 8; ++f0) {
        const int d = std::abs(f - f0);
        if ((mask >> f0) & 1 || d > advance) continue;
        next[mask | (1 << f0)] = std::min(next[mask | (1 << f0)], best[mask] + d);
      }
    }
    best = next;
  }
  return *std::min_element(best.begin(), best.end());
}

// ---------------------------------------------------------------------------------------------
// The last move.

// The position before a retraction is possible only if the side now to move was not in check
// in it (the side that moved would have had a king capture available: Art. 3.9).
bool safe_before(const Setup& before) {
  const Color us = before.turn;
  const Square k = before.king_square(us);
  return k != SQ_NONE && !attackers(before, k, ~us);
}

struct Retractor {
  const Setup& pos;
  Color us, them;
  bool uncapture, uncapture_pawn;  // may the last move have captured a man (a pawn) of `us`?

  // `mover` went from `from` to `to`; `victim` (NO_PIECE for none) was captured on `on`.
  bool possible(Square from, Square to, Piece mover, Piece victim = NO_PIECE,
                Square on = SQ_NONE) const {
    Setup before = pos;
    before.board[to] = NO_PIECE;
    before.board[from] = mover;
    if (victim != NO_PIECE) before.board[on == SQ_NONE ? to : on] = victim;
    return safe_before(before);
  }
  // With or without a capture on `to` (any man of `us` blocks the same lines: a knight stands
  // for it; a pawn cannot stand on the first or last rank).
  bool either(Square from, Square to, Piece mover) const {
    return possible(from, to, mover) ||
           (uncapture && possible(from, to, mover, make_piece(us, KNIGHT)));
  }
  bool pawn_move(Square to) const;
  bool piece_move(Square to) const;
  bool castling(bool chess960) const;
};

bool Retractor::pawn_move(Square to) const {
  const Piece pawn = make_piece(them, PAWN);
  const Bitboard occ = pos.occupied();
  const int r = relative_rank(them, rank_of(to));
  if (r <= RANK_2) return false;  // a pawn on its start square never moved
  const Square back = Square(to - pawn_push(them));
  if (!(occ & square_bb(back)) && possible(back, to, pawn)) return true;
  if (r == RANK_4) {
    const Square back2 = Square(back - pawn_push(them));
    if (!(occ & (square_bb(back) | square_bb(back2))) && possible(back2, to, pawn)) return true;
  }
  for (Bitboard b = pawn_attacks(us, to) & ~occ; b;) {
    const Square from = pop_lsb(b);
    if (uncapture && possible(from, to, pawn, make_piece(us, KNIGHT))) return true;
    // En passant (Art. 3.7.4): the captured pawn stood beside `from` after its double step
    // over `to`, from the square in front of `to`.
    const Square victim = Square(to - pawn_push(them)), origin = Square(to + pawn_push(them));
    if (r == RANK_6 && uncapture_pawn && !(occ & (square_bb(victim) | square_bb(origin))) &&
        possible(from, to, pawn, make_piece(us, PAWN), victim))
      return true;
  }
  return false;
}

bool Retractor::piece_move(Square to) const {
  const Piece pc = pos.board[to];
  const PieceType pt = type_of(pc);
  const Bitboard occ = pos.occupied();
  for (Bitboard b = attacks(pt, to, occ) & ~occ; b;)
    if (either(pop_lsb(b), to, pc)) return true;
  if (pt == KING || relative_rank(them, rank_of(to)) != RANK_8) return false;
  // A promotion (Art. 3.7.5): straight ahead onto an empty square or capturing diagonally.
  const Piece pawn = make_piece(them, PAWN);
  const Square back = Square(to - pawn_push(them));
  if (!(occ & square_bb(back)) && possible(back, to, pawn)) return true;
  for (Bitboard b = pawn_attacks(us, to) & ~occ; b;)
    if (uncapture && possible(pop_lsb(b), to, pawn, make_piece(us, KNIGHT))) return true;
  return false;
}

// Castling (Art. 3.8.2) leaves the king on g1/c1 and the rook beside it on f1/d1 and loses both
// rights. Standard chess: both came from e1 and h1/a1. Chess960: their start squares are not
// known here, so such a pair is accepted as a possible last move.
bool Retractor::castling(bool chess960) const {
  if (pos.castling_rooks & pos.pieces(them)) return false;
  const Square k = pos.king_square(them);
  for (bool king_side : {true, false}) {
    const Square kd = relative_square(them, king_side ? SQ_G1 : SQ_C1);
    const Square rd = relative_square(them, king_side ? SQ_F1 : SQ_D1);
    if (k != kd || pos.board[rd] != make_piece(them, ROOK)) continue;
    if (chess960) return true;
    const Square ks = relative_square(them, SQ_E1);
    const Square rs = relative_square(them, king_side ? SQ_H1 : SQ_A1);
    const Bitboard path = between_bb(ks, rs) & ~(square_bb(kd) | square_bb(rd));
    if (pos.board[ks] != NO_PIECE || pos.board[rs] != NO_PIECE ||
        (path & pos.occupied() & ~square_bb(rs)))
      continue;
    Setup before = pos;
    before.board[kd] = before.board[rd] = NO_PIECE;
    before.board[ks] = make_piece(them, KING);
    before.board[rs] = make_piece(them, ROOK);
    if (safe_before(before)) return true;
  }
  return false;
}

// A start-like position (all 32 men, every pawn and piece on its first two ranks, White to
// move) may be the start itself: it needs no last move.
bool maybe_start(const Setup& pos) {
  const Bitboard home = rank_bb(RANK_1) | rank_bb(RANK_2) | rank_bb(RANK_7) | rank_bb(RANK_8);
  return pos.turn == WHITE && pos.pieces(WHITE, PAWN) == rank_bb(RANK_2) &&
         pos.pieces(BLACK, PAWN) == rank_bb(RANK_7) && pos.occupied() == home &&
         (pos.pieces(WHITE) & rank_bb(RANK_1)) == rank_bb(RANK_1);
}

}  // namespace

std::vector<LegalityIssue> locked_in_pieces(const Setup& pos, const Setup& start) {
  std::vector<LegalityIssue> out;
  for (Color c : {WHITE, BLACK}) {
    const Locked lk = locked_men(pos, start, c);
    if (lk.king_gone) {
      const Square h = lsb(lk.king_gone);
      out.push_back({"locked-in-piece",
                     std::string(colour(c)) + " king can never have left " + square_name(h) +
                         " (its way out, " + squares(first_steps(KING, h)) +
                         ", and its castlings are blocked by men that never moved: " +
                         squares(first_steps(KING, h) & lk.fixed) +
                         ") but is not there, and a king is never captured (Art. 3.10.3)"});
      continue;
    }
    if (!lk.captured) continue;
    const auto have = kinds(pos, c);
    const auto all = kinds(start, c);
    const auto left = kinds(start, c, lk.captured);  // originals that can be anywhere
    const int missing = 8 - popcount(pos.pieces(c, PAWN));
    const int extra = promoted(have, left);
    if (extra <= missing || promoted(have, all) > missing) continue;  // else too-many-promotions
    std::string gone;
    for (Bitboard b = lk.captured; b;) {
      const Square h = pop_lsb(b);
      const PieceType pt = type_of(start.board[h]);
      gone += std::string(gone.empty() ? "" : "; ") + "the " + piece_name(pt) + " from " +
              square_name(h) + " can never have left it (its way out, " +
              squares(first_steps(pt, h)) +
              ", is held by men that never moved: " + squares(first_steps(pt, h) & lk.fixed) +
              ") and is not there: it was captured on " + square_name(h);
    }
    out.push_back({"locked-in-piece",
                   std::string(colour(c)) + ": " + gone + "; so " + std::to_string(extra) +
                       " of its pieces must be promoted, but only " + std::to_string(missing) +
                       " of its pawns are missing (Art. 3.10.3)"});
  }
  return out;
}

std::vector<LegalityIssue> pawn_captures(const Setup& pos) {
  std::vector<LegalityIssue> out;
  for (Color c : {WHITE, BLACK}) {
    const int need = fewest_pawn_captures(pos, c);
    const int missing = 16 - popcount(pos.pieces(~c));
    const std::string pawns = squares(pos.pieces(c, PAWN));
    if (need == kImpossible)
      out.push_back({"pawn-captures",
                     std::string(colour(c)) + " pawns on " + pawns +
                         " cannot each have come from a file of its own (a pawn changes file "
                         "only by capturing, once per rank it advances; Art. 3.7, 3.10.3)"});
    else if (need > missing)
      out.push_back({"pawn-captures", std::string(colour(c)) + " pawns on " + pawns +
                                          " need at least " + std::to_string(need) +
                                          " captures to have left their files, but only " +
                                          std::to_string(missing) + " " + colour(~c) +
                                          " men are missing (Art. 3.7, 3.10.3)"});
  }
  return out;
}

std::vector<LegalityIssue> last_move(const Setup& pos, bool chess960) {
  const Color us = pos.turn, them = ~us;
  if (maybe_start(pos)) return {};
  const int men = popcount(pos.pieces(us));
  const Retractor r{pos, us, them, men < 16, men < 16 && popcount(pos.pieces(us, PAWN)) < 8};
  if (pos.ep_square != SQ_NONE) {
    // Only the double step past the en passant square can have been the last move; an en
    // passant square no double step can explain is check_legality's "bad-en-passant".
    const Square ep = pos.ep_square;
    const Square to = Square(ep + pawn_push(them)), from = Square(ep - pawn_push(them));
    if (!is_ok(to) || !is_ok(from) || pos.board[to] != make_piece(them, PAWN) ||
        pos.board[from] != NO_PIECE || pos.board[ep] != NO_PIECE ||
        r.possible(from, to, make_piece(them, PAWN)))
      return {};
    return {{"no-last-move", std::string(colour(them)) + "'s last move was the double step to " +
                                 square_name(to) + " (en passant square " + square_name(ep) +
                                 "), but " + colour(us) +
                                 " would have been in check before it (Art. 3.9, 3.10.3)"}};
  }
  Bitboard movers = pos.pieces(them) & ~pos.castling_rooks;  // a rook with a right never moved
  if (pos.castling_rooks & pos.pieces(them)) movers &= ~pos.pieces(them, KING);
  for (Bitboard b = movers; b;) {
    const Square to = pop_lsb(b);
    if (type_of(pos.board[to]) == PAWN ? r.pawn_move(to) : r.piece_move(to)) return {};
  }
  if (r.castling(chess960)) return {};
  const Square k = pos.king_square(us);
  const Bitboard checkers = attackers(pos, k, them);
  std::string why = checkers
                        ? std::string(colour(us)) + " king on " + square_name(k) +
                              " is in check from " + squares(checkers) + ", and no move by " +
                              colour(them) + " can have given that check"
                        : std::string("no move by ") + colour(them) + " can have been the last one";
  return {{"no-last-move",
           why +
               ": every way back either moves a man that never moved (a pawn on its start "
               "square, a king or rook that keeps a castling right) or leaves " +
               colour(us) + "'s king in check before the move (Art. 3.9, 3.10.3)"}};
}

}  // namespace arbiter::adjudication
