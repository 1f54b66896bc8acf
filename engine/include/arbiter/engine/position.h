#pragma once
// Position: a validated, playable chess position (value type, no shared state: copy it freely
// and use different copies from different threads). Built from a Setup by Position::from_setup,
// which rejects what the move generator cannot handle and says why; to_setup() gives the raw
// board back. Moves are generated strictly legal (pins, checks and evasions in the generator).
// Castling moves are "king takes own rook" (see Move), for standard chess and Chess960 alike.
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "arbiter/engine/bitboard.h"
#include "arbiter/engine/result.h"
#include "arbiter/engine/setup.h"
#include "arbiter/engine/types.h"
#include "arbiter/engine/zobrist.h"

namespace arbiter {

// Fixed-capacity list of moves. 512 exceeds the most moves any accepted position can have
// (at most 16 pieces per side are accepted: 15 queens and a king give fewer than 420).
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 512;
  MoveList() {}  // leaves the slots uninitialised: see Slots
  const Move* begin() const { return slots_.moves; }
  const Move* end() const { return slots_.moves + size_; }
  Move* begin() { return slots_.moves; }
  Move* end() { return slots_.moves + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return slots_.moves[i]; }
  void push_back(Move m) { slots_.moves[size_++] = m; }
  void clear() { size_ = 0; }
  bool contains(Move m) const;

 private:
  // Move's default constructor zeroes it, so a plain array would clear 1 KB every time a list
  // is made (once per node in perft and in every search); only the first size_ slots are read.
  union Slots {
    Slots() {}
    Move moves[kCapacity];
  } slots_;
  std::size_t size_ = 0;
};

// Legal moves in groups, as the generator finds them: the moves of one piece (Piece: from `from`
// to every square of `targets`), of one kind of pawn step (Pawn: to every target from the
// target minus `step`), pawn promotions (Promotion: the same, each target giving four moves,
// queen, rook, bishop, knight), or one special move (Single: castling, en passant, a pinned
// pawn's move). Groups come in generation order and each expands in ascending target order, so
// expanding them gives generate_legal's list move for move. A search that orders moves by their
// squares classifies a whole group with a few bitboard operations instead of move by move.
struct MoveGroup {
  enum Kind : std::uint8_t { Piece, Pawn, Promotion, Single };
  Bitboard targets;
  Kind kind;
  Square from;       // Piece, Single
  std::int8_t step;  // Pawn, Promotion: to - from
  Move move;         // Single
  // The move to `to` (Promotion: the pawn's step, to be made a promotion by the caller).
  Move at(Square to) const {
    return kind == Piece ? Move(from, to) : kind == Single ? move : Move(Square(to - step), to);
  }
};

// Fixed-capacity list of groups. The bound: a king group, four pawn groups, three promotion
// groups, a group per piece and two per queen (at most 30 for the 15 pieces besides the king),
// and singles: two castlings, two en passant captures, and the moves of pinned pawns (at most
// eight pinned pieces, each with at most two pawn moves or one promotion target, four moves).
class MoveGroups {
 public:
  static constexpr std::size_t kCapacity = 1 + 4 + 3 + 30 + 2 + 2 + 8 * 4;
  MoveGroups() {}  // slots uninitialised, as in MoveList
  const MoveGroup* begin() const { return slots_.groups; }
  const MoveGroup* end() const { return slots_.groups + size_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const MoveGroup& operator[](std::size_t i) const { return slots_.groups[i]; }
  void push_back(const MoveGroup& g) { slots_.groups[size_++] = g; }
  void clear() { size_ = 0; }

 private:
  union Slots {
    Slots() {}
    MoveGroup groups[kCapacity];
  } slots_;
  std::size_t size_ = 0;
};

struct PositionError {
  enum class Kind : std::uint8_t { Fen, Illegal } kind = Kind::Illegal;
  FenError fen;        // when kind == Fen
  std::string reason;  // when kind == Illegal, e.g. "white has 2 kings"
  std::string message() const;
};

class Position {
 public:
  // Rejects (with the reason): a side without exactly one king; more than 16 pieces or 8 pawns
  // of a colour; pawns on the first or last rank; the side not to move in check; castling
  // rights whose king is not on its back rank, whose rook is missing, not on the same rank as
  // the king, or that give two rights on one side of the king; an en passant square that no
  // double pawn step can have produced. chess960 = true marks the game as Chess960 (960 UCI
  // castling notation, 960 castling semantics); positions whose castling rights are not the
  // standard e-file king with a/h rooks are Chess960 regardless.
  static Result<Position, PositionError> from_setup(const Setup& setup, bool chess960 = false);
  // parse_fen (Strict, or Epd mode when epd = true) followed by from_setup.
  static Result<Position, PositionError> from_fen(std::string_view fen, bool chess960 = false,
                                                  bool epd = false);
  static Position standard();  // the standard start position
  Position();                  // = standard()

  Setup to_setup() const;
  std::string fen(CastlingNotation castling = CastlingNotation::XFen) const;

  // Board.
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard occupied() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  Color side_to_move() const { return turn_; }

  // Castling rights (Guidelines II: a right is tied to one rook). SQ_NONE when lost.
  Square castling_rook(Color c, CastleSide side) const { return castle_rook_[c][side]; }
  Bitboard castling_rooks() const;
  bool has_castling_rights(Color c) const;
  bool is_chess960() const { return chess960_; }

  // En passant: the square a pawn may capture onto after a double step (as a FEN records it,
  // even when no capture is possible), and the same square only when some en passant capture
  // is actually legal (Laws 9.2.2.1), else SQ_NONE.
  Square ep_square() const { return ep_; }
  Square legal_ep_square() const;

  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  // Ply count from the start of the game as implied by the fullmove number (0 = White's first).
  int game_ply() const { return 2 * (fullmove_ - 1) + turn_; }

  // Attacks and checks.
  Bitboard attackers_to(Square s, Bitboard occupied) const;  // both colours
  Bitboard attackers_to(Square s) const { return attackers_to(s, occupied()); }
  bool is_attacked(Square s, Color by) const { return attackers_to(s) & pieces(by); }
  Bitboard checkers() const;  // pieces giving check to the side to move
  bool in_check() const { return checkers() != 0; }
  // Pieces (of either colour) that alone stand between colour c's king and an enemy slider;
  // those of colour c are pinned.
  Bitboard blockers_for_king(Color c) const;
  Bitboard pinned(Color c) const { return blockers_for_king(c) & pieces(c); }

  // Moves.
  MoveList legal_moves() const;
  void generate_legal(MoveList& out) const;
  void generate_groups(MoveGroups& out) const;  // the same moves, grouped (see MoveGroup)
  std::size_t count_legal_moves() const;        // without making or listing them (bulk counting)
  // Whether any legal move exists: stops at the first kind of move found (king steps first),
  // so a checkmate or stalemate test costs far less than a count.
  bool has_legal_moves() const;
  bool is_legal(Move m) const;     // any 16-bit value: true iff in legal_moves()
  bool gives_check(Move m) const;  // m must be legal
  // The castling move on `side` if legal, else Move::none(); the caller rules out check.
  Move legal_castling(CastleSide side) const;
  Piece moved_piece(Move m) const { return board_[m.from()]; }
  // The captured piece (the pawn for en passant; NO_PIECE for castling and quiet moves).
  Piece captured_piece(Move m) const {
    if (m.is_castling()) return NO_PIECE;
    if (m.is_en_passant()) return make_piece(~turn_, PAWN);
    return board_[m.to()];
  }
  bool is_capture(Move m) const { return captured_piece(m) != NO_PIECE; }
  // For a castling move: which side, and the king's and rook's final squares.
  CastleSide castling_side(Move m) const { return m.to() > m.from() ? KING_SIDE : QUEEN_SIDE; }

  // Plays a legal move in place (copy-make: keep a copy to take it back). m must be legal.
  // The common case (a normal move that touches no square of a castling right) is inline: the
  // PGN validator and the searches call it once per move or node.
  void play(Move m) {
    apply(m);
    assert(is_consistent());  // the move was legal: our king is not left in check
  }
  // Laws A.5.2: an illegal move that stands because nobody claimed it (the validator's
  // unsupervised regimes). m is a move of our own piece that takes no king, but it may leave our
  // king in check: every invariant of is_consistent() holds but the one of Art. 3.9.
  void play_standing(Move m) {
    apply(m);
    assert(is_consistent(LastMove::MayExposeKing));
  }
  Position after(Move m) const {
    Position p = *this;
    p.play(m);
    return p;
  }

  // Zobrist hash of pieces, side to move and castling rights (not en passant).
  std::uint64_t key() const { return key_; }
  // Key for repetition (Laws 9.2.2/9.2.3): pieces, side to move, castling rights, and the en
  // passant square only when an en passant capture is legal. Equal keys = same position.
  std::uint64_t repetition_key() const;

  bool operator==(const Position& o) const;  // same board, side, rights, ep square, clocks

  // Every invariant the generator, play() and the keys rely on (Stockfish's pos_is_ok): one
  // king a side; the bitboards, the board array and the key agree; the side not to move is not
  // in check (unless the last move stood under A.5.2: play_standing); each castling rook and the
  // en passant square are where a right and a double step can put them. Checked by assert()s
  // in builds without NDEBUG (CI's debug and assert stages) after every change of position.
  enum class LastMove { Legal, MayExposeKing };
  bool is_consistent(LastMove last = LastMove::Legal) const;

 private:
  // play()'s work without its check of the result.
  void apply(Move m) {
    const Square from = m.from(), to = m.to();
    const Bitboard fb = square_bb(from), tb = square_bb(to);
    // A move of ours, never a capture of our own piece or a king (Arts. 3.1, 3.9).
    assert(board_[from] != NO_PIECE && color_of(board_[from]) == turn_);
    assert(m.is_castling() || !(pieces(turn_) & tb));
    assert(type_of(board_[to]) != KING);
    if (m.kind() != MoveKind::Normal || ((fb | tb) & castle_watch_)) return play_special(m);
    const auto& z = detail::kZobrist;
    const Color us = turn_, them = ~us;
    const Piece pc = board_[from], cap = board_[to];
    std::uint64_t key = key_ ^ z.black_to_move ^ z.piece[pc][from] ^ z.piece[pc][to];
    const bool pawn = type_of(pc) == PAWN;
    fullmove_ += us;  // after Black's move
    turn_ = them;
    // The clock (Laws 9.3: a pawn move or a capture resets it) and the en passant square (a
    // double step) each in one store: fewer instructions than a store undone by a second one.
    halfmove_ = pawn || cap != NO_PIECE ? 0 : halfmove_ + 1;
    ep_ = pawn && (int(to) ^ int(from)) == 16 ? Square((from + to) / 2) : SQ_NONE;
    if (cap != NO_PIECE) {
      by_type_[0] ^= tb;
      by_type_[type_of(cap)] ^= tb;
      by_color_[them] ^= tb;
      key ^= z.piece[cap][to];
    }
    board_[from] = NO_PIECE;
    board_[to] = pc;
    by_type_[0] ^= fb | tb;
    by_type_[type_of(pc)] ^= fb | tb;
    by_color_[us] ^= fb | tb;
    key_ = key;
  }
  struct Blank {};
  explicit Position(Blank) {}  // empty board, used by from_setup
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void play_special(Move m);  // castling, en passant, promotion, a castling right's square
  void update_castle_watch();
  template <class Sink, bool Any>
  std::size_t generate(Sink& sink) const;

  Bitboard by_type_[PIECE_TYPE_NB]{};  // [0] = all pieces
  Bitboard by_color_[COLOR_NB]{};
  Piece board_[SQUARE_NB]{};
  std::uint64_t key_ = 0;
  // The squares whose piece moving or being captured changes a castling right: each castling
  // rook's square and the square of each king that still has a right (play's fast path).
  Bitboard castle_watch_ = 0;
  Square castle_rook_[COLOR_NB][CASTLE_SIDE_NB]{};
  Color turn_ = WHITE;
  Square ep_ = SQ_NONE;
  bool chess960_ = false;
  std::uint16_t halfmove_ = 0;
  std::uint16_t fullmove_ = 1;
};

}  // namespace arbiter
