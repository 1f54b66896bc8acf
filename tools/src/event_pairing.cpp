// The lots of pairing a round that need the engine's SHA-256 (see event_cli.h); the pairing
// itself, the round robin's lot of numbers and its forfeits are the library's
// (arbiter/pairing/event_round.h). Each lot hashes "SEED:what" and prints an audit line anyone
// can re-run (the Chess960 draw uses the engine's seeded draw).
#include "arbiter/engine/chess960.h"
#include "event_cli.h"

namespace arbiter::cli::event {
using namespace arbiter::pairing;

PairedRound pair_with_lots(Event& e, bool force) {
  std::vector<std::string> lots;
  const int round = next_round(e);
  Event n = e;
  if (needs_initial_colour_lot(n, round)) {
    // The colour of the top player in round 1 is drawn by lot (C.04.3 art. 5.2.5 leaves it to
    // the lot); the lot is the parity of SHA-256("SEED:initial colour").
    std::string h = chess960::sha256_hex(std::to_string(n.settings.seed) + ":initial colour");
    Tournament& t = n.tournament;
    t.initial_colour = (std::stoi(h.substr(0, 2), nullptr, 16) & 1) ? Colour::Black : Colour::White;
    std::string line = "initial colour by lot: sha256(\"" + std::to_string(n.settings.seed) +
                       ":initial colour\") = " + h.substr(0, 8) + "... -> " +
                       (t.initial_colour == Colour::White ? "white" : "black") + " for player 1";
    n.settings.lots.push_back(line);
    lots.push_back(line);
  }
  PairedRound out = pair_next_round(n, force);
  if (n.settings.variant == EventVariant::Chess960) {
    // Guidelines II: one start position per round, drawn for the whole round.
    auto d =
        chess960::draw_seeded(std::to_string(n.settings.seed) + ":round " + std::to_string(round));
    RoundStart s{round, d.white, chess960::back_rank_string(d.white) + "; " + d.audit_line()};
    std::erase_if(n.settings.starts, [&](const RoundStart& x) { return x.round == round; });
    n.settings.starts.push_back(s);
  }
  out.notes.insert(out.notes.begin(), lots.begin(), lots.end());
  e = std::move(n);
  return out;
}

}  // namespace arbiter::cli::event
