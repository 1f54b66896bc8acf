// XAR records: arbiter's event settings inside a TRF-2026 file (see event_settings.h).
// Layout: `XAR KEY value...`, identifier in columns 1-3 and a blank in column 4 like every TRF
// record, so that readers which skip unknown identifiers skip these lines whole.
#include "arbiter/pairing/event_settings.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <sstream>

#include "arbiter/pairing/trf.h"

namespace arbiter::pairing {
namespace {

constexpr std::string_view kBlockComment =
    "### arbiter event settings (XAR records; other TRF readers skip them)";

struct Cursor {
  std::string_view file;
  int line;
  std::string_view text;
  size_t pos = 4;  // column 5 is the first data column

  [[noreturn]] void fail(const std::string& why, size_t col) const {
    throw EventError(std::string(file) + ":" + std::to_string(line) + ":" +
                     std::to_string(col + 1) + ": " + why);
  }
  void skip() {
    while (pos < text.size() && text[pos] == ' ') ++pos;
  }
  bool done() {
    skip();
    return pos >= text.size();
  }
  std::string_view word(const char* what) {
    skip();
    if (pos >= text.size()) fail(std::string("expected ") + what, pos);
    size_t b = pos;
    while (pos < text.size() && text[pos] != ' ') ++pos;
    return text.substr(b, pos - b);
  }
  std::string_view rest() {
    skip();
    return text.substr(std::min(pos, text.size()));
  }
  template <class T>
  T number(const char* what, T lo, T hi) {
    skip();
    size_t b = pos;
    auto w = word(what);
    T v{};
    auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || p != w.data() + w.size() || v < lo || v > hi)
      fail(std::string("expected ") + what + ", found '" + std::string(w) + "'", b);
    return v;
  }
  void end() {
    skip();
    if (pos < text.size()) fail("unexpected '" + std::string(text.substr(pos)) + "'", pos);
  }
};

}  // namespace

std::string_view to_string(EventSystem s) {
  switch (s) {
    case EventSystem::Dutch: return "dutch";
    case EventSystem::RoundRobin: return "round-robin";
    case EventSystem::DoubleRoundRobin: return "double-round-robin";
  }
  return "dutch";
}
std::string_view to_string(RatingList r) {
  switch (r) {
    case RatingList::Standard: return "standard";
    case RatingList::Rapid: return "rapid";
    case RatingList::Blitz: return "blitz";
  }
  return "standard";
}
std::string_view to_string(EventVariant v) {
  return v == EventVariant::Chess960 ? "chess960" : "standard";
}
std::optional<EventSystem> parse_event_system(std::string_view s) {
  for (auto v : {EventSystem::Dutch, EventSystem::RoundRobin, EventSystem::DoubleRoundRobin})
    if (s == to_string(v)) return v;
  return std::nullopt;
}
std::optional<RatingList> parse_rating_list(std::string_view s) {
  for (auto v : {RatingList::Standard, RatingList::Rapid, RatingList::Blitz})
    if (s == to_string(v)) return v;
  return std::nullopt;
}
std::optional<EventVariant> parse_variant(std::string_view s) {
  if (s == "chess960" || s == "960") return EventVariant::Chess960;
  if (s == "standard") return EventVariant::Standard;
  return std::nullopt;
}

std::optional<PlayoffRules> parse_playoff(std::string_view s) {
  if (s == "none" || s.empty()) return PlayoffRules{};
  auto num = [](std::string_view t, int& out, int hi) {
    auto [q, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    return ec == std::errc() && q == t.data() + t.size() && out > 0 && out <= hi;
  };
  PlayoffRules p;
  constexpr std::string_view kA = "armageddon:", kM = "match:", kG = "group";
  if (s.substr(0, kA.size()) == kA) {
    s.remove_prefix(kA.size());
    auto slash = s.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    p.format = PlayoffFormat::Armageddon;
    if (!num(s.substr(0, slash), p.white_seconds, 36000) ||
        !num(s.substr(slash + 1), p.black_seconds, 36000))
      return std::nullopt;
    return p;
  }
  if (s.substr(0, kM.size()) == kM) {
    p.format = PlayoffFormat::Match;
    if (!num(s.substr(kM.size()), p.games, 100)) return std::nullopt;
    return p;
  }
  if (s == kG) return PlayoffRules{PlayoffFormat::Group, 300, 240, 1, {}};
  if (s.substr(0, kG.size() + 1) == "group:") {
    p.format = PlayoffFormat::Group;
    if (!num(s.substr(kG.size() + 1), p.games, 2)) return std::nullopt;
    return p;
  }
  return std::nullopt;
}
std::string to_string(const PlayoffRules& p) {
  switch (p.format) {
    case PlayoffFormat::None: return "none";
    case PlayoffFormat::Armageddon:
      return "armageddon:" + std::to_string(p.white_seconds) + "/" +
             std::to_string(p.black_seconds);
    case PlayoffFormat::Match: return "match:" + std::to_string(p.games);
    case PlayoffFormat::Group: return p.games == 1 ? "group" : "group:" + std::to_string(p.games);
  }
  return "none";
}

bool is_regime_name(std::string_view s) {
  // adjudication/regime.h's names (this target does not link adjudication).
  return s == "standard" || s == "rapid" || s == "blitz" || s == "rapid-unsupervised" ||
         s == "blitz-unsupervised";
}

int dutch_rules_for_start(std::string_view start) {
  assert(start.size() == 10 && start[4] == '/' && start[7] == '/');  // compared as text
  return start < "2026/02/01" ? 2017 : 2026;
}

std::optional<NoShowRule> parse_no_show(std::string_view s) {
  if (s == "withdraw") return NoShowRule{};
  if (s == "forfeit-only") return NoShowRule{NoShowPolicy::ForfeitOnly, 0};
  constexpr std::string_view kN = "withdraw-after-";
  if (s.substr(0, kN.size()) != kN) return std::nullopt;
  s.remove_prefix(kN.size());
  int n = 0;
  auto [q, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || q != s.data() + s.size() || n < 1 || n > 999) return std::nullopt;
  return NoShowRule{NoShowPolicy::WithdrawAfterN, n};
}
std::string to_string(const NoShowRule& r) {
  switch (r.policy) {
    case NoShowPolicy::Withdraw: return "withdraw";
    case NoShowPolicy::ForfeitOnly: return "forfeit-only";
    case NoShowPolicy::WithdrawAfterN: return "withdraw-after-" + std::to_string(r.after);
  }
  return "withdraw";
}

std::vector<std::string> write_settings(const EventSettings& s) {
  std::vector<std::string> out;
  // Streams rather than operator+: g++ 12 warns falsely (-Wrestrict) on short concatenations.
  auto add = [&](std::string_view key, const auto&... values) {
    std::ostringstream line;
    line << kEventRecord << ' ' << key;
    ((line << ' ' << values), ...);
    // A value from outside (a CSV column, a reason typed by the arbiter) must not end the record
    // early or hold bytes the reader refuses: it is refused before anything is written.
    check_trf_text("event record " + std::string(kEventRecord) + " " + std::string(key),
                   line.str());
    out.push_back(line.str());
  };
  add("VERSION", 1);
  add("SYSTEM", to_string(s.system));
  add("ROUNDS", s.rounds);
  add("RATING-LIST", to_string(s.rating_list));
  add("RULES", s.rules);
  add("TIEBREAKS", s.tiebreaks);
  add("HPB", s.byes.max_half_point_byes, s.byes.last_round);
  // Written only when not the default, so that files of earlier versions stay as they were.
  if (s.pairing_rules != 2026) add("PAIRING-RULES", s.pairing_rules);
  if (s.baku) add("ACCELERATION", "baku");
  // Settings after version 1's first list are written only when set, so that files of events
  // that do not use them stay as they were.
  if (s.byes.deadline) add("BYE-DEADLINE", s.byes.deadline);
  if (s.no_show != NoShowRule{}) add("NO-SHOW", to_string(s.no_show));
  if (s.entry.max_players) add("MAX-PLAYERS", s.entry.max_players);
  if (s.entry.fide_id_for_foreign) add("FOREIGN-FIDE-ID", "required");
  if (s.entry.missed_rounds != 'Z') add("LATE-ENTRY", s.entry.missed_rounds);
  if (s.entry.keep_published_numbers) add("LATE-NUMBERS", "append");
  if (s.unrated_rating) add("UNRATED-RATING", s.unrated_rating);
  if (!s.regime.empty()) add("REGIME", s.regime);
  add("VARIANT", to_string(s.variant));
  add("SEED", s.seed);
  add("PLAYOFF", to_string(s.playoff));
  if (!s.playoff.scope.empty()) add("PLAYOFF-SCOPE", s.playoff.scope);
  for (const auto& [code, cat] : s.categories) add("CATEGORY", code, cat);
  for (const auto& r : s.starts) {
    if (r.audit.empty())
      add("START", r.round, r.position);
    else
      add("START", r.round, r.position, r.audit);
  }
  for (const auto& [p, r] : s.ratings) add("RATINGS", p, r[0], r[1], r[2], r[3]);
  for (const auto& [p, r] : s.entry_round) add("ENTRY", p, r);
  for (const auto& [p, kv] : s.extra)
    for (const auto& [k, v] : kv) add("EXTRA", p, k, v);
  for (const auto& [p, m] : s.byes_requested)
    for (const auto& [r, kind] : m) add("BYE", p, r, kind);
  for (const auto& [p, rounds] : s.excused)
    for (int r : rounds) add("EXCUSED", p, r);
  for (const auto& [p, r] : s.withdrawn) {
    auto it = s.withdrawn_for_good.find(p);
    if (it != s.withdrawn_for_good.end() && it->second)
      add("WITHDRAWN", p, r, "final");
    else
      add("WITHDRAWN", p, r);
  }
  for (const auto& [r, d] : s.round_dates) add("ROUND-DATE", r, d);
  for (const auto& [p, why] : s.byes_denied) add("NO-BYES", p, why);
  for (const auto& x : s.exceptions) add("EXCEPTION", x.player, x.round, x.what, x.reason);
  for (const auto& l : s.lots) add("LOT", l);
  for (const auto& [r, v] : s.boards) {
    std::ostringstream line;
    line << r;
    for (const auto& [w, b] : v) line << ' ' << w << '-' << b;
    add("BOARDS", line.str());
  }
  // The Armageddon keeps the record of earlier arbiters (its files stay as they were).
  const char* game_key =
      s.playoff.format == PlayoffFormat::Armageddon ? "ARMAGEDDON" : "PLAYOFF-GAME";
  for (const auto& g : s.playoff_games) {
    const std::string res = g.result.empty() ? std::string("*") : g.result;
    if (g.audit.empty())
      add(game_key, g.white, g.black, res, g.position);
    else
      add(game_key, g.white, g.black, res, g.position, g.audit);
  }
  for (const auto& u : s.unknown) out.push_back(u);
  // TIEBREAKS with an empty list would end in a blank; TRF lines carry no trailing blanks.
  for (auto& l : out)
    while (!l.empty() && l.back() == ' ') l.pop_back();
  return out;
}

namespace {

constexpr int kMaxPlayer = 9999, kMaxRound = 999;

// The free text that ends a record (a reason, an audit note, a tiebreak list): the rest of the
// line, blanks before it skipped.
std::string take_rest(Cursor& c) {
  std::string text(c.rest());
  c.pos = c.text.size();
  return text;
}

// The event's format (C.04.2 / C.05: system, rounds, rating list; C.07 tiebreaks and their
// edition; Laws Guidelines II: the variant; the seed of every lot). False: not one of these.
bool read_format_setting(EventSettings& s, Cursor& c, const std::string& key, size_t key_col) {
  if (key == "VERSION") {
    int v = c.number<int>("the event file version", 1, 1000);
    if (v != 1)
      c.fail("event file version " + std::to_string(v) + " is newer than this arbiter", key_col);
  } else if (key == "SYSTEM") {
    auto w = c.word("dutch, round-robin or double-round-robin");
    auto v = parse_event_system(w);
    if (!v) c.fail("unknown system '" + std::string(w) + "'", c.pos - w.size());
    s.system = *v;
  } else if (key == "ROUNDS") {
    s.rounds = c.number<int>("the number of rounds (1-999)", 1, kMaxRound);
  } else if (key == "RATING-LIST") {
    auto w = c.word("standard, rapid or blitz");
    auto v = parse_rating_list(w);
    if (!v) c.fail("unknown rating list '" + std::string(w) + "'", c.pos - w.size());
    s.rating_list = *v;
  } else if (key == "RULES") {
    size_t col = (c.skip(), c.pos);
    s.rules = c.number<int>("2026, 2024 or 2022", 2000, 2100);
    if (s.rules != 2026 && s.rules != 2024 && s.rules != 2022)
      c.fail("expected 2026, 2024 or 2022", col);
  } else if (key == "PAIRING-RULES") {
    size_t col = (c.skip(), c.pos);
    s.pairing_rules = c.number<int>("2026 or 2017", 2000, 2100);
    if (s.pairing_rules != 2026 && s.pairing_rules != 2017) c.fail("expected 2026 or 2017", col);
  } else if (key == "ACCELERATION") {  // C.04.5.1 Baku acceleration
    auto w = c.word("baku or none");
    if (w != "baku" && w != "none") c.fail("expected baku or none", c.pos - w.size());
    s.baku = w == "baku";
  } else if (key == "TIEBREAKS") {
    s.tiebreaks = take_rest(c);
  } else if (key == "VARIANT") {
    auto w = c.word("standard or chess960");
    auto v = parse_variant(w);
    if (!v) c.fail("unknown variant '" + std::string(w) + "'", c.pos - w.size());
    s.variant = *v;
  } else if (key == "SEED") {
    s.seed = c.number<std::uint64_t>("the event seed", 0, UINT64_MAX);
  } else if (key == "CATEGORY") {
    std::string code(c.word("a category code"));
    std::string cat(c.word("a category (women, junior:YEAR, ...)"));
    s.categories.emplace_back(std::move(code), std::move(cat));
  } else {
    return false;
  }
  return true;
}

// The regulations on byes and entries (C.04.2: half-point byes, late entries and their numbers;
// the no-show rule; the supervision regime of Laws A.4/A.5, B.2/B.3; C.07's rating of unrated
// opponents). False: not one of these.
bool read_entry_setting(EventSettings& s, Cursor& c, const std::string& key) {
  if (key == "HPB") {
    s.byes.max_half_point_byes = c.number<int>("the most half-point byes", 0, kMaxRound);
    s.byes.last_round = c.number<int>("the last round with byes (0 = any)", 0, kMaxRound);
  } else if (key == "BYE-DEADLINE") {
    s.byes.deadline =
        c.number<int>("the round before whose pairing byes are requested", 1, kMaxRound);
  } else if (key == "NO-SHOW") {
    auto w = c.word("withdraw, forfeit-only or withdraw-after-N");
    auto v = parse_no_show(w);
    if (!v) c.fail("unknown no-show policy '" + std::string(w) + "'", c.pos - w.size());
    s.no_show = *v;
  } else if (key == "MAX-PLAYERS") {
    s.entry.max_players = c.number<int>("the most players (1-9999)", 1, kMaxPlayer);
  } else if (key == "FOREIGN-FIDE-ID") {
    size_t col = (c.skip(), c.pos);
    if (c.word("required") != "required") c.fail("expected 'required'", col);
    s.entry.fide_id_for_foreign = true;
  } else if (key == "LATE-ENTRY") {
    size_t col = (c.skip(), c.pos);
    auto k = c.word("the points of missed rounds (Z or H)");
    if (k != "Z" && k != "H") c.fail("expected Z (zero) or H (half-point bye)", col);
    s.entry.missed_rounds = k[0];
  } else if (key == "LATE-NUMBERS") {
    size_t col = (c.skip(), c.pos);
    auto w = c.word("insert or append");
    if (w != "insert" && w != "append") c.fail("expected insert or append", col);
    s.entry.keep_published_numbers = w == "append";
  } else if (key == "REGIME") {
    size_t col = (c.skip(), c.pos);
    auto w = c.word("a supervision regime");
    if (!is_regime_name(w))
      c.fail("expected standard, rapid, blitz, rapid-unsupervised or blitz-unsupervised", col);
    s.regime = std::string(w);
  } else if (key == "UNRATED-RATING") {
    s.unrated_rating = c.number<int>("a rating (1-3500)", 1, 3500);
  } else {
    return false;
  }
  return true;
}

// What the arbiter recorded about one player (pairing number first): byes requested or denied,
// excused no-shows, withdrawals, the Chief Arbiter's exceptions, ratings, entry round and the
// registration's extra columns. False: not one of these.
bool read_player_record(EventSettings& s, Cursor& c, const std::string& key) {
  if (key == "NO-BYES") {
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    s.byes_denied[p] = take_rest(c);
  } else if (key == "EXCEPTION") {
    ArbiterException x;
    x.player = c.number<int>("a pairing number", 1, kMaxPlayer);
    x.round = c.number<int>("a round", 1, kMaxRound + 1);
    x.what = std::string(c.word("what the exception allows"));
    x.reason = take_rest(c);
    s.exceptions.push_back(std::move(x));
  } else if (key == "EXCUSED") {
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    s.excused[p].push_back(c.number<int>("a round", 1, kMaxRound));
  } else if (key == "RATINGS") {
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    auto& r = s.ratings[p];
    // 0-9999, what a TRF rating column holds: registration refuses more than 4000, but a national
    // rating also comes from a TRF-2026 NRS record (columns 49-52), and what the event holds must
    // be written back and read again (a fuzzed NRS rating of 9999 made the next write unreadable).
    for (int& x : r) x = c.number<int>("a rating (0-9999)", 0, 9999);
  } else if (key == "ENTRY") {
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    s.entry_round[p] = c.number<int>("the first round played", 1, kMaxRound);
  } else if (key == "EXTRA") {
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    std::string k(c.word("a column name"));
    s.extra[p].emplace_back(std::move(k), take_rest(c));
  } else if (key == "BYE") {  // C.04.2: a requested bye, H (half point), F (full) or Z (zero)
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    int r = c.number<int>("a round", 1, kMaxRound);
    size_t col = (c.skip(), c.pos);
    auto k = c.word("the bye kind (H, F or Z)");
    if (k != "H" && k != "F" && k != "Z") c.fail("expected the bye kind H, F or Z", col);
    s.byes_requested[p][r] = k[0];
  } else if (key == "WITHDRAWN") {
    int p = c.number<int>("a pairing number", 1, kMaxPlayer);
    s.withdrawn[p] = c.number<int>("the first round not paired", 1, kMaxRound + 1);
    if (!c.done()) {
      size_t col = c.pos;
      if (c.word("final") != "final") c.fail("expected 'final' or the end of the line", col);
      s.withdrawn_for_good[p] = true;
    }
  } else {
    return false;
  }
  return true;
}

// BOARDS R W-B ...: round R's boards in order (C.04.2: the published board order).
void read_boards(EventSettings& s, Cursor& c) {
  int r = c.number<int>("a round", 1, kMaxRound);
  auto& v = s.boards[r];
  v.clear();
  auto ok = [](std::string_view t, int& out) {
    auto [q, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    return ec == std::errc() && q == t.data() + t.size() && out >= 1 && out <= kMaxPlayer;
  };
  while (!c.done()) {
    size_t col = c.pos;
    auto w = c.word("a board WHITE-BLACK");
    auto dash = w.find('-');
    int a = 0, b = 0;
    if (dash == std::string_view::npos || !ok(w.substr(0, dash), a) || !ok(w.substr(dash + 1), b))
      c.fail("expected a board WHITE-BLACK, found '" + std::string(w) + "'", col);
    assert(a >= 1 && a <= kMaxPlayer && b >= 1 && b <= kMaxPlayer);
    v.emplace_back(a, b);
  }
}

// START R POSITION [audit]: round R's Chess960 start position.
void read_start(EventSettings& s, Cursor& c) {
  // Laws Guidelines II: one Chess960 start position for the whole round, and arbiter replaces a
  // round's draw rather than adding one; two records for one round are a damaged file, refused
  // rather than one of them chosen (which one would depend on the order they were read in).
  RoundStart r;
  const size_t round_col = (c.skip(), c.pos);
  r.round = c.number<int>("a round", 1, kMaxRound);
  if (std::any_of(s.starts.begin(), s.starts.end(),
                  [&](const RoundStart& x) { return x.round == r.round; }))
    c.fail("round " + std::to_string(r.round) + "'s start position is recorded twice", round_col);
  r.position = c.number<int>("a Chess960 position number (0-959)", 0, 959);
  r.audit = take_rest(c);
  s.starts.push_back(std::move(r));
}

// What belongs to one round: its date (TRF 132), Chess960 start, lots drawn and boards.
// False: not one of these.
bool read_round_record(EventSettings& s, Cursor& c, const std::string& key) {
  if (key == "ROUND-DATE") {
    int r = c.number<int>("a round", 1, kMaxRound);
    size_t col = (c.skip(), c.pos);
    auto d = c.word("a date YYYY/MM/DD");
    if (d.size() != 10 || d[4] != '/' || d[7] != '/') c.fail("expected a date YYYY/MM/DD", col);
    s.round_dates[r] = std::string(d);
  } else if (key == "START") {
    read_start(s, c);
  } else if (key == "LOT") {
    s.lots.push_back(take_rest(c));
  } else if (key == "BOARDS") {
    read_boards(s, c);
  } else {
    return false;
  }
  return true;
}

// ARMAGEDDON / PLAYOFF-GAME WHITE BLACK RESULT POSITION [audit]: one play-off game.
void read_playoff_game(EventSettings& s, Cursor& c) {
  PlayoffGame g;
  g.white = c.number<int>("White's pairing number", 1, kMaxPlayer);
  g.black = c.number<int>("Black's pairing number", 1, kMaxPlayer);
  size_t col = (c.skip(), c.pos);
  auto res = c.word("the result (1-0, 0-1, 1/2-1/2 or *)");
  if (res != "*" && res != "1-0" && res != "0-1" && res != "1/2-1/2")
    c.fail("expected 1-0, 0-1, 1/2-1/2 or *, found '" + std::string(res) + "'", col);
  g.result = res == "*" ? "" : std::string(res);
  g.position = c.number<int>("a Chess960 position number or -1", -1, 959);
  g.audit = take_rest(c);
  s.playoff_games.push_back(std::move(g));
}

// The play-off that breaks a tie for first place (C.07 / the regulations): its format, the
// sub-ranking it decides and its games. False: not one of these.
bool read_playoff_record(EventSettings& s, Cursor& c, const std::string& key) {
  if (key == "PLAYOFF") {
    auto w = c.word("a play-off format");
    auto v = parse_playoff(w);
    if (!v)
      c.fail("expected none, armageddon:WHITE/BLACK seconds, match:N or group[:2], found '" +
                 std::string(w) + "'",
             c.pos - w.size());
    const std::string scope = s.playoff.scope;  // PLAYOFF-SCOPE may come first
    s.playoff = *v;
    s.playoff.scope = scope;
  } else if (key == "PLAYOFF-SCOPE") {
    s.playoff.scope = take_rest(c);
  } else if (key == "ARMAGEDDON" || key == "PLAYOFF-GAME") {
    read_playoff_game(s, c);
  } else {
    return false;
  }
  return true;
}

// One XAR record: its key names the reader; a key this arbiter does not know is a newer
// arbiter's setting, kept verbatim so that the next write does not lose it.
void read_record(EventSettings& s, Cursor& c) {
  assert(c.text.substr(0, kEventRecord.size()) == kEventRecord && c.pos == 4);
  const size_t key_col = (c.skip(), c.pos);
  const std::string key(c.word("a setting name"));
  const bool known = read_format_setting(s, c, key, key_col) || read_entry_setting(s, c, key) ||
                     read_player_record(s, c, key) || read_round_record(s, c, key) ||
                     read_playoff_record(s, c, key);
  if (!known) {
    s.unknown.emplace_back(c.text);
    c.pos = c.text.size();
  }
  c.end();
}

}  // namespace

EventText split_event_text(std::string_view text, std::string_view file) {
  EventText e;
  std::vector<std::string> required = {"VERSION", "SYSTEM", "ROUNDS", "SEED"};
  int line_no = 0;
  TextLines lines(text);  // split as the TRF reader splits: LF, CR or CRLF
  for (std::string_view line; lines.next(line);) {
    ++line_no;
    // A line is read as the TRF reader reads it: otherwise a BOM-prefixed copy of the block
    // comment is kept as TRF text, whose reader then strips the BOM, and the next write loses it.
    line = strip_byte_order_marks(line);
    if (line.substr(0, 3) == kEventRecord && (line.size() == 3 || line[3] == ' ')) {
      Cursor c{file, line_no, line};
      if (line.size() < 5) c.fail("empty XAR record", 3);
      read_record(e.settings, c);
      const std::string_view key = line.substr(4, line.find(' ', 4) - 4);
      std::erase_if(required, [&](const std::string& k) { return k == key; });
    } else if (line != kBlockComment) {
      e.trf.append(line);
      e.trf.push_back('\n');
    }
  }
  e.missing = std::move(required);
  for (auto& [p, v] : e.settings.excused) std::sort(v.begin(), v.end());
  std::sort(e.settings.starts.begin(), e.settings.starts.end(),
            [](const RoundStart& a, const RoundStart& b) { return a.round < b.round; });
  return e;
}

std::string join_event_text(const EventText& e) {
  std::string out = e.trf;
  if (!out.empty() && out.back() != '\n') out.push_back('\n');
  out += kBlockComment;
  out.push_back('\n');
  for (const auto& l : write_settings(e.settings)) {
    out += l;
    out.push_back('\n');
  }
  return out;
}

void renumber(EventSettings& s, const std::map<int, int>& map) {
  auto to = [&](int p) {
    auto it = map.find(p);
    return it == map.end() ? p : it->second;
  };
  auto remap = [&](auto& m) {
    std::remove_reference_t<decltype(m)> n;
    for (auto& [p, v] : m) n[to(p)] = v;
    m = std::move(n);
  };
  remap(s.excused);
  remap(s.byes_requested);
  remap(s.entry_round);
  remap(s.extra);
  remap(s.byes_denied);
  for (auto& x : s.exceptions) x.player = to(x.player);
  remap(s.ratings);
  for (auto& [r, v] : s.boards)
    for (auto& [w, b] : v) w = to(w), b = to(b);
  remap(s.withdrawn);
  remap(s.withdrawn_for_good);
  for (auto& g : s.playoff_games) g.white = to(g.white), g.black = to(g.black);
}

}  // namespace arbiter::pairing
