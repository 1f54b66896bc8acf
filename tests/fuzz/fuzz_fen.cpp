// libFuzzer target: FEN reader. Any input must give a Setup or a FenError (no crash, hang or
// sanitizer report); accepted FENs must round-trip, and validated positions must generate,
// print and replay their moves consistently.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "arbiter/engine/perft.h"
#include "arbiter/engine/position.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"
#include "warm_engine.h"

using namespace arbiter;

#define FUZZ_CHECK(c)       \
  do {                      \
    if (!(c)) std::abort(); \
  } while (0)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (FenMode mode : {FenMode::Strict, FenMode::Epd}) {
    auto setup = parse_fen(text, mode);
    if (!setup) {
      FUZZ_CHECK(!setup.error().message().empty());
      continue;
    }
    for (CastlingNotation n : {CastlingNotation::XFen, CastlingNotation::Shredder}) {
      auto again = parse_fen(to_fen(*setup, n));
      FUZZ_CHECK(again.ok());
      FUZZ_CHECK(*again == *setup);
    }
    auto pos = Position::from_setup(*setup);
    if (!pos) continue;
    FUZZ_CHECK(pos->to_setup() == *setup);
    for (Move m : pos->legal_moves()) {
      auto san = parse_san(*pos, to_san(*pos, m));
      FUZZ_CHECK(san.ok() && *san == m);
      auto uci = parse_uci(*pos, to_uci(*pos, m));
      FUZZ_CHECK(uci.ok() && *uci == m);
      Position next = pos->after(m);
      FUZZ_CHECK(!(next.attackers_to(next.king_square(~next.side_to_move())) &
                   next.pieces(next.side_to_move())));
    }
    FUZZ_CHECK(perft(*pos, 2) == [&] {
      std::uint64_t n = 0;
      for (Move m : pos->legal_moves()) n += pos->after(m).legal_moves().size();
      return n;
    }());
  }
  return 0;
}
