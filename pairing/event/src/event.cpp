// The arbiter's operations on an event (see event.h).
#include "arbiter/pairing/event.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "arbiter/pairing/initial_order.h"
#include "arbiter/pairing/trf.h"

namespace arbiter::pairing {
namespace {

[[noreturn]] void refuse(const std::string& why) { throw EventError(why); }
[[noreturn]] void bad_input(const std::string& why) { throw EventInputError(why); }

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

std::string comma_list(std::string_view spaced) {
  std::istringstream in{std::string(spaced)};
  std::string w, out;
  while (in >> w) out += (out.empty() ? "" : ",") + w;
  return out;
}

// Everything the settings say that the TRF model also records.
void settings_to_model(Tournament& t, const EventSettings& s) {
  t.total_rounds = s.rounds;
  t.format = TrfFormat::Trf2026;
  t.tiebreaks = comma_list(s.tiebreaks);
  t.standings = t.tiebreaks.empty() ? std::string("PTS") : "PTS," + t.tiebreaks;
  switch (s.system) {
    case EventSystem::Dutch:
      t.type = "Individual: Swiss-System";
      // C.04.3: the 2026 text is bbpPairings' FIDE_DUTCH_2025; the 2017 one FIDE_DUTCH_2017.
      t.type_code = s.pairing_rules == 2017 ? "FIDE_DUTCH_2017" : "FIDE_DUTCH_2025";
      if (s.baku) t.type_code += "_BAKU";
      break;
    case EventSystem::RoundRobin:
      t.type = "Round Robin";
      t.type_code.clear();  // bbpPairings refuses any 192 code but the Swiss ones (trf.md)
      break;
    case EventSystem::DoubleRoundRobin:
      t.type = "Double Round Robin";
      t.type_code.clear();
      break;
  }
  // TRF-2026 132: YY/MM/DD in each round's columns (trf.md), from the full dates kept in XAR
  // (a 132 date without its XAR record, from another program, is kept as it is).
  if (!s.round_dates.empty()) {
    if (int(t.round_dates.size()) < s.round_dates.rbegin()->first)
      t.round_dates.resize(s.round_dates.rbegin()->first);
    for (const auto& [r, d] : s.round_dates)
      t.round_dates[r - 1] = d.substr(2, 2) + "/" + d.substr(5, 2) + "/" + d.substr(8, 2);
  }
  for (auto& p : t.players) {
    auto w = s.withdrawn.find(p.tpn);
    p.withdrawn_from = w == s.withdrawn.end() ? 0 : w->second;
    auto en = s.entry_round.find(p.tpn);
    p.entry_round = en == s.entry_round.end() ? 1 : en->second;
    auto r = s.ratings.find(p.tpn);
    if (r != s.ratings.end())
      p.ratings = Ratings{r->second[0], r->second[1], r->second[2], r->second[3]};
    p.rating = p.ratings.fide(s.rating_list);
  }
}

void check_player(const Event& e, Tpn p) {
  if (p < 1 || p > e.tournament.player_count())
    bad_input("no player with pairing number " + std::to_string(p));
}

void ensure_cells(Player& p, int rounds) {
  if (int(p.rounds.size()) < rounds) p.rounds.resize(rounds);
}

// Renumbers all players in the order `order` (old pairing numbers): the model through the
// initial-order module, the event's own records through the same map.
void renumber_players(Event& e, const std::vector<Tpn>& order) {
  std::map<int, int> map;
  for (size_t i = 0; i < order.size(); ++i) map[order[i]] = int(i) + 1;
  if (std::all_of(map.begin(), map.end(), [](auto& kv) { return kv.first == kv.second; })) return;
  renumber(e.tournament, order);
  renumber(e.settings, map);
}

}  // namespace

Event read_event(std::string_view text, const std::string& file) {
  // The XAR block is written after every TRF record, so the TRF reader's line numbers are the
  // file's line numbers.
  EventText et = split_event_text(text, file);
  if (!et.missing.empty())
    throw EventError(file + ": the event file has no 'XAR " + et.missing.front() +
                     "' record (every event file has XAR VERSION, SYSTEM, ROUNDS and SEED); it "
                     "was edited outside arbiter: `arbiter event undo " +
                     file + "` restores the version before the last change");
  Event e;
  e.settings = std::move(et.settings);
  TrfReadOptions trf;
  trf.require_players = false;  // an event before its first registration
  e.tournament = read_trf(et.trf, file, trf);
  const int n = e.tournament.player_count();
  auto check = [&](int p, const char* what) {
    if (p < 1 || p > n)
      throw EventError(file + ": XAR " + what + " names player " + std::to_string(p) +
                       ", but the event has " + std::to_string(n) + " players");
  };
  for (auto& [p, v] : e.settings.byes_requested) check(p, "BYE");
  for (auto& [p, v] : e.settings.withdrawn) check(p, "WITHDRAWN");
  for (auto& [p, v] : e.settings.entry_round) check(p, "ENTRY");
  for (auto& [p, v] : e.settings.ratings) check(p, "RATINGS");
  for (auto& [p, v] : e.settings.extra) check(p, "EXTRA");
  for (auto& [p, v] : e.settings.excused) check(p, "EXCUSED");
  for (auto& [r, v] : e.settings.boards)
    for (auto& [w, b] : v) check(w, "BOARDS"), check(b, "BOARDS");
  settings_to_model(e.tournament, e.settings);
  return e;
}

std::string write_event(const Event& e) {
  EventText et;
  et.settings = e.settings;
  et.settings.ratings.clear();
  for (const auto& p : e.tournament.players) {
    const auto& r = p.ratings;
    if (r.standard || r.rapid || r.blitz || r.national)
      et.settings.ratings[p.tpn] = {r.standard, r.rapid, r.blitz, r.national};
  }
  Tournament t = e.tournament;
  settings_to_model(t, et.settings);
  TrfWriteOptions o;
  o.format = TrfFormat::Trf2026;
  o.recompute_points = true;
  et.trf = write_trf(t, o);
  return join_event_text(et);
}

Tournament export_tournament(const Event& e) {
  Tournament t = e.tournament;
  settings_to_model(t, e.settings);
  return t;
}

Event new_event(const EventSettings& s, const EventInfo& info) {
  if (s.rounds < 1) refuse("the event needs at least one round");
  if (s.byes.max_half_point_byes < 0 || s.byes.last_round < 0 || s.byes.last_round > s.rounds)
    refuse("half-point bye rounds must lie within rounds 1-" + std::to_string(s.rounds));
  if (s.byes.deadline < 0 || s.byes.deadline > s.rounds)
    refuse("the bye deadline must be a round of the event (1-" + std::to_string(s.rounds) + ")");
  if (s.entry.max_players < 0) refuse("the player cap must be 1 or more");
  if (s.unrated_rating < 0 || s.unrated_rating > 3500)
    refuse("the rating for unrated players must lie within 0-3500");
  Event e;
  e.settings = s;
  Tournament& t = e.tournament;
  t.name = info.name;
  t.city = info.city;
  t.federation = info.federation;
  t.start_date = info.start_date;
  t.end_date = info.end_date;
  t.chief_arbiter = info.chief_arbiter;
  t.time_control = info.time_control;
  settings_to_model(t, s);
  return e;
}

std::vector<Tpn> initial_order(const Event& e) {
  InitialOrderOptions o;
  o.list = e.settings.rating_list;
  return initial_order(e.tournament, o);
}

namespace {

// Entry rules of the regulations (events.md A: 200 players; B: at most 16) and the federation
// rule for a FIDE ID.
void check_entry_rules(const Event& e, const Registration& r) {
  const auto& rules = e.settings.entry;
  if (rules.max_players && e.tournament.player_count() >= rules.max_players)
    refuse("the event is full: the regulations allow " + std::to_string(rules.max_players) +
           " players");
  if (rules.fide_id_for_foreign && r.fide_id.empty() && !e.tournament.federation.empty() &&
      r.federation != e.tournament.federation)
    refuse("players of a federation other than " + e.tournament.federation +
           " need a FIDE ID (the event's entry rules)");
}

// The registered players by FIDE id and by lower-case name, so that each registration of a long
// list is checked against every other player in O(log n): comparing each with every other player
// (and renumbering the field after each) made a CSV of 10,000 players take minutes.
struct Registered {
  std::map<std::string, Tpn> ids, names;
  Registered(const Event& e, Tpn self) {
    for (const auto& p : e.tournament.players)
      if (p.tpn != self) add(p);
  }
  void add(const Player& p) {
    if (!p.fide_id.empty()) ids.emplace(p.fide_id, p.tpn);
    names.emplace(lower(p.name), p.tpn);
  }
};

// The checks of a registration against every other player (`known`, without the player being
// corrected; `self` 0 for a new entry, which the entry rules also apply to). Returns the trimmed
// name.
std::string check_registration(const Event& e, const Registered& known, const Registration& r,
                               Tpn self) {
  const std::string name = trim(r.name);
  if (name.empty()) refuse("the player needs a name");
  if (auto id = known.ids.find(r.fide_id); !r.fide_id.empty() && id != known.ids.end())
    refuse("FIDE id " + r.fide_id + " is registered already (" + player_label(e, id->second) + ")");
  if (auto same = known.names.find(lower(name)); r.fide_id.empty() && same != known.names.end())
    refuse("'" + name + "' is registered already (" + player_label(e, same->second) + ")");
  if (!r.title.empty() && title_rank(r.title) == 8) refuse("unknown title '" + r.title + "'");
  for (int x : {r.ratings.standard, r.ratings.rapid, r.ratings.blitz, r.ratings.national})
    if (x < 0 || x > 3500) refuse("rating " + std::to_string(x) + " out of range 0-3500");
  if (self == 0) check_entry_rules(e, r);
  return name;
}

// The round a new player can first play (`paired`: rounds paired so far), checked against the
// system.
int first_round_for(const Event& e, int paired, int asked) {
  const int next = paired + 1;
  if (paired >= e.settings.rounds) refuse("the event is finished");
  const int first = asked ? asked : next;
  if (first < next || first > e.settings.rounds)
    refuse("a new player can enter rounds " + std::to_string(next) + "-" +
           std::to_string(e.settings.rounds) + ", not round " + std::to_string(first));
  if (paired > 0 && e.settings.system != EventSystem::Dutch) {
    // C.05 Annex 1: the Berger table of an odd field has a dummy number; a late entrant can only
    // take it, from the next round on (later rounds would be scheduled games forfeited).
    if (e.tournament.player_count() % 2 == 0)
      refuse("a round robin of " + std::to_string(e.tournament.player_count()) +
             " players has no free number for a late entry");
    if (first != next)
      refuse("a late entry into a round robin plays from round " + std::to_string(next));
  }
  return first;
}

// Whether the pairing numbers still follow the initial order (C.04.2 Art. 2: until round 4 is
// paired) when `paired` rounds are paired: in a Swiss unless the event keeps the numbers of
// published lists (EntryRules::keep_published_numbers) once round 1 is out; in a round robin
// only before the lot of round 1 (C.05: the numbers are drawn, the Berger table fixes every
// round).
bool numbers_follow_initial_order(const EventSettings& s, int paired) {
  if (s.system != EventSystem::Dutch) return paired == 0;
  return paired < 4 && !(paired > 0 && s.entry.keep_published_numbers);
}

// Appends the player of `r` (checked) with the next pairing number, entering in round `first`.
const Player& append_player(Event& e, const Registration& r, const std::string& name, int first,
                            int paired) {
  Player p;
  p.tpn = e.tournament.player_count() + 1;
  p.name = name;
  p.title = r.title;
  p.sex = r.sex;
  p.federation = r.federation;
  p.fide_id = r.fide_id;
  p.birth = r.birth;
  p.ratings = r.ratings;
  p.rating = r.ratings.fide(e.settings.rating_list);
  const char missed = e.settings.entry.missed_rounds;
  if (first > 1) {
    // C.04.2 Art. 2: rounds missed before entry are unplayed, with zero points or a half-point
    // bye as the regulations say: the paired ones in the cells, the others as requested byes.
    const ResultCode kind = missed == 'H' ? ResultCode::HalfBye : ResultCode::ZeroBye;
    p.rounds.assign(paired, RoundEntry{0, std::nullopt, kind});
    for (int k = paired + 1; k < first; ++k) e.settings.byes_requested[p.tpn][k] = missed;
    p.entry_round = first;
    e.settings.entry_round[p.tpn] = first;
  }
  if (!r.extra.empty()) e.settings.extra[p.tpn] = r.extra;
  e.tournament.players.push_back(std::move(p));
  return e.tournament.players.back();
}

// C.04.2 Art. 2: pairing numbers follow the initial order until round 4 has been paired; a round
// robin's numbers are drawn by lot, so nobody moves there once they are. The field is renumbered
// once after the whole list: the initial order is a total order (ties by pairing number, i.e. by
// entry), so this is the order that renumbering after each entry gives. `before`: the players
// registered before this list, whose changed numbers are reported when rounds were published.
void renumber_entries(Event& e, EntryList& out, int before, int paired) {
  if (!numbers_follow_initial_order(e.settings, paired)) return;
  const auto order = initial_order(e);
  std::vector<Tpn> to(order.size() + 1, 0);  // old -> new
  for (size_t i = 0; i < order.size(); ++i) to[order[i]] = Tpn(i + 1);
  for (Tpn p = 1; p <= before && paired > 0; ++p)
    if (to[p] != p) out.renumbered[p] = to[p];
  for (auto& x : out.players) x.tpn = to[x.tpn];
  renumber_players(e, order);
}

}  // namespace

EntryList enter_players(Event& e, const std::vector<Registration>& rs, int first_round) {
  Event n = e;
  const int paired = paired_rounds(n), before = n.tournament.player_count();
  Registered known(n, 0);
  EntryList out;
  for (const auto& r : rs) {
    const std::string name = check_registration(n, known, r, 0);
    const int first = first_round_for(n, paired, first_round);
    const Player& p = append_player(n, r, name, first, paired);
    known.add(p);
    out.players.push_back({p.tpn, first, {}});
  }
  renumber_entries(n, out, before, paired);
  e = std::move(n);
  return out;
}

EntryResult enter_player(Event& e, const Registration& r, int first_round) {
  EntryList list = enter_players(e, {r}, first_round);
  EntryResult out = list.players.front();
  out.renumbered = std::move(list.renumbered);
  return out;
}

Tpn register_player(Event& e, const Registration& r) { return enter_player(e, r).tpn; }

Tpn update_player(Event& e, Tpn p, const Registration& r) {
  check_player(e, p);
  const std::string name = check_registration(e, Registered(e, p), r, p);
  Event n = e;
  Player& pl = n.tournament.player(p);
  pl.name = name;
  pl.title = r.title;
  pl.sex = r.sex;
  pl.federation = r.federation;
  pl.fide_id = r.fide_id;
  pl.birth = r.birth;
  pl.ratings = r.ratings;
  pl.rating = r.ratings.fide(n.settings.rating_list);
  Tpn tpn = p;
  // C.04.2 Art. 2: a corrected rating moves the player in the initial order until round 4 is
  // paired, as an entry does, and under the same rules: not once published numbers are to stay
  // (late numbers append), and in a round robin not after the lot.
  if (numbers_follow_initial_order(n.settings, paired_rounds(n))) {
    auto order = initial_order(n);
    tpn = Tpn(std::find(order.begin(), order.end(), p) - order.begin()) + 1;
    renumber_players(n, order);
  }
  e = std::move(n);
  return tpn;
}

Tpn find_player(const Event& e, std::string_view who_) {
  const std::string who = trim(who_);
  if (who.empty()) bad_input("no player given");
  const auto& ps = e.tournament.players;
  if (std::all_of(who.begin(), who.end(), [](char c) { return std::isdigit((unsigned char)c); })) {
    for (const auto& p : ps)
      if (p.fide_id == who) return p.tpn;
    if (who.size() <= 4) {
      int n = std::stoi(who);
      if (n >= 1 && n <= e.tournament.player_count()) return n;
    }
    bad_input("unknown player '" + who + "' (no such pairing number or FIDE id)");
  }
  std::vector<Tpn> exact, prefix;
  const std::string lw = lower(who);
  for (const auto& p : ps) {
    std::string ln = lower(p.name);
    if (ln == lw)
      exact.push_back(p.tpn);
    else if (ln.rfind(lw, 0) == 0)
      prefix.push_back(p.tpn);
  }
  if (exact.size() == 1) return exact[0];
  if (exact.empty() && prefix.size() == 1) return prefix[0];
  if (exact.size() + prefix.size() == 0) bad_input("unknown player '" + who + "'");
  bad_input("'" + who + "' names several players; use the pairing number");
}

std::string player_label(const Event& e, Tpn p) {
  return std::to_string(p) + " " + e.tournament.player(p).name;
}

int paired_rounds(const Event& e) {
  int r = 0;
  for (const auto& [round, v] : e.settings.boards) r = std::max(r, round);
  return std::max(r, e.tournament.paired_rounds());
}

int next_round(const Event& e) { return paired_rounds(e) + 1; }

void request_bye(Event& e, Tpn p, int round, char kind) {
  check_player(e, p);
  const auto& s = e.settings;
  const std::string who = player_label(e, p);
  if (round < 1 || round > s.rounds)
    refuse("round " + std::to_string(round) + " is not a round of the event (1-" +
           std::to_string(s.rounds) + ")");
  if (round <= paired_rounds(e)) refuse("round " + std::to_string(round) + " is paired already");
  if (auto w = s.withdrawn.find(p); w != s.withdrawn.end() && w->second <= round)
    refuse(who + " is withdrawn");
  if (auto b = s.byes_requested.find(p); b != s.byes_requested.end() && b->second.count(round))
    refuse(who + " has a bye in round " + std::to_string(round) + " already");
  if (kind == 'H') {
    if (auto d = s.byes_denied.find(p); d != s.byes_denied.end())
      refuse(who + " is refused half-point byes" + (d->second.empty() ? "" : ": " + d->second));
    // Events.md A: byes are "requested in writing before round 1".
    if (s.byes.deadline && paired_rounds(e) >= s.byes.deadline)
      refuse("half-point byes are requested before round " + std::to_string(s.byes.deadline) +
             " is paired (the event's deadline)");
    // Events.md A: "Rapid: up to 3 byes, only in rounds 1-6. Chess960: up to 2, rounds 1-5."
    if (s.byes.max_half_point_byes == 0) refuse("the event grants no half-point byes");
    if (s.byes.last_round > 0 && round > s.byes.last_round)
      refuse("half-point byes only in rounds 1-" + std::to_string(s.byes.last_round) +
             ", not in round " + std::to_string(round));
    int taken = 0;
    for (const auto& c : e.tournament.player(p).rounds) taken += c.bye_kind() == ByeKind::Half;
    if (auto b = s.byes_requested.find(p); b != s.byes_requested.end())
      for (const auto& [r, k] : b->second) taken += k == 'H';
    if (taken >= s.byes.max_half_point_byes)
      refuse(who + " has " + std::to_string(taken) + " half-point byes already, the most allowed");
  } else if (kind != 'Z') {
    refuse("a requested bye is a half-point bye (H) or a zero-point absence (Z)");
  }
  e.settings.byes_requested[p][round] = kind;
}

void cancel_bye(Event& e, Tpn p, int round) {
  check_player(e, p);
  auto b = e.settings.byes_requested.find(p);
  if (b == e.settings.byes_requested.end() || !b->second.count(round))
    refuse(player_label(e, p) + " has no bye requested for round " + std::to_string(round));
  // Events.md A: "Players can cancel a bye before the previous round starts."
  if (round > 1 && paired_rounds(e) >= round - 1)
    refuse("too late: round " + std::to_string(round - 1) +
           " has started; a bye is cancelled before the previous round starts");
  b->second.erase(round);
  if (b->second.empty()) e.settings.byes_requested.erase(b);
}

void withdraw(Event& e, Tpn p, int from_round) {
  check_player(e, p);
  const int next = next_round(e);
  if (from_round == 0) from_round = next;
  if (from_round < next)
    refuse("round " + std::to_string(from_round) + " is paired already; withdraw from round " +
           std::to_string(next) + " on and enter the forfeits");
  if (from_round > e.settings.rounds)
    refuse("round " + std::to_string(from_round) + " is not a round of the event");
  if (auto w = e.settings.withdrawn.find(p);
      w != e.settings.withdrawn.end() && w->second <= from_round)
    refuse(player_label(e, p) + " is withdrawn already from round " + std::to_string(w->second));
  e.settings.withdrawn[p] = from_round;
  e.tournament.player(p).withdrawn_from = from_round;
  if (auto b = e.settings.byes_requested.find(p); b != e.settings.byes_requested.end()) {
    std::erase_if(b->second, [&](const auto& kv) { return kv.first >= from_round; });
    if (b->second.empty()) e.settings.byes_requested.erase(b);
  }
}

void forbid_pair(Event& e, Tpn a, Tpn b, int from_round, int to_round) {
  check_player(e, a);
  check_player(e, b);
  if (a == b) refuse("a player cannot be forbidden to meet himself");
  if (e.settings.system != EventSystem::Dutch)
    refuse("a round robin pairs every player with every other (C.05): " + player_label(e, a) +
           " and " + player_label(e, b) + " cannot be kept apart");
  const int next = next_round(e);
  if (from_round == 0) from_round = next;
  if (from_round < next)
    refuse("round " + std::to_string(from_round) + " is paired already; forbid from round " +
           std::to_string(next) + " on");
  if (from_round > e.settings.rounds || to_round > e.settings.rounds)
    refuse("the event has " + std::to_string(e.settings.rounds) + " rounds");
  if (to_round && to_round < from_round) refuse("the last round is before the first");
  for (const auto& f : e.tournament.forbidden)
    if (f.first_round <= from_round && (!f.last_round || (to_round && f.last_round >= to_round)) &&
        std::count(f.players.begin(), f.players.end(), a) &&
        std::count(f.players.begin(), f.players.end(), b))
      refuse(player_label(e, a) + " and " + player_label(e, b) + " are kept apart already");
  e.tournament.forbidden.push_back({from_round, to_round, {std::min(a, b), std::max(a, b)}});
}

void reinstate(Event& e, Tpn p, std::string_view exception_reason) {
  check_player(e, p);
  auto w = e.settings.withdrawn.find(p);
  if (w == e.settings.withdrawn.end()) refuse(player_label(e, p) + " is not withdrawn");
  const std::string reason = trim(exception_reason);
  const bool for_good = e.settings.withdrawn_for_good.count(p) > 0;
  if (for_good && reason.empty())
    refuse(player_label(e, p) +
           " is withdrawn for good (a second no-show); only the Chief Arbiter's exception, "
           "given with its reason (--exception \"...\"), reinstates the player");
  if (next_round(e) > e.settings.rounds) refuse("the event is finished");
  if (!reason.empty()) e.settings.exceptions.push_back({p, next_round(e), "reinstate", reason});
  e.settings.withdrawn.erase(w);
  e.settings.withdrawn_for_good.erase(p);
  e.tournament.player(p).withdrawn_from = 0;
}

std::vector<int> deny_byes(Event& e, Tpn p, std::string_view reason) {
  check_player(e, p);
  std::vector<int> cancelled;
  auto& s = e.settings;
  s.byes_denied[p] = trim(reason);
  if (auto b = s.byes_requested.find(p); b != s.byes_requested.end()) {
    for (auto& [r, k] : b->second)
      if (k == 'H') cancelled.push_back(r);
    std::erase_if(b->second, [](const auto& kv) { return kv.second == 'H'; });
    if (b->second.empty()) s.byes_requested.erase(b);
  }
  return cancelled;
}

void set_round_date(Event& e, int round, std::string_view date) {
  if (round < 1 || round > e.settings.rounds)
    bad_input("round " + std::to_string(round) + " is not a round of the event (1-" +
              std::to_string(e.settings.rounds) + ")");
  const std::string d = trim(date);
  auto digits = [&](size_t b, size_t n) {
    return std::all_of(d.begin() + b, d.begin() + b + n,
                       [](char c) { return c >= '0' && c <= '9'; });
  };
  if (d.size() != 10 || (d[4] != '/' && d[4] != '-') || d[7] != d[4] || !digits(0, 4) ||
      !digits(5, 2) || !digits(8, 2))
    bad_input("round date '" + d + "': expected YYYY/MM/DD");
  const int y = std::stoi(d.substr(0, 4)), m = std::stoi(d.substr(5, 2)),
            day = std::stoi(d.substr(8, 2));
  static const int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  if (m < 1 || m > 12 || day < 1 || day > kDays[m - 1] || (m == 2 && day == 29 && !leap))
    bad_input("round date '" + d + "' is not a date");
  // Dates must not go backwards from round to round (compared as YYYYMMDD text).
  const std::string full = d.substr(0, 4) + "/" + d.substr(5, 2) + "/" + d.substr(8, 2);
  for (const auto& [r, other] : e.settings.round_dates) {
    if (r == round) continue;
    if ((r < round && other > full) || (r > round && other < full))
      refuse("round " + std::to_string(round) + " on " + full + " would come " +
             (r < round ? "before" : "after") + " round " + std::to_string(r) + " (" + other + ")");
  }
  e.settings.round_dates[round] = full;
  settings_to_model(e.tournament, e.settings);
}

std::vector<int> no_shows(const Event& e, Tpn p) {
  std::vector<int> out;
  const auto& cells = e.tournament.player(p).rounds;
  for (size_t i = 0; i < cells.size(); ++i)
    if (cells[i].has_opponent() && cells[i].result == ResultCode::ForfeitLoss)
      out.push_back(int(i) + 1);
  return out;
}

void excuse(Event& e, Tpn p) {
  check_player(e, p);
  const int last = paired_rounds(e);
  auto ns = no_shows(e, p);
  if (ns.empty() || ns.back() != last)
    refuse(player_label(e, p) + " has no no-show in round " + std::to_string(last) + " to excuse");
  auto& ex = e.settings.excused[p];
  if (std::count(ex.begin(), ex.end(), last)) refuse("the no-show is excused already");
  ex.push_back(last);
}

std::vector<int> missing_results(const Event& e, int round) {
  std::vector<int> out;
  auto it = e.settings.boards.find(round);
  if (it == e.settings.boards.end()) return out;
  for (size_t b = 0; b < it->second.size(); ++b)
    if (e.tournament.player(it->second[b].first).round(round).pending()) out.push_back(int(b) + 1);
  return out;
}

namespace {

// The event's no-show rule before pairing round r, for no-shows of round r - 1 (events.md A,
// C: one not excused before this pairing withdraws, a second withdraws for good; B: forfeit
// only; withdraw-after-N: the N-th not excused withdraws for good).
std::vector<std::string> apply_no_show_rule(Event& n, int r) {
  std::vector<std::string> notes;
  auto& s = n.settings;
  if (s.no_show.policy == NoShowPolicy::ForfeitOnly) return notes;
  for (auto& p : n.tournament.players) {
    auto ns = no_shows(n, p.tpn);
    if (ns.empty() || ns.back() != r - 1) continue;
    if (auto w = s.withdrawn.find(p.tpn); w != s.withdrawn.end() && w->second <= r) continue;
    std::vector<int> ex;
    if (auto it = s.excused.find(p.tpn); it != s.excused.end()) ex = it->second;
    const bool excused = std::count(ex.begin(), ex.end(), r - 1) > 0;
    const std::string where = player_label(n, p.tpn);
    if (s.no_show.policy == NoShowPolicy::WithdrawAfterN) {
      int unexcused = 0;
      for (int x : ns) unexcused += std::count(ex.begin(), ex.end(), x) == 0;
      if (!excused && unexcused >= s.no_show.after) {
        s.withdrawn[p.tpn] = r;
        s.withdrawn_for_good[p.tpn] = true;
        notes.push_back("withdrawn for good: " + where + " (no-show number " +
                        std::to_string(unexcused) + " not excused, round " + std::to_string(r - 1) +
                        ")");
      }
    } else if (ns.size() >= 2) {
      s.withdrawn[p.tpn] = r;
      s.withdrawn_for_good[p.tpn] = true;
      notes.push_back("withdrawn for good: " + where + " (second no-show, round " +
                      std::to_string(r - 1) + ")");
    } else if (!excused) {
      s.withdrawn[p.tpn] = r;
      notes.push_back("withdrawn: " + where + " (no-show in round " + std::to_string(r - 1) +
                      ", not excused)");
    }
  }
  return notes;
}

}  // namespace

std::vector<std::string> prepare_round(Event& e, bool force) {
  const int r = next_round(e);
  if (r > e.settings.rounds)
    refuse("all " + std::to_string(e.settings.rounds) + " rounds are paired");
  if (e.tournament.player_count() < 2) refuse("register at least two players first");
  if (r > 1 && !force) {
    auto miss = missing_results(e, r - 1);
    if (!miss.empty()) {
      std::string b;
      for (int x : miss) b += (b.empty() ? "" : ", ") + std::to_string(x);
      refuse("round " + std::to_string(r - 1) + " has " + std::to_string(miss.size()) +
             " result(s) missing (board " + b + "); enter them or pair with --force");
    }
  }
  Event n = e;
  std::vector<std::string> notes;
  auto& s = n.settings;
  if (r > 1) notes = apply_no_show_rule(n, r);
  for (auto& p : n.tournament.players) {
    auto w = s.withdrawn.find(p.tpn);
    p.withdrawn_from = w == s.withdrawn.end() ? 0 : w->second;
    if (p.withdrawn_from && p.withdrawn_from <= r) {
      // Written as an explicit absence (0000 - Z) rather than a blank, so that a program
      // replaying the round from the file (pair --check) sees who was not there.
      ensure_cells(p, r);
      if (!p.rounds[r - 1].has_opponent())
        p.rounds[r - 1] = RoundEntry{0, std::nullopt, ResultCode::ZeroBye};
      continue;
    }
    auto b = s.byes_requested.find(p.tpn);
    if (b == s.byes_requested.end()) continue;
    auto k = b->second.find(r);
    if (k == b->second.end()) continue;
    ensure_cells(p, r);
    p.rounds[r - 1] =
        RoundEntry{0, std::nullopt, k->second == 'H' ? ResultCode::HalfBye : ResultCode::ZeroBye};
    notes.push_back(
        std::string(k->second == 'H' ? "half-point bye: " : "absent (zero-point bye): ") +
        player_label(n, p.tpn));
    b->second.erase(k);
    if (b->second.empty()) s.byes_requested.erase(b);
  }
  e = std::move(n);
  return notes;
}

void apply_pairing(Event& e, int round, const std::vector<std::pair<Tpn, Tpn>>& games, Tpn pab) {
  Event n = e;
  std::set<Tpn> seen;
  auto take = [&](Tpn p) {
    check_player(n, p);
    if (!seen.insert(p).second) refuse("player " + std::to_string(p) + " paired twice");
    Player& pl = n.tournament.player(p);
    ensure_cells(pl, round);
    if (pl.rounds[round - 1].has_opponent() || pl.rounds[round - 1].result != ResultCode::None)
      refuse(player_label(n, p) + " has a bye or a game in round " + std::to_string(round) +
             " already");
    return &pl.rounds[round - 1];
  };
  auto& boards = n.settings.boards[round];
  boards.clear();
  for (auto [w, b] : games) {
    *take(w) = RoundEntry{b, WHITE, ResultCode::None};
    *take(b) = RoundEntry{w, BLACK, ResultCode::None};
    boards.emplace_back(w, b);
  }
  if (pab) *take(pab) = RoundEntry{0, std::nullopt, ResultCode::PairingBye};
  e = std::move(n);
}

std::string set_result(Event& e, int round, int board, std::string_view text) {
  auto it = e.settings.boards.find(round);
  if (it == e.settings.boards.end()) refuse("round " + std::to_string(round) + " is not paired");
  if (board < 1 || board > int(it->second.size()))
    bad_input("round " + std::to_string(round) + " has boards 1-" +
              std::to_string(it->second.size()) + ", not " + std::to_string(board));
  std::string t = trim(text);
  ResultCode w, b;
  std::string norm;
  if (t == "1-0")
    w = ResultCode::Win, b = ResultCode::Loss, norm = "1-0";
  else if (t == "0-1")
    w = ResultCode::Loss, b = ResultCode::Win, norm = "0-1";
  else if (t == "1/2-1/2" || t == "\xC2\xBD-\xC2\xBD" || t == "=" || t == "0.5-0.5" || t == "1/2")
    w = b = ResultCode::Draw, norm = "1/2-1/2";
  else if (t == "+-" || t == "1-0f" || t == "+/-")
    w = ResultCode::ForfeitWin, b = ResultCode::ForfeitLoss, norm = "+-";
  else if (t == "-+" || t == "0-1f" || t == "-/+")
    w = ResultCode::ForfeitLoss, b = ResultCode::ForfeitWin, norm = "-+";
  else if (t == "--" || t == "0-0f" || t == "-/-")
    w = b = ResultCode::ForfeitLoss, norm = "--";
  // Scores the arbiter sets for a played game (Laws 11.3.2.2 / 12.9: a player who loses by
  // penalty while the opponent cannot win by any series of legal moves gets 0 against the
  // opponent's draw; both penalised, 0-0). TRF-2026 allows such scores: each player's cell
  // carries the code of that player's own points (0 or =), the reader accepts the pair.
  else if (t == "0-0")
    w = b = ResultCode::Loss, norm = "0-0";
  else if (t == "0-1/2" || t == "0-\xC2\xBD" || t == "0-0.5")
    w = ResultCode::Loss, b = ResultCode::Draw, norm = "0-1/2";
  else if (t == "1/2-0" || t == "\xC2\xBD-0" || t == "0.5-0")
    w = ResultCode::Draw, b = ResultCode::Loss, norm = "1/2-0";
  else if (t == "*")
    w = b = ResultCode::None, norm = "*";
  else
    bad_input("malformed result '" + t +
              "' (expected 1-0, 0-1, 1/2-1/2, +-, -+, --, the arbiter's 0-0, 0-1/2, 1/2-0, or *)");
  auto [white, black] = it->second[board - 1];
  Player& pw = e.tournament.player(white);
  Player& pb = e.tournament.player(black);
  pw.rounds[round - 1].result = w;
  pb.rounds[round - 1].result = b;
  return norm;
}

std::string board_result(const Event& e, int round, int board) {
  auto it = e.settings.boards.find(round);
  if (it == e.settings.boards.end() || board < 1 || board > int(it->second.size())) return "";
  auto [white, black] = it->second[board - 1];
  ResultCode w = e.tournament.player(white).round(round).result;
  ResultCode b = e.tournament.player(black).round(round).result;
  if (w == ResultCode::Loss && b == ResultCode::Loss) return "0-0";  // scores the arbiter set
  if (w == ResultCode::Loss && b == ResultCode::Draw) return "0-1/2";
  if (w == ResultCode::Draw && b == ResultCode::Loss) return "1/2-0";
  if (w == ResultCode::Win || w == ResultCode::UnratedWin) return "1-0";
  if (b == ResultCode::Win || b == ResultCode::UnratedWin) return "0-1";
  if (w == ResultCode::Draw || w == ResultCode::UnratedDraw) return "1/2-1/2";
  if (w == ResultCode::ForfeitWin) return "+-";
  if (b == ResultCode::ForfeitWin) return "-+";
  if (w == ResultCode::ForfeitLoss && b == ResultCode::ForfeitLoss) return "--";
  return "";
}

int find_board(const Event& e, int round, Tpn a, Tpn b) {
  auto it = e.settings.boards.find(round);
  if (it == e.settings.boards.end()) return 0;
  for (size_t i = 0; i < it->second.size(); ++i) {
    auto [w, bl] = it->second[i];
    if ((w == a && bl == b) || (w == b && bl == a)) return int(i) + 1;
  }
  return 0;
}

}  // namespace arbiter::pairing
