// Legal move generation: pins, checks and evasions are resolved in the generator, so every
// generated move is legal and leaf counts need no make/unmake (bulk counting).
#include "arbiter/engine/position.h"

namespace arbiter {

namespace {

// Where generated moves go: a list, a count (also when only asked whether any move exists: the
// generator then stops after the first kind of move that produced one), or groups.
struct ListSink {
  MoveList* list;
  void add(Move m) { list->push_back(m); }
  // Normal moves from one square to every square of b.
  void add_all(Square from, Bitboard b) {
    while (b) list->push_back(Move(from, pop_lsb(b)));
  }
  // Pawn moves shifted by `delta` (to - from) for every destination in b.
  void add_pawn(Bitboard b, int delta) {
    while (b) {
      Square to = pop_lsb(b);
      list->push_back(Move(Square(to - delta), to));
    }
  }
  void add_promotions(Bitboard b, int delta) {
    while (b) {
      Square to = pop_lsb(b), from = Square(to - delta);
      for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
        list->push_back(Move::promotion(from, to, pt));
    }
  }
  std::size_t size() const { return list->size(); }
};

struct CountSink {
  std::size_t n = 0;
  void add(Move) { ++n; }
  void add_all(Square, Bitboard b) { n += popcount(b); }
  void add_pawn(Bitboard b, int) { n += popcount(b); }
  void add_promotions(Bitboard b, int) { n += 4 * popcount(b); }
  std::size_t size() const { return n; }
};

struct GroupSink {
  MoveGroups* groups;
  void add(Move m) { groups->push_back({square_bb(m.to()), MoveGroup::Single, m.from(), 0, m}); }
  void add_all(Square from, Bitboard b) {
    if (b) groups->push_back({b, MoveGroup::Piece, from, 0, {}});
  }
  void add_pawn(Bitboard b, int delta) {
    if (b) groups->push_back({b, MoveGroup::Pawn, SQ_NONE, std::int8_t(delta), {}});
  }
  void add_promotions(Bitboard b, int delta) {
    if (b) groups->push_back({b, MoveGroup::Promotion, SQ_NONE, std::int8_t(delta), {}});
  }
  std::size_t size() const { return groups->size(); }
};

}  // namespace

// Castling (Art. 3.8.2, Guidelines II.3), the caller having ruled out check: every square
// between the king and its final square and between the rook and its final square (inclusive)
// empty except for the castling king and rook; no square the king stands on, crosses or reaches
// attacked, tested with the castling rook (and king) off the board so a rook shielding the path
// does not count.
Move Position::legal_castling(CastleSide side) const {
  const Color us = turn_;
  const Square rsq = castle_rook_[us][side];
  if (rsq == SQ_NONE) return Move::none();
  const Square ksq = king_square(us), kto = castle_king_to(us, side),
               rto = castle_rook_to(us, side);
  const Bitboard kr = square_bb(ksq) | square_bb(rsq), occ = occupied();
  if ((between_bb(ksq, kto) | between_bb(rsq, rto)) & occ & ~kr) return Move::none();
  const Bitboard o = occ ^ kr;
  // kto is tested even when the king does not move: a rook leaving b1 may uncover it.
  for (Bitboard path = between_bb(ksq, kto) | square_bb(kto); path;)
    if (attackers_to(pop_lsb(path), o) & pieces(~us)) return Move::none();
  return Move::castling(ksq, rsq);
}

template <class Sink, bool Any>
std::size_t Position::generate(Sink& sink) const {
  const auto& T = detail::sliders();
  const Color us = turn_, them = ~us;
  const Bitboard occ = occupied(), own = pieces(us), enemy = pieces(them);
  const Square ksq = king_square(us);
  const Bitboard enemy_rq = pieces(them, ROOK) | pieces(them, QUEEN);
  const Bitboard enemy_bq = pieces(them, BISHOP) | pieces(them, QUEEN);

  const Bitboard checkers =
      ((pawn_attacks(us, ksq) & pieces(them, PAWN)) | (knight_attacks(ksq) & pieces(them, KNIGHT)) |
       (T.bishop[ksq](occ) & enemy_bq) | (T.rook[ksq](occ) & enemy_rq));

  // King steps: the destination must not be attacked once the king has left its square (so a
  // slider checking along a line also covers the square behind the king).
  {
    const Bitboard occ_wo_king = occ ^ square_bb(ksq);
    const Bitboard enemy_pawns = pieces(them, PAWN);
    const Bitboard pawn_att =
        them == WHITE ? pawn_attacks_bb<WHITE>(enemy_pawns) : pawn_attacks_bb<BLACK>(enemy_pawns);
    Bitboard targets = king_attacks(ksq) & ~own & ~pawn_att & ~king_attacks(king_square(them));
    Bitboard knights = pieces(them, KNIGHT);
    while (knights) targets &= ~knight_attacks(pop_lsb(knights));
    // The enemy sliders' attacks once each (endgames have few sliders; a lookup per king
    // target cost more).
    if (targets)
      for (Bitboard b = enemy_bq | enemy_rq; b;) {
        const Square s = pop_lsb(b);
        if (enemy_bq & square_bb(s)) targets &= ~T.bishop[s](occ_wo_king);
        if (enemy_rq & square_bb(s)) targets &= ~T.rook[s](occ_wo_king);
      }
    sink.add_all(ksq, targets);
  }
  // In double check only the king moves; a sink that only asks whether any move exists has
  // its answer once a king move is found.
  if (more_than_one(checkers) || (Any && sink.size())) return sink.size();

  // Pinned pieces: own pieces alone between the king and an enemy slider.
  Bitboard pinned = 0;
  {
    Bitboard snipers = ((T.rook[ksq](0) & enemy_rq) | (T.bishop[ksq](0) & enemy_bq));
    while (snipers) {
      Square s = pop_lsb(snipers);
      Bitboard b = between_bb(ksq, s) & occ & ~square_bb(s);
      if (b && !more_than_one(b)) pinned |= b & own;
    }
  }
  // Non-king moves must capture the checker or block the check.
  const Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0);
  const Bitboard movable = ~own & target;

  // Pawns.
  {
    const Bitboard pawns = pieces(us, PAWN);
    const Bitboard free_pawns = pawns & ~pinned;
    const Bitboard empty = ~occ;
    const Bitboard rank3 = rank_bb(relative_rank(us, RANK_3));
    const Bitboard rank8 = rank_bb(relative_rank(us, RANK_8));
    const int up = pawn_push(us);
    Bitboard push1, push2, capl, capr;
    int dl, dr;
    if (us == WHITE) {
      push1 = shift<NORTH>(free_pawns) & empty;
      push2 = shift<NORTH>(push1 & rank3) & empty;
      capl = shift<NORTH_WEST>(free_pawns) & enemy;
      capr = shift<NORTH_EAST>(free_pawns) & enemy;
      dl = 7, dr = 9;
    } else {
      push1 = shift<SOUTH>(free_pawns) & empty;
      push2 = shift<SOUTH>(push1 & rank3) & empty;
      capl = shift<SOUTH_WEST>(free_pawns) & enemy;
      capr = shift<SOUTH_EAST>(free_pawns) & enemy;
      dl = -9, dr = -7;
    }
    push1 &= target, push2 &= target, capl &= target, capr &= target;
    sink.add_pawn(push1 & ~rank8, up);
    sink.add_promotions(push1 & rank8, up);
    sink.add_pawn(push2, 2 * up);
    sink.add_pawn(capl & ~rank8, dl);
    sink.add_promotions(capl & rank8, dl);
    sink.add_pawn(capr & ~rank8, dr);
    sink.add_promotions(capr & rank8, dr);
    if (Any && sink.size()) return sink.size();

    // Pinned pawns move only along the pin line (never possible when in check: a pinned piece
    // cannot block or capture the checker).
    if (!checkers)
      for (Bitboard b = pawns & pinned; b;) {
        Square from = pop_lsb(b);
        Bitboard line = line_bb(ksq, from);
        Bitboard moves = pawn_attacks(us, from) & enemy & line;
        Square one = Square(from + up);
        if ((line & square_bb(one)) && !(occ & square_bb(one))) {
          moves |= square_bb(one);
          Square two = Square(one + up);
          if ((square_bb(one) & rank3) && !(occ & square_bb(two))) moves |= square_bb(two);
        }
        while (moves) {
          Square to = pop_lsb(moves);
          if (square_bb(to) & rank8)
            for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
              sink.add(Move::promotion(from, to, pt));
          else
            sink.add(Move(from, to));
        }
      }

    // En passant (Art. 3.7.4): checked by playing it on the occupancy, since removing two pawns
    // from one rank can expose the king (and the captured pawn may be the checker).
    if (ep_ != SQ_NONE) {
      const Square cap = Square(ep_ - up);
      for (Bitboard b = pawn_attacks(them, ep_) & pawns; b;) {
        Square from = pop_lsb(b);
        Bitboard o = (occ ^ square_bb(from) ^ square_bb(cap)) | square_bb(ep_);
        Bitboard remaining = enemy ^ square_bb(cap);
        bool exposed = (T.bishop[ksq](o) & enemy_bq & remaining) ||
                       (T.rook[ksq](o) & enemy_rq & remaining) ||
                       (checkers & ~square_bb(cap) & ~(enemy_bq | enemy_rq));
        if (!exposed) sink.add(Move::en_passant(from, ep_));
      }
    }
  }

  // Knights (a pinned knight can never move), bishops, rooks, queens.
  for (Bitboard b = pieces(us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add_all(from, knight_attacks(from) & movable);
  }
  if (Any && sink.size()) return sink.size();
  for (Bitboard b = pieces(us, BISHOP) | pieces(us, QUEEN); b;) {
    Square from = pop_lsb(b);
    Bitboard att = T.bishop[from](occ) & movable;
    if (pinned & square_bb(from)) att &= line_bb(ksq, from);
    sink.add_all(from, att);
  }
  for (Bitboard b = pieces(us, ROOK) | pieces(us, QUEEN); b;) {
    Square from = pop_lsb(b);
    Bitboard att = T.rook[from](occ) & movable;
    if (pinned & square_bb(from)) att &= line_bb(ksq, from);
    sink.add_all(from, att);
  }

  // Most positions have no castling rights left: asked here, before the calls.
  if (!checkers &&
      (castle_rook_[us][KING_SIDE] != SQ_NONE || castle_rook_[us][QUEEN_SIDE] != SQ_NONE))
    for (CastleSide side : {KING_SIDE, QUEEN_SIDE})
      if (const Move m = legal_castling(side); !m.is_none()) sink.add(m);
  return sink.size();
}

void Position::generate_legal(MoveList& out) const {
  out.clear();
  ListSink sink{&out};
  generate<ListSink, false>(sink);
}

MoveList Position::legal_moves() const {
  MoveList l;
  ListSink sink{&l};
  generate<ListSink, false>(sink);
  return l;
}

void Position::generate_groups(MoveGroups& out) const {
  out.clear();
  GroupSink sink{&out};
  generate<GroupSink, false>(sink);
}

std::size_t Position::count_legal_moves() const {
  CountSink sink;
  return generate<CountSink, false>(sink);
}

// Out of check, any move of a piece that is not pinned is legal, so one knight, slider or pawn
// push found that way settles it (the usual answer, at a fraction of the generator's set-up);
// only the rest is left to the generator, which stops at the first kind of move it finds.
bool Position::has_legal_moves() const {
  if (!in_check()) {
    const Color us = side_to_move();
    const Bitboard own = pieces(us), occ = occupied(), free = own & ~pinned(us);
    for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
      for (Bitboard b = pieces(pt) & free; b;)
        if (attacks(pt, pop_lsb(b), occ) & ~own) return true;
    const Bitboard pushes = us == WHITE ? (pieces(PAWN) & free) << 8 : (pieces(PAWN) & free) >> 8;
    if (pushes & ~occ) return true;
  }
  CountSink sink;
  return generate<CountSink, true>(sink) != 0;
}

}  // namespace arbiter
