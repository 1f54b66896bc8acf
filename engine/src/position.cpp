// Position: validation, attacks, make move, keys.
#include "arbiter/engine/position.h"

#include <cassert>
#include <cstring>

#include "arbiter/engine/zobrist.h"

namespace arbiter {

using detail::kZobrist;

bool MoveList::contains(Move m) const {
  for (Move x : *this)
    if (x == m) return true;
  return false;
}

std::string PositionError::message() const {
  if (kind == Kind::Fen) return fen.message();
  return "illegal position: " + reason;
}

namespace {
const char* color_name(Color c) { return c == WHITE ? "white" : "black"; }
Unexpected<PositionError> illegal(std::string reason) {
  return unexpected(PositionError{PositionError::Kind::Illegal, {}, std::move(reason)});
}
}  // namespace

// (Always inlined: play() calls them two or three times per move, and out of line they cost a
// tenth of replaying a game in the PGN validator.)
[[gnu::always_inline]] inline void Position::put_piece(Piece p, Square s) {
  Bitboard b = square_bb(s);
  board_[s] = p;
  by_type_[0] |= b;
  by_type_[type_of(p)] |= b;
  by_color_[color_of(p)] |= b;
  key_ ^= kZobrist.piece[p][s];
}

[[gnu::always_inline]] inline void Position::remove_piece(Square s) {
  Piece p = board_[s];
  Bitboard b = square_bb(s);
  board_[s] = NO_PIECE;
  by_type_[0] ^= b;
  by_type_[type_of(p)] ^= b;
  by_color_[color_of(p)] ^= b;
  key_ ^= kZobrist.piece[p][s];
}

Position::Position() : Position(standard()) {}

Position Position::standard() {
  static const Position start = *from_setup(Setup::standard());
  return start;
}

Result<Position, PositionError> Position::from_fen(std::string_view fen, bool chess960, bool epd) {
  auto s = parse_fen(fen, epd ? FenMode::Epd : FenMode::Strict);
  if (!s) return unexpected(PositionError{PositionError::Kind::Fen, s.error(), {}});
  return from_setup(*s, chess960);
}

Result<Position, PositionError> Position::from_setup(const Setup& s, bool chess960) {
  // Only what the move generator relies on is enforced here; deeper legality (reachability,
  // impossible checks) is the adjudication library's business.
  Position p{Blank{}};
  for (int i = 0; i < 64; ++i)
    if (s.board[i] != NO_PIECE) {
      Piece pc = s.board[i];
      if (type_of(pc) < PAWN || type_of(pc) > KING || (pc & 0x30) || (pc & 7) == 7)
        return illegal("invalid piece code on " + square_name(Square(i)));
      p.put_piece(pc, Square(i));
    }
  for (Color c : {WHITE, BLACK}) {
    int kings = popcount(p.pieces(c, KING));
    if (kings != 1)
      return illegal(std::string(color_name(c)) + " has " + std::to_string(kings) + " kings");
    if (popcount(p.pieces(c)) > 16)
      return illegal(std::string(color_name(c)) + " has " + std::to_string(popcount(p.pieces(c))) +
                     " pieces (at most 16)");
    if (popcount(p.pieces(c, PAWN)) > 8)
      return illegal(std::string(color_name(c)) + " has " +
                     std::to_string(popcount(p.pieces(c, PAWN))) + " pawns (at most 8)");
  }
  if (Bitboard b = p.pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8)))
    return illegal("pawn on " + square_name(lsb(b)));
  p.turn_ = s.turn;
  if (s.turn == BLACK) p.key_ ^= kZobrist.black_to_move;
  if (p.attackers_to(p.king_square(~s.turn)) & p.pieces(s.turn))
    return illegal(std::string("the side not to move (") + color_name(~s.turn) + ") is in check");

  for (auto& r : p.castle_rook_) r[0] = r[1] = SQ_NONE;
  bool standard_rights = true;
  for (Bitboard b = s.castling_rooks; b;) {
    Square r = pop_lsb(b);
    Piece pc = s.board[r];
    if (type_of(pc) != ROOK)
      return illegal("castling right for " + square_name(r) + " without a rook there");
    Color c = color_of(pc);
    Square k = p.king_square(c);
    if (rank_of(r) != relative_rank(c, RANK_1))
      return illegal("castling right for the " + std::string(color_name(c)) + " rook on " +
                     square_name(r) + ", which is not on its back rank");
    if (rank_of(k) != rank_of(r))
      return illegal(std::string("castling rights for ") + color_name(c) + " but its king on " +
                     square_name(k) + " is not on its back rank");
    CastleSide side = r > k ? KING_SIDE : QUEEN_SIDE;
    if (p.castle_rook_[c][side] != SQ_NONE)
      return illegal(std::string("two ") + color_name(c) + " castling rights on the " +
                     (side == KING_SIDE ? "h" : "a") + "-side of the king (" +
                     square_name(p.castle_rook_[c][side]) + ", " + square_name(r) + ")");
    p.castle_rook_[c][side] = r;
    p.key_ ^= kZobrist.castling[r];
    if (file_of(k) != FILE_E || (file_of(r) != FILE_A && file_of(r) != FILE_H))
      standard_rights = false;
  }
  p.chess960_ = chess960 || !standard_rights;
  p.update_castle_watch();

  p.ep_ = SQ_NONE;
  if (s.ep_square != SQ_NONE) {
    Square ep = s.ep_square;
    Color us = s.turn;
    if (!is_ok(ep) || rank_of(ep) != relative_rank(us, RANK_6))
      return illegal("en passant square " + square_name(ep) + " is not on rank " +
                     (us == WHITE ? "6" : "3"));
    Square pawn = Square(ep - pawn_push(us)), origin = Square(ep + pawn_push(us));
    if (p.piece_on(pawn) != make_piece(~us, PAWN))
      return illegal("en passant square " + square_name(ep) + " but no " + color_name(~us) +
                     " pawn on " + square_name(pawn));
    if (p.piece_on(ep) != NO_PIECE || p.piece_on(origin) != NO_PIECE)
      return illegal("en passant square " + square_name(ep) + " but " + square_name(ep) + " or " +
                     square_name(origin) + " is occupied");
    p.ep_ = ep;
  }
  if (s.halfmove_clock < 0 || s.halfmove_clock > 65535)
    return illegal("halfmove clock out of range");
  if (s.fullmove_number < 1 || s.fullmove_number > 65535)
    return illegal("fullmove number out of range");
  p.halfmove_ = std::uint16_t(s.halfmove_clock);
  p.fullmove_ = std::uint16_t(s.fullmove_number);
  assert(p.is_consistent());
  return p;
}

Setup Position::to_setup() const {
  Setup s;
  for (int i = 0; i < 64; ++i) s.board[i] = board_[i];
  s.turn = turn_;
  s.castling_rooks = castling_rooks();
  s.ep_square = ep_;
  s.halfmove_clock = halfmove_;
  s.fullmove_number = fullmove_;
  return s;
}

std::string Position::fen(CastlingNotation castling) const { return to_fen(to_setup(), castling); }

Bitboard Position::castling_rooks() const {
  Bitboard b = 0;
  for (auto& c : castle_rook_)
    for (Square r : c)
      if (r != SQ_NONE) b |= square_bb(r);
  return b;
}

bool Position::has_castling_rights(Color c) const {
  return castle_rook_[c][0] != SQ_NONE || castle_rook_[c][1] != SQ_NONE;
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  const auto& T = detail::sliders();
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
         (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
         (king_attacks(s) & pieces(KING)) | (T.bishop[s](occ) & pieces(BISHOP, QUEEN)) |
         (T.rook[s](occ) & pieces(ROOK, QUEEN));
}

Bitboard Position::checkers() const { return attackers_to(king_square(turn_)) & pieces(~turn_); }

Bitboard Position::blockers_for_king(Color c) const {
  Square k = king_square(c);
  Bitboard snipers = ((rook_attacks(k, 0) & pieces(ROOK, QUEEN)) |
                      (bishop_attacks(k, 0) & pieces(BISHOP, QUEEN))) &
                     pieces(~c);
  Bitboard blockers = 0;
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard b = between_bb(k, s) & ~square_bb(s) & occupied();
    if (b && !more_than_one(b)) blockers |= b;
  }
  return blockers;
}

Square Position::legal_ep_square() const {
  if (ep_ == SQ_NONE) return SQ_NONE;
  // Tested directly on the occupancy (as the generator does) instead of generating every move:
  // repetition keys need it after each double pawn step.
  const Square ksq = king_square(turn_), cap = Square(ep_ - pawn_push(turn_));
  for (Bitboard b = pawn_attacks(~turn_, ep_) & pieces(turn_, PAWN); b;) {
    const Bitboard occ = (occupied() ^ square_bb(pop_lsb(b)) ^ square_bb(cap)) | square_bb(ep_);
    if (!(attackers_to(ksq, occ) & pieces(~turn_) & ~square_bb(cap))) return ep_;
  }
  return SQ_NONE;
}

std::uint64_t Position::repetition_key() const {
  Square ep = legal_ep_square();
  return ep == SQ_NONE ? key_ : key_ ^ kZobrist.ep_file[file_of(ep)];
}

bool Position::is_legal(Move m) const {
  if (m.is_none()) return false;
  // A normal move (no promotion bits) directly: the piece's own move (Arts. 3.2-3.7) to a
  // square not held by our own piece, then the king's safety on the board after it (Art. 3.9).
  // Castling, en passant and promotions, rare, against the generated list.
  if ((m.raw() >> 12) == 0) {
    const Color us = turn_;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    const Bitboard to_bb = square_bb(to), occ = occupied();
    if (pc == NO_PIECE || color_of(pc) != us || (pieces(us) & to_bb)) return false;
    const PieceType pt = type_of(pc);
    if (pt == PAWN) {
      if (rank_of(to) == relative_rank(us, RANK_8)) return false;  // a promotion (Art. 3.7.5)
      const int push = pawn_push(us);
      const bool capture = pawn_attacks(us, from) & pieces(~us) & to_bb;
      const bool step = int(to) == int(from) + push && !(occ & to_bb);
      const bool double_step = int(to) == int(from) + 2 * push &&
                               rank_of(from) == relative_rank(us, RANK_2) &&
                               !(occ & (to_bb | square_bb(Square(int(from) + push))));
      if (!capture && !step && !double_step) return false;
    } else if (!(attacks(pt, from, occ) & to_bb)) {
      return false;
    }
    const Square k = pt == KING ? to : king_square(us);
    return !(attackers_to(k, (occ ^ square_bb(from)) | to_bb) & pieces(~us) & ~to_bb);
  }
  MoveList list;
  generate_legal(list);
  return list.contains(m);
}

bool Position::gives_check(Move m) const { return after(m).in_check(); }

bool Position::operator==(const Position& o) const {
  return std::memcmp(board_, o.board_, sizeof board_) == 0 && turn_ == o.turn_ &&
         castling_rooks() == o.castling_rooks() && ep_ == o.ep_ && halfmove_ == o.halfmove_ &&
         fullmove_ == o.fullmove_ && chess960_ == o.chess960_;
}

namespace {

// The squares whose piece moving or being taken changes a castling right (play()'s
// castle_watch_): each right's rook and the king of a side with a right.
Bitboard castle_watch(const Position& pos) {
  Bitboard watch = 0;
  for (Color c : {WHITE, BLACK})
    for (CastleSide side : {KING_SIDE, QUEEN_SIDE})
      if (const Square r = pos.castling_rook(c, side); r != SQ_NONE)
        watch |= square_bb(r) | pos.pieces(c, KING);
  return watch;
}

}  // namespace

void Position::update_castle_watch() { castle_watch_ = castle_watch(*this); }

void Position::play_special(Move m) {
  const Color us = turn_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  ++halfmove_;
  if (us == BLACK) ++fullmove_;
  ep_ = SQ_NONE;
  turn_ = them;
  key_ ^= kZobrist.black_to_move;

  // (The squares play() watches change only with a right: promotions, en passant captures and
  // moves that touch a watched square without losing a right leave them.)
  bool dropped = false;
  auto drop_right = [this, &dropped](Color c, int side) {
    if (castle_rook_[c][side] != SQ_NONE) {
      key_ ^= kZobrist.castling[castle_rook_[c][side]];
      castle_rook_[c][side] = SQ_NONE;
      dropped = true;
    }
  };

  if (m.is_castling()) {
    // Guidelines II.3: king to c/g, rook to d/f, whatever their start squares.
    CastleSide side = to > from ? KING_SIDE : QUEEN_SIDE;
    remove_piece(from);
    remove_piece(to);
    put_piece(make_piece(us, KING), castle_king_to(us, side));
    put_piece(make_piece(us, ROOK), castle_rook_to(us, side));
    drop_right(us, 0);
    drop_right(us, 1);
    update_castle_watch();
    return;
  }
  if (m.is_en_passant()) {
    remove_piece(Square(to - pawn_push(us)));
    halfmove_ = 0;
  } else if (board_[to] != NO_PIECE) {
    // Art. 3.8.2: capturing a rook that could still castle removes that right.
    if (castle_rook_[them][0] == to) drop_right(them, 0);
    if (castle_rook_[them][1] == to) drop_right(them, 1);
    remove_piece(to);
    halfmove_ = 0;
  }
  if (m.is_promotion()) {
    remove_piece(from);
    put_piece(make_piece(us, m.promotion_type()), to);
  } else {
    // The piece's bitboards take both squares in one exclusive or (`to` is empty by now).
    const Bitboard b = square_bb(from) | square_bb(to);
    board_[from] = NO_PIECE;
    board_[to] = pc;
    by_type_[0] ^= b;
    by_type_[type_of(pc)] ^= b;
    by_color_[us] ^= b;
    key_ ^= kZobrist.piece[pc][from] ^ kZobrist.piece[pc][to];
  }
  if (type_of(pc) == PAWN) {
    halfmove_ = 0;
    if ((int(to) ^ int(from)) == 16) ep_ = Square((from + to) / 2);
  } else if (type_of(pc) == KING) {
    drop_right(us, 0);  // Art. 3.8.2: moving the king loses both rights
    drop_right(us, 1);
  } else if (type_of(pc) == ROOK) {
    if (castle_rook_[us][0] == from) drop_right(us, 0);
    if (castle_rook_[us][1] == from) drop_right(us, 1);
  }
  if (dropped) update_castle_watch();
}

bool Position::is_consistent(LastMove last) const {
  // The bitboards: colours disjoint, types disjoint, each union the occupancy.
  Bitboard types = 0;
  for (int pt = PAWN; pt <= KING; ++pt) {
    if (types & by_type_[pt]) return false;
    types |= by_type_[pt];
  }
  if ((by_color_[WHITE] & by_color_[BLACK]) ||
      (by_color_[WHITE] | by_color_[BLACK]) != occupied() || types != occupied())
    return false;
  // The board array and the key agree with them.
  std::uint64_t key = turn_ == BLACK ? kZobrist.black_to_move : 0;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const Piece pc = board_[s];
    if (pc == NO_PIECE) {
      if (occupied() & square_bb(s)) return false;
      continue;
    }
    if (!(pieces(color_of(pc), type_of(pc)) & square_bb(s))) return false;
    key ^= kZobrist.piece[pc][s];
  }
  for (Color c : {WHITE, BLACK})
    for (int side : {0, 1}) {
      const Square r = castle_rook_[c][side];
      if (r == SQ_NONE) continue;
      // A right's rook on its back rank, on its side of the king (Guidelines II).
      if (board_[r] != make_piece(c, ROOK) || rank_of(r) != relative_rank(c, RANK_1) ||
          (side == KING_SIDE) != (r > king_square(c)))
        return false;
      key ^= kZobrist.castling[r];
    }
  if (key != key_ || castle_watch_ != castle_watch(*this)) return false;
  // One king a side (Art. 2.3), no pawn on the first or last rank (Art. 3.7), the side not to
  // move not in check (Art. 3.9: the last move was legal).
  if (popcount(pieces(WHITE, KING)) != 1 || popcount(pieces(BLACK, KING)) != 1) return false;
  if (pieces(PAWN) & (rank_bb(RANK_1) | rank_bb(RANK_8))) return false;
  if (last == LastMove::Legal && (attackers_to(king_square(~turn_)) & pieces(turn_))) return false;
  // An en passant square behind a pawn of the side that just moved, with both squares it
  // crossed empty.
  if (ep_ != SQ_NONE && (rank_of(ep_) != relative_rank(turn_, RANK_6) ||
                         board_[ep_ - pawn_push(turn_)] != make_piece(~turn_, PAWN) ||
                         board_[ep_] != NO_PIECE || board_[ep_ + pawn_push(turn_)] != NO_PIECE))
    return false;
  return true;
}

}  // namespace arbiter
