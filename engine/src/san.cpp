// SAN (PGN export format, PGN standard 8.2.3) in and out.
#include "arbiter/engine/san.h"

#include <cctype>

namespace arbiter {

namespace {

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
constexpr EmptyBoardRays kRays;

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

// Enemy sliders that see the king along a clear line (the slider checks of pos).
Bitboard slider_checkers(const Position& pos, Color us, Square ksq) {
  const Bitboard them = pos.pieces(~us);
  return sliders_seeing(ksq, pos.pieces(ROOK, QUEEN) & them, pos.pieces(BISHOP, QUEEN) & them,
                        pos.occupied());
}

// Whether colour `by` attacks square s with the board occupancy occ (pieces of `by` removed
// from occ do not attack; a piece of `by` on s does not count).
bool attacked(const Position& pos, Color by, Square s, Bitboard occ) {
  const Bitboard mine = pos.pieces(by) & occ & ~square_bb(s);
  if ((pawn_attacks(~by, s) & pos.pieces(PAWN) & mine) |
      (knight_attacks(s) & pos.pieces(KNIGHT) & mine) | (king_attacks(s) & pos.pieces(KING) & mine))
    return true;
  return sliders_seeing(s, pos.pieces(ROOK, QUEEN) & mine, pos.pieces(BISHOP, QUEEN) & mine, occ);
}

// The squares of `us`'s pieces of type pt that reach `to` by a pseudo-legal move (castling
// excluded): the attack pattern from `to` backwards for pieces, pushes and captures (en passant
// included) for pawns. Resolving a SAN this way looks only at the few pieces that matter
// instead of generating and formatting every legal move.
[[gnu::always_inline]] inline Bitboard pseudo_sources(const Position& pos, PieceType pt,
                                                      Square to) {
  const Color us = pos.side_to_move();
  const Bitboard to_bb = square_bb(to), occ = pos.occupied();
  if (pos.pieces(us) & to_bb) return 0;
  switch (pt) {
    case KNIGHT: return knight_attacks(to) & pos.pieces(us, KNIGHT);
    case KING: return king_attacks(to) & pos.pieces(us, KING);
    case BISHOP:
    case ROOK:
    case QUEEN: {
      // The one or two pieces of the kind, each on a clear line to `to`: a look at the small
      // geometry tables instead of the large slider attack tables.
      const Bitboard mine = pos.pieces(us, pt);
      return sliders_seeing(to, pt == BISHOP ? 0 : mine, pt == ROOK ? 0 : mine, occ);
    }
    default: break;
  }
  const Bitboard pawns = pos.pieces(us, PAWN);
  Bitboard src = 0;
  if ((pos.pieces(~us) & to_bb) || to == pos.ep_square()) src |= pawn_attacks(~us, to) & pawns;
  if (!(occ & to_bb)) {
    const int back = int(to) - pawn_push(us);
    if (back >= 0 && back < 64) {
      if (pawns & square_bb(Square(back)))
        src |= square_bb(Square(back));
      else if (!(occ & square_bb(Square(back))) && rank_of(to) == relative_rank(us, RANK_4))
        src |= pawns & square_bb(Square(back - pawn_push(us)));
    }
  }
  return src;
}

// The move from `from` to `to` as the generator encodes it (en passant, promotion to `promo`).
[[gnu::always_inline]] inline Move make_move(const Position& pos, Square from, Square to,
                                             PieceType promo) {
  if (type_of(pos.piece_on(from)) == PAWN) {
    if (to == pos.ep_square() && file_of(from) != file_of(to)) return Move::en_passant(from, to);
    if (rank_of(to) == RANK_1 || rank_of(to) == RANK_8) return Move::promotion(from, to, promo);
  }
  return Move::normal(from, to);
}

// Whether a pseudo-legal, non-castling move leaves the mover's king safe (Art. 3.9): the king
// may not step onto an attacked square; in check another piece must capture the checker or
// block; a piece that the king sees along a line may not uncover an enemy slider behind it;
// en passant is tested on the board with both pawns moved (it can uncover the king along the
// rank). The king's own lines are looked up once per position.
struct LegalityTest {
  const Position& pos;
  Color us;
  Square ksq;
  Bitboard occ, them, checkers;
  explicit LegalityTest(const Position& p)
      : pos(p),
        us(p.side_to_move()),
        ksq(p.king_square(us)),
        occ(p.occupied()),
        them(p.pieces(~us)),
        checkers((pawn_attacks(us, ksq) & them & p.pieces(PAWN)) |
                 (knight_attacks(ksq) & them & p.pieces(KNIGHT)) | slider_checkers(p, us, ksq)) {}
  bool operator()(Square from, Square to) const {
    const Bitboard to_bb = square_bb(to), from_bb = square_bb(from);
    if (from == ksq) return !attacked(pos, ~us, to, occ ^ from_bb);
    if (type_of(pos.piece_on(from)) == PAWN && to == pos.ep_square() &&
        file_of(from) != file_of(to)) {
      const Square cap = Square(int(to) - pawn_push(us));
      const Bitboard o = (occ ^ from_bb ^ square_bb(cap)) | to_bb;
      return !attacked(pos, ~us, ksq, o);
    }
    if (checkers) {
      // Capture the checker, or block the line of a checking slider.
      if (more_than_one(checkers)) return false;
      const Square c = lsb(checkers);
      if (to != c) {
        if (!((pos.pieces(BISHOP, ROOK) | pos.pieces(QUEEN)) & square_bb(c))) return false;
        const auto& lines = kRays.rook[ksq] & square_bb(c) ? kRays.rook : kRays.bishop;
        if (!(strictly_between(lines, ksq, c) & to_bb)) return false;
      }
    }
    // Pinned: alone between the king and an enemy slider of the line's kind, and leaving it.
    const bool straight = kRays.rook[ksq] & from_bb;
    if (!straight && !(kRays.bishop[ksq] & from_bb)) return true;
    const auto& lines = straight ? kRays.rook : kRays.bishop;
    const Bitboard line = lines[ksq] & lines[from];  // the common line without ksq and from
    if (line & to_bb) return true;
    for (Bitboard b = line & them & pos.pieces(straight ? ROOK : BISHOP, QUEEN); b;) {
      const Square s = pop_lsb(b);
      if ((strictly_between(lines, ksq, s) & occ) == from_bb) return false;
    }
    return true;
  }
  Bitboard filter(Bitboard sources, Square to) const {
    Bitboard legal = 0;
    for (Bitboard b = sources; b;) {
      const Square s = pop_lsb(b);
      if ((*this)(s, to)) legal |= square_bb(s);
    }
    return legal;
  }
};

// SAN without suffix into buf (at most 7 characters: "Qa1xb2" or "exd8=Q"); returns the length.
// `rivals` = the other pieces of the moving type that can legally go to the same square.
size_t write_core(const Position& pos, Move m, Bitboard rivals, char* buf) {
  size_t n = 0;
  auto put = [&](const char* s) {
    while (*s) buf[n++] = *s++;
  };
  if (m.is_castling()) {
    put(pos.castling_side(m) == KING_SIDE ? "O-O" : "O-O-O");
    return n;
  }
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.moved_piece(m));
  const bool capture = pos.is_capture(m);
  if (pt == PAWN) {
    if (capture) buf[n++] = file_char(file_of(from)), buf[n++] = 'x';
  } else {
    buf[n++] = piece_type_char(pt);
    // Minimal disambiguation: file if it tells the pieces apart, else rank, else both.
    if (rivals) {
      if (!(rivals & file_bb(from)))
        buf[n++] = file_char(file_of(from));
      else if (!(rivals & rank_bb(from)))
        buf[n++] = rank_char(rank_of(from));
      else
        buf[n++] = file_char(file_of(from)), buf[n++] = rank_char(rank_of(from));
    }
    if (capture) buf[n++] = 'x';
  }
  buf[n++] = file_char(file_of(to));
  buf[n++] = rank_char(rank_of(to));
  if (m.is_promotion()) buf[n++] = '=', buf[n++] = piece_type_char(m.promotion_type());
  return n;
}

Bitboard rivals_of(const Position& pos, Move m) {
  if (m.is_castling()) return 0;
  const PieceType pt = type_of(pos.moved_piece(m));
  if (pt == PAWN || pt == KING) return 0;
  return LegalityTest(pos).filter(pseudo_sources(pos, pt, m.to()), m.to()) & ~square_bb(m.from());
}

std::string core_san(const Position& pos, Move m) {
  char buf[8];
  return std::string(buf, write_core(pos, m, rivals_of(pos, m), buf));
}

// Whether the side to move, in check, has a legal move (PGN 8.2.3.6: '#' for checkmate, '+'
// otherwise): a king step first, then a capture of the checker or a block by another piece,
// instead of generating every move.
bool can_escape(const Position& pos, const LegalityTest& legal) {
  const Square ksq = legal.ksq;
  for (Bitboard b = king_attacks(ksq) & ~pos.pieces(legal.us); b;)
    if (legal(ksq, pop_lsb(b))) return true;
  if (more_than_one(legal.checkers)) return false;
  const Square checker = lsb(legal.checkers);
  for (Bitboard b = between_bb(ksq, checker); b;) {
    const Square t = pop_lsb(b);
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
      if (legal.filter(pseudo_sources(pos, pt, t), t)) return true;
  }
  // En passant capture of a checking pawn that has just made its double step.
  const Square ep = pos.ep_square();
  if (ep != SQ_NONE && int(checker) == int(ep) - pawn_push(legal.us))
    return legal.filter(pseudo_sources(pos, PAWN, ep), ep) != 0;
  return false;
}

// The check suffix of a legal move: 0, '+' or '#'.
[[gnu::noinline]] char check_suffix(const Position& pos, Move m) {
  const Position next = pos.after(m);
  const LegalityTest legal(next);
  if (!legal.checkers) return 0;
  return can_escape(next, legal) ? '+' : '#';
}

// The check mark ('+' or '#', else 0) of a legal move that the fast path resolved (normal,
// promotion or en passant), decided on the board after the move without making it. Checking
// pieces: the moved piece from `to` (its new type after a promotion) and our sliders seen
// through the new occupancy (a discovered check). Given a check, the answer is '+' as soon as
// one step of their king leads to a square that we do not attack; otherwise (a capture or a
// block may still save them, or it is mate) the general test on the position after the move.
[[gnu::noinline]] char fast_check_suffix(const Position& pos, Move m) {
  if (m.is_en_passant()) return check_suffix(pos, m);
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to(), their_king = pos.king_square(~us);
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
  const PieceType moved = type_of(pos.piece_on(from));
  const PieceType now = m.is_promotion() ? m.promotion_type() : moved;
  const Bitboard occ = (pos.occupied() ^ from_bb) | to_bb;
  // Our pieces of each kind after the move.
  auto after = [&](PieceType a, PieceType b) {
    return (pos.pieces(us) & (pos.pieces(a) | pos.pieces(b)) & ~from_bb) |
           ((now == a || now == b) ? to_bb : 0);
  };
  const Bitboard pawns = after(PAWN, PAWN), knights = after(KNIGHT, KNIGHT),
                 rq = after(ROOK, QUEEN), bq = after(BISHOP, QUEEN), king = after(KING, KING);
  const Bitboard checkers = (pawn_attacks(~us, their_king) & pawns) |
                            (knight_attacks(their_king) & knights) |
                            sliders_seeing(their_king, rq, bq, occ);
  if (!checkers) return 0;
  // A step of their king to a square not holding their own piece (a captured piece is gone)
  // and attacked by none of our pieces (one captured there does not attack) with the king
  // gone from its square (a slider sees through where it stood).
  const Bitboard theirs = pos.pieces(~us) & ~to_bb, occ_k = occ ^ square_bb(their_king);
  for (Bitboard b = king_attacks(their_king) & ~theirs; b;) {
    const Square t = pop_lsb(b);
    const Bitboard keep = ~square_bb(t);
    if ((pawn_attacks(~us, t) & pawns & keep) || (knight_attacks(t) & knights & keep) ||
        (king_attacks(t) & king))
      continue;
    if (!sliders_seeing(t, rq & keep, bq & keep, occ_k)) return '+';
  }
  return check_suffix(pos, m);
}

std::string suffix(const Position& pos, Move m) {
  // (fast_check_suffix knows every move but castling, whose rook can give the check.)
  const char c = m.is_castling() ? check_suffix(pos, m) : fast_check_suffix(pos, m);
  return c ? std::string(1, c) : std::string();
}

PieceType piece_from_letter(char c) {
  switch (c) {
    case 'N': return KNIGHT;
    case 'B': return BISHOP;
    case 'R': return ROOK;
    case 'Q': return QUEEN;
    case 'K': return KING;
    case 'P': return PAWN;
    default: return NO_PIECE_TYPE;
  }
}

// ---- The fast path of strict parsing (parse_san_common), once per move of every game ----
// Helpers return Move::none() (a1a1, never a legal move) to leave the text to the general
// parser. The common shapes are resolved inline; the rare ones (disambiguation, several
// candidates) out of line, to keep them out of the registers of the common path.

// The square named by two characters, or SQ_NONE.
inline Square square_at(const char* s) {
  const unsigned f = unsigned(s[0]) - 'a', r = unsigned(s[1]) - '1';
  return (f | r) < 8 ? Square(r * 8 + f) : SQ_NONE;
}

// The piece type of a strict SAN piece letter (B, K, N, Q, R), else NO_PIECE_TYPE: a look-up
// over 'B'..'R' ('P' is not a strict SAN piece).
constexpr PieceType kLetterType['R' - 'B' + 1] = {
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

// Whether an en passant capture from-to leaves the king safe: tested on the board with both
// pawns moved (it can uncover the king along the rank, Art. 3.7.3.1 with 3.9).
[[gnu::noinline]] bool en_passant_safe(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  const Square k = pos.king_square(us);
  const Bitboard cap = square_bb(Square(int(to) - pawn_push(us)));
  const Bitboard them = pos.pieces(~us) & ~cap;
  // (A pawn or knight check stands unless the captured pawn gave it; the enemy king never
  // stands next to ours in a legal position.)
  if (((pawn_attacks(us, k) & pos.pieces(PAWN)) | (knight_attacks(k) & pos.pieces(KNIGHT))) & them)
    return false;
  const Bitboard occ = (pos.occupied() ^ square_bb(from) ^ cap) | square_bb(to);
  return sliders_blocked(k, sliders_lined(pos, k, them), occ);
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

// Of several pieces other than the king (`pseudo`) that reach `to` by a pseudo-legal move, those
// whose move leaves the king safe (Art. 3.9), each tested on the board after it.
inline Bitboard legal_sources(const Position& pos, Bitboard pseudo, Square to) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard to_bb = square_bb(to), occ = pos.occupied() | to_bb;
  Bitboard legal = 0;
  for (Bitboard b = pseudo; b;) {
    const Bitboard from_bb = square_bb(pop_lsb(b));
    if (king_safe_after(pos, us, king, occ ^ from_bb, to_bb)) legal |= from_bb;
  }
  return legal;
}

// A disambiguated strict SAN of a piece ("Nbd7", "R1e2", "Qh4xe1"; p[1, k) is the text between
// the letter and the destination): right only among several legal candidates, and only with
// exactly the minimal disambiguation (PGN 8.2.3.4).
[[gnu::noinline]] Move disambiguated_move(const Position& pos, const char* p, size_t k,
                                          PieceType pt, Square to) {
  const Bitboard pseudo = pseudo_sources(pos, pt, to);
  if (!more_than_one(pseudo)) return Move::none();
  size_t i = 1;
  int from_file = -1, from_rank = -1;
  if (i < k && p[i] >= 'a' && p[i] <= 'h') from_file = p[i++] - 'a';
  if (i < k && p[i] >= '1' && p[i] <= '8') from_rank = p[i++] - '1';
  if (i != k) return Move::none();
  const Bitboard sources = legal_sources(pos, pseudo, to);
  Bitboard chosen = sources;
  if (from_file >= 0) chosen &= file_bb(File(from_file));
  if (from_rank >= 0) chosen &= rank_bb(Rank(from_rank));
  if (!chosen || more_than_one(chosen)) return Move::none();
  const Square from = lsb(chosen);
  // Minimal disambiguation (PGN 8.2.3.4): file if it tells the pieces apart, else rank, else
  // both; as write_core writes it.
  const Bitboard rivals = sources & ~chosen;
  const bool file_needed = rivals && (!(rivals & file_bb(from)) || (rivals & rank_bb(from)));
  const bool rank_needed = rivals && (rivals & file_bb(from));
  if ((from_file >= 0) != file_needed || (from_rank >= 0) != rank_needed) return Move::none();
  return Move::normal(from, to);
}

// SAN without disambiguation when several pieces of the kind reach `to` (`pseudo`): right only
// when exactly one of them may legally go there (the others pinned, or the king in check).
[[gnu::noinline]] Move one_of_move(const Position& pos, Bitboard pseudo, Square to) {
  const Bitboard sources = legal_sources(pos, pseudo, to);
  if (!sources || more_than_one(sources)) return Move::none();
  return Move::normal(lsb(sources), to);
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

}  // namespace

// Strict SAN in its usual shapes ("e4", "exd5", "e8=Q", "Nf3", "Nbd7", "R1e2", "Qh4xe1",
// "Nxf7+"), resolved without building error values or writing the SAN back: the move only when
// the general parser below would accept the text as that same move, Move::none() to let the
// general parser decide (castling, errors, unusual forms). Returned by value, in a register:
// the replay's chain of dependent moves goes through no store and reload.
Move parse_san_common(const Position& pos, std::string_view text) {
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

std::string to_san_without_suffix(const Position& pos, Move m) { return core_san(pos, m); }
std::string to_san(const Position& pos, Move m) { return core_san(pos, m) + suffix(pos, m); }

std::string SanError::message() const {
  const char* k = kind == Kind::Malformed     ? "malformed"
                  : kind == Kind::NoSuchPiece ? "no such piece for"
                  : kind == Kind::Illegal     ? "illegal"
                                              : "ambiguous";
  std::string q;
  for (char c : text) q += (static_cast<unsigned char>(c) < 32 || c == 127) ? '?' : c;
  return std::string(k) + " SAN '" + q + "': " + reason;
}

Result<Move, SanError> parse_san(const Position& pos, std::string_view text, SanMode mode) {
  const bool lenient = mode == SanMode::Lenient;
  if (!lenient) {
    if (const Move m = parse_san_common(pos, text); !m.is_none()) return m;
  }
  auto fail = [&](SanError::Kind k, std::string reason, std::vector<Move> c = {}) {
    return unexpected(SanError{k, std::string(text), std::move(reason), std::move(c)});
  };
  std::string_view t = text;
  if (lenient) {
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  }
  if (t.empty()) return fail(SanError::Kind::Malformed, "empty");
  // Suffixes: annotations (lenient only), then +/#.
  if (lenient) {
    for (bool more = true; more;) {
      more = false;
      while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1), more = true;
      if (t.size() >= 4 && t.substr(t.size() - 4) == "e.p.") t.remove_suffix(4), more = true;
      while (!t.empty() && t.back() == ' ') t.remove_suffix(1), more = true;
      if (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1), more = true;
    }
  }
  char check_mark = 0;
  if (!lenient && !t.empty() && (t.back() == '+' || t.back() == '#')) {
    check_mark = t.back();
    t.remove_suffix(1);
  }
  if (t.empty()) return fail(SanError::Kind::Malformed, "no move before the suffix");
  const std::string_view body = t;  // the move without suffixes, for the strict comparison

  // Castling: O-O / O-O-O (lenient: 0-0 / 0-0-0 and lower-case o). Rare enough (once per side
  // and game) to be looked up among the generated legal moves.
  if (t.size() == 3 || t.size() == 5) {
    bool castle = true;
    for (size_t i = 0; i < t.size(); ++i) {
      const char ch = t[i];
      castle &= i % 2 ? ch == '-' : (ch == 'O' || (lenient && (ch == '0' || ch == 'o')));
    }
    if (castle) {
      const CastleSide side = t.size() == 3 ? KING_SIDE : QUEEN_SIDE;
      if (const Move m = pos.in_check() ? Move::none() : pos.legal_castling(side); !m.is_none()) {
        if (!lenient && check_mark) {
          const std::string suf = suffix(pos, m);
          if (suf.size() != 1 || suf[0] != check_mark)
            return fail(SanError::Kind::Illegal, suf.empty()
                                                     ? "the move does not give check"
                                                     : "the suffix should be '" + suf + "'");
        }
        return m;
      }
      Color us = pos.side_to_move();
      if (pos.castling_rook(us, side) == SQ_NONE)
        return fail(SanError::Kind::Illegal, "no castling right on that side");
      return fail(SanError::Kind::Illegal,
                  pos.in_check() ? "the king is in check (Art. 3.8.2)"
                                 : "castling is prevented: a square is occupied or attacked "
                                   "(Art. 3.8.2, Guidelines II.3)");
    }
  }

  // Promotion suffix.
  PieceType promo = NO_PIECE_TYPE;
  if (t.size() >= 2 && t[t.size() - 2] == '=') {
    char p = lenient ? char(std::toupper(static_cast<unsigned char>(t.back()))) : t.back();
    promo = piece_from_letter(p);
    if (promo == NO_PIECE_TYPE || promo == PAWN || promo == KING)
      return fail(SanError::Kind::Malformed, "bad promotion piece");
    t.remove_suffix(2);
  } else if (lenient && t.size() >= 3 &&
             std::isdigit(static_cast<unsigned char>(t[t.size() - 2]))) {
    PieceType p = piece_from_letter(char(std::toupper(static_cast<unsigned char>(t.back()))));
    if (p != NO_PIECE_TYPE && p != PAWN && p != KING && t.back() != 'b') {
      promo = p;
      t.remove_suffix(1);
    } else if (t.back() == 'b' && (t[t.size() - 2] == '8' || t[t.size() - 2] == '1')) {
      promo = BISHOP;  // e8b: lower-case bishop promotion
      t.remove_suffix(1);
    }
  }

  // Destination square.
  if (t.size() < 2) return fail(SanError::Kind::Malformed, "no destination square");
  const Square to = parse_square(t.substr(t.size() - 2));
  if (to == SQ_NONE) return fail(SanError::Kind::Malformed, "no destination square at the end");
  t.remove_suffix(2);

  // Piece letter.
  PieceType pt = PAWN;
  if (!t.empty() && t.front() >= 'A' && t.front() <= 'Z') {
    pt = piece_from_letter(t.front());
    if (pt == NO_PIECE_TYPE || (pt == PAWN && !lenient))
      return fail(SanError::Kind::Malformed,
                  std::string("unknown piece letter '") + t.front() + "'");
    t.remove_prefix(1);
  }
  // Capture / separator marks.
  bool capture_mark = false;
  if (!t.empty() && (t.back() == 'x' || (lenient && (t.back() == ':' || t.back() == '-')))) {
    capture_mark = t.back() != '-';
    t.remove_suffix(1);
  }
  // Disambiguation: [file][rank].
  int from_file = -1, from_rank = -1;
  if (!t.empty() && t.front() >= 'a' && t.front() <= 'h')
    from_file = t.front() - 'a', t.remove_prefix(1);
  if (!t.empty() && t.front() >= '1' && t.front() <= '8')
    from_rank = t.front() - '1', t.remove_prefix(1);
  if (!t.empty()) return fail(SanError::Kind::Malformed, "unexpected '" + std::string(t) + "'");
  if (pt == PAWN && capture_mark && from_file < 0)
    return fail(SanError::Kind::Malformed, "pawn capture without the pawn's file");
  if (promo != NO_PIECE_TYPE && pt != PAWN)
    return fail(SanError::Kind::Malformed, "only pawns promote");

  // The legal moves of that piece type to that square (few pieces to look at, not every move).
  const LegalityTest legal(pos);
  const Bitboard sources = legal.filter(pseudo_sources(pos, pt, to), to);
  Bitboard chosen = sources;
  if (from_file >= 0) chosen &= file_bb(File(from_file));
  if (from_rank >= 0) chosen &= rank_bb(Rank(from_rank));
  const bool last_rank = pt == PAWN && (rank_of(to) == RANK_1 || rank_of(to) == RANK_8);
  if (promo != NO_PIECE_TYPE && !last_rank) chosen = 0;  // only a move to the last rank promotes
  if (chosen && !more_than_one(chosen) && (promo != NO_PIECE_TYPE || !last_rank)) {
    const Move m = make_move(pos, lsb(chosen), to, promo);
    const bool capture = pos.is_capture(m);
    if (!lenient && capture_mark != capture)
      return fail(SanError::Kind::Malformed,
                  capture_mark ? "'x' but the move is not a capture" : "capture without 'x'");
    if (!lenient) {
      char want[8];
      const size_t n = write_core(pos, m, pt == PAWN ? 0 : sources & ~chosen, want);
      bool same = n == body.size();  // (a loop: a memcmp call costs more for 2 to 7 bytes)
      for (size_t i = 0; same && i < n; ++i) same = want[i] == body[i];
      if (!same)
        return fail(SanError::Kind::Malformed,
                    "strict SAN for this move is '" + std::string(want, n) + "'");
      if (check_mark) {
        const std::string suf = suffix(pos, m);
        if (suf.size() != 1 || suf[0] != check_mark)
          return fail(SanError::Kind::Illegal, suf.empty() ? "the move does not give check"
                                                           : "the suffix should be '" + suf + "'");
      }
    }
    return m;
  }
  if (chosen) {
    std::vector<Move> matches;
    for (Bitboard b = chosen; b;) {
      const Square from = pop_lsb(b);
      if (last_rank && promo == NO_PIECE_TYPE)
        for (PieceType p : {QUEEN, ROOK, BISHOP, KNIGHT})
          matches.push_back(Move::promotion(from, to, p));
      else
        matches.push_back(make_move(pos, from, to, promo));
    }
    if (last_rank && promo == NO_PIECE_TYPE)
      return fail(SanError::Kind::Ambiguous, "the promotion piece is missing", matches);
    std::string list;
    for (Move m : matches) list += (list.empty() ? "" : ", ") + square_name(m.from());
    return fail(SanError::Kind::Ambiguous,
                std::string("several ") + piece_name(pt) + "s can move to " + square_name(to) +
                    " (from " + list + ")",
                matches);
  }

  // No legal move: is there a piece that could go there if it were not for check or a pin?
  const Color us = pos.side_to_move();
  Bitboard cand = pos.pieces(us, pt);
  if (from_file >= 0) cand &= file_bb(File(from_file));
  if (from_rank >= 0) cand &= rank_bb(Rank(from_rank));
  Bitboard reach = 0;
  const Bitboard occ = pos.occupied();
  for (Bitboard b = cand; b;) {
    Square s = pop_lsb(b);
    bool can;
    if (pt == PAWN) {
      const int up = pawn_push(us);
      can = (pawn_attacks(us, s) & square_bb(to) &&
             ((pos.pieces(~us) & square_bb(to)) || to == pos.ep_square())) ||
            (int(to) == s + up && !(occ & square_bb(to))) ||
            (int(to) == s + 2 * up && rank_of(s) == relative_rank(us, RANK_2) &&
             !(occ & (square_bb(to) | square_bb(Square(s + up)))));
    } else {
      can = (attacks(pt, s, occ) & square_bb(to)) && !(pos.pieces(us) & square_bb(to));
    }
    if (can) reach |= square_bb(s);
  }
  if (!reach)
    return fail(SanError::Kind::NoSuchPiece,
                std::string("no ") + (us == WHITE ? "white " : "black ") + piece_name(pt) +
                    " can move to " + square_name(to));
  if (pt == PAWN && (square_bb(to) & (rank_bb(RANK_1) | rank_bb(RANK_8))) && promo == NO_PIECE_TYPE)
    return fail(SanError::Kind::Illegal, "a pawn reaching the last rank must promote (Art. 3.7.5)");
  std::string why = pos.in_check()
                        ? "it does not get the king out of check (Art. 3.9)"
                        : "the " + std::string(piece_name(pt)) + " on " + square_name(lsb(reach)) +
                              (pt == KING ? " would be in check" : " is pinned");
  return fail(SanError::Kind::Illegal, why);
}

}  // namespace arbiter
