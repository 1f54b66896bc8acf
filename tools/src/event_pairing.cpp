// The engine's SHA-256 and Chess960 draw, handed to the event library's lots (see event_cli.h;
// the rules of every lot are arbiter/pairing/event_lots.h's).
#include "arbiter/engine/chess960.h"
#include "event_cli.h"

namespace arbiter::cli::event {

pairing::LotDraws engine_lot_draws() {
  pairing::LotDraws d;
  d.sha256_hex = [](std::string_view text) { return chess960::sha256_hex(text); };
  d.chess960 = [](std::string_view seed) {
    const chess960::Draw x = chess960::draw_seeded(seed);
    return pairing::Chess960Start{x.white, chess960::back_rank_string(x.white), x.audit_line()};
  };
  return d;
}

pairing::PairedRound pair_with_lots(Event& e, bool force) {
  return pairing::pair_with_lots(e, force, engine_lot_draws());
}

}  // namespace arbiter::cli::event
