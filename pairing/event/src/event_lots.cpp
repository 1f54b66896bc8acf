// The lots of an event drawn from digests of its seed (see event_lots.h).
#include "arbiter/pairing/event_lots.h"

#include <algorithm>
#include <cassert>

#include "arbiter/pairing/event_playoff.h"
#include "arbiter/pairing/event_standings.h"

namespace arbiter::pairing {
namespace {

// 'sha256("TEXT") = 8 hex digits...': enough for anyone to re-run the lot and check it.
std::string digest_line(const std::string& text, const std::string& hex) {
  return "sha256(\"" + text + "\") = " + hex.substr(0, 8) + "...";
}

std::string checked_digest(const LotDraws& draws, const std::string& text) {
  std::string hex = draws.sha256_hex(text);
  if (hex.size() != 64) throw EventError("the lot's digest of '" + text + "' is not SHA-256");
  return hex;
}

// C.04.3 art. 5 (2017 E): the initial colour is drawn by lot before round 1; player 1 gets Black
// when the first byte of the digest is odd. Returns the audit line.
std::string draw_initial_colour(Event& e, const LotDraws& draws) {
  const std::string text = lot_text(e, "initial colour");
  const std::string hex = checked_digest(draws, text);
  const bool black = std::stoi(hex.substr(0, 2), nullptr, 16) & 1;
  e.tournament.initial_colour = black ? BLACK : WHITE;
  return "initial colour by lot: " + digest_line(text, hex) + " -> " + (black ? "black" : "white") +
         " for player 1";
}

// Laws Guidelines II: in a Chess960 event one start position is drawn for the whole round.
void draw_round_start(Event& e, int round, const LotDraws& draws) {
  const Chess960Start d = draws.chess960(lot_text(e, "round " + std::to_string(round)));
  assert(d.number >= 0 && d.number < 960);
  std::erase_if(e.settings.starts, [&](const RoundStart& x) { return x.round == round; });
  e.settings.starts.push_back({round, d.number, d.back_rank + "; " + d.audit});
}

}  // namespace

std::string lot_text(const Event& e, std::string_view what) {
  return std::to_string(e.settings.seed) + ":" + std::string(what);
}

PairedRound pair_with_lots(Event& e, bool force, const LotDraws& draws) {
  const int round = next_round(e);
  Event n = e;
  std::vector<std::string> lots;
  if (needs_initial_colour_lot(n, round)) {
    lots.push_back(draw_initial_colour(n, draws));
    n.settings.lots.push_back(lots.back());
  }
  PairedRound out = pair_next_round(n, force);
  if (n.settings.variant == EventVariant::Chess960) draw_round_start(n, round, draws);
  out.notes.insert(out.notes.begin(), lots.begin(), lots.end());
  e = std::move(n);
  return out;
}

DrawnPlayoff draw_event_playoff(Event& e, const LotDraws& draws) {
  const PlayoffRules& pr = e.settings.playoff;
  if (!e.settings.playoff_games.empty())
    throw EventError("the play-off is drawn already; enter its results (--result R)");
  const EventStandings c = event_standings(e, pr.scope);
  DrawnPlayoff out;
  out.players = playoff_players(pr, c.s);
  if (out.players.empty())
    throw EventError(pr.scope.empty() ? "no play-off: the first two are not tied on points"
                                      : "no play-off: the first two among " + pr.scope +
                                            " are not tied on points");
  out.points = c.s.rows[0].points;
  const bool arm = pr.format == PlayoffFormat::Armageddon;
  PlayoffLot lot;
  const std::string text = lot_text(e, arm ? "armageddon colours" : "playoff lot");
  lot.hex = checked_digest(draws, text);
  lot.line = digest_line(text, lot.hex);
  auto games = draw_playoff_games(pr, out.players, lot);
  assert(!games.empty());
  out.lot_audit = games.front().audit;
  if (e.settings.variant == EventVariant::Chess960) {
    // Events.md A: in the 960 event the play-off position is drawn afresh, game by game.
    for (size_t i = 0; i < games.size(); ++i) {
      auto& g = games[i];
      const Chess960Start d = draws.chess960(
          lot_text(e, arm ? std::string("armageddon") : "playoff game " + std::to_string(i + 1)));
      g.position = d.number;
      g.audit +=
          std::string(g.audit.empty() ? "" : "; ") + "960 position " + d.back_rank + "; " + d.audit;
      out.positions.push_back(d);
    }
  }
  e.settings.playoff_games = std::move(games);
  return out;
}

}  // namespace arbiter::pairing
