// Breadth-first enumeration of the reachable positions (see reachable.h).
//
// Soundness of NoMate: every position reachable from the root by legal moves is either the root
// or a child of a reachable position that is not over. The loop expands every position it
// records (except those where the winner has a bare king, from which no mate by the winner is
// reachable: a king alone never gives check), and records every child, so when the queue empties
// every reachable position from which a winner's mate could still follow has been recorded and
// examined; none was a checkmate of the loser. Positions are identified by their Zobrist key with
// the en passant square (side to move, castling rights and pieces are in the key), so two
// positions with one key have the same continuations.
#include "unwinnable/reachable.h"

#include <algorithm>
#include <unordered_map>

namespace arbiter::adjudication::detail {
namespace {

std::uint64_t identity(const Position& p) {
  return p.key() ^ (p.ep_square() == SQ_NONE ? 0 : 0x9E3779B97F4A7C15ULL * (p.ep_square() + 1));
}

struct Node {
  Position pos;
  std::uint32_t parent;
  Move move;
};

}  // namespace

ReachResult enumerate_reachable(const Position& root, Color winner, std::size_t cap,
                                std::uint64_t move_cap) {
  ReachResult r;
  std::vector<Node> nodes;
  nodes.reserve(std::min<std::size_t>(cap, 4096));
  std::unordered_map<std::uint64_t, std::uint32_t> seen;
  seen.reserve(std::min<std::size_t>(cap, 4096));
  nodes.push_back({root, 0, Move::none()});
  seen.emplace(identity(root), 0);
  MoveList moves;
  for (std::size_t head = 0; head < nodes.size(); ++head) {
    moves.clear();
    nodes[head].pos.generate_legal(moves);
    if (moves.size() == 0) {
      const Position& p = nodes[head].pos;
      if (p.in_check() && p.side_to_move() != winner) {
        for (std::size_t i = head; i != 0; i = nodes[i].parent) r.line.push_back(nodes[i].move);
        std::reverse(r.line.begin(), r.line.end());
        r.outcome = Reach::MateFound;
        r.positions = nodes.size();
        return r;
      }
      continue;  // stalemate, or the winner is mated: the game is over
    }
    if (!(nodes[head].pos.pieces(winner) & ~nodes[head].pos.pieces(winner, KING)))
      continue;  // a bare king never gives check
    for (Move m : moves) {
      if (++r.nodes > move_cap) {
        r.positions = nodes.size();
        return r;  // TooLarge
      }
      Position child = nodes[head].pos.after(m);
      if (!seen.emplace(identity(child), std::uint32_t(nodes.size())).second) continue;
      if (nodes.size() >= cap) {
        r.positions = nodes.size();
        return r;  // TooLarge
      }
      nodes.push_back({std::move(child), std::uint32_t(head), m});
    }
  }
  r.outcome = Reach::NoMate;
  r.positions = nodes.size();
  return r;
}

}  // namespace arbiter::adjudication::detail
