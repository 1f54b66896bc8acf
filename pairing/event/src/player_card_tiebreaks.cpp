// The player card's tie-break derivation (see event_publications.h): each term as the standings
// library counts it (arbiter/pairing/tiebreak.h explain_tiebreak), printed here.
#include <cstdio>

#include "arbiter/pairing/crosstable_export.h"
#include "arbiter/pairing/event_publications.h"
#include "arbiter/pairing/event_standings.h"

namespace arbiter::pairing {
namespace {

std::string num(double v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string source_text(const TiebreakTerm& t) {
  switch (t.source) {
    case TermSource::Opponent:
      return t.adjusted ? "opponent's adjusted score (C.07 16.3)" : "opponent's score";
    case TermSource::Dummy: return "own unplayed round: dummy with own score (16.4)";
    case TermSource::DummyCappedByOpponent:
      return "dummy, capped at the scheduled opponent's adjusted score (16.4.1)";
    case TermSource::DummyCappedByRounds: return "dummy, capped at a draw x rounds (16.4.2)";
    case TermSource::VirtualOpponent:
      return "virtual opponent: score before + reverse result + draws after (C.02 13.15)";
  }
  return "";
}

}  // namespace

Table tiebreak_derivation(const Event& e, Tpn p) {
  const EventStandings c = event_standings(e);
  TiebreakOptions o;
  o.rules = tiebreak_rules_of(e.settings);
  o.round_robin = e.settings.system != EventSystem::Dutch;
  const auto& row = c.s.row(p);
  Table out;
  out.title = "Tie-breaks of " + std::to_string(p) + " " + e.tournament.player(p).name;
  out.subtitle = {"Points " + format_points(Points(row.points * 10 + 0.5)) + ", place " +
                  std::to_string(row.rank) + (row.shared ? " (shared)" : "") + "; C.07 " +
                  std::string(to_string(c.s.rules)) + " rules"};
  out.columns = {"Tie-break", "Rd", "Opp. no.", "Opponent", "Score", "Own pts", "Adds", "How"};
  out.right = {false, true, true, false, true, true, true, false};
  for (size_t k = 0; k < c.s.specs.size(); ++k) {
    const auto& spec = c.s.specs[k];
    if (spec.kind == TiebreakKind::PTS) continue;
    const std::string value = k < row.values.size() ? format_value(spec, row.values[k]) : "";
    if (spec.kind == TiebreakKind::DE) {
      out.rows.push_back({spec.text, "", "", "", "", "", value,
                          "position among the players tied with this one (C.07 6)"});
      continue;
    }
    const auto d = explain_tiebreak(c.ct, spec, p, o);
    if (!d.explained) {
      out.rows.push_back({spec.text, "", "", "", "", "", value, "from the player's own games"});
      continue;
    }
    const bool sb = spec.kind == TiebreakKind::SB;
    for (const auto& t : d.terms) {
      std::string how = source_text(t);
      if (t.vur) how += "; voluntary unplayed round (16.1)";
      if (t.cut) how += t.vur ? "; cut (C.07 14, 16.5: a VUR first)" : "; cut (C.07 14)";
      out.rows.push_back(
          {spec.text, std::to_string(t.round), t.opponent ? std::to_string(t.opponent) : "",
           t.opponent ? e.tournament.player(t.opponent).name : "", num(t.score, 1),
           num(t.points, 1),
           t.cut ? "(" + num(t.value, sb ? 2 : 1) + ")" : num(t.value, sb ? 2 : 1), how});
    }
    out.rows.push_back({spec.text, "", "", "", "", "", value, "= the sum of the terms not cut"});
  }
  out.notes = {
      "Score: the opponent's score as the tie-break counts it (or the dummy's). Adds: "
      "Buchholz adds the score, Sonneborn-Berger the score times own points; a cut "
      "term is in parentheses."};
  return out;
}

}  // namespace arbiter::pairing
