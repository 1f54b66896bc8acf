// Fast path for the common SAN shapes during validation. arbiter::parse_san generates every
// legal move and writes their SAN to match the text; replaying millions of moves that way costs
// most of the validation time. Here the plain shapes (Nf3, Nxf3, e4, exd5, e8=Q, with an
// optional '+') are resolved with the engine's attack tables and copy-make: the candidate
// pieces of the named kind that reach the square, each checked by playing it and testing the
// own king. Anything else (castling, disambiguation, '#', wrong 'x' or '+', no or several
// candidates) returns nullopt and goes through parse_san, which also words every error. A
// differential test (tests/pgn/fast_move_test.cpp) checks the result equals parse_san(Strict)
// on every move of the corpora.
#include "internal.h"

namespace arbiter::adjudication::detail {
namespace {

PieceType piece_of(char c) {
  switch (c) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    default: return NO_PIECE_TYPE;
  }
}
inline bool is_file(char c) { return c >= 'a' && c <= 'h'; }
inline bool is_rank(char c) { return c >= '1' && c <= '8'; }

// Plays m (pseudo-legal) into `after` and tells whether the mover's king is safe. Without
// check, a piece that is not the king and does not stand between its king and an enemy slider
// on one line cannot expose the king, so the attack test is skipped for it.
bool leaves_king_safe(const Position& pos, Move m, Position& after, bool in_check) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us), from = m.from();
  after = pos.after(m);
  if (!in_check && type_of(pos.piece_on(from)) != KING && !m.is_en_passant()) {
    const Bitboard line = line_bb(ksq, from);
    const Bitboard sliders = (file_of(ksq) == file_of(from) || rank_of(ksq) == rank_of(from))
                                 ? pos.pieces(~us, ROOK) | pos.pieces(~us, QUEEN)
                                 : pos.pieces(~us, BISHOP) | pos.pieces(~us, QUEEN);
    if (!(line & sliders)) return true;
  }
  return !(after.attackers_to(after.king_square(us)) & after.pieces(~us));
}

}  // namespace

std::optional<Move> fast_san(const Position& pos, std::string_view s, Position& after) {
  bool check = false;
  if (!s.empty() && s.back() == '+') {
    check = true;
    s.remove_suffix(1);
  }
  if (s.size() < 2 || s.size() > 6) return std::nullopt;
  const Color us = pos.side_to_move();
  Move found;
  int n = 0;
  Position tmp;
  const bool in_check = pos.in_check();

  if (PieceType pt = piece_of(s[0]); pt != NO_PIECE_TYPE) {
    // Piece move: P[x]sq
    bool capture = false;
    size_t i = 1;
    if (s.size() == 4 && s[1] == 'x') capture = true, i = 2;
    if (s.size() != i + 2 || !is_file(s[i]) || !is_rank(s[i + 1])) return std::nullopt;
    const Square to = make_square(File(s[i] - 'a'), Rank(s[i + 1] - '1'));
    const Piece target = pos.piece_on(to);
    if (target != NO_PIECE && color_of(target) == us) return std::nullopt;
    if (capture != (target != NO_PIECE)) return std::nullopt;
    Bitboard cands = attacks(pt, to, pos.occupied()) & pos.pieces(us, pt);
    while (cands) {
      const Move m = Move::normal(pop_lsb(cands), to);
      if (leaves_king_safe(pos, m, tmp, in_check)) {
        if (++n > 1) return std::nullopt;
        found = m;
        after = tmp;
      }
    }
  } else if (is_file(s[0])) {
    // Pawn move: e4, exd5, e8=Q, exd8=Q
    PieceType promo = NO_PIECE_TYPE;
    if (s.size() >= 4 && s[s.size() - 2] == '=') {
      promo = piece_of(s.back());
      if (promo == NO_PIECE_TYPE || promo == KING) return std::nullopt;
      s.remove_suffix(2);
    }
    const int up = us == WHITE ? 8 : -8;
    Square from, to;
    bool capture = false;
    if (s.size() == 2 && is_rank(s[1])) {
      to = make_square(File(s[0] - 'a'), Rank(s[1] - '1'));
      if (pos.piece_on(to) != NO_PIECE) return std::nullopt;
      const int f1 = int(to) - up;
      if (f1 < 0 || f1 > 63) return std::nullopt;
      if (pos.piece_on(Square(f1)) == make_piece(us, PAWN)) {
        from = Square(f1);
      } else {
        const int f2 = f1 - up;
        const Rank double_to = us == WHITE ? RANK_4 : RANK_5;
        if (rank_of(to) != double_to || pos.piece_on(Square(f1)) != NO_PIECE ||
            pos.piece_on(Square(f2)) != make_piece(us, PAWN))
          return std::nullopt;
        from = Square(f2);
      }
    } else if (s.size() == 4 && s[1] == 'x' && is_file(s[2]) && is_rank(s[3])) {
      capture = true;
      to = make_square(File(s[2] - 'a'), Rank(s[3] - '1'));
      const int df = s[2] - s[0];
      if (df != 1 && df != -1) return std::nullopt;
      const int f = int(to) - up - df;
      if (f < 0 || f > 63) return std::nullopt;
      from = Square(f);
      if (pos.piece_on(from) != make_piece(us, PAWN)) return std::nullopt;
    } else {
      return std::nullopt;
    }
    const Rank last = us == WHITE ? RANK_8 : RANK_1;
    if ((rank_of(to) == last) != (promo != NO_PIECE_TYPE)) return std::nullopt;
    Move m;
    if (capture) {
      const Piece target = pos.piece_on(to);
      if (target == NO_PIECE) {
        if (to != pos.ep_square()) return std::nullopt;
        m = Move::en_passant(from, to);
      } else {
        if (color_of(target) == us) return std::nullopt;
        m = promo != NO_PIECE_TYPE ? Move::promotion(from, to, promo) : Move::normal(from, to);
      }
    } else {
      m = promo != NO_PIECE_TYPE ? Move::promotion(from, to, promo) : Move::normal(from, to);
    }
    if (!leaves_king_safe(pos, m, tmp, in_check)) return std::nullopt;
    found = m;
    after = tmp;
    n = 1;
  } else {
    return std::nullopt;
  }
  if (n != 1) return std::nullopt;
  // The '+' suffix must be right (and not a mate, which SAN writes '#'); a missing suffix is
  // accepted as parse_san(Strict) does.
  if (check && (!after.in_check() || after.count_legal_moves() == 0)) return std::nullopt;
  return found;
}

}  // namespace arbiter::adjudication::detail

namespace arbiter::adjudication {
std::optional<Move> plain_san_move(const Position& pos, std::string_view san, Position& after) {
  return detail::fast_san(pos, san, after);
}
}  // namespace arbiter::adjudication
