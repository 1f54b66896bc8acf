// A pawn left on its last rank (unpromoted_pawn.h): the move that puts it there, and the
// opponent's reply with the pawn on the board, read exactly through two stand-ins.
#include "unpromoted_pawn.h"

#include <algorithm>
#include <cassert>

#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"

namespace arbiter::adjudication::detail {
namespace {

std::string_view without_suffix(std::string_view text) {
  while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos)
    text.remove_suffix(1);
  return text;
}

// The text read with a queen as the missing promotion piece: the move of the pawn, the same
// whatever it would have become.
Move as_promotion(const Position& pos, std::string_view text) {
  if (text.size() == 4)  // UCI e7e8
    if (auto m = parse_uci(pos, std::string(text) + "q")) return *m;
  // SAN: a destination square last, no promotion piece ("e8", "exd8"); strict SAN with "=Q".
  if (text.size() < 2 || parse_square(text.substr(text.size() - 2)) == SQ_NONE) return Move::none();
  if (auto m = parse_san(pos, std::string(text) + "=Q", SanMode::Lenient)) return *m;
  return Move::none();
}

// The side to move's king is safe after `m`, played where it is legal, from every man but the
// stand-in on `square`: the exact test of a reply with the inert pawn (debug builds).
[[maybe_unused]] bool safe_with_pawn(const Position& with_stand_in, Move m, Square square) {
  const Color us = with_stand_in.side_to_move();
  const Position q = with_stand_in.after(m);
  return !(q.attackers_to(q.king_square(us)) & q.pieces(~us) & ~square_bb(square));
}

}  // namespace

std::optional<UnpromotedPawn> read_unpromoted_pawn_move(const Position& pos,
                                                        std::string_view text) {
  text = without_suffix(text);
  const Move m = as_promotion(pos, text);
  if (m.is_none() || !m.is_promotion()) return std::nullopt;
  // Never a move written with its promotion piece (that one was read, or is an error already).
  assert(type_of(pos.moved_piece(m)) == PAWN);
  UnpromotedPawn u;
  u.square = m.to();
  u.as_knight = pos.after(Move::promotion(m.from(), m.to(), KNIGHT));
  u.as_bishop = pos.after(Move::promotion(m.from(), m.to(), BISHOP));
  // The argument of unpromoted_pawn.h: from the last rank a knight and a bishop attack no square
  // of that rank, and a knight attacks no square of a line through its square.
  assert(!((knight_attacks(u.square) | bishop_attacks(u.square, 0)) & rank_bb(rank_of(u.square))));
  assert(!(knight_attacks(u.square) & (bishop_attacks(u.square, 0) | rook_attacks(u.square, 0))));
  return u;
}

std::string fen_with_pawn(const UnpromotedPawn& u, const Position& pos) {
  Setup s = pos.to_setup();
  assert(s.board[u.square] != NO_PIECE);
  s.board[u.square] = make_piece(color_of(s.board[u.square]), PAWN);
  return to_fen(s);
}

UnpromotedReply read_reply(const UnpromotedPawn& u, std::string_view text) {
  // The legal replies are the union of the stand-ins' legal moves (unpromoted_pawn.h).
  // What the text names with each stand-in: a move, or the moves it cannot tell apart. With
  // the pawn, the text names their union (a move of the union that one stand-in forbids is
  // named by the other); more than one is ambiguous.
  std::vector<Move> named;
  auto add = [&](Move m) {
    if (std::find(named.begin(), named.end(), m) == named.end()) named.push_back(m);
  };
  for (const Position* p : {&u.as_knight, &u.as_bishop}) {
    if (auto m = parse_san(*p, text, SanMode::Lenient)) {
      add(*m);
    } else if (m.error().kind == SanError::Kind::Ambiguous) {
      for (Move c : m.error().candidates) add(c);
    } else if (auto uci = parse_uci(*p, without_suffix(text))) {
      add(*uci);
    }
  }
  UnpromotedReply r;
  if (named.size() != 1) {
    r.error = named.empty() ? "not a legal move with the pawn on " + square_name(u.square)
                            : "ambiguous with the pawn on " + square_name(u.square);
    return r;
  }
  r.move = named[0];
  const Position& p = u.as_knight.is_legal(r.move) ? u.as_knight : u.as_bishop;
  assert(p.is_legal(r.move) && safe_with_pawn(p, r.move, u.square));
  r.takes_pawn = r.move.to() == u.square && !r.move.is_castling();
  r.after = p.after(r.move);
  return r;
}

}  // namespace arbiter::adjudication::detail
