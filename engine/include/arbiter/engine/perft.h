#pragma once
// Perft: the number of leaf nodes of the legal move tree to a given depth (bulk counted at the
// last ply), and divide (the count below each root move).
#include <cstdint>
#include <utility>
#include <vector>

#include "arbiter/engine/position.h"

namespace arbiter {

std::uint64_t perft(const Position& pos, int depth);  // depth 0 -> 1
std::vector<std::pair<Move, std::uint64_t>> divide(const Position& pos, int depth);

}  // namespace arbiter
