#pragma once
// Laws A.5.2 with A.5.4 (rapid and blitz without adequate supervision): a pawn moved to the rank
// furthest from its start without being exchanged (Art. 3.7.5.1 makes the exchange part of the
// move) is an illegal move; if nobody claimed it, it stands, and "if the arbiter observes ... a
// pawn on the rank furthest from its starting position, he shall wait until the next move is
// completed. If an illegal position is still on the board, he shall declare the game drawn."
//
// The pawn left there can never move (no rule gives a pawn a move from its last rank) and attacks
// nothing (Art. 3.7.6 gives its captures forward only), but it blocks the lines through its
// square and it can be captured. The engine cannot hold a pawn on its last rank, so the position
// is held twice, with a knight and with a bishop of the pawn's colour standing in for it: each
// blocks and can be captured as the pawn, and only adds attacks. Every move legal with a stand-in
// is legal with the pawn; and a move legal with the pawn is legal with at least one of them,
// because no square a knight attacks lies on a line through its square, so the two stand-ins
// never both attack the square of the king after the move (and from the last rank neither
// attacks a square of that rank, so castling is never affected).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter::adjudication::detail {

struct UnpromotedPawn {
  Square square = SQ_NONE;  // where the pawn stands, on its last rank
  Position as_knight;       // the position with a knight of the pawn's colour on `square`
  Position as_bishop;       // the same with a bishop
};

// `text` as a pawn move to the last rank written without a promotion piece (SAN "e8", "exd8",
// UCI "e7e8") that would be legal with one; nullopt otherwise.
std::optional<UnpromotedPawn> read_unpromoted_pawn_move(const Position& pos, std::string_view text);

// The FEN of `pos` (a position of `u` or after a reply that left the pawn) with the pawn in
// place of its stand-in.
std::string fen_with_pawn(const UnpromotedPawn& u, const Position& pos);

struct UnpromotedReply {
  Move move = Move::none();
  Position after;           // the position after the reply (a stand-in still on `square` unless
                            // the reply captured the pawn)
  bool takes_pawn = false;  // the pawn was captured: `after` is exact and the game goes on
  std::string error;        // non-empty when `text` names no legal reply, or more than one
};
// The reply written as `text` (SAN, lenient SAN or UCI), read against the legal replies.
UnpromotedReply read_reply(const UnpromotedPawn& u, std::string_view text);

}  // namespace arbiter::adjudication::detail
