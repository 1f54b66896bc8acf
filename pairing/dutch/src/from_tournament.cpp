// The tournament model seen by the Dutch system.
#include <algorithm>
#include <cctype>
#include <string>

#include "arbiter/pairing/dutch.h"
#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {
DutchInput dutch_input(const Tournament& t, int round) {
  DutchInput in;
  in.played_rounds = std::max(0, round - 1);
  in.total_rounds = std::max(t.rounds_to_play(), round);
  in.points_win = t.scoring.win();
  in.points_draw = t.scoring.draw();
  in.points_loss = t.scoring.loss();
  in.initial_colour = t.initial_colour_or_inferred().value_or(WHITE);
  const std::vector<Tpn> to_pair = t.to_pair(round);
  for (const Player& pl : t.players) {
    DutchPlayer p;
    p.id = pl.tpn;
    p.absent = !std::binary_search(to_pair.begin(), to_pair.end(), pl.tpn);
    for (int r = 1; r < round; ++r) {
      const RoundEntry e = pl.round(r);
      DutchRound d;
      d.opponent = e.opponent;
      d.colour = e.colour;
      d.played = e.played() || e.pending();  // a game under way counts as played (older F.9)
      d.paired = e.has_opponent() || e.pairing_bye();
      d.points = t.scoring.points(e);
      p.rounds.push_back(d);
    }
    if (!t.accelerations.empty()) {
      p.acceleration.resize(round);
      for (int r = 1; r <= round; ++r) p.acceleration[r - 1] = t.acceleration(pl.tpn, r);
    }
    in.players.push_back(std::move(p));
  }
  for (const ForbiddenPairs& f : t.forbidden) {
    if (round < f.first_round || (f.last_round && round > f.last_round)) continue;
    for (Tpn a : f.players)
      for (Tpn b : f.players)
        if (a < b) in.forbidden.emplace_back(a, b);
  }
  return in;
}

std::optional<DutchRules> dutch_rules_of_code(std::string_view code) {
  std::string c(code);
  for (auto& ch : c) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  if (c.rfind("FIDE_DUTCH", 0) != 0) return std::nullopt;
  std::string_view rest = std::string_view(c).substr(10);
  if (rest.size() >= 5 && rest.substr(rest.size() - 5) == "_BAKU") rest.remove_suffix(5);
  if (rest == "_2017") return DutchRules::Fide2017;
  if (rest.empty() || rest == "_2025" || rest == "_2026") return DutchRules::Fide2026;
  return std::nullopt;
}

std::optional<DutchRules> parse_dutch_rules(std::string_view text) {
  if (text == "2017") return DutchRules::Fide2017;
  if (text == "2026") return DutchRules::Fide2026;
  return std::nullopt;
}

std::string_view to_string(DutchRules rules) {
  return rules == DutchRules::Fide2017 ? "2017" : "2026";
}

DutchRules dutch_rules(const Tournament& t, std::optional<DutchRules> requested) {
  if (requested) return *requested;
  return dutch_rules_of_code(t.type_code).value_or(DutchRules::Fide2026);
}

DutchPairing pair_dutch(const Tournament& t, int round, const DutchOptions& options) {
  DutchOptions o = options;
  o.rules = dutch_rules(t, options.rules);
  if (t.system() == System::DutchBaku && t.accelerations.empty()) o.baku = true;
  return pair_dutch(dutch_input(t, round), o);
}

}  // namespace arbiter::pairing
