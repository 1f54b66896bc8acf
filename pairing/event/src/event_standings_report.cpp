// The event's standings as published (see event_standings_report.h).
#include "arbiter/pairing/event_standings_report.h"

#include <map>
#include <sstream>

#include "arbiter/pairing/crosstable_export.h"
#include "arbiter/pairing/standings_trf.h"
#include "arbiter/pairing/tiebreak_spec.h"
#include "arbiter/pairing/trf.h"

namespace arbiter::pairing {
namespace {

// Each player's categories as the "Cat." column holds them ("W-1 U18-2="), by start number.
std::vector<ExtraColumn> category_columns(const Event& e, const Standings& s) {
  if (e.settings.categories.empty()) return {};
  ExtraColumn col{"Cat.", "categories", {}};
  for (const auto& [p, places] : category_places(e, s)) col.values[p] = category_text(places);
  return {col};
}

}  // namespace

std::string categories_key(const Event& e) {
  if (e.settings.categories.empty()) return {};
  std::string k = "Cat. (category and place in it, = shared):";
  for (const auto& [code, cat] : e.settings.categories) k += " " + code + " = " + cat + ";";
  k.pop_back();
  return k;
}

std::string categories_text(const Event& e, const EventStandings& c) {
  if (e.settings.categories.empty()) return "";
  const auto cats = category_places(e, c.s);
  std::ostringstream os;
  for (const auto& [code, cat] : e.settings.categories) {
    os << "\nCategory " << code << " (" << cat << "):";
    bool any = false;
    for (const auto& r : c.s.rows) {
      auto it = cats.find(r.start_no);
      if (it == cats.end()) continue;
      for (const auto& p : it->second)
        if (p.code == code) {
          os << (any ? ", " : " ") << p.rank << (p.shared ? "=" : "") << ". " << r.start_no << ' '
             << c.ct.player(r.start_no).name << ' ' << format_points(r.points);
          any = true;
        }
    }
    if (!any) os << " nobody";
  }
  os << '\n';
  return os.str();
}

Table standings_table(const Event& e, const EventStandings& c) {
  Table t;
  t.title = "Standings";
  t.subtitle = {c.t.name, "After round " + std::to_string(c.s.rounds) + " of " +
                              std::to_string(e.settings.rounds) + " (C.07 " + to_string(c.s.rules) +
                              " rules)"};
  t.columns = {"Rk", "No.", "Name", "Title", "Fed", "Rtg", "Pts"};
  t.right = {true, true, false, false, false, true, true};
  for (const auto& spec : c.s.specs) t.columns.push_back(spec.text), t.right.push_back(true);
  const auto extra = category_columns(e, c.s);
  for (const auto& x : extra) t.columns.push_back(x.heading), t.right.push_back(false);
  for (const auto& r : c.s.rows) {
    const auto& p = c.ct.player(r.start_no);
    std::vector<std::string> row{std::to_string(r.rank) + (r.shared ? "=" : ""),
                                 std::to_string(r.start_no),
                                 p.name,
                                 p.title,
                                 p.federation,
                                 p.rating ? std::to_string(p.rating) : "",
                                 format_points(r.points)};
    for (size_t k = 0; k < c.s.specs.size(); ++k)
      row.push_back(k < r.values.size() ? format_value(c.s.specs[k], r.values[k]) : "");
    for (const auto& x : extra) {
      auto it = x.values.find(r.start_no);
      row.push_back(it == x.values.end() ? "" : it->second);
    }
    t.rows.push_back(std::move(row));
  }
  for (const auto& spec : c.s.specs) t.notes.push_back(tiebreak_name(spec));
  if (!extra.empty()) t.notes.push_back(categories_key(e));
  if (!c.s.note.empty()) t.notes.push_back(c.s.note);
  return t;
}

std::string standings_report(const Event& e, std::string_view format, const std::string& filter) {
  const EventStandings c = event_standings(e, filter);
  const std::string head = c.s.note.empty() ? "" : c.s.note + "\n";
  if (format == "text") {
    // The categories' column needs its key; each category's ranking follows.
    // Under the table: each tie-break named in full, the key to the categories' column, then
    // each category's ranking.
    std::string keys;
    for (const auto& spec : c.s.specs)
      if (spec.kind != TiebreakKind::PTS) keys += tiebreak_name(spec) + "\n";
    if (!e.settings.categories.empty()) keys += categories_key(e) + "\n";
    return standings_text(c.ct, c.s, category_columns(e, c.s)) + head + keys +
           categories_text(e, c);
  }
  if (format == "tsv") return standings_tsv(c.s);  // FIDE's reference layout: tie-breaks only
  if (format == "csv") return standings_csv(c.ct, c.s, category_columns(e, c.s));
  if (format == "json") return standings_json(c.ct, c.s, category_columns(e, c.s));
  if (format == "html") return render(standings_table(e, c), PublicationFormat::Html);
  if (format == "crosstable") return crosstable_text(c.ct, c.s) + head;
  throw EventInputError("unknown format '" + std::string(format) +
                        "' (text, tsv, csv, json, html, crosstable)");
}

std::vector<FinalRow> final_rows(const Event& e) {
  const EventStandings c = event_standings(e);
  std::vector<FinalRow> rows;
  for (const auto& r : c.s.rows)
    rows.push_back({Tpn(r.start_no), Points(r.points * 10 + 0.5), r.rank});
  return rows;
}

std::vector<PrizeAward> event_prizes(const Event& e, const PrizeSpec& spec) {
  // A play-off for first place of one category (events.md B: a 4-game match decides the
  // champion of Aragon) orders that category's prizes among the players it separates.
  std::map<std::string, std::vector<Tpn>, std::less<>> order;
  const std::string& scope = e.settings.playoff.scope;
  if (scope.rfind("cat=", 0) == 0 && scope.find(';') == std::string::npos)
    for (const auto& [code, cat] : e.settings.categories)
      if (code == scope.substr(4))
        for (const auto& r : event_standings(e, scope).s.rows) order[cat].push_back(r.start_no);
  return award_prizes(e, final_rows(e), spec, order);
}

std::vector<std::vector<int>> ranked_places(const Event& e, int places, const std::string& filter) {
  if (places < 1 || places > 1000) throw EventInputError("prize places must be 1-1000");
  return prize_places(event_standings(e, filter).s, places);
}

std::string trf_report(const Event& e) {
  EventStandings c = event_standings(e);
  // 202/212 name what the event fixed (C.07 /Unnnn, /Vyyyy), so that `standings OUT.trf` gives
  // the event's values rather than the current rules' defaults.
  for (auto& sp : c.s.specs) {
    if (sp.kind == TiebreakKind::PTS) continue;
    if (sp.unrated_rating && sp.text.find("/U") == std::string::npos)
      sp.text += "/U" + std::to_string(*sp.unrated_rating);
    if (e.settings.rules != 2026 && sp.text.find("/V") == std::string::npos)
      sp.text += "/V" + std::to_string(e.settings.rules);
  }
  apply_standings(c.t, c.s);
  // TRF-2026 (trf.md): 062 players, 072 rated players (on the event's list), 182 the program.
  int rated = 0;
  for (const auto& p : c.t.players) rated += p.rating > 0;
  c.t.declared_players = c.t.player_count();
  c.t.declared_rated = rated;
  if (c.t.pairing_controller.empty()) c.t.pairing_controller = "arbiter";
  TrfWriteOptions w;
  w.format = TrfFormat::Trf2026;
  w.recompute_points = true;
  return write_trf(c.t, w);
}

}  // namespace arbiter::pairing
