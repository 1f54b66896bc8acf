#include "arbiter/engine/perft.h"

#include <algorithm>
#include <bit>

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

std::uint64_t perft_hashed(const Position& pos, int depth, PerftTable& table) {
  if (depth == 1) return pos.count_legal_moves();
  const std::uint64_t key = pos.repetition_key();
  if (std::uint64_t hit = table.probe(key, depth); hit != ~std::uint64_t(0)) return hit;
  MoveList list;
  pos.generate_legal(list);
  std::uint64_t n = 0;
  for (Move m : list) n += perft_hashed(pos.after(m), depth - 1, table);
  table.store(key, depth, n);
  return n;
}

// Depth is mixed into the slot so that one position's counts at several depths can coexist.
std::uint64_t slot_key(std::uint64_t key, int depth) {
  return key ^ (std::uint64_t(depth) * 0x9E3779B97F4A7C15ull);
}
}  // namespace

PerftTable::PerftTable(std::size_t megabytes) {
  std::size_t n = std::bit_floor(std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Entry)));
  entries_.resize(n);
  mask_ = n - 1;
}

std::uint64_t PerftTable::probe(std::uint64_t key, int depth) const {
  const Entry& e = entries_[slot_key(key, depth) & mask_];
  if (e.key == key && int(e.data & 0xFF) == depth) return e.data >> 8;
  return ~std::uint64_t(0);
}

void PerftTable::store(std::uint64_t key, int depth, std::uint64_t count) {
  Entry& e = entries_[slot_key(key, depth) & mask_];
  e.key = key;
  e.data = count << 8 | std::uint64_t(depth);
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  return perft_rec(pos, depth);
}

std::uint64_t perft(const Position& pos, int depth, PerftTable& table) {
  if (depth <= 0) return 1;
  return perft_hashed(pos, depth, table);
}

std::vector<std::pair<Move, std::uint64_t>> divide(const Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0) return out;
  for (Move m : pos.legal_moves()) out.emplace_back(m, perft(pos.after(m), depth - 1));
  return out;
}

}  // namespace arbiter
