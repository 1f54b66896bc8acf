#include "arbiter/engine/perft.h"

namespace arbiter {

namespace {
std::uint64_t perft_rec(const Position& pos, int depth) {
  // Bulk counting: at the last ply the generator counts legal moves without listing them.
  if (depth == 1) return pos.count_legal_moves();
  MoveList list;
  pos.generate_legal(list);
  std::uint64_t n = 0;
  for (Move m : list) n += perft_rec(pos.after(m), depth - 1);
  return n;
}
}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  return perft_rec(pos, depth);
}

std::vector<std::pair<Move, std::uint64_t>> divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0) return out;
  for (Move m : pos.legal_moves()) out.emplace_back(m, perft(pos.after(m), depth - 1));
  return out;
}

}  // namespace arbiter
