// Pairing a round of an event with its system (see event_round.h).
#include "arbiter/pairing/event_round.h"

#include <map>

#include "arbiter/pairing/board_order.h"
#include "arbiter/pairing/dutch.h"
#include "arbiter/pairing/initial_order.h"
#include "arbiter/pairing/round_robin.h"

namespace arbiter::pairing {
namespace {

// C.05 Annex 1: pairing numbers are drawn by lot before round 1 (events.md B: "at the opening
// session"); the Berger table then fixes every round.
void draw_round_robin_numbers(Event& e, RoundPairing& out) {
  Tournament& t = e.tournament;
  const int n = t.player_count();
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

// Whether p does not play round r of a round robin: withdrawn, or a declared absence (a cell
// without opponent and with a result, written by prepare_round).
bool absent_from(const Player& p, int round) {
  const auto c = p.round(round);
  return (p.withdrawn_from && p.withdrawn_from <= round) ||
         (p.has_round(round) && !c.has_opponent() && c.result != ResultCode::None);
}

// The Berger table's round; games of absent or withdrawn players are forfeits (events.md B:
// "a player who does not appear loses the game"; C: walk-over).
void round_robin_round(Event& e, int round, RoundPairing& out) {
  Tournament& t = e.tournament;
  const int n = t.player_count();
  const bool dbl = e.settings.system == EventSystem::DoubleRoundRobin;
  if (round == 1) draw_round_robin_numbers(e, out);
  auto table = dbl ? double_round_robin(n) : berger_table(n);
  const int expected = int(table.size());
  if (e.settings.rounds != expected)
    throw EventError(std::to_string(n) + " players need " + std::to_string(expected) +
                     " rounds in a " + (dbl ? "double " : "") + "round robin, the event has " +
                     std::to_string(e.settings.rounds));
  const auto& r = table.at(round - 1);
  for (const auto& g : r.boards) {
    const bool aw = absent_from(t.player(g.white), round);
    const bool ab = absent_from(t.player(g.black), round);
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

bool needs_initial_colour_lot(const Event& e, int round) {
  return round == 1 && !e.tournament.initial_colour && e.settings.system == EventSystem::Dutch;
}

RoundPairing pair_round(Event& e, int round) {
  RoundPairing out;
  switch (e.settings.system) {
    case EventSystem::Dutch: {
      auto p = pair_dutch(e.tournament, round);
      if (!p.ok)
        throw EventError("no legal pairing exists for round " + std::to_string(round) + ": " +
                         p.error);
      out.games = p.pairs;
      out.pab = p.bye;
      sort_boards(e.tournament, round, out.games);
      break;
    }
    case EventSystem::RoundRobin:
    case EventSystem::DoubleRoundRobin: round_robin_round(e, round, out); break;
  }
  return out;
}

PairedRound pair_next_round(Event& e, bool force) {
  Event n = e;
  PairedRound out;
  out.round = next_round(n);
  out.notes = prepare_round(n, force);
  out.pairing = pair_round(n, out.round);
  apply_pairing(n, out.round, out.pairing.games, out.pairing.pab);
  if (Tpn f = out.pairing.free) {
    // Round robin with an odd number: the free player neither plays nor scores (C.05).
    auto& cells = n.tournament.player(f).rounds;
    if (int(cells.size()) < out.round) cells.resize(out.round);
    cells[out.round - 1] = RoundEntry{0, std::nullopt, ResultCode::ZeroBye};
  }
  for (const auto& [board, res] : out.pairing.forfeits) set_result(n, out.round, board, res);
  out.notes.insert(out.notes.begin(), out.pairing.notes.begin(), out.pairing.notes.end());
  e = std::move(n);
  return out;
}

}  // namespace arbiter::pairing
