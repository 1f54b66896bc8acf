// FEN reading and writing (castling notation: chess960.md section 2).
#include "arbiter/engine/setup.h"

#include <charconv>
#include <optional>
#include <vector>

namespace arbiter {

Bitboard Setup::pieces(Color c, PieceType pt) const {
  Bitboard b = 0;
  for (int s = 0; s < 64; ++s)
    if (board[s] == make_piece(c, pt)) b |= square_bb(Square(s));
  return b;
}
Bitboard Setup::pieces(Color c) const {
  Bitboard b = 0;
  for (int s = 0; s < 64; ++s)
    if (board[s] != NO_PIECE && color_of(board[s]) == c) b |= square_bb(Square(s));
  return b;
}
Bitboard Setup::occupied() const { return pieces(WHITE) | pieces(BLACK); }
Square Setup::king_square(Color c) const {
  Bitboard k = pieces(c, KING);
  return k && !more_than_one(k) ? lsb(k) : SQ_NONE;
}

Setup Setup::standard() {
  return *parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

const char* fen_field_name(FenField f) {
  switch (f) {
    case FenField::Placement: return "piece placement";
    case FenField::SideToMove: return "side to move";
    case FenField::Castling: return "castling";
    case FenField::EnPassant: return "en passant";
    case FenField::Halfmove: return "halfmove clock";
    case FenField::Fullmove: return "fullmove number";
    case FenField::Extra: return "extra";
  }
  return "?";
}

std::string FenError::message() const {
  return std::string("FEN ") + fen_field_name(field) + " field: " + reason;
}

namespace {

Unexpected<FenError> fail(FenField f, std::string reason) {
  return unexpected(FenError{f, std::move(reason)});
}

std::string quote(std::string_view s) {
  std::string r = "'";
  for (char c : s) r += (static_cast<unsigned char>(c) < 32 || c == 127) ? '?' : c;
  return r + "'";
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<std::string_view> split_fields(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_blank(s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !is_blank(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::optional<FenError> parse_placement(std::string_view f, Setup& out) {
  // A word where the board belongs (`--fen startpos`, a file name) was "unexpected character
  // 's'": say what the field is.
  if (f.find('/') == std::string_view::npos && f.size() > 1)
    return FenError{FenField::Placement,
                    quote(f.substr(0, 40)) + (f.size() > 40 ? "..." : "") +
                        " is no board: 8 ranks from the 8th, separated by '/' (the standard "
                        "start: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1)"};
  int rank = 7, file = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '/') {
      if (file != 8)
        return FenError{FenField::Placement, "rank " + std::to_string(rank + 1) + " has " +
                                                 std::to_string(file) + " squares, not 8"};
      if (rank == 0) return FenError{FenField::Placement, "more than 8 ranks"};
      --rank, file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8)
        return FenError{FenField::Placement,
                        "rank " + std::to_string(rank + 1) + " has more than 8 squares"};
    } else if (Piece p = piece_from_char(c); p != NO_PIECE) {
      if (file >= 8)
        return FenError{FenField::Placement,
                        "rank " + std::to_string(rank + 1) + " has more than 8 squares"};
      out.board[make_square(File(file), Rank(rank))] = p;
      ++file;
    } else {
      return FenError{FenField::Placement, "unexpected character " + quote(std::string(1, c))};
    }
  }
  if (rank != 0)
    return FenError{FenField::Placement, "only " + std::to_string(8 - rank) + " ranks, not 8"};
  if (file != 8)
    return FenError{FenField::Placement, "rank 1 has " + std::to_string(file) + " squares, not 8"};
  return std::nullopt;
}

std::optional<FenError> parse_castling(std::string_view f, Setup& out) {
  if (f == "-") return std::nullopt;
  for (char c : f) {
    Color col = (c >= 'A' && c <= 'Z') ? WHITE : BLACK;
    char u = char(c & ~0x20);
    const char* cname = col == WHITE ? "white" : "black";
    Rank back = relative_rank(col, RANK_1);
    Bitboard rooks = out.pieces(col, ROOK) & rank_bb(back);
    Square rook = SQ_NONE;
    if (u == 'K' || u == 'Q') {
      Square king = out.king_square(col);
      if (king == SQ_NONE || rank_of(king) != back)
        return FenError{FenField::Castling, quote(std::string(1, c)) + " but the " + cname +
                                                " king is not on its back rank"};
      // X-FEN: K/Q = the outermost rook on that side of the king.
      Bitboard side = u == 'K' ? rooks & ~(square_bb(king) * 2 - 1) : rooks & (square_bb(king) - 1);
      if (!side)
        return FenError{FenField::Castling, quote(std::string(1, c)) + " but no " + cname +
                                                " rook on the " + (u == 'K' ? "h" : "a") +
                                                "-side of the king"};
      rook = u == 'K' ? msb(side) : lsb(side);
    } else if (u >= 'A' && u <= 'H') {
      // Shredder-FEN / X-FEN file letter: the rook on that file of the back rank.
      Square s = make_square(File(u - 'A'), back);
      if (!(rooks & square_bb(s)))
        return FenError{FenField::Castling, quote(std::string(1, c)) + " but no " + cname +
                                                " rook on " + square_name(s)};
      rook = s;
    } else {
      return FenError{FenField::Castling, "unexpected character " + quote(std::string(1, c)) +
                                              " (expected '-', KQkq or rook files A-H/a-h)"};
    }
    if (out.castling_rooks & square_bb(rook))
      return FenError{
          FenField::Castling,
          quote(std::string(1, c)) + " repeats the right of the rook on " + square_name(rook)};
    out.castling_rooks |= square_bb(rook);
  }
  return std::nullopt;
}

std::optional<int> parse_int(std::string_view t, int max) {
  int v = 0;
  if (t.empty() || t.size() > 9) return std::nullopt;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size() || v < 0 || v > max) return std::nullopt;
  return v;
}

}  // namespace

Result<Setup, FenError> parse_fen(std::string_view fen, FenMode mode) {
  auto fields = split_fields(fen);
  if (fields.empty()) return fail(FenField::Placement, "empty FEN");
  Setup s;
  if (auto e = parse_placement(fields[0], s)) return unexpected(*e);

  if (fields.size() < 2) return fail(FenField::SideToMove, "missing");
  if (fields[1] == "w")
    s.turn = WHITE;
  else if (fields[1] == "b")
    s.turn = BLACK;
  else
    return fail(FenField::SideToMove, quote(fields[1]) + " is not 'w' or 'b'");

  if (fields.size() < 3) return fail(FenField::Castling, "missing");
  if (auto e = parse_castling(fields[2], s)) return unexpected(*e);

  if (fields.size() < 4) return fail(FenField::EnPassant, "missing");
  if (fields[3] != "-") {
    Square ep = parse_square(fields[3]);
    if (ep == SQ_NONE)
      return fail(FenField::EnPassant, quote(fields[3]) + " is not '-' or a square");
    if (rank_of(ep) != relative_rank(s.turn, RANK_6))
      return fail(FenField::EnPassant, quote(fields[3]) + " is not on rank " +
                                           (s.turn == WHITE ? "6" : "3") + " (" +
                                           (s.turn == WHITE ? "white" : "black") + " to move)");
    s.ep_square = ep;
  }

  if (mode == FenMode::Epd) {
    // EPD: clocks are optional; anything after them that is not a number is an operation.
    if (fields.size() >= 6) {
      auto h = parse_int(fields[4], 1 << 20), f = parse_int(fields[5], 1 << 20);
      if (h && f) {
        s.halfmove_clock = *h;
        s.fullmove_number = *f < 1 ? 1 : *f;
      }
    }
    return s;
  }

  if (fields.size() < 5) return fail(FenField::Halfmove, "missing");
  auto h = parse_int(fields[4], 1 << 20);
  if (!h) return fail(FenField::Halfmove, quote(fields[4]) + " is not a number from 0 to 1048576");
  s.halfmove_clock = *h;
  if (fields.size() < 6) return fail(FenField::Fullmove, "missing");
  auto f = parse_int(fields[5], 1 << 20);
  if (!f || *f < 1)
    return fail(FenField::Fullmove, quote(fields[5]) + " is not a number from 1 to 1048576");
  s.fullmove_number = *f;
  if (fields.size() > 6)
    return fail(FenField::Extra, "unexpected " + quote(fields[6]) + " after the six fields");
  return s;
}

std::string castling_field(const Setup& s, CastlingNotation notation) {
  std::string out;
  for (Color c : {WHITE, BLACK}) {
    Bitboard rights = s.castling_rooks & s.pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1));
    Square king = s.king_square(c);
    Bitboard rooks = s.pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1));
    std::string part;
    // h-side first (K before Q, H.. before ..A), as Shredder and X-FEN write it.
    for (Bitboard b = rights; b;) {
      Square r = msb(b);
      b ^= square_bb(r);
      char letter = char('A' + file_of(r));
      if (notation == CastlingNotation::XFen && king != SQ_NONE && rank_of(king) == rank_of(r)) {
        bool hside = r > king;
        Bitboard outer = hside ? rooks & ~(square_bb(r) * 2 - 1) : rooks & (square_bb(r) - 1);
        if (!outer) letter = hside ? 'K' : 'Q';
      }
      part += c == WHITE ? letter : char(letter | 0x20);
    }
    out += part;
  }
  return out.empty() ? "-" : out;
}

std::string to_fen(const Setup& s, CastlingNotation notation) {
  std::string out;
  out.reserve(100);  // the longest FEN (97 bytes) in one allocation, not three as it grows
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      Piece p = s.board[make_square(File(f), Rank(r))];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty), empty = 0;
      out += piece_char(p);
    }
    if (empty) out += char('0' + empty);
    if (r) out += '/';
  }
  out += s.turn == WHITE ? " w " : " b ";
  out += castling_field(s, notation);
  out += ' ';
  out += square_name(s.ep_square);
  out += ' ' + std::to_string(s.halfmove_clock) + ' ' + std::to_string(s.fullmove_number);
  return out;
}

}  // namespace arbiter
