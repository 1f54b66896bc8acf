#pragma once
// The fast path of strict SAN parsing (parse_san_common in san.h), inline for the loop that
// replays a game's moves (the validator's): the usual shapes resolved from the destination
// square with the pieces that can reach it, without generating the legal moves. Internal to
// the engine and its validator; other code calls parse_san_common or parse_san.
#include <cstddef>
#include <string_view>

#include "arbiter/engine/bitboard.h"
#include "arbiter/engine/position.h"

namespace arbiter::detail::san {

// Out of line in san.cpp, to keep the rare cases (an en passant capture, a disambiguation,
// several candidates, a check mark) out of the registers of the common path.
[[gnu::noinline]] bool en_passant_safe(const Position& pos, Square from, Square to);
[[gnu::noinline]] Move disambiguated_move(const Position& pos, const char* p, size_t k,
                                          PieceType pt, Square to);
[[gnu::noinline]] Move one_of_move(const Position& pos, Bitboard pseudo, Square to);
[[gnu::noinline]] char fast_check_suffix(const Position& pos, Move m);

// Rook and bishop lines from each square on an empty board (1 KB: stays in the L1 cache, where
// the slider attack tables do not), to find the few sliders that can matter.
struct EmptyBoardRays {
  Bitboard rook[64]{}, bishop[64]{};
  constexpr EmptyBoardRays() {
    for (int sq = 0; sq < 64; ++sq) {
      rook[sq] = detail::ray_attacks(Square(sq), 0, false);
      bishop[sq] = detail::ray_attacks(Square(sq), 0, true);
    }
  }
};
inline constexpr EmptyBoardRays kRays;

// Squares strictly between a and b when b lies on one of a's `lines` (kRays.rook or
// kRays.bishop): the two squares' lines of that kind meet exactly on the squares of their common
// line other than a and b, and the index range between a and b keeps those between them. Bit
// operations on the 1 KB table, instead of a look-up in the 32 KB between_bb table, which
// missed the cache on every move, and without branches on the direction.
inline Bitboard strictly_between(const Bitboard (&lines)[64], Square a, Square b) {
  return lines[a] & lines[b] & ((~Bitboard{0} << a) ^ (~Bitboard{0} << b));
}

// Of the sliders rq (rook-like) and bq (bishop-like), those that see s along a clear line. A
// loop over the few such sliders on the 1 KB line table: the slider attack tables (800 KB) take
// fewer instructions but missed the cache often enough to cost 10% more time on the TCEC file.
[[gnu::always_inline]] inline Bitboard sliders_seeing(Square s, Bitboard rq, Bitboard bq,
                                                      Bitboard occ) {
  Bitboard found = 0;
  for (Bitboard b = kRays.rook[s] & rq; b;) {
    const Square p = pop_lsb(b);
    if (!(strictly_between(kRays.rook, s, p) & occ)) found |= square_bb(p);
  }
  for (Bitboard b = kRays.bishop[s] & bq; b;) {
    const Square p = pop_lsb(b);
    if (!(strictly_between(kRays.bishop, s, p) & occ)) found |= square_bb(p);
  }
  return found;
}

// The square named by two characters, or SQ_NONE.
inline Square square_at(const char* s) {
  const unsigned f = unsigned(s[0]) - 'a', r = unsigned(s[1]) - '1';
  return (f | r) < 8 ? Square(r * 8 + f) : SQ_NONE;
}

// The piece type of a strict SAN piece letter (B, K, N, Q, R), else NO_PIECE_TYPE: a look-up
// over 'B'..'R' ('P' is not a strict SAN piece).
inline constexpr PieceType kLetterType['R' - 'B' + 1] = {
    BISHOP,        NO_PIECE_TYPE, NO_PIECE_TYPE, NO_PIECE_TYPE, NO_PIECE_TYPE, NO_PIECE_TYPE,
    NO_PIECE_TYPE, NO_PIECE_TYPE, NO_PIECE_TYPE, KING,          NO_PIECE_TYPE, NO_PIECE_TYPE,
    KNIGHT,        NO_PIECE_TYPE, NO_PIECE_TYPE, QUEEN,         ROOK};
inline PieceType strict_piece_type(char c) {
  const unsigned i = unsigned(static_cast<unsigned char>(c)) - 'B';
  return i <= unsigned('R' - 'B') ? kLetterType[i] : NO_PIECE_TYPE;
}

// Whether the enemy sliders among `lined` (standing on lines through k) are all blocked by occ:
// the test of a king's safety on the few sliders that can matter.
[[gnu::always_inline]] inline bool sliders_blocked(Square k, Bitboard lined, Bitboard occ) {
  while (lined) {
    const Square s = pop_lsb(lined);
    const auto& lines = kRays.rook[k] & square_bb(s) ? kRays.rook : kRays.bishop;
    if (!(strictly_between(lines, k, s) & occ)) return false;
  }
  return true;
}

// The enemy sliders (of `them`) on a rook or bishop line through k on an empty board.
[[gnu::always_inline]] inline Bitboard sliders_lined(const Position& pos, Square k, Bitboard them) {
  return ((kRays.rook[k] & pos.pieces(ROOK, QUEEN)) |
          (kRays.bishop[k] & pos.pieces(BISHOP, QUEEN))) &
         them;
}

// Whether the mover's king, on k after a pseudo-legal move to `to` (en passant excluded), is
// safe (Art. 3.9) on the board after the move, whose occupancy is occ: no enemy piece but one
// captured on `to` attacks k. An enemy slider attacks k only when it stands on a line through k
// (on most moves none does) with nothing between them on the new board. The enemy king is
// looked at only when our king moves (KingMove): where it stays, the enemy king cannot stand
// next to it, as the side not to move is never in check in a valid position (Art. 3.9).
template <bool KingMove = false>
[[gnu::always_inline]] inline bool king_safe_after(const Position& pos, Color us, Square k,
                                                   Bitboard occ, Bitboard to_bb) {
  const Bitboard them = pos.pieces(~us) & ~to_bb;
  if (((pawn_attacks(us, k) & pos.pieces(PAWN)) | (knight_attacks(k) & pos.pieces(KNIGHT)) |
       (KingMove ? king_attacks(k) & pos.pieces(KING) : 0)) &
      them)
    return false;
  const Bitboard lined = sliders_lined(pos, k, them);
  return !lined || sliders_blocked(k, lined, occ);
}

// Strict SAN of a pawn ("e4", "exd5", "e8=Q", "exd8=Q"; n = length without the check mark),
// resolved from the destination directly: a push has one possible pawn (one or two squares
// back), a capture one (the named file, one rank back). The move only when the general parser
// would accept the text as that move.
[[gnu::always_inline]] inline Move pawn_move(const Position& pos, const char* p, size_t n) {
  PieceType promo = NO_PIECE_TYPE;
  if (n >= 4 && p[n - 2] == '=') {
    promo = strict_piece_type(p[n - 1]);
    if (promo == NO_PIECE_TYPE || promo == KING) return Move::none();
    n -= 2;
  }
  const bool capture = n == 4 && p[1] == 'x';
  if (n != 2 && !capture) return Move::none();
  const Square to = square_at(p + n - 2);
  if (to == SQ_NONE) return Move::none();
  const Color us = pos.side_to_move();
  // Art. 3.7.5: a pawn reaching the last rank promotes, and only there; none reaches its first.
  if ((rank_of(to) == relative_rank(us, RANK_8)) != (promo != NO_PIECE_TYPE) ||
      rank_of(to) == relative_rank(us, RANK_1))
    return Move::none();
  const Bitboard pawns = pos.pieces(us, PAWN), to_bb = square_bb(to);
  int from;
  if (capture) {
    const int df = int(file_of(to)) - (p[0] - 'a');
    if (df != 1 && df != -1) return Move::none();
    from = int(to) - pawn_push(us) - df;
    if (!(pawns & square_bb(Square(from)))) return Move::none();
    if (!(pos.pieces(~us) & to_bb)) {
      if (to != pos.ep_square() || !en_passant_safe(pos, Square(from), to)) return Move::none();
      return Move::en_passant(Square(from), to);
    }
  } else {
    if (pos.occupied() & to_bb) return Move::none();
    from = int(to) - pawn_push(us);
    if (!(pawns & square_bb(Square(from)))) {
      // Art. 3.7.2: the double step from the second rank over an empty square.
      if (rank_of(to) != relative_rank(us, RANK_4) || (pos.occupied() & square_bb(Square(from))))
        return Move::none();
      from -= pawn_push(us);
      if (!(pawns & square_bb(Square(from)))) return Move::none();
    }
  }
  if (!king_safe_after(pos, us, pos.king_square(us),
                       (pos.occupied() ^ square_bb(Square(from))) | to_bb, to_bb))
    return Move::none();
  return promo != NO_PIECE_TYPE ? Move::promotion(Square(from), to, promo)
                                : Move::normal(Square(from), to);
}

// The sliders of `mine` (of type PT) that see `to` along a clear line: each on the 1 KB line
// table (the slider attack tables, 800 KB, missed the cache often enough to cost time on the
// TCEC file).
template <PieceType PT>
[[gnu::always_inline]] inline Bitboard sliders_reaching(Square to, Bitboard mine, Bitboard occ) {
  Bitboard found = 0;
  if constexpr (PT != BISHOP)
    for (Bitboard b = kRays.rook[to] & mine; b;) {
      const Square s = pop_lsb(b);
      if (!(strictly_between(kRays.rook, to, s) & occ)) found |= square_bb(s);
    }
  if constexpr (PT != ROOK)
    for (Bitboard b = kRays.bishop[to] & mine; b;) {
      const Square s = pop_lsb(b);
      if (!(strictly_between(kRays.bishop, to, s) & occ)) found |= square_bb(s);
    }
  return found;
}

// The move of the only piece of type PT that can legally go to `to` (SAN without
// disambiguation; `to` holds no piece of ours), else Move::none(). Replaying a game is one long
// chain of dependent moves, so the move is made to depend on as little as possible: in the usual
// case of a single piece of the kind on the lines through `to`, on that piece alone, with the
// clear line and the king's safety as tests on the side (branches the predictor gets right).
template <PieceType PT>
[[gnu::always_inline]] inline Move piece_move(const Position& pos, Color us, Square to) {
  const Bitboard mine = pos.pieces(us, PT);
  Bitboard src;
  if constexpr (PT == KNIGHT) {
    src = knight_attacks(to) & mine;
  } else if constexpr (PT == KING) {
    src = king_attacks(to) & mine;
  } else {
    const Bitboard lines = PT == ROOK     ? kRays.rook[to]
                           : PT == BISHOP ? kRays.bishop[to]
                                          : kRays.rook[to] | kRays.bishop[to];
    src = lines & mine;
    if (more_than_one(src)) {
      src = sliders_reaching<PT>(to, mine, pos.occupied());
    } else if (src) {
      const auto& kind = PT == ROOK             ? kRays.rook
                         : PT == BISHOP         ? kRays.bishop
                         : kRays.rook[to] & src ? kRays.rook
                                                : kRays.bishop;
      if (strictly_between(kind, to, lsb(src)) & pos.occupied()) return Move::none();
    }
  }
  if (!src) return Move::none();
  if (more_than_one(src)) return one_of_move(pos, src, to);
  const Bitboard to_bb = square_bb(to);
  const bool safe = king_safe_after<PT == KING>(pos, us, PT == KING ? to : pos.king_square(us),
                                                (pos.occupied() ^ src) | to_bb, to_bb);
  return safe ? Move::normal(lsb(src), to) : Move::none();
}

// Strict SAN of a piece ("Nf3", "Nxf3", "Nbd7", "R1e2", "Qh4xe1"; n = length without the check
// mark): the pieces of that type that reach the destination, their legality tested only where
// it matters, and the disambiguation exactly the minimal one (PGN 8.2.3.4).
[[gnu::always_inline]] inline Move piece_move(const Position& pos, const char* p, size_t n) {
  const PieceType pt = strict_piece_type(p[0]);
  if (pt == NO_PIECE_TYPE || n < 3) return Move::none();
  const Square to = square_at(p + n - 2);
  if (to == SQ_NONE) return Move::none();
  // p[1, k) is the text between the letter and the destination, 'x' excluded (without
  // disambiguation p[n - 3] is the letter, never 'x').
  const bool capture_mark = p[n - 3] == 'x';
  const size_t k = n - 2 - capture_mark;
  const Color us = pos.side_to_move();
  const Bitboard to_bb = square_bb(to);
  if ((pos.pieces(us) & to_bb) || capture_mark != bool(pos.pieces(~us) & to_bb))
    return Move::none();
  if (k != 1) return disambiguated_move(pos, p, k, pt, to);
  switch (pt) {
    case KNIGHT: return piece_move<KNIGHT>(pos, us, to);
    case BISHOP: return piece_move<BISHOP>(pos, us, to);
    case ROOK: return piece_move<ROOK>(pos, us, to);
    case QUEEN: return piece_move<QUEEN>(pos, us, to);
    default: return piece_move<KING>(pos, us, to);
  }
}

// Strict SAN in its usual shapes ("e4", "exd5", "e8=Q", "Nf3", "Nbd7", "R1e2", "Qh4xe1",
// "Nxf7+"), resolved without building error values or writing the SAN back: the move only when
// the general parser below would accept the text as that same move, Move::none() to let the
// general parser decide (castling, errors, unusual forms). Returned by value, in a register:
// the replay's chain of dependent moves goes through no store and reload. Inline, for the
// validator's loop over a game's moves: the call with its saved registers cost about 16 of
// the ~170 instructions a move took.
[[gnu::always_inline]] inline Move parse_fast(const Position& pos, std::string_view text) {
  const char* p = text.data();
  size_t n = text.size();
  if (n - 2 > 6) return Move::none();  // 2 to 8 characters
  const char mark = p[n - 1];
  const bool marked = mark == '+' || mark == '#';
  n -= marked;
  const Move m = unsigned(p[0]) - 'a' < 8u ? pawn_move(pos, p, n) : piece_move(pos, p, n);
  if (m.is_none() || (marked && fast_check_suffix(pos, m) != mark)) return Move::none();
  return m;
}

}  // namespace arbiter::detail::san
