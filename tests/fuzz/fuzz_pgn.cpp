// libFuzzer target for the PGN reader: any bytes must be cut into games, tokenised, validated
// and normalised without crashing, hanging or reading out of bounds.
#include <cstddef>
#include <cstdint>
#include <string>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_writer.h"
#include "warm_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace arbiter;
  pgn::Reader reader(pgn::memory_source(std::string(reinterpret_cast<const char*>(data), size)));
  pgn::RawGame g;
  adjudication::ValidateOptions opt;
  opt.node_budget = 20000;
  std::string out;
  while (reader.next(g)) {
    for (auto& t : g.tokens) {
      if (t.offset + t.len > g.text.size()) __builtin_trap();
    }
    (void)adjudication::validate_game(g, opt);
    // Under A.5 illegal moves stand (A.5.2) and the replay goes on from illegal positions. This
    // second replay runs the inexact dead-position rules (material, forced replies) instead of
    // the solver, and leaves the final FEN out: where no illegal move stood, its final position
    // is the first run's (the same search and FEN writer again), and the solver on positions no
    // game reaches is fuzz_unwinnable's. The reader, tokenizer and every regime rule of the
    // replay stay exercised, and the target runs about 15 % more inputs per CPU second.
    adjudication::ValidateOptions unsupervised = opt;
    unsupervised.regime = adjudication::Regime::BlitzUnsupervised;
    unsupervised.dead_position_search = false;
    unsupervised.final_fen = false;
    (void)adjudication::validate_game(g, unsupervised);
    if (auto e = pgn::normalize(g)) {
      out.clear();
      pgn::write_export(out, *e);
      // What the writer produces must read back as one game.
      if (pgn::read_all(out).size() != 1) __builtin_trap();
    }
  }
  return 0;
}
