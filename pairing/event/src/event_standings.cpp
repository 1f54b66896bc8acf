// The event's standings (see event_standings.h).
#include "arbiter/pairing/event_standings.h"

#include <algorithm>
#include <stdexcept>

#include "arbiter/pairing/event_playoff.h"
#include "arbiter/pairing/event_prizes.h"
#include "arbiter/pairing/standings_trf.h"
#include "arbiter/pairing/tiebreak_spec.h"

namespace arbiter::pairing {
namespace {

std::vector<TiebreakSpec> event_specs(const EventSettings& s) {
  std::vector<TiebreakSpec> specs;
  try {
    specs = parse_tiebreaks(s.tiebreaks);
  } catch (const std::invalid_argument& x) {
    throw EventInputError("tiebreak list '" + s.tiebreaks + "': " + x.what());
  }
  // The regulations' rating for unrated opponents (C.07 art. 10, /Unnnn) where the list gives
  // none: ARO and the performance ratings no longer print "-" for an unrated player's opponents.
  if (s.unrated_rating)
    for (auto& sp : specs)
      if (!sp.unrated_rating && (sp.kind == TiebreakKind::ARO || sp.kind == TiebreakKind::TPR ||
                                 sp.kind == TiebreakKind::PTP || sp.kind == TiebreakKind::APRO ||
                                 sp.kind == TiebreakKind::APPO))
        sp.unrated_rating = s.unrated_rating;
  return specs;
}

std::string trimmed(const std::string& t) {
  const auto b = t.find_first_not_of(' ');
  if (b == std::string::npos) return {};
  return t.substr(b, t.find_last_not_of(' ') - b + 1);
}

// The event's categories named by `cat=CODE` items of a filter, and the rest of the filter for
// parse_filter.
struct EventFilter {
  PlayerFilter players;
  std::vector<std::string> categories;  // as the event defines them ("Region=Aragon")
};

EventFilter parse_event_filter(const EventSettings& s, const std::string& filter) {
  EventFilter f;
  std::string rest;
  size_t b = 0;
  while (b <= filter.size()) {
    size_t e = filter.find(';', b);
    if (e == std::string::npos) e = filter.size();
    const std::string item = trimmed(filter.substr(b, e - b));
    b = e + 1;
    if (item.rfind("cat=", 0) != 0) {
      rest += (rest.empty() ? "" : ";") + item;
      continue;
    }
    const std::string code = item.substr(4);
    auto it = std::find_if(s.categories.begin(), s.categories.end(),
                           [&](const auto& c) { return c.first == code; });
    if (it == s.categories.end()) {
      std::string known;
      for (const auto& c : s.categories) known += (known.empty() ? "" : ", ") + c.first;
      throw EventInputError("filter '" + item + "': the event has no category '" + code + "' (" +
                            (known.empty() ? std::string("it has none") : "its: " + known) + ")");
    }
    f.categories.push_back(it->second);
  }
  try {
    f.players = parse_filter(rest);
  } catch (const std::invalid_argument& x) {
    throw EventInputError(x.what());
  }
  return f;
}

Standings filtered(const Event& e, const EventStandings& c, const std::string& filter) {
  const EventFilter f = parse_event_filter(e.settings, filter);
  return sub_ranking(c.s, [&](int sno) {
    return f.players.accepts(c.ct.player(sno)) &&
           std::all_of(f.categories.begin(), f.categories.end(),
                       [&](const std::string& cat) { return in_category(e, sno, cat); });
  });
}

}  // namespace

void check_event_filter(const EventSettings& s, const std::string& filter) {
  (void)parse_event_filter(s, filter);
}

TiebreakRules tiebreak_rules_of(const EventSettings& s) {
  return s.rules == 2022   ? TiebreakRules::Fide2022
         : s.rules == 2024 ? TiebreakRules::Fide2024
                           : TiebreakRules::Fide2026;
}

EventStandings event_standings(const Event& e, const std::string& filter) {
  EventStandings c{export_tournament(e), {}, {}};
  c.ct = crosstable_from(c.t);
  c.ct.name = c.t.name;
  StandingsOptions o;
  o.tiebreak.rules = tiebreak_rules_of(e.settings);
  o.tiebreak.round_robin = e.settings.system != EventSystem::Dutch;
  c.s = compute_standings(c.ct, event_specs(e.settings), o);
  const auto& po = e.settings.playoff;
  const std::string scope = trimmed(po.scope), want = trimmed(filter);
  if (scope.empty()) {
    c.s = apply_playoff(c.s, po, e.settings.playoff_games);
    if (!want.empty()) {
      const std::string note = c.s.note;
      c.s = filtered(e, c, want);
      c.s.note = note;
    }
    return c;
  }
  // A play-off for a sub-ranking's first place: applied to that sub-ranking only; the overall
  // standings carry its note.
  Standings group = apply_playoff(filtered(e, c, scope), po, e.settings.playoff_games);
  if (want == scope) {
    c.s = group;
  } else {
    if (!want.empty()) c.s = filtered(e, c, want);
    if (!group.note.empty())
      c.s.note = "Play-off for first place among " + scope + ": " + group.note;
  }
  return c;
}

std::map<Tpn, std::vector<CategoryPlace>> category_places(const Event& e, const Standings& s) {
  std::map<Tpn, std::vector<CategoryPlace>> out;
  for (const auto& [code, cat] : e.settings.categories) {
    const Standings sub =
        sub_ranking(s, [&, &cat = cat](int sno) { return in_category(e, sno, cat); });
    for (const auto& row : sub.rows) out[row.start_no].push_back({code, row.rank, row.shared});
  }
  return out;
}

std::string category_text(const std::vector<CategoryPlace>& places) {
  std::string out;
  for (const auto& c : places) {
    if (!out.empty()) out += ' ';
    out += c.code + "-" + std::to_string(c.rank) + (c.shared ? "=" : "");
  }
  return out;
}

}  // namespace arbiter::pairing
