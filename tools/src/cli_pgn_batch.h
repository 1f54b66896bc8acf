#pragma once
// How the PGN commands (validate, pgn --normalize) cut a file into batches for run_ordered
// (cli_ordered.h).
#include <cstddef>
#include <utility>
#include <vector>

#include "arbiter/engine/pgn.h"

namespace arbiter::cli {

// Moves the next games of `split` into `chunks`: at most 64 games, and no more once their bytes
// reach the limit. Worker threads get batches of up to 256 KB, enough to be worth a hand-off;
// one thread gets 64 KB. Every batch in flight is memory touched: the first touch of each 4 KB
// page costs a page fault, which on a virtual machine costs more than reading the page's games
// (64 engine games of Chess960 with their comments took 2.4 MB a batch). A read error
// (pgn::ReadError) reaches the caller with the games read before it already in `chunks`.
// `spare` (optional): chunks already processed, whose buffers the splitter reuses for the next
// games (Splitter::next keeps those of the chunk it overwrites): no allocation per game.
inline void take_batch(pgn::Splitter& split, std::vector<pgn::GameChunk>& chunks,
                       unsigned threads = 2, std::vector<pgn::GameChunk>* spare = nullptr) {
  constexpr std::size_t kBatchGames = 64;
  const std::size_t max_bytes = threads > 1 ? 256 << 10 : 64 << 10;
  std::size_t bytes = 0;
  pgn::GameChunk c;
  while (chunks.size() < kBatchGames && bytes < max_bytes) {
    if (spare && !spare->empty()) {
      c = std::move(spare->back());
      spare->pop_back();
    }
    if (!split.next(c)) break;
    bytes += c.bytes.size();
    chunks.push_back(std::move(c));
  }
}

}  // namespace arbiter::cli
