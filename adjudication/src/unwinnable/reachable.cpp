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
#include <utility>

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

// The set of identities seen: open addressing with linear probing over a power-of-two table
// kept at most half full (a node-based hash set allocated once per insertion, which cost more
// than the move generation). Identity 0 is kept apart as the empty-slot marker.
class SeenSet {
 public:
  SeenSet() : slots_(std::size_t(1) << 12, 0), mask_(slots_.size() - 1) {}
  // True if `id` was not in the set (and is now).
  bool insert(std::uint64_t id) {
    if (id == 0) return !std::exchange(has_zero_, true);
    if (2 * (size_ + 1) > slots_.size()) grow();
    for (std::size_t i = mix(id) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i] == id) return false;
      if (slots_[i] == 0) {
        slots_[i] = id;
        ++size_;
        return true;
      }
    }
  }

 private:
  // Zobrist keys are already uniform, but their low bits also index the search tables; a
  // multiplication spreads the high bits down.
  static std::size_t mix(std::uint64_t id) {
    return std::size_t((id * 0x9E3779B97F4A7C15ULL) >> 20);
  }
  void grow() {
    std::vector<std::uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    for (std::uint64_t id : old)
      if (id)
        for (std::size_t i = mix(id) & mask_;; i = (i + 1) & mask_)
          if (slots_[i] == 0) {
            slots_[i] = id;
            break;
          }
  }
  std::vector<std::uint64_t> slots_;
  std::size_t mask_;
  std::size_t size_ = 0;
  bool has_zero_ = false;
};

}  // namespace

ReachResult enumerate_reachable(const Position& root, Color winner, std::size_t cap,
                                std::uint64_t move_cap) {
  ReachResult r;
  std::vector<Node> nodes;
  nodes.reserve(std::min<std::size_t>(cap, 4096));
  SeenSet seen;
  nodes.push_back({root, 0, Move::none()});
  seen.insert(identity(root));
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
      if (!seen.insert(identity(child))) continue;
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
