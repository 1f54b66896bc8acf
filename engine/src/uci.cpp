// UCI move notation (chess960.md section 4).
#include "arbiter/engine/uci.h"

#include <cctype>

namespace arbiter {

std::string to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.is_promotion()) s += char(std::tolower(piece_type_char(m.promotion_type())));
  return s;
}

std::string to_uci(const Position& pos, Move m, bool chess960) {
  if (m.is_castling() && !chess960)
    return square_name(m.from()) +
           square_name(castle_king_to(pos.side_to_move(), pos.castling_side(m)));
  return to_uci(m);
}

std::string to_uci(const Position& pos, Move m) { return to_uci(pos, m, pos.is_chess960()); }

std::string UciError::message() const {
  std::string q;
  for (char c : text) q += (static_cast<unsigned char>(c) < 32 || c == 127) ? '?' : c;
  return "UCI move '" + q + "': " + reason;
}

Result<Move, UciError> parse_uci(const Position& pos, std::string_view text) {
  auto fail = [&](std::string reason) {
    return unexpected(UciError{std::string(text), std::move(reason)});
  };
  if (text.size() < 4 || text.size() > 5 || parse_square(text.substr(0, 2)) == SQ_NONE ||
      parse_square(text.substr(2, 2)) == SQ_NONE)
    return fail("malformed (expected e.g. e2e4 or e7e8q)");
  std::string norm(text);
  if (norm.size() == 5) {
    norm[4] = char(std::tolower(static_cast<unsigned char>(norm[4])));
    if (std::string_view("nbrq").find(norm[4]) == std::string_view::npos)
      return fail("malformed promotion piece (expected n, b, r or q)");
  }
  for (Move m : pos.legal_moves()) {
    if (to_uci(pos, m, true) == norm) return m;
    // Standard chess also accepts the king's destination for castling (e1g1).
    if (m.is_castling() && !pos.is_chess960() && to_uci(pos, m, false) == norm) return m;
  }
  return fail("not a legal move in this position");
}

}  // namespace arbiter
