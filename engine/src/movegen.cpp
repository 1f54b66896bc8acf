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

// The generator's phases (Position::generate), inlined into it: what every phase reads about the
// side to move, then the king's steps, the pins, the pawns and the other pieces.
struct Side {
  const detail::SliderTables& T = detail::sliders();
  Color us, them;
  Bitboard occ, own, enemy;
  Square ksq;
  Bitboard enemy_rq, enemy_bq;  // the enemy sliders by the lines they attack along
  Bitboard checkers;
  [[gnu::always_inline]] explicit Side(const Position& p)
      : us(p.side_to_move()),
        them(~us),
        occ(p.occupied()),
        own(p.pieces(us)),
        enemy(p.pieces(them)),
        ksq(p.king_square(us)),
        enemy_rq(p.pieces(them, ROOK) | p.pieces(them, QUEEN)),
        enemy_bq(p.pieces(them, BISHOP) | p.pieces(them, QUEEN)),
        checkers((pawn_attacks(us, ksq) & p.pieces(them, PAWN)) |
                 (knight_attacks(ksq) & p.pieces(them, KNIGHT)) | (T.bishop[ksq](occ) & enemy_bq) |
                 (T.rook[ksq](occ) & enemy_rq)) {}
};

// King steps: the destination must not be attacked once the king has left its square (so a
// slider checking along a line also covers the square behind the king).
[[gnu::always_inline]] inline Bitboard king_steps(const Position& p, const Side& c) {
  const Bitboard occ_wo_king = c.occ ^ square_bb(c.ksq);
  const Bitboard enemy_pawns = p.pieces(c.them, PAWN);
  const Bitboard pawn_att =
      c.them == WHITE ? pawn_attacks_bb<WHITE>(enemy_pawns) : pawn_attacks_bb<BLACK>(enemy_pawns);
  Bitboard targets =
      king_attacks(c.ksq) & ~c.own & ~pawn_att & ~king_attacks(p.king_square(c.them));
  Bitboard knights = p.pieces(c.them, KNIGHT);
  while (knights) targets &= ~knight_attacks(pop_lsb(knights));
  // The enemy sliders' attacks once each (endgames have few sliders; a lookup per king
  // target cost more).
  if (targets)
    for (Bitboard b = c.enemy_bq | c.enemy_rq; b;) {
      const Square s = pop_lsb(b);
      if (c.enemy_bq & square_bb(s)) targets &= ~c.T.bishop[s](occ_wo_king);
      if (c.enemy_rq & square_bb(s)) targets &= ~c.T.rook[s](occ_wo_king);
    }
  return targets;
}

// Pinned pieces: own pieces alone between the king and an enemy slider.
[[gnu::always_inline]] inline Bitboard pinned_pieces(const Side& c) {
  Bitboard pinned = 0;
  Bitboard snipers = ((c.T.rook[c.ksq](0) & c.enemy_rq) | (c.T.bishop[c.ksq](0) & c.enemy_bq));
  while (snipers) {
    Square s = pop_lsb(snipers);
    Bitboard b = between_bb(c.ksq, s) & c.occ & ~square_bb(s);
    if (b && !more_than_one(b)) pinned |= b & c.own;
  }
  return pinned;
}

// Pushes and captures of the pawns that are not pinned, set-wise, onto `target`.
template <class Sink>
[[gnu::always_inline]] inline void add_free_pawn_moves(Sink& sink, const Side& c,
                                                       Bitboard free_pawns, Bitboard target) {
  const Bitboard empty = ~c.occ;
  const Bitboard rank3 = rank_bb(relative_rank(c.us, RANK_3));
  const Bitboard rank8 = rank_bb(relative_rank(c.us, RANK_8));
  const int up = pawn_push(c.us);
  Bitboard push1, push2, capl, capr;
  int dl, dr;
  if (c.us == WHITE) {
    push1 = shift<NORTH>(free_pawns) & empty;
    push2 = shift<NORTH>(push1 & rank3) & empty;
    capl = shift<NORTH_WEST>(free_pawns) & c.enemy;
    capr = shift<NORTH_EAST>(free_pawns) & c.enemy;
    dl = 7, dr = 9;
  } else {
    push1 = shift<SOUTH>(free_pawns) & empty;
    push2 = shift<SOUTH>(push1 & rank3) & empty;
    capl = shift<SOUTH_WEST>(free_pawns) & c.enemy;
    capr = shift<SOUTH_EAST>(free_pawns) & c.enemy;
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
}

// Pinned pawns, out of check: along the pin line only.
template <class Sink>
[[gnu::always_inline]] inline void add_pinned_pawn_moves(Sink& sink, const Side& c,
                                                         Bitboard pinned_pawns) {
  const Bitboard rank3 = rank_bb(relative_rank(c.us, RANK_3));
  const Bitboard rank8 = rank_bb(relative_rank(c.us, RANK_8));
  const int up = pawn_push(c.us);
  for (Bitboard b = pinned_pawns; b;) {
    Square from = pop_lsb(b);
    Bitboard line = line_bb(c.ksq, from);
    Bitboard moves = pawn_attacks(c.us, from) & c.enemy & line;
    Square one = Square(from + up);
    if ((line & square_bb(one)) && !(c.occ & square_bb(one))) {
      moves |= square_bb(one);
      Square two = Square(one + up);
      if ((square_bb(one) & rank3) && !(c.occ & square_bb(two))) moves |= square_bb(two);
    }
    while (moves) {
      Square to = pop_lsb(moves);
      if (square_bb(to) & rank8)
        for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT}) sink.add(Move::promotion(from, to, pt));
      else
        sink.add(Move(from, to));
    }
  }
}

// En passant (Art. 3.7.4): checked by playing it on the occupancy, since removing two pawns
// from one rank can expose the king (and the captured pawn may be the checker).
template <class Sink>
[[gnu::always_inline]] inline void add_en_passant(Sink& sink, const Side& c, Square ep,
                                                  Bitboard pawns) {
  const Square cap = Square(ep - pawn_push(c.us));
  for (Bitboard b = pawn_attacks(c.them, ep) & pawns; b;) {
    Square from = pop_lsb(b);
    Bitboard o = (c.occ ^ square_bb(from) ^ square_bb(cap)) | square_bb(ep);
    Bitboard remaining = c.enemy ^ square_bb(cap);
    bool exposed = (c.T.bishop[c.ksq](o) & c.enemy_bq & remaining) ||
                   (c.T.rook[c.ksq](o) & c.enemy_rq & remaining) ||
                   (c.checkers & ~square_bb(cap) & ~(c.enemy_bq | c.enemy_rq));
    if (!exposed) sink.add(Move::en_passant(from, ep));
  }
}

// Sliders along one kind of line (`table`: the bishop's or the rook's); a pinned one only along
// its pin line.
template <class Sink>
[[gnu::always_inline]] inline void add_slider_moves(Sink& sink, const Side& c, Bitboard sliders,
                                                    const detail::SliderEntry* table,
                                                    Bitboard pinned, Bitboard movable) {
  for (Bitboard b = sliders; b;) {
    Square from = pop_lsb(b);
    Bitboard att = table[from](c.occ) & movable;
    if (pinned & square_bb(from)) att &= line_bb(c.ksq, from);
    sink.add_all(from, att);
  }
}

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
  const Side c(*this);
  sink.add_all(c.ksq, king_steps(*this, c));
  // In double check only the king moves; a sink that only asks whether any move exists has
  // its answer once a king move is found.
  if (more_than_one(c.checkers) || (Any && sink.size())) return sink.size();

  const Bitboard pinned = pinned_pieces(c);
  // Non-king moves must capture the checker or block the check.
  const Bitboard target = c.checkers ? between_bb(c.ksq, lsb(c.checkers)) : ~Bitboard(0);
  const Bitboard pawns = pieces(c.us, PAWN);
  add_free_pawn_moves(sink, c, pawns & ~pinned, target);
  if (Any && sink.size()) return sink.size();
  // Pinned pawns move only along the pin line (never possible when in check: a pinned piece
  // cannot block or capture the checker).
  if (!c.checkers) add_pinned_pawn_moves(sink, c, pawns & pinned);
  if (ep_ != SQ_NONE) add_en_passant(sink, c, ep_, pawns);

  // Knights (a pinned knight can never move), bishops, rooks, queens.
  const Bitboard movable = ~c.own & target;
  for (Bitboard b = pieces(c.us, KNIGHT) & ~pinned; b;) {
    Square from = pop_lsb(b);
    sink.add_all(from, knight_attacks(from) & movable);
  }
  if (Any && sink.size()) return sink.size();
  add_slider_moves(sink, c, pieces(c.us, BISHOP) | pieces(c.us, QUEEN), c.T.bishop, pinned,
                   movable);
  add_slider_moves(sink, c, pieces(c.us, ROOK) | pieces(c.us, QUEEN), c.T.rook, pinned, movable);

  // Most positions have no castling rights left: asked here, before the calls.
  if (!c.checkers &&
      (castle_rook_[c.us][KING_SIDE] != SQ_NONE || castle_rook_[c.us][QUEEN_SIDE] != SQ_NONE))
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
