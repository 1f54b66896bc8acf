// Legality of a set-up position (legality.h): every reason that applies, each citing the rule.
#include "arbiter/adjudication/legality.h"

#include <algorithm>
#include <cassert>

#include "arbiter/adjudication/retrograde.h"
#include "legality_text.h"

namespace arbiter::adjudication {

using detail::colour;
using detail::squares;

const char* legality_status_name(LegalityStatus s) {
  switch (s) {
    case LegalityStatus::Legal: return "legal";
    case LegalityStatus::NotContradicted: return "not contradicted";
    case LegalityStatus::IllegalA54: return "illegal (A.5.4)";
    case LegalityStatus::NotReachable: return "not reachable";
  }
  return "?";
}

namespace {

struct Board {
  Bitboard by[COLOR_NB][PIECE_TYPE_NB]{};
  Bitboard side[COLOR_NB]{};
  Bitboard occ = 0;
  explicit Board(const Setup& s) {
    for (int i = 0; i < 64; ++i) {
      Piece p = s.board[i];
      if (p == NO_PIECE || type_of(p) < PAWN || type_of(p) > KING) continue;
      by[color_of(p)][type_of(p)] |= square_bb(Square(i));
      side[color_of(p)] |= square_bb(Square(i));
      occ |= square_bb(Square(i));
    }
  }
  // Pieces of colour `by_c` attacking square s.
  Bitboard attackers(Square s, Color by_c, Bitboard o) const {
    return (pawn_attacks(~by_c, s) & by[by_c][PAWN]) | (knight_attacks(s) & by[by_c][KNIGHT]) |
           (king_attacks(s) & by[by_c][KING]) |
           (bishop_attacks(s, o) & (by[by_c][BISHOP] | by[by_c][QUEEN])) |
           (rook_attacks(s, o) & (by[by_c][ROOK] | by[by_c][QUEEN]));
  }
};

}  // namespace

std::optional<Setup> start_of(const LegalityOptions& options) {
  if (options.start) return options.start;
  if (!options.chess960) return Setup::standard();
  return std::nullopt;
}

namespace {

// What check_legality tries, in its order (listed for "not contradicted").
const std::vector<std::string>& checks_tried(bool with_start) {
  static const std::vector<std::string> all = {
      "one king a side, at most 8 pawns and 16 men, promoted pieces within the missing pawns",
      "pawns on their first or last rank (A.5.4)",
      "checks: both kings, the side not to move, more than two checkers, double checks",
      "en passant square and castling rights against the board (Art. 3.7.4, 3.8.2)",
      "pawn captures: files changed against the opponent's missing men",
      "the last move: some retraction gives every check and keeps the rules (Art. 3.9)",
      "locked-in pieces: pieces that can never have left their home squares",
  };
  static const std::vector<std::string> no_start(all.begin(), all.end() - 1);
  return with_start ? all : no_start;
}

// The issues found so far, in check_legality's order (the report lists them in this order).
struct Issues {
  std::vector<LegalityIssue>& out;
  void add(std::string code, std::string msg, bool a54 = false) {
    out.push_back({std::move(code), std::move(msg), a54});
  }
};

bool one_king_each(const Board& b) {
  return popcount(b.by[WHITE][KING]) == 1 && popcount(b.by[BLACK][KING]) == 1;
}

// Kings: exactly one per side (Art. 2.2, 3.9: every game has one king per player).
void check_kings(const Board& b, Issues& is) {
  for (Color c : {WHITE, BLACK}) {
    int kings = popcount(b.by[c][KING]);
    if (kings == 0) is.add("missing-king", std::string(colour(c)) + " has no king");
    if (kings > 1)
      is.add("extra-kings", std::string(colour(c)) + " has " + std::to_string(kings) + " kings (" +
                                squares(b.by[c][KING]) + ")");
  }
}

// Pawns on the first and last ranks (A.5.4; Art. 3.7.5: a pawn reaching the last rank is
// promoted; pawns never move backwards).
void check_pawn_ranks(const Board& b, Issues& is) {
  for (Color c : {WHITE, BLACK}) {
    Bitboard last = b.by[c][PAWN] & rank_bb(relative_rank(c, RANK_8));
    Bitboard first = b.by[c][PAWN] & rank_bb(relative_rank(c, RANK_1));
    if (last)
      is.add("pawn-on-last-rank",
             std::string(colour(c)) + " pawn on " + squares(last) +
                 ", the rank furthest from its starting position (Laws A.5.4; a pawn reaching it "
                 "must be promoted, Art. 3.7.5)",
             true);
    if (first)
      is.add("pawn-on-first-rank", std::string(colour(c)) + " pawn on " + squares(first) +
                                       ", behind its starting rank: pawns never move backwards");
  }
}

// Counts: at most 8 pawns and 16 pieces (Art. 2.2's initial set); promoted pieces cannot
// exceed the missing pawns (Art. 3.7.5: only a pawn becomes a new piece).
void check_counts(const Board& b, Issues& is) {
  for (Color c : {WHITE, BLACK}) {
    const int pawns = popcount(b.by[c][PAWN]);
    if (pawns > 8)
      is.add("too-many-pawns",
             std::string(colour(c)) + " has " + std::to_string(pawns) + " pawns (at most 8)");
    const int total = popcount(b.side[c]);
    if (total > 16)
      is.add("too-many-pieces",
             std::string(colour(c)) + " has " + std::to_string(total) + " pieces (at most 16)");
    const int light = popcount(b.by[c][BISHOP] & LIGHT_SQUARES),
              dark = popcount(b.by[c][BISHOP] & DARK_SQUARES);
    const int extra =
        std::max(0, popcount(b.by[c][QUEEN]) - 1) + std::max(0, popcount(b.by[c][ROOK]) - 2) +
        std::max(0, popcount(b.by[c][KNIGHT]) - 2) + std::max(0, light - 1) + std::max(0, dark - 1);
    const int missing = std::max(0, 8 - pawns);
    assert(light + dark == popcount(b.by[c][BISHOP]));  // every square is light or dark
    if (extra > missing) {
      std::string what = std::to_string(extra) + " piece(s) beyond the initial set";
      if (light > 1 || dark > 1)
        what += " (counting " + std::to_string(light) + " light- and " + std::to_string(dark) +
                "-dark squared bishops: only one of each colour is not promoted)";
      is.add("too-many-promotions", std::string(colour(c)) + " has " + what + " but only " +
                                        std::to_string(missing) +
                                        " pawn(s) missing to have promoted");
    }
  }
}

// Checks: the side not to move may not be in check (Art. 3.9: the last move cannot have left its
// own king attacked; both kings in check is A.5.4), the kings may not touch, and the last move
// (by the side not to move) must have given every check at once.
void check_checks(const Setup& setup, const Board& b, Issues& is) {
  assert(one_king_each(b));
  const Color us = setup.turn, them = ~us;
  const Square our_king = lsb(b.by[us][KING]), their_king = lsb(b.by[them][KING]);
  const Bitboard checkers = b.attackers(our_king, them, b.occ);
  const bool them_in_check = b.attackers(their_king, us, b.occ) != 0;
  if (them_in_check && checkers) {
    is.add("both-kings-in-check", "both kings are in check (Laws A.5.4)", true);
  } else if (them_in_check) {
    is.add("side-not-to-move-in-check",
           std::string(colour(them)) + " is in check but it is " + colour(us) +
               "'s turn: the last move would have left its own king in check (Art. 3.9)");
  }
  if (king_attacks(our_king) & b.by[them][KING])
    is.add("kings-adjacent", "the kings stand on adjacent squares");
  const int n = popcount(checkers);
  if (n > 2) {
    is.add("impossible-check", std::string(colour(us)) + " king is attacked by " +
                                   std::to_string(n) + " pieces (" + squares(checkers) +
                                   "): no single move gives more than two checks");
  } else if (n == 2) {
    const Square a = lsb(checkers), c2 = msb(checkers);
    const Bitboard sliders = b.by[them][BISHOP] | b.by[them][ROOK] | b.by[them][QUEEN];
    if (!(checkers & sliders))
      is.add("impossible-check", "double check by " + squares(checkers) +
                                     " without a line piece: a double check needs a discovered "
                                     "check by a bishop, rook or queen");
    else if (aligned(a, c2, our_king))
      is.add("impossible-check", "double check by " + squares(checkers) +
                                     " along one line: the nearer piece would block the other");
  } else if (n == 1) {
    const Square c1 = lsb(checkers);
    const Piece p = setup.board[c1];
    if (type_of(p) == PAWN && relative_rank(them, rank_of(c1)) == RANK_2)
      is.add("impossible-check",
             std::string(colour(them)) + " pawn on " + square_name(c1) +
                 " gives check from its starting square: no last move can have given it");
  }
}

// En passant square: the opponent must just have made a double step onto the square in front of
// it, which must be empty along with the square the pawn came from (Art. 3.7.4); with that last
// move, any check comes from the pawn or is discovered through its origin square.
void check_en_passant(const Setup& setup, const Board& b, Issues& is) {
  assert(one_king_each(b) && setup.ep_square != SQ_NONE);
  const Color us = setup.turn, them = ~us;
  const Square our_king = lsb(b.by[us][KING]);
  const Bitboard checkers = b.attackers(our_king, them, b.occ);
  const Square ep = setup.ep_square;
  bool ok = rank_of(ep) == relative_rank(us, RANK_6);
  Square pawn = SQ_NONE, origin = SQ_NONE;
  if (ok) {
    pawn = Square(ep - pawn_push(us));
    origin = Square(ep + pawn_push(us));
    ok = setup.board[pawn] == make_piece(them, PAWN) && setup.board[ep] == NO_PIECE &&
         setup.board[origin] == NO_PIECE;
  }
  if (!ok) {
    is.add("bad-en-passant", "en passant square " + square_name(ep) + " but no " + colour(them) +
                                 " pawn can just have made a double step past it");
    return;
  }
  assert(is_ok(pawn) && is_ok(origin));
  for (Bitboard cb = checkers; cb;) {
    Square cs = pop_lsb(cb);
    bool from_pawn = cs == pawn;
    bool discovered = (between_bb(our_king, cs) & square_bb(origin)) != 0;
    if (!from_pawn && !discovered)
      is.add("impossible-check", "check from " + square_name(cs) +
                                     " but the last move was the double step to " +
                                     square_name(pawn) + " (en passant square " + square_name(ep) +
                                     "), which cannot have given it");
  }
}

// One castling right (its rook's square rs) against the board: a rook of the right's colour on
// its back rank, the king on that rank too (Art. 3.8.2: rights are lost once the king or the rook
// has moved), on e with rooks on a and h in standard chess, between two rooks in Chess960
// (Guidelines II.2).
void check_castling_right(const Setup& setup, const Board& b, Square rs, bool chess960,
                          Issues& is) {
  const Piece rp = setup.board[rs];
  if (type_of(rp) != ROOK) {
    is.add("castling-rights",
           "castling right for " + square_name(rs) + " but no rook stands there");
    return;
  }
  const Color c = color_of(rp);
  if (rank_of(rs) != relative_rank(c, RANK_1)) {
    is.add("castling-rights", std::string(colour(c)) + " castling right for the rook on " +
                                  square_name(rs) + ", which is not on its back rank");
    return;
  }
  if (popcount(b.by[c][KING]) != 1) return;  // reported by check_kings
  const Square k = lsb(b.by[c][KING]);
  if (rank_of(k) != rank_of(rs)) {
    is.add("castling-rights", std::string(colour(c)) + " keeps a castling right but its king on " +
                                  square_name(k) + " has left its back rank");
    return;
  }
  if (!chess960 && (file_of(k) != FILE_E || (file_of(rs) != FILE_A && file_of(rs) != FILE_H))) {
    is.add("castling-rights",
           std::string(colour(c)) + " castling right with the king on " + square_name(k) +
               " and the rook on " + square_name(rs) +
               ": in standard chess the king starts on e and the rooks on a and h");
  }
  if (chess960 && (file_of(k) == FILE_A || file_of(k) == FILE_H)) {
    is.add("castling-rights", std::string(colour(c)) + " castling right but the king on " +
                                  square_name(k) +
                                  " cannot stand between two rooks (Guidelines II.2)");
  }
}

// At most one castling right on each side of a king (Art. 3.8.2: one rook on each side starts on
// the back rank; Chess960 Guidelines II.2 the same).
void check_castling_sides(const Setup& setup, const Board& b, Issues& is) {
  for (Color c : {WHITE, BLACK}) {
    Bitboard rooks = setup.castling_rooks & b.side[c];
    if (popcount(b.by[c][KING]) != 1 || !rooks) continue;
    Square k = lsb(b.by[c][KING]);
    Bitboard left = rooks & (square_bb(k) - 1), right = rooks & ~(square_bb(k) - 1) & ~square_bb(k);
    assert((left | right) == (rooks & ~square_bb(k)));
    if (more_than_one(left) || more_than_one(right))
      is.add("castling-rights", std::string(colour(c)) +
                                    " has two castling rights on one side of the king (" +
                                    squares(more_than_one(left) ? left : right) + ")");
  }
}

// Retrograde arguments (retrograde.h), only on a board the checks above found sane: they rely on
// one king a side, pawns off the first and last ranks and consistent rights.
void check_retrograde(const Setup& setup, const std::optional<Setup>& start, bool chess960,
                      Issues& is) {
  assert(is.out.empty());
  auto add_all = [&](std::vector<LegalityIssue> found) {
    for (auto& i : found) is.out.push_back(std::move(i));
  };
  add_all(pawn_captures(setup));
  add_all(last_move(setup, chess960));
  if (start) add_all(locked_in_pieces(setup, *start));
}

// Status: A.5.4 cases first (the arbiter must act), then unreachable.
LegalityStatus status_of(const std::vector<LegalityIssue>& issues) {
  const bool a54 =
      std::any_of(issues.begin(), issues.end(), [](const LegalityIssue& i) { return i.a54; });
  return a54              ? LegalityStatus::IllegalA54
         : issues.empty() ? LegalityStatus::NotContradicted
                          : LegalityStatus::NotReachable;
}

}  // namespace

LegalityReport check_legality(const Setup& setup, bool chess960) {
  LegalityOptions o;
  o.chess960 = chess960;
  return check_legality(setup, o);
}

LegalityReport check_legality(const Setup& setup, const LegalityOptions& options) {
  const bool chess960 = options.chess960;
  const std::optional<Setup> start = start_of(options);
  LegalityReport r;
  r.checked = checks_tried(start.has_value());
  Issues is{r.issues};
  const Board b(setup);
  check_kings(b, is);
  check_pawn_ranks(b, is);
  check_counts(b, is);
  if (one_king_each(b)) {
    check_checks(setup, b, is);
    if (setup.ep_square != SQ_NONE) check_en_passant(setup, b, is);
  }
  for (Bitboard cr = setup.castling_rooks; cr;)
    check_castling_right(setup, b, pop_lsb(cr), chess960, is);
  check_castling_sides(setup, b, is);
  if (r.issues.empty()) check_retrograde(setup, start, chess960, is);
  r.status = status_of(r.issues);
  return r;
}

LegalityReport judge_legality(const Setup& setup, const LegalityOptions& options) {
  LegalityReport r = check_legality(setup, options);
  const std::optional<Setup> start = start_of(options);
  if (!r.possible() || !start || options.proof.max_nodes == 0) return r;
  auto from = Position::from_setup(*start, options.chess960);
  if (!from.ok()) return r;
  r.search = find_proof_game(*from, setup, options.proof);
  if (r.search.found && reaches(*from, r.search.moves, setup)) {
    r.status = LegalityStatus::Legal;
    r.proof = r.search.moves;
  }
  return r;
}

A512Ruling castling_after_wrong_setup(const Setup& intended, const Setup& actual) {
  // Laws A.5.1.2: "if the king is not placed on its initial square castling is not allowed; if a
  // rook is not placed on its initial square castling with this rook is not allowed".
  A512Ruling r;
  for (Color c : {WHITE, BLACK}) {
    CastlingPermission& perm = r.side[c];
    const Rank back = relative_rank(c, RANK_1);
    Square ik = SQ_NONE;
    for (int f = 0; f < 8; ++f)
      if (intended.board[make_square(File(f), back)] == make_piece(c, KING))
        ik = make_square(File(f), back);
    if (ik == SQ_NONE) {
      r.notes.push_back(std::string("the intended position has no ") + colour(c) +
                        " king on its back rank");
      perm.allowed[0] = perm.allowed[1] = false;
      continue;
    }
    if (actual.board[ik] != make_piece(c, KING)) {
      perm.king_misplaced = true;
      for (int s = 0; s < 2; ++s) {
        perm.allowed[s] = false;
        perm.reason[s] = std::string(colour(c)) + " king was not set up on " + square_name(ik) +
                         ": no castling at all (A.5.1.2)";
      }
      continue;
    }
    // The castling rooks are the rooks of the intended position on each side of the king (the
    // outermost, as every 960 start position has exactly one on each side).
    for (CastleSide side : {KING_SIDE, QUEEN_SIDE}) {
      Square rook = SQ_NONE;
      for (int f = 0; f < 8; ++f) {
        Square s = make_square(File(f), back);
        if (intended.board[s] != make_piece(c, ROOK)) continue;
        if ((side == KING_SIDE && s > ik) || (side == QUEEN_SIDE && s < ik)) rook = s;
        if (side == QUEEN_SIDE && rook != SQ_NONE) break;
      }
      const char* name = side == KING_SIDE ? "O-O" : "O-O-O";
      if (rook == SQ_NONE) {
        perm.allowed[side] = false;
        perm.reason[side] =
            std::string("the intended position has no ") + colour(c) + " rook for " + name;
      } else if (actual.board[rook] != make_piece(c, ROOK)) {
        perm.allowed[side] = false;
        perm.reason[side] = std::string(colour(c)) + " rook meant for " + square_name(rook) +
                            " was set up elsewhere: no " + name + " with it (A.5.1.2)";
      }
    }
  }
  return r;
}

}  // namespace arbiter::adjudication
