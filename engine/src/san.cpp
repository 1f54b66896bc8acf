// SAN (PGN export format, PGN standard 8.2.3) in and out.
#include "arbiter/engine/san.h"

#include <cctype>

namespace arbiter {

namespace {

std::string core_san(const Position& pos, Move m) {
  if (m.is_castling()) return pos.castling_side(m) == KING_SIDE ? "O-O" : "O-O-O";
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.moved_piece(m));
  const bool capture = pos.is_capture(m);
  std::string s;
  if (pt == PAWN) {
    if (capture) s += file_char(file_of(from)), s += 'x';
    s += square_name(to);
    if (m.is_promotion()) s += '=', s += piece_type_char(m.promotion_type());
    return s;
  }
  s += piece_type_char(pt);
  // Minimal disambiguation: file if it tells the pieces apart, else rank, else both.
  bool clash = false, same_file = false, same_rank = false;
  for (Move o : pos.legal_moves()) {
    if (o == m || o.is_castling() || o.to() != to || o.from() == from) continue;
    if (type_of(pos.moved_piece(o)) != pt) continue;
    clash = true;
    same_file |= file_of(o.from()) == file_of(from);
    same_rank |= rank_of(o.from()) == rank_of(from);
  }
  if (clash) {
    if (!same_file)
      s += file_char(file_of(from));
    else if (!same_rank)
      s += rank_char(rank_of(from));
    else
      s += square_name(from);
  }
  if (capture) s += 'x';
  s += square_name(to);
  return s;
}

std::string suffix(const Position& pos, Move m) {
  Position next = pos.after(m);
  if (!next.in_check()) return "";
  return next.count_legal_moves() == 0 ? "#" : "+";
}

const char* piece_name(PieceType pt) {
  switch (pt) {
    case PAWN: return "pawn";
    case KNIGHT: return "knight";
    case BISHOP: return "bishop";
    case ROOK: return "rook";
    case QUEEN: return "queen";
    case KING: return "king";
    default: return "piece";
  }
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

}  // namespace

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

  const MoveList legal = pos.legal_moves();
  auto finish = [&](Move m) -> Result<Move, SanError> {
    if (!lenient) {
      std::string want = core_san(pos, m);
      if (want != body)
        return fail(SanError::Kind::Malformed, "strict SAN for this move is '" + want + "'");
      if (check_mark) {
        std::string suf = suffix(pos, m);
        if (suf != std::string(1, check_mark))
          return fail(SanError::Kind::Illegal, suf.empty() ? "the move does not give check"
                                                           : "the suffix should be '" + suf + "'");
      }
    }
    return m;
  };

  // Castling: O-O / O-O-O (lenient: 0-0 / 0-0-0 and lower-case o).
  {
    std::string c;
    for (char ch : t) c += (lenient && (ch == '0' || ch == 'o')) ? 'O' : ch;
    if (c == "O-O" || c == "O-O-O") {
      CastleSide side = c == "O-O" ? KING_SIDE : QUEEN_SIDE;
      for (Move m : legal)
        if (m.is_castling() && pos.castling_side(m) == side) return finish(m);
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

  // Match against the legal moves.
  std::vector<Move> matches;
  for (Move m : legal) {
    if (m.is_castling() || m.to() != to || type_of(pos.moved_piece(m)) != pt) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if (m.is_promotion() && promo != NO_PIECE_TYPE && m.promotion_type() != promo) continue;
    if (!m.is_promotion() && promo != NO_PIECE_TYPE) continue;
    matches.push_back(m);
  }
  if (matches.size() == 1) {
    if (!lenient && capture_mark != pos.is_capture(matches[0]))
      return fail(SanError::Kind::Malformed,
                  capture_mark ? "'x' but the move is not a capture" : "capture without 'x'");
    return finish(matches[0]);
  }
  if (matches.size() > 1) {
    if (matches[0].is_promotion() && promo == NO_PIECE_TYPE)
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
