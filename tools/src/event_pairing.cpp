// Pairing a round of an event with its system, and the event's lots (see event_cli.h).
// The lots are reproducible from the event seed: each one hashes "SEED:what" with SHA-256 and
// prints an audit line anyone can re-run (the Chess960 draw uses the engine's seeded draw).
#include <algorithm>
#include <sstream>

#include "arbiter/engine/chess960.h"
#include "arbiter/pairing/dutch.h"
#include "arbiter/pairing/initial_order.h"
#include "arbiter/pairing/round_robin.h"
#include "event_cli.h"

namespace arbiter::cli::event {
using namespace arbiter::pairing;

namespace {

std::string lot_hex(const Event& e, const std::string& what) {
  return chess960::sha256_hex(std::to_string(e.settings.seed) + ":" + what);
}

// C.05 Annex 1: pairing numbers are drawn by lot before round 1 (events.md B: "at the opening
// session"); the Berger table then fixes every round. Games of absent or withdrawn players are
// forfeits (events.md B: "a player who does not appear loses the game").
void round_robin_round(Event& e, int round, RoundPairing& out) {
  Tournament& t = e.tournament;
  const int n = t.player_count();
  const bool dbl = e.settings.system == EventSystem::DoubleRoundRobin;
  if (round == 1) {
    auto lot = draw_lots(n, e.settings.seed);
    std::vector<Tpn> order(n);  // order[k] = entrant drawing number k + 1
    for (int i = 0; i < n; ++i) order[lot.number_of[i] - 1] = i + 1;
    std::string drawn;
    for (int i = 0; i < n; ++i)
      drawn += (i ? ", " : "") + t.player(order[i]).name + " " + std::to_string(i + 1);
    std::map<int, int> map;
    for (int k = 0; k < n; ++k) map[order[k]] = k + 1;
    renumber(t, order);
    renumber(e.settings, map);
    e.settings.lots.push_back("pairing numbers by lot: " + lot.audit);
    out.notes.push_back("pairing numbers by lot: " + lot.audit);
    out.notes.push_back("drawn: " + drawn);
  }
  auto table = dbl ? double_round_robin(n) : berger_table(n);
  const int expected = int(table.size());
  if (e.settings.rounds != expected)
    throw EventError(std::to_string(n) + " players need " + std::to_string(expected) +
                     " rounds in a " + (dbl ? "double " : "") + "round robin, the event has " +
                     std::to_string(e.settings.rounds));
  const auto& r = table.at(round - 1);
  for (const auto& g : r.boards) {
    auto absent = [&](Tpn p) {
      auto c = t.player(p).round(round);
      const Player& pl = t.player(p);
      return (pl.withdrawn_from && pl.withdrawn_from <= round) ||
             (pl.has_round(round) && !c.has_opponent() && c.result != pairing::Result::None);
    };
    bool aw = absent(g.white), ab = absent(g.black);
    out.games.emplace_back(g.white, g.black);
    if (aw || ab)
      out.forfeits.emplace_back(int(out.games.size()), aw && ab ? "--" : aw ? "-+" : "+-");
  }
  // A declared absence becomes the forfeit of the scheduled game.
  for (auto& p : t.players)
    if (p.has_round(round) && !p.round(round).has_opponent() && p.tpn != r.free)
      p.rounds[round - 1] = {};
  out.free = r.free;
}

}  // namespace

RoundPairing pair_round(Event& e, int round) {
  RoundPairing out;
  Tournament& t = e.tournament;
  if (round == 1 && t.initial_colour == Colour::None && e.settings.system == EventSystem::Dutch) {
    // The colour of the top player in round 1 is drawn by lot (C.04.3 art. 5.2.5 leaves it to
    // the lot); the lot is the parity of SHA-256("SEED:initial colour").
    std::string h = lot_hex(e, "initial colour");
    t.initial_colour = (std::stoi(h.substr(0, 2), nullptr, 16) & 1) ? Colour::Black : Colour::White;
    std::string line = "initial colour by lot: sha256(\"" + std::to_string(e.settings.seed) +
                       ":initial colour\") = " + h.substr(0, 8) + "... -> " +
                       (t.initial_colour == Colour::White ? "white" : "black") + " for player 1";
    e.settings.lots.push_back(line);
    out.notes.push_back(line);
  }
  switch (e.settings.system) {
    case EventSystem::Dutch: {
      auto p = pair_dutch(t, round);
      if (!p.ok)
        throw EventError("no legal pairing exists for round " + std::to_string(round) + ": " +
                         p.error);
      out.games = p.pairs;
      out.pab = p.bye;
      swiss_board_order(e, round, out.games);
      break;
    }
    case EventSystem::RoundRobin:
    case EventSystem::DoubleRoundRobin: round_robin_round(e, round, out); break;
  }
  if (e.settings.variant == EventVariant::Chess960) {
    // Guidelines II: one start position per round, drawn for the whole round.
    auto d =
        chess960::draw_seeded(std::to_string(e.settings.seed) + ":round " + std::to_string(round));
    RoundStart s{round, d.white, chess960::back_rank_string(d.white) + "; " + d.audit_line()};
    std::erase_if(e.settings.starts, [&](const RoundStart& x) { return x.round == round; });
    e.settings.starts.push_back(s);
  }
  return out;
}

}  // namespace arbiter::cli::event
