// Material arguments (see material.h).
#include "unwinnable/material.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

namespace arbiter::adjudication::detail {
namespace {

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

// Loser blocker kinds for the mate-pattern enumeration.
enum Kind { kPawn, kKnight, kLightBishop, kDarkBishop, kRook, kQueen, kKinds };

struct LoserMaterial {
  std::array<int, kKinds> count{};  // pieces on the board now (pawns counted in `wild`)
  int wild = 0;                     // pawns: each may stay a pawn or promote to anything
  Color colour = BLACK;
};

LoserMaterial loser_material(const Position& pos, Color loser) {
  LoserMaterial m;
  m.colour = loser;
  m.wild = popcount(pos.pieces(loser, PAWN));
  m.count[kKnight] = popcount(pos.pieces(loser, KNIGHT));
  m.count[kLightBishop] = popcount(pos.pieces(loser, BISHOP) & LIGHT_SQUARES);
  m.count[kDarkBishop] = popcount(pos.pieces(loser, BISHOP) & DARK_SQUARES);
  m.count[kRook] = popcount(pos.pieces(loser, ROOK));
  m.count[kQueen] = popcount(pos.pieces(loser, QUEEN));
  return m;
}

// May a loser piece of kind `k` stand on `u` as a flight-square blocker next to its king without
// being able to capture the checker on `c`, or to interpose on one of the `ray` squares between a
// bishop checker and the king (both would end the check; the winner has no second piece, so no
// blocker is ever pinned)? Exact for pawns and knights. A slider's move along a line is only
// counted when nothing can ever stand in between: `shield` holds every square that might (the
// winner's king, the loser's king, the other flight squares, and any square at all when the
// loser has pieces to spare). Allowing a doubtful blocker over-approximates the set of mates,
// which keeps the argument sound.
bool blocker_fits(Kind k, Color loser, Square u, Square c, Bitboard ray, Bitboard shield) {
  const Bitboard targets = square_bb(c) | ray;
  auto line_reaches = [&](Bitboard line_attacks) {
    for (Bitboard t = line_attacks & targets; t;) {
      const Square s = pop_lsb(t);
      if (!(between_bb(u, s) & ~square_bb(s) & shield)) return true;
    }
    return false;
  };
  switch (k) {
    case kPawn: {
      if (square_bb(u) & (rank_bb(RANK_1) | rank_bb(RANK_8))) return false;
      if (pawn_attacks(loser, u) & square_bb(c)) return false;
      // A push onto an empty ray square blocks the check (a promotion too).
      const Square one = Square(u + pawn_push(loser));
      if (ray & square_bb(one)) return false;
      if (relative_rank(loser, rank_of(u)) == RANK_2) {
        const Square two = Square(one + pawn_push(loser));
        if ((ray & square_bb(two)) && !(shield & square_bb(one))) return false;
      }
      return true;
    }
    case kKnight: return !(knight_attacks(u) & targets);
    case kLightBishop:
    case kDarkBishop: {
      bool light = square_bb(u) & LIGHT_SQUARES;
      if (light != (k == kLightBishop)) return false;
      return !line_reaches(bishop_attacks(u, 0));
    }
    case kRook: return !line_reaches(rook_attacks(u, 0));
    case kQueen: return !line_reaches(queen_attacks(u, 0));
    default: return false;
  }
}

bool assign(Bitboard squares, std::array<int, kKinds>& count, int& wild, Color loser, Square c,
            Bitboard ray, Bitboard shield) {
  if (!squares) return true;
  Square u = lsb(squares);
  Bitboard rest = squares & (squares - 1);
  for (int k = 0; k < kKinds; ++k) {
    if (!blocker_fits(Kind(k), loser, u, c, ray, shield)) continue;
    if (count[k] > 0) {
      --count[k];
      bool ok = assign(rest, count, wild, loser, c, ray, shield);
      ++count[k];
      if (ok) return true;
    } else if (wild > 0) {
      --wild;
      bool ok = assign(rest, count, wild, loser, c, ray, shield);
      ++wild;
      if (ok) return true;
    }
  }
  return false;
}

// Can distinct loser pieces stand on every square of `squares` (placement only: a bishop on its
// colour, a pawn off the first and last ranks)?
bool assign_anywhere(Bitboard squares, std::array<int, kKinds>& count, int& wild, Color loser) {
  if (!squares) return true;
  const Square u = lsb(squares);
  const Bitboard rest = squares & (squares - 1);
  const bool light = square_bb(u) & LIGHT_SQUARES;
  for (int k = 0; k < kKinds; ++k) {
    if (k == kPawn && (square_bb(u) & (rank_bb(RANK_1) | rank_bb(RANK_8)))) continue;
    if ((k == kLightBishop && !light) || (k == kDarkBishop && light)) continue;
    int& pool = count[k] > 0 ? count[k] : wild;
    if (pool == 0) continue;
    --pool;
    const bool ok = assign_anywhere(rest, count, wild, loser);
    ++pool;
    if (ok) return true;
  }
  return false;
}

// The exact form of `assign` for when the loser has pieces to spare (more than the open flight
// squares need): instead of assuming any line may be shut by some piece, spare pieces are placed
// on the board to shut it, and each of them must fit there too. Pieces stand on `occ` (the
// kings, the checker, the blockers placed so far, and every open flight square, which will hold
// a blocker). In the mate position the loser is to move, so no loser piece may take the checker
// or interpose on `ray` (a single winner piece pins nothing), and none may attack the winner's
// king on `q` (the winner's move cannot have left it in check). Pawns and knights are judged
// exactly where they stand; a slider's lines once every flight square is filled, against the
// final occupancy, each open line asking for a spare piece on one of its squares (not on the
// ray, where it would block the check). The search is exhaustive; `work` bounds it, and running
// out answers "a mate may exist", which proves nothing.
struct Exact {
  Color loser = BLACK;
  Square c = SQ_NONE, q = SQ_NONE;
  Bitboard ray = 0, targets = 0;  // targets: the checker, the ray, the winner's king
  std::array<int, kKinds> count{};
  int wild = 0;
  std::array<Square, 32> sq{};
  std::array<Kind, 32> kind{};
  int n = 0;
  long work = 0;

  bool leaper_fits(Kind k, Square u, Bitboard occ) const {
    switch (k) {
      case kPawn: {
        if (square_bb(u) & (rank_bb(RANK_1) | rank_bb(RANK_8))) return false;
        if (pawn_attacks(loser, u) & (square_bb(c) | square_bb(q))) return false;
        const Square one = Square(u + pawn_push(loser));
        if (ray & square_bb(one)) return false;
        (void)occ;
        return true;
      }
      case kKnight: return !(knight_attacks(u) & targets);
      case kLightBishop: return bool(square_bb(u) & LIGHT_SQUARES);
      case kDarkBishop: return bool(square_bb(u) & DARK_SQUARES);
      default: return true;
    }
  }
  // Does the piece on u reach a target (true), and where could a spare piece shut that line
  // (`*line`: the squares in between, possibly none)?
  bool open_line(Kind k, Square u, Bitboard occ, Bitboard* line) const {
    Bitboard reach = 0;
    switch (k) {
      case kPawn: {
        // A double step onto the ray interposes unless the square in front is taken.
        const Square one = Square(u + pawn_push(loser));
        *line = square_bb(one);
        return relative_rank(loser, rank_of(u)) == RANK_2 && !(occ & square_bb(one)) &&
               (ray & square_bb(Square(one + pawn_push(loser))));
      }
      case kLightBishop:
      case kDarkBishop: reach = bishop_attacks(u, occ); break;
      case kRook: reach = rook_attacks(u, occ); break;
      case kQueen: reach = queen_attacks(u, occ); break;
      default: return false;
    }
    const Bitboard hit = reach & targets;
    if (!hit) return false;
    *line = between_bb(u, lsb(hit)) & ~square_bb(lsb(hit));
    return true;
  }
  bool take(Kind k) {
    if (count[k] > 0) return --count[k], true;
    if (wild > 0) return --wild, true;
    return false;
  }
  void give(Kind k, bool from_count) { from_count ? ++count[k] : ++wild; }

  bool place(Bitboard open, Bitboard occ) {
    if (--work < 0) return true;  // out of work: no proof
    if (open) {
      const Square u = lsb(open);
      for (int k = 0; k < kKinds; ++k) {
        if (!leaper_fits(Kind(k), u, occ)) continue;
        const bool from_count = count[k] > 0;
        if (!take(Kind(k))) continue;
        sq[n] = u, kind[n] = Kind(k), ++n;
        const bool ok = place(open & (open - 1), occ);
        --n;
        give(Kind(k), from_count);
        if (ok) return true;
      }
      return false;
    }
    for (int i = 0; i < n; ++i) {
      Bitboard line = 0;
      if (!open_line(kind[i], sq[i], occ, &line)) continue;
      if (n == int(sq.size())) return true;  // no room to record more: no proof
      for (Bitboard vs = line & ~occ & ~ray; vs;) {
        const Square v = pop_lsb(vs);
        for (int k = 0; k < kKinds; ++k) {
          if (!leaper_fits(Kind(k), v, occ | square_bb(v))) continue;
          const bool from_count = count[k] > 0;
          if (!take(Kind(k))) continue;
          sq[n] = v, kind[n] = Kind(k), ++n;
          const bool ok = place(0, occ | square_bb(v));
          --n;
          give(Kind(k), from_count);
          if (ok) return true;
        }
      }
      return false;  // this line can be shut by no spare piece
    }
    return true;  // every line shut: a mate position exists
  }
};

// Does any checkmate position exist where the winner has only its king and one knight or one
// bishop (of colour `bishop_squares`), and the loser's king is boxed in by pieces taken from
// `m`? Every legal mate of that material is a configuration enumerated here (the loser king's
// square, the checker's square, the winner king's square, loser blockers on the flight squares
// the checker and king leave uncovered), and only impossible ones are discarded: the checker
// must attack the king, the winner's king may not touch the loser's, an adjacent checker must be
// defended, and a blocker must not be able to take the checker. A single piece cannot pin, so no
// blocker is ever pinned.
bool mate_pattern_exists(PieceType checker, Bitboard bishop_squares, const LoserMaterial& m) {
  std::array<int, kKinds> count = m.count;
  int wild = m.wild;
  long work = 400000;  // steps of the exact placements over all configurations
  for (int ks = 0; ks < 64; ++ks) {
    Square k = Square(ks);
    Bitboard checker_squares =
        checker == KNIGHT ? knight_attacks(k) : bishop_attacks(k, 0) & bishop_squares;
    for (Bitboard cs = checker_squares; cs;) {
      Square c = pop_lsb(cs);
      Bitboard ray = checker == BISHOP ? between_bb(c, k) & ~square_bb(k) : 0;
      for (int qs = 0; qs < 64; ++qs) {
        Square q = Square(qs);
        if (q == k || q == c || (king_attacks(k) & square_bb(q)) || (ray & square_bb(q))) continue;
        if ((king_attacks(k) & square_bb(c)) && !(king_attacks(q) & square_bb(c))) continue;
        Bitboard covered = king_attacks(q) | (checker == KNIGHT ? knight_attacks(c)
                                                                : bishop_attacks(c, square_bb(q)));
        Bitboard open = king_attacks(k) & ~covered & ~square_bb(c);
        int total = wild;
        for (int n : count) total += n;
        if (popcount(open) > total) continue;
        if (popcount(open) == total) {
          if (assign(open, count, wild, m.colour, c, ray, open | square_bb(q) | square_bb(k)))
            return true;
          continue;
        }
        // Pieces to spare: the optimistic test first (any line may be shut), then the exact one.
        if (!assign(open, count, wild, m.colour, c, ray, ~Bitboard(0))) continue;
        Exact x;
        x.loser = m.colour, x.c = c, x.q = q, x.ray = ray;
        x.targets = square_bb(c) | ray | square_bb(q);
        x.count = count, x.wild = wild, x.work = 20000;
        if (x.place(open, open | square_bb(k) | square_bb(q) | square_bb(c))) return true;
        if ((work -= 20000 - std::max(0L, x.work)) < 0) return true;  // out of work: no proof
      }
    }
  }
  return false;
}

// The same question when the winner has only bishops, two or more, all on squares of one colour
// (`shade`). The mated king stands on that colour; its orthogonal neighbours are of the other
// colour, which no bishop ever attacks, so each of them is covered by the winner's king or
// blocked by a loser piece, and the loser's pieces are the only blockers. Everything else is
// over-approximated: every neighbour of the bishops' colour counts as covered and an adjacent
// checker as defended (another bishop may do it).
// The mating check is a single check (`single_check`): a winner with only bishops and its king
// never gives double check. A double check needs a move that checks and uncovers a second
// check. A king move checks nothing. A bishop on s that uncovers a check along a diagonal D1
// through s and the king leaves D1 (moving along D1 it would still stand in between) along the
// other diagonal through s, which is parallel to the diagonal E through the king that crosses
// D1; so it lands neither on E nor on D1, the only diagonals that check the king, and a capture
// removes only the piece on the landing square. Then the blockers (never pinned: they stand
// orthogonally next to their king, a line no bishop uses, and moving off it uncovers no
// diagonal to the king) must be unable to take the checker or interpose, with any square
// possibly shielded by another bishop. `single_check` is false only when the loser is in double
// check already (a position no winner move made; the mate may then be on the board), and then
// any loser piece that can stand on a square may block it.
bool bishops_mate_pattern_exists(Bitboard shade, const LoserMaterial& m, bool single_check) {
  std::array<int, kKinds> count = m.count;
  int wild = m.wild;
  int total = wild;
  for (int n : count) total += n;
  for (Bitboard kb = shade; kb;) {
    const Square k = pop_lsb(kb);
    const Bitboard orthogonal = king_attacks(k) & ~shade;
    for (Bitboard cs = bishop_attacks(k, 0); cs;) {
      const Square c = pop_lsb(cs);
      const Bitboard ray = between_bb(c, k) & ~square_bb(k);
      for (int qs = 0; qs < 64; ++qs) {
        const Square q = Square(qs);
        if (q == k || q == c || (king_attacks(k) & square_bb(q)) || (ray & square_bb(q))) continue;
        const Bitboard open = orthogonal & ~king_attacks(q);
        if (popcount(open) > total) continue;
        if (!single_check) {
          if (assign_anywhere(open, count, wild, m.colour)) return true;
          continue;
        }
        if (assign(open, count, wild, m.colour, c, ray, ~Bitboard(0))) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool material_proves_unwinnable(const Position& pos, Color winner, Method* method,
                                std::string* why) {
  const Color loser = ~winner;
  const Bitboard ours = pos.pieces(winner) & ~pos.pieces(winner, KING);
  const std::string w = colour_name(winner), l = colour_name(loser);
  auto prove = [&](Method m, std::string text) {
    if (method) *method = m;
    if (why) *why = std::move(text);
    return true;
  };
  // A king alone never gives check.
  if (!ours) return prove(Method::Material, w + " has only the king, which can never give check");
  if (pos.pieces(winner, PAWN)) return false;  // promotions give any material

  const Bitboard theirs = pos.pieces(loser) & ~pos.pieces(loser, KING);
  const Bitboard bishops = pos.pieces(winner, BISHOP);
  // Only bishops, all on squares of one colour. The mated king stands on that colour (a
  // bishop checks it); its orthogonal neighbours (at least two, on the board) are of the other
  // colour, so no bishop attacks them and, if the loser has no piece that can ever stand on that
  // colour, only the winner's king could cover them, which it cannot do for two or more of them
  // without standing next to the mated king.
  if (ours == bishops && (!(bishops & DARK_SQUARES) || !(bishops & LIGHT_SQUARES))) {
    const Bitboard colour = (bishops & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES;
    const Bitboard their_bishops = pos.pieces(loser, BISHOP);
    if (theirs == their_bishops && !(their_bishops & ~colour)) {
      const char* shade = colour == DARK_SQUARES ? "dark" : "light";
      return prove(Method::BishopColours,
                   w + " has only " + shade + "-squared bishops and " + l +
                       " has nothing that can ever stand on a " +
                       (colour == DARK_SQUARES ? "light" : "dark") +
                       " square to block its own king, so no checkmate can ever be built");
    }
  }
  // Two or more bishops, all of one colour: enumerate the mates their colour allows.
  if (ours == bishops && popcount(bishops) >= 2 &&
      (!(bishops & DARK_SQUARES) || !(bishops & LIGHT_SQUARES))) {
    const LoserMaterial m = loser_material(pos, loser);
    const Bitboard shade = (bishops & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES;
    const bool double_check = pos.side_to_move() == loser && popcount(pos.checkers()) > 1;
    if (!bishops_mate_pattern_exists(shade, m, !double_check))
      return prove(Method::MatePattern,
                   w + " has only bishops of one colour, and no checkmate position exists with " +
                       l + "'s material as blockers of the flight squares of the other colour " +
                       "(every mating configuration enumerated)");
  }
  // A lone knight or bishop: enumerate every mating configuration with the loser's material.
  if (popcount(ours) == 1 && (ours & (pos.pieces(KNIGHT) | pos.pieces(BISHOP)))) {
    const PieceType pt = type_of(pos.piece_on(lsb(ours)));
    const LoserMaterial m = loser_material(pos, loser);
    const Bitboard colour = (ours & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES;
    if (!mate_pattern_exists(pt, colour, m)) {
      const std::string piece = pt == KNIGHT ? "knight" : "bishop";
      return prove(Method::MatePattern,
                   w + " has only king and " + piece + ", and no checkmate position exists with " +
                       (theirs ? l + "'s material (" + std::to_string(popcount(theirs)) +
                                     " piece(s), pawns counted as any promotion) as blockers"
                               : "a bare " + l + " king") +
                       " (every mating configuration enumerated)");
    }
  }
  return false;
}

std::vector<MateGoal> mate_goals(const Position& pos, Color winner, std::size_t max_goals) {
  std::vector<MateGoal> best;
  const Color loser = ~winner;
  const Bitboard ours = pos.pieces(winner) & ~pos.pieces(winner, KING);
  if (popcount(ours) != 1 || !(ours & (pos.pieces(KNIGHT) | pos.pieces(BISHOP)))) return best;
  const Square minor = lsb(ours), wk = pos.king_square(winner), lk = pos.king_square(loser);
  const PieceType mt = type_of(pos.piece_on(minor));
  const Bitboard shade = (ours & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES;
  // The loser's pieces, each a possible blocker of a flight square (a pawn also after promoting).
  struct Blocker {
    Kind kind;
    bool pawn;
    Square from;
    // Moves to each square as the piece it is (a pawn only up its file) and, for a pawn, as a
    // knight, bishop, rook or queen after promoting (99: never).
    std::uint8_t own[SQUARE_NB], promoted[4][SQUARE_NB];
  };
  constexpr std::size_t kMaxBlockers = 12;
  std::vector<Blocker> blockers;
  for (Bitboard b = pos.pieces(loser) & ~pos.pieces(loser, KING); b;) {
    const Square from = pop_lsb(b);
    const PieceType bt = type_of(pos.piece_on(from));
    Blocker x;
    x.kind = bt == PAWN                          ? kPawn
             : bt == KNIGHT                      ? kKnight
             : bt == ROOK                        ? kRook
             : bt == QUEEN                       ? kQueen
             : (square_bb(from) & LIGHT_SQUARES) ? kLightBishop
                                                 : kDarkBishop;
    x.pawn = bt == PAWN;
    x.from = from;
    const Square promo = make_square(file_of(from), relative_rank(loser, RANK_8));
    const int pushes = std::abs(int(rank_of(promo)) - int(rank_of(from)));
    for (int u = 0; u < SQUARE_NB; ++u) {
      const Square to = Square(u);
      x.own[u] = std::uint8_t(std::min(
          x.pawn && file_of(from) != file_of(to) ? 99 : move_distance(bt, loser, from, to), 99));
      int t = 0;
      for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
        x.promoted[t++][u] =
            std::uint8_t(std::min(pushes + move_distance(pt, loser, promo, to), 99));
    }
    blockers.push_back(x);
    if (blockers.size() > kMaxBlockers) break;
  }
  // The assignment search is bounded by `work` below.
  if (blockers.size() > kMaxBlockers) return best;
  auto consider = [&](const MateGoal& g) {
    if (best.size() < max_goals) {
      best.push_back(g);
    } else if (g.distance < best.back().distance) {
      best.back() = g;
    } else {
      return;
    }
    std::sort(best.begin(), best.end(),
              [](const MateGoal& a, const MateGoal& b) { return a.distance < b.distance; });
  };
  // Only mates on the edge of the board are proposed: they need the fewest blockers, and the
  // goals only steer a search (an unproposed mate can still be found by the other searches).
  // The assignment search below is exponential in the blockers: a fixed allowance of steps
  // keeps a call cheap (the goals are only a heuristic; the cut is deterministic).
  std::size_t work = 30000;
  constexpr Bitboard kEdge = rank_bb(RANK_1) | rank_bb(RANK_8) | file_bb(FILE_A) | file_bb(FILE_H);
  // Once the allowance is spent no later candidate can be assigned: the loops stop there.
  for (Bitboard edge = kEdge; edge && work;) {
    const Square k = pop_lsb(edge);
    const int dk = move_distance(KING, loser, lk, k);
    Bitboard checker_squares = mt == KNIGHT ? knight_attacks(k) : bishop_attacks(k, 0) & shade;
    for (Bitboard cs = checker_squares; cs && work;) {
      const Square c = pop_lsb(cs);
      const int dc = move_distance(mt, winner, minor, c);
      if (dc >= 99) continue;
      const Bitboard ray = mt == BISHOP ? between_bb(c, k) & ~square_bb(k) : 0;
      for (int qs = 0; qs < 64 && work; ++qs) {
        const Square q = Square(qs);
        if (q == k || q == c || (king_attacks(k) & square_bb(q)) || (ray & square_bb(q))) continue;
        if ((king_attacks(k) & square_bb(c)) && !(king_attacks(q) & square_bb(c))) continue;
        const int base = dk + dc + move_distance(KING, winner, wk, q);
        if (best.size() == max_goals && base >= best.back().distance) continue;
        const Bitboard covered =
            king_attacks(q) | (mt == KNIGHT ? knight_attacks(c) : bishop_attacks(c, square_bb(q)));
        const Bitboard open = king_attacks(k) & ~covered & ~square_bb(c);
        if (std::size_t(popcount(open)) > blockers.size()) continue;
        // Greedy-by-DFS assignment of actual loser pieces to the open squares, minimising moves.
        int best_cost = 1 << 20;
        std::uint8_t best_assign[8], cur[8];  // the blocker on each open square
        unsigned used = 0;                    // a bit per blocker
        Square sq[8];
        int n = 0;
        for (Bitboard o = open; o;) sq[n++] = pop_lsb(o);
        // Moves blocker j needs to block on sq[i] (99: cannot), a row at the first visit of the
        // square: the assignment search asks for the same pairs many times. Whether a piece of a
        // kind fits on sq[i] is the same for every blocker of that kind (and every pawn's
        // promotion).
        std::uint8_t moves_for[8][kMaxBlockers];
        std::uint16_t can[8] = {};  // the blockers with fewer than 99 moves to each square
        bool row_done[8] = {};
        std::int8_t fit[8][kKinds];
        for (auto& row : fit) std::fill(std::begin(row), std::end(row), -1);
        const Bitboard shield = open | square_bb(q) | square_bb(k);
        auto fits = [&](Kind kind, int i) {
          std::int8_t& f = fit[i][kind];
          if (f < 0) f = blocker_fits(kind, loser, sq[i], c, ray, shield);
          return f != 0;
        };
        auto dfs = [&](auto&& self, int i, int acc) -> void {
          if (base + acc >= best_cost || work == 0) return;
          --work;
          if (i == n) {
            best_cost = base + acc;
            std::copy(cur, cur + n, best_assign);
            return;
          }
          if (!row_done[i]) {
            // The whole row at the first visit of this square: which blockers can stand there.
            row_done[i] = true;
            const Square u = sq[i];
            const Kind bishop = square_bb(u) & LIGHT_SQUARES ? kLightBishop : kDarkBishop;
            const Kind kinds[4] = {kKnight, bishop, kRook, kQueen};
            for (std::size_t j = 0; j < blockers.size(); ++j) {
              const Blocker& b = blockers[j];
              int d = fits(b.kind, i) ? b.own[u] : 99;
              if (b.pawn)  // a pawn may also promote to a piece that blocks there
                for (int t = 0; t < 4; ++t)
                  if (b.promoted[t][u] < d && fits(kinds[t], i)) d = b.promoted[t][u];
              moves_for[i][j] = std::uint8_t(d);
              if (d < 99) can[i] |= std::uint16_t(1u << j);
            }
          }
          for (unsigned left = can[i] & ~used; left; left &= left - 1) {
            const int j = std::countr_zero(left);
            const int d = moves_for[i][j];
            // A move count that cannot beat the best assignment so far would return at once,
            // without using up a step.
            if (base + acc + d >= best_cost) continue;
            used |= 1u << j;
            cur[i] = std::uint8_t(j);
            self(self, i + 1, acc + d);
            used &= ~(1u << j);
          }
        };
        dfs(dfs, 0, 0);
        if (best_cost < (1 << 20)) {
          MateGoal g;
          g.goal.fill(SQ_NONE);
          g.goal[lk] = k;
          g.goal[wk] = q;
          g.goal[minor] = c;
          for (int i = 0; i < n; ++i) g.goal[blockers[best_assign[i]].from] = sq[i];
          g.distance = best_cost;
          consider(g);
        }
      }
    }
  }
  return best;
}

}  // namespace arbiter::adjudication::detail
