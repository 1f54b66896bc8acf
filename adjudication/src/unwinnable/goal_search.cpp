// Goal-directed helpmate search (see goal_search.h).
#include "unwinnable/goal_search.h"

#include <algorithm>

#include "unwinnable/identity.h"
#include "unwinnable/material.h"

namespace arbiter::adjudication::detail {
namespace {

constexpr int kNever = 99;

// Plies needed when the side to move must still make `own` moves and the other side `other`.
int plies(int own, int other) { return std::max(own ? 2 * own - 1 : 0, 2 * other); }

int piece_distance(const Position& pos, Square from, Square to) {
  const Piece p = pos.piece_on(from);
  return move_distance(type_of(p), color_of(p), from, to);
}

}  // namespace

int GoalSearch::bound(const Position& pos) const {
  int need[COLOR_NB] = {0, 0};
  for (int s = 0; s < SQUARE_NB; ++s) {
    if (goal_[s] == SQ_NONE) continue;
    if (pos.piece_on(Square(s)) == NO_PIECE) return kNever;
    need[color_of(pos.piece_on(Square(s)))] += piece_distance(pos, Square(s), goal_[s]);
  }
  const Color us = pos.side_to_move();
  return plies(need[us], need[~us]);
}

bool GoalSearch::run(const Position& root, int max_slack, std::uint64_t node_limit,
                     std::vector<Move>& line) {
  nodes_ = 0;
  limit_ = node_limit;
  stop_ = false;
  int need[COLOR_NB] = {0, 0};
  for (int s = 0; s < SQUARE_NB; ++s) {
    if (goal_[s] == SQ_NONE) continue;
    if (root.piece_on(Square(s)) == NO_PIECE) return false;
    need[color_of(root.piece_on(Square(s)))] += piece_distance(root, Square(s), goal_[s]);
  }
  const int base = plies(need[root.side_to_move()], need[~root.side_to_move()]);
  for (int slack = 0; slack <= max_slack && !stop_; ++slack) {
    max_ply_ = base + slack;
    // The mate is the winner's move: the line has odd length when the winner moves first.
    if ((max_ply_ % 2 == 1) != (root.side_to_move() == winner_)) continue;
    table_.next_round();
    stack_.clear();
    if (search(root, 0, need[winner_], need[~winner_])) {
      line = stack_;
      return true;
    }
  }
  return false;
}

bool GoalSearch::search(const Position& pos, int ply, int need_winner, int need_loser) {
  const Color us = pos.side_to_move();
  const int own = us == winner_ ? need_winner : need_loser;
  const int other = us == winner_ ? need_loser : need_winner;
  if (ply + plies(own, other) > max_ply_) return false;
  if (own == 0 && other == 0 && us != winner_ && pos.in_check() && pos.count_legal_moves() == 0)
    return true;  // the configuration is reached, and it is a checkmate
  if (ply == max_ply_) {
    // Every piece stands on its square: is it a checkmate by the winner?
    return us != winner_ && pos.in_check() && pos.count_legal_moves() == 0;
  }
  if (table_.seen(identity(pos), ply)) return false;
  MoveList moves;
  pos.generate_legal(moves);
  if (moves.size() == 0) return false;
  // Moves that bring a piece closer first (they keep the bound), the others after.
  // Left uninitialised (as MoveList is): zeroing the whole array cost more than the moves.
  union Order {
    Order() {}
    std::pair<int, Move> at[MoveList::kCapacity];
  } buffer;
  std::pair<int, Move>* const order = buffer.at;
  std::size_t n = 0;
  for (Move m : moves) {
    const Square from = m.from(), to = m.to();
    if (pos.is_capture(m) && !m.is_en_passant() && goal_[to] != SQ_NONE) continue;  // lost
    if (m.is_en_passant() && goal_[Square(to - pawn_push(us))] != SQ_NONE) continue;
    int delta = 0;
    if (goal_[from] != SQ_NONE && !m.is_castling()) {
      const Piece p = pos.piece_on(from);
      PieceType pt = m.is_promotion() ? m.promotion_type() : type_of(p);
      delta =
          move_distance(pt, us, to, goal_[from]) - move_distance(type_of(p), us, from, goal_[from]);
    } else if (m.is_castling()) {
      continue;  // castling moves two pieces; not worth steering
    }
    order[n++] = {delta, m};
  }
  // Stable insertion sort by delta (a few dozen moves; std::stable_sort allocates a buffer).
  for (std::size_t i = 1; i < n; ++i) {
    const std::pair<int, Move> x = order[i];
    std::size_t j = i;
    for (; j > 0 && order[j - 1].first > x.first; --j) order[j] = order[j - 1];
    order[j] = x;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (++nodes_ > limit_) {
      stop_ = true;
      return false;
    }
    const Move m = order[i].second;
    const Square from = m.from(), to = m.to();
    int nw = need_winner, nl = need_loser;
    (us == winner_ ? nw : nl) += order[i].first;
    // The child's bound, asked before the move is played: past the limit, this move and every
    // later one (sorted by delta, and the bound only grows with it) are counted as played (the
    // budgets are measured in moves) and not searched.
    if (ply + 1 + plies(us == winner_ ? nl : nw, us == winner_ ? nw : nl) > max_ply_) {
      const std::uint64_t rest = n - 1 - i;
      if (nodes_ + rest > limit_) {
        nodes_ = limit_ + 1;
        stop_ = true;
      } else {
        nodes_ += rest;
      }
      return false;
    }
    const Square g = goal_[from];
    goal_[to] = g;
    goal_[from] = SQ_NONE;
    const Position child = pos.after(m);
    stack_.push_back(m);
    const bool ok = search(child, ply + 1, nw, nl);
    goal_[from] = g;
    goal_[to] = SQ_NONE;
    if (ok) return true;
    stack_.pop_back();
    if (stop_) return false;
  }
  return false;
}

}  // namespace arbiter::adjudication::detail
