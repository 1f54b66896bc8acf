// SAN (PGN export format, PGN standard 8.2.3) in and out.
#include "arbiter/engine/san.h"

#include <cassert>
#include <cctype>
#include <optional>

#include "arbiter/engine/san_fast.h"

namespace arbiter {

namespace {

using namespace detail::san;

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

// Of several pieces other than the king (`pseudo`) that reach `to` by a pseudo-legal move, those
// whose move leaves the king safe (Art. 3.9), each tested on the board after it. (What does not
// depend on the piece that moves is tested once: a pawn's or knight's check stands unless the
// move takes the checker on `to`; only an enemy slider on a line through the king can matter.)
inline Bitboard legal_sources(const Position& pos, Bitboard pseudo, Square to) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard to_bb = square_bb(to), occ = pos.occupied() | to_bb;
  const Bitboard them = pos.pieces(~us) & ~to_bb;
  if (((pawn_attacks(us, king) & pos.pieces(PAWN)) | (knight_attacks(king) & pos.pieces(KNIGHT))) &
      them)
    return 0;
  const Bitboard lined = sliders_lined(pos, king, them);
  if (!lined) return pseudo;
  Bitboard legal = 0;
  for (Bitboard b = pseudo; b;) {
    const Bitboard from_bb = square_bb(pop_lsb(b));
    if (sliders_blocked(king, lined, occ ^ from_bb)) legal |= from_bb;
  }
  return legal;
}

}  // namespace

// Whether an en passant capture from-to leaves the king safe: tested on the board with both
// pawns moved (it can uncover the king along the rank, Art. 3.7.3.1 with 3.9).
bool detail::san::en_passant_safe(const Position& pos, Square from, Square to) {
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

// A disambiguated strict SAN of a piece ("Nbd7", "R1e2", "Qh4xe1"; p[1, k) is the text between
// the letter and the destination): right only among several legal candidates, and only with
// exactly the minimal disambiguation (PGN 8.2.3.4).
Move detail::san::disambiguated_move(const Position& pos, const char* p, size_t k, PieceType pt,
                                     Square to) {
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
Move detail::san::one_of_move(const Position& pos, Bitboard pseudo, Square to) {
  const Bitboard sources = legal_sources(pos, pseudo, to);
  if (!sources || more_than_one(sources)) return Move::none();
  return Move::normal(lsb(sources), to);
}

namespace {

// Whether vacating `from` uncovers a slider of ours (rq rook-like, bq bishop-like) on k: a
// discovered check. Only a slider on the line through k and `from` can be one.
bool discovered_check(Square from, Square k, Bitboard rq, Bitboard bq, Bitboard occ) {
  if (kRays.rook[k] & square_bb(from)) return sliders_seeing(k, rq & kRays.rook[from], 0, occ);
  if (kRays.bishop[k] & square_bb(from)) return sliders_seeing(k, 0, bq & kRays.bishop[from], occ);
  return false;
}

// The squares attacked by our pieces `ours` other than the moved one (rq rook-like, bq
// bishop-like among them; occ_k: the occupancy with their king gone, so that a slider sees
// through the square it leaves). A piece does not attack its own square: one that their king
// would take there does not count.
Bitboard attacked_squares(const Position& pos, Color us, Bitboard ours, Bitboard rq, Bitboard bq,
                          Bitboard occ_k) {
  const Bitboard pawns = ours & pos.pieces(PAWN), king = ours & pos.pieces(KING);
  Bitboard att = us == WHITE ? pawn_attacks_bb<WHITE>(pawns) : pawn_attacks_bb<BLACK>(pawns);
  if (king) att |= king_attacks(lsb(king));
  for (Bitboard b = ours & pos.pieces(KNIGHT); b;) att |= knight_attacks(pop_lsb(b));
  for (Bitboard b = rq; b;) att |= rook_attacks(pop_lsb(b), occ_k);
  for (Bitboard b = bq; b;) att |= bishop_attacks(pop_lsb(b), occ_k);
  return att;
}

}  // namespace

// The check mark ('+' or '#', else 0) of a legal move that the fast path resolved (normal,
// promotion or en passant), decided on the board after the move without making it (Art. 3.9,
// PGN 8.2.3.6). A check is given by the moved piece from `to` (its new type after a promotion)
// or by a slider of ours uncovered on the line through their king and `from`. Given a check,
// the answer is '+' as soon as a square next to their king holds none of their pieces (a
// captured piece is gone) and is attacked by none of ours, with the king gone from its square
// (a slider sees through where it stood); otherwise (a capture or a block may still save them,
// or it is mate) the general test on the position after the move.
char detail::san::fast_check_suffix(const Position& pos, Move m) {
  if (m.is_en_passant()) return check_suffix(pos, m);
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to(), their_king = pos.king_square(~us);
  const Bitboard from_bb = square_bb(from), to_bb = square_bb(to), k_bb = square_bb(their_king);
  const PieceType now = m.is_promotion() ? m.promotion_type() : type_of(pos.piece_on(from));
  const Bitboard occ_k = ((pos.occupied() ^ from_bb) | to_bb) ^ k_bb;
  // The moved piece's attacks from `to`, and our other pieces (one taken on `to` was theirs).
  const Bitboard moved = now == PAWN ? pawn_attacks(us, to) : attacks(now, to, occ_k);
  const Bitboard ours = pos.pieces(us) ^ from_bb;
  const Bitboard rq = ours & pos.pieces(ROOK, QUEEN), bq = ours & pos.pieces(BISHOP, QUEEN);
  // (The test of every piece last: a check that stood before the move is possible only in a
  // position an unclaimed illegal move left, Laws A.5.2.)
  if (!(moved & k_bb) && !discovered_check(from, their_king, rq, bq, occ_k) &&
      !(((pawn_attacks(~us, their_king) & pos.pieces(PAWN)) |
         (knight_attacks(their_king) & pos.pieces(KNIGHT))) &
        ours) &&
      !sliders_seeing(their_king, rq, bq, occ_k))
    return 0;
  const Bitboard att = moved | attacked_squares(pos, us, ours, rq, bq, occ_k);
  if (king_attacks(their_king) & ~(pos.pieces(~us) & ~to_bb) & ~att) return '+';
  return check_suffix(pos, m);
}

// (The fast path itself is inline in san_fast.h, for the validator's loop.)
Move parse_san_common(const Position& pos, std::string_view text) {
  return detail::san::parse_fast(pos, text);
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

// ---- parse_san, one function per phase ----
// 1. the fast path (strict: parse_san_common); 2. the suffixes; 3. castling; 4. the parts of
// the text (promotion, destination, piece letter, capture mark, disambiguation); 5. the legal
// moves those parts name, checked against strict SAN; 6. why no legal move fits.
namespace {

using SanResult = Result<Move, SanError>;

// The parse of one text: the text, the mode and how to report an error on it.
struct SanParse {
  const Position& pos;
  std::string_view text;
  bool lenient;
  Unexpected<SanError> error(SanError::Kind k, std::string reason, std::vector<Move> c = {}) const {
    return unexpected(SanError{k, std::string(text), std::move(reason), std::move(c)});
  }
  SanResult fail(SanError::Kind k, std::string reason, std::vector<Move> c = {}) const {
    return error(k, std::move(reason), std::move(c));
  }
};

// The parts of a SAN move once its suffixes are gone (phase 4).
struct SanParts {
  PieceType pt = PAWN, promo = NO_PIECE_TYPE;
  Square to = SQ_NONE;
  bool capture_mark = false;
  int from_file = -1, from_rank = -1;
};

// 2a. Lenient: the text without surrounding white space.
std::string_view trim_spaces(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  return t;
}

// 2. Takes off the suffixes of a non-empty text: lenient, annotations, "e.p." and +/# in any
// order; strict, a check mark only, into *check_mark. Empty: nothing before the suffixes.
std::string_view strip_suffixes(std::string_view t, bool lenient, char* check_mark) {
  assert(!t.empty());
  if (lenient) {
    for (bool more = true; more;) {
      more = false;
      while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.remove_suffix(1), more = true;
      if (t.size() >= 4 && t.substr(t.size() - 4) == "e.p.") t.remove_suffix(4), more = true;
      while (!t.empty() && t.back() == ' ') t.remove_suffix(1), more = true;
      if (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1), more = true;
    }
  } else if (t.back() == '+' || t.back() == '#') {
    *check_mark = t.back();
    t.remove_suffix(1);
  }
  return t;
}

// The strict check mark, if any, against the suffix the move earns (PGN 8.2.3.5).
std::optional<SanResult> wrong_check_mark(const SanParse& s, Move m, char check_mark) {
  if (s.lenient || !check_mark) return std::nullopt;
  const std::string suf = suffix(s.pos, m);
  if (suf.size() == 1 && suf[0] == check_mark) return std::nullopt;
  return s.fail(SanError::Kind::Illegal, suf.empty() ? "the move does not give check"
                                                     : "the suffix should be '" + suf + "'");
}

// 3. Castling: O-O / O-O-O (lenient: 0-0 / 0-0-0 and lower-case o). Rare enough (once per side
// and game) to be looked up among the generated legal moves. Nothing when `t` is not castling.
std::optional<SanResult> parse_castling(const SanParse& s, std::string_view t, char check_mark) {
  if (t.size() != 3 && t.size() != 5) return std::nullopt;
  for (size_t i = 0; i < t.size(); ++i) {
    const char ch = t[i];
    if (!(i % 2 ? ch == '-' : (ch == 'O' || (s.lenient && (ch == '0' || ch == 'o')))))
      return std::nullopt;
  }
  const Position& pos = s.pos;
  const CastleSide side = t.size() == 3 ? KING_SIDE : QUEEN_SIDE;
  if (const Move m = pos.in_check() ? Move::none() : pos.legal_castling(side); !m.is_none()) {
    assert(m.is_castling() && pos.is_legal(m));
    if (auto wrong = wrong_check_mark(s, m, check_mark)) return wrong;
    return m;
  }
  if (pos.castling_rook(pos.side_to_move(), side) == SQ_NONE)
    return s.fail(SanError::Kind::Illegal, "no castling right on that side");
  return s.fail(SanError::Kind::Illegal,
                pos.in_check() ? "the king is in check (Art. 3.8.2)"
                               : "castling is prevented: a square is occupied or attacked "
                                 "(Art. 3.8.2, Guidelines II.3)");
}

// 4. The parts of `t` (suffixes and castling already handled), or the error that the text is
// not SAN.
Result<SanParts, SanError> parse_parts(const SanParse& s, std::string_view t) {
  const bool lenient = s.lenient;
  SanParts parts;
  // Promotion suffix.
  if (t.size() >= 2 && t[t.size() - 2] == '=') {
    char p = lenient ? char(std::toupper(static_cast<unsigned char>(t.back()))) : t.back();
    parts.promo = piece_from_letter(p);
    if (parts.promo == NO_PIECE_TYPE || parts.promo == PAWN || parts.promo == KING)
      return s.error(SanError::Kind::Malformed, "bad promotion piece");
    t.remove_suffix(2);
  } else if (lenient && t.size() >= 3 &&
             std::isdigit(static_cast<unsigned char>(t[t.size() - 2]))) {
    PieceType p = piece_from_letter(char(std::toupper(static_cast<unsigned char>(t.back()))));
    if (p != NO_PIECE_TYPE && p != PAWN && p != KING && t.back() != 'b') {
      parts.promo = p;
      t.remove_suffix(1);
    } else if (t.back() == 'b' && (t[t.size() - 2] == '8' || t[t.size() - 2] == '1')) {
      parts.promo = BISHOP;  // e8b: lower-case bishop promotion
      t.remove_suffix(1);
    }
  }
  // Destination square.
  if (t.size() < 2) return s.error(SanError::Kind::Malformed, "no destination square");
  parts.to = parse_square(t.substr(t.size() - 2));
  if (parts.to == SQ_NONE)
    return s.error(SanError::Kind::Malformed, "no destination square at the end");
  t.remove_suffix(2);
  // Piece letter.
  if (!t.empty() && t.front() >= 'A' && t.front() <= 'Z') {
    parts.pt = piece_from_letter(t.front());
    if (parts.pt == NO_PIECE_TYPE || (parts.pt == PAWN && !lenient))
      return s.error(SanError::Kind::Malformed,
                     std::string("unknown piece letter '") + t.front() + "'");
    t.remove_prefix(1);
  }
  // Capture / separator marks.
  if (!t.empty() && (t.back() == 'x' || (lenient && (t.back() == ':' || t.back() == '-')))) {
    parts.capture_mark = t.back() != '-';
    t.remove_suffix(1);
  }
  // Disambiguation: [file][rank].
  if (!t.empty() && t.front() >= 'a' && t.front() <= 'h')
    parts.from_file = t.front() - 'a', t.remove_prefix(1);
  if (!t.empty() && t.front() >= '1' && t.front() <= '8')
    parts.from_rank = t.front() - '1', t.remove_prefix(1);
  if (!t.empty()) return s.error(SanError::Kind::Malformed, "unexpected '" + std::string(t) + "'");
  if (parts.pt == PAWN && parts.capture_mark && parts.from_file < 0)
    return s.error(SanError::Kind::Malformed, "pawn capture without the pawn's file");
  if (parts.promo != NO_PIECE_TYPE && parts.pt != PAWN)
    return s.error(SanError::Kind::Malformed, "only pawns promote");
  return parts;
}

// The squares among `b` on the parts' disambiguating file and rank.
Bitboard disambiguated(Bitboard b, const SanParts& parts) {
  if (parts.from_file >= 0) b &= file_bb(File(parts.from_file));
  if (parts.from_rank >= 0) b &= rank_bb(Rank(parts.from_rank));
  return b;
}

// 5a. The one legal move that fits: strict SAN must be exactly what write_core writes
// (`body`: the text without suffixes), with the right capture and check marks.
SanResult check_strict(const SanParse& s, const SanParts& parts, Move m, Bitboard rivals,
                       std::string_view body, char check_mark) {
  if (s.lenient) return m;
  if (parts.capture_mark != s.pos.is_capture(m))
    return s.fail(SanError::Kind::Malformed,
                  parts.capture_mark ? "'x' but the move is not a capture" : "capture without 'x'");
  char want[8];
  const size_t n = write_core(s.pos, m, parts.pt == PAWN ? 0 : rivals, want);
  assert(n <= sizeof want);
  bool same = n == body.size();  // (a loop: a memcmp call costs more for 2 to 7 bytes)
  for (size_t i = 0; same && i < n; ++i) same = want[i] == body[i];
  if (!same)
    return s.fail(SanError::Kind::Malformed,
                  "strict SAN for this move is '" + std::string(want, n) + "'");
  if (auto wrong = wrong_check_mark(s, m, check_mark)) return *wrong;
  return m;
}

// 5b. Several legal moves fit the text: the error lists them.
SanResult ambiguous(const SanParse& s, const SanParts& parts, Bitboard chosen, bool last_rank) {
  assert(chosen);
  std::vector<Move> matches;
  for (Bitboard b = chosen; b;) {
    const Square from = pop_lsb(b);
    if (last_rank && parts.promo == NO_PIECE_TYPE)
      for (PieceType p : {QUEEN, ROOK, BISHOP, KNIGHT})
        matches.push_back(Move::promotion(from, parts.to, p));
    else
      matches.push_back(make_move(s.pos, from, parts.to, parts.promo));
  }
  if (last_rank && parts.promo == NO_PIECE_TYPE)
    return s.fail(SanError::Kind::Ambiguous, "the promotion piece is missing", matches);
  std::string list;
  for (Move m : matches) list += (list.empty() ? "" : ", ") + square_name(m.from());
  return s.fail(SanError::Kind::Ambiguous,
                std::string("several ") + piece_name(parts.pt) + "s can move to " +
                    square_name(parts.to) + " (from " + list + ")",
                matches);
}

// 6. No legal move fits: is there a piece that could go there if it were not for check or a
// pin (Art. 3.9), or a pawn that must promote (Art. 3.7.5)?
SanResult explain_no_move(const SanParse& s, const SanParts& parts) {
  const Position& pos = s.pos;
  const PieceType pt = parts.pt;
  const Square to = parts.to;
  const Color us = pos.side_to_move();
  const Bitboard cand = disambiguated(pos.pieces(us, pt), parts);
  Bitboard reach = 0;
  const Bitboard occ = pos.occupied();
  for (Bitboard b = cand; b;) {
    Square sq = pop_lsb(b);
    bool can;
    if (pt == PAWN) {
      const int up = pawn_push(us);
      can = (pawn_attacks(us, sq) & square_bb(to) &&
             ((pos.pieces(~us) & square_bb(to)) || to == pos.ep_square())) ||
            (int(to) == sq + up && !(occ & square_bb(to))) ||
            (int(to) == sq + 2 * up && rank_of(sq) == relative_rank(us, RANK_2) &&
             !(occ & (square_bb(to) | square_bb(Square(sq + up)))));
    } else {
      can = (attacks(pt, sq, occ) & square_bb(to)) && !(pos.pieces(us) & square_bb(to));
    }
    if (can) reach |= square_bb(sq);
  }
  if (!reach)
    return s.fail(SanError::Kind::NoSuchPiece,
                  std::string("no ") + (us == WHITE ? "white " : "black ") + piece_name(pt) +
                      " can move to " + square_name(to));
  if (pt == PAWN && (square_bb(to) & (rank_bb(RANK_1) | rank_bb(RANK_8))) &&
      parts.promo == NO_PIECE_TYPE)
    return s.fail(SanError::Kind::Illegal,
                  "a pawn reaching the last rank must promote (Art. 3.7.5)");
  std::string why = pos.in_check()
                        ? "it does not get the king out of check (Art. 3.9)"
                        : "the " + std::string(piece_name(pt)) + " on " + square_name(lsb(reach)) +
                              (pt == KING ? " would be in check" : " is pinned");
  return s.fail(SanError::Kind::Illegal, why);
}

// 5. The legal moves of that piece type to that square (few pieces to look at, not every
// move): one is the move, several an ambiguity, none an error explained by phase 6.
SanResult resolve(const SanParse& s, const SanParts& parts, std::string_view body,
                  char check_mark) {
  const Position& pos = s.pos;
  assert(parts.to != SQ_NONE && parts.pt != NO_PIECE_TYPE);
  assert(parts.promo == NO_PIECE_TYPE || parts.pt == PAWN);
  const LegalityTest legal(pos);
  const Bitboard sources = legal.filter(pseudo_sources(pos, parts.pt, parts.to), parts.to);
  Bitboard chosen = disambiguated(sources, parts);
  const bool last_rank =
      parts.pt == PAWN && (rank_of(parts.to) == RANK_1 || rank_of(parts.to) == RANK_8);
  if (parts.promo != NO_PIECE_TYPE && !last_rank) chosen = 0;  // only the last rank promotes
  if (chosen && !more_than_one(chosen) && (parts.promo != NO_PIECE_TYPE || !last_rank)) {
    const Move m = make_move(pos, lsb(chosen), parts.to, parts.promo);
    assert(pos.is_legal(m));
    return check_strict(s, parts, m, sources & ~chosen, body, check_mark);
  }
  if (chosen) return ambiguous(s, parts, chosen, last_rank);
  return explain_no_move(s, parts);
}

}  // namespace

Result<Move, SanError> parse_san(const Position& pos, std::string_view text, SanMode mode) {
  const SanParse s{pos, text, mode == SanMode::Lenient};
  // 1. The fast path of the usual strict shapes.
  if (!s.lenient) {
    if (const Move m = parse_san_common(pos, text); !m.is_none()) return m;
  }
  const std::string_view t = s.lenient ? trim_spaces(text) : text;
  if (t.empty()) return s.fail(SanError::Kind::Malformed, "empty");
  // 2. Suffixes.
  char check_mark = 0;
  const std::string_view body = strip_suffixes(t, s.lenient, &check_mark);
  if (body.empty()) return s.fail(SanError::Kind::Malformed, "no move before the suffix");
  // 3. Castling.
  if (auto castling = parse_castling(s, body, check_mark)) return std::move(*castling);
  // 4. The parts of the move.
  auto parts = parse_parts(s, body);
  if (!parts) return unexpected(std::move(parts.error()));
  // 5, 6. The legal move they name, or why none.
  return resolve(s, *parts, body, check_mark);
}

}  // namespace arbiter
