// libFuzzer target: SAN reader. The first byte picks a position, the rest is SAN text. Strict and
// lenient parsing must return a legal move or a SanError (ambiguity lists real candidates), and a
// parsed move must be the one its own SAN names.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "arbiter/engine/position.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"
#include "warm_engine.h"

using namespace arbiter;

#define FUZZ_CHECK(c)       \
  do {                      \
    if (!(c)) std::abort(); \
  } while (0)

namespace {
const char* kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "2k5/8/8/8/8/8/8/1RK5 w B - 0 1",
    "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1",
    "5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1",
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const Position* positions = [] {
    static Position ps[sizeof kFens / sizeof *kFens];
    for (std::size_t i = 0; i < sizeof kFens / sizeof *kFens; ++i)
      ps[i] = *Position::from_fen(kFens[i]);
    return ps;
  }();
  const Position& pos = positions[data[0] % (sizeof kFens / sizeof *kFens)];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  for (SanMode mode : {SanMode::Strict, SanMode::Lenient}) {
    auto r = parse_san(pos, text, mode);
    if (r) {
      FUZZ_CHECK(pos.is_legal(*r));
      FUZZ_CHECK(*parse_san(pos, to_san(pos, *r)) == *r);
    } else {
      FUZZ_CHECK(!r.error().message().empty());
      for (Move m : r.error().candidates) FUZZ_CHECK(pos.is_legal(m));
      if (r.error().kind == SanError::Kind::Ambiguous) FUZZ_CHECK(r.error().candidates.size() >= 2);
    }
  }
  auto u = parse_uci(pos, text);
  if (u) FUZZ_CHECK(pos.is_legal(*u));
  return 0;
}
