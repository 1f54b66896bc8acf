#pragma once
// How the PGN commands (validate, pgn --normalize) cut a file into batches for run_ordered
// (cli_ordered.h).
#include <cstddef>
#include <utility>
#include <vector>

#include "arbiter/engine/pgn.h"

namespace arbiter::cli {

// Moves the next games of `split` into `chunks`: at most 64 games or 4 MB, enough to be worth a
// hand-off between threads while memory stays bounded. A read error (pgn::ReadError) reaches the
// caller with the games read before it already in `chunks`.
inline void take_batch(pgn::Splitter& split, std::vector<pgn::GameChunk>& chunks) {
  constexpr std::size_t kBatchGames = 64, kBatchBytes = 4 << 20;
  std::size_t bytes = 0;
  pgn::GameChunk c;
  while (chunks.size() < kBatchGames && bytes < kBatchBytes && split.next(c)) {
    bytes += c.bytes.size();
    chunks.push_back(std::move(c));
  }
}

}  // namespace arbiter::cli
