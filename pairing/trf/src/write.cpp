// TRF-16 / TRF-2026 writer: the layouts the reader reads (../shared/reference/trf.md).
#include <algorithm>
#include <map>
#include <stdexcept>

#include "arbiter/pairing/trf.h"
#include "text.h"

namespace arbiter::pairing {

namespace {
size_t characters(std::string_view s) {
  return size_t(std::count_if(s.begin(), s.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;  // UTF-8: not a continuation byte
  }));
}

}  // namespace

void check_trf_text(const std::string& what, std::string_view v, size_t width) {
  if (const size_t bad = first_invalid_utf8(v); bad != std::string_view::npos)
    throw std::invalid_argument(what + ": byte " + std::to_string(bad + 1) +
                                " is not UTF-8 (a TRF file holds UTF-8 text only)");
  for (char c : v)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F)
      throw std::invalid_argument(what + ": a control character (code " +
                                  std::to_string(int(static_cast<unsigned char>(c))) +
                                  ") cannot be stored in a TRF file");
  if (width && characters(v) > width)
    throw std::invalid_argument(what + " '" + std::string(v) + "': longer than the " +
                                std::to_string(width) + " characters a TRF file holds");
}

namespace {

// Sets columns first..first+w-1 (1-based) of `line` (a vector of UTF-8 characters).
class Row {
 public:
  void put(int first, std::string_view s, int w, bool right = false) {
    std::vector<std::string> chars;
    for (size_t i = 0; i < s.size();) {
      size_t len = 1;
      while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
      chars.emplace_back(s.substr(i, len));
      i += len;
    }
    if (int(chars.size()) > w) chars.resize(w);  // fixed-width field: the rest does not fit
    int pad = w - int(chars.size());
    int at = first + (right ? pad : 0);
    if (int(cells_.size()) < first + w - 1) cells_.resize(first + w - 1, " ");
    for (size_t i = 0; i < chars.size(); ++i) cells_[at - 1 + i] = chars[i];
  }
  void put_int(int first, int v, int w) { put(first, std::to_string(v), w, true); }
  std::string str() const {
    std::string s;
    for (const auto& c : cells_) s += c;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
  }

 private:
  std::vector<std::string> cells_;
};

// A value the file cannot hold is refused before anything is written (issue 17): a line break
// or another control character would start a new record (a forged 001 line), and a fixed-width
// field cut short changes the data (a name no longer found, "TOOLONGFED" read back as "TOO").
// Widths are counted in characters, as the reader slices them (trf.md: by code points).
void check_player(const Player& p) {
  const std::string who = "player " + std::to_string(p.tpn);
  if (p.tpn > 9999)
    throw std::invalid_argument(who + ": a TRF file numbers at most 9,999 players (columns 5-8)");
  check_trf_text(who + " name", p.name, 33);
  check_trf_text(who + " title", p.title, 3);
  check_trf_text(who + " federation", p.federation, 3);
  check_trf_text(who + " FIDE id", p.fide_id, 11);
  check_trf_text(who + " birth date", p.birth, 10);
}

std::string pad4(int v) {
  std::string s = std::to_string(v);
  return std::string(s.size() < 4 ? 4 - s.size() : 0, ' ') + s;
}

std::string player_line(const Player& p, const Tournament& t, const TrfWriteOptions& o) {
  check_player(p);
  Row r;
  r.put(1, "001", 3);
  r.put_int(5, p.tpn, 4);
  r.put(10, std::string(1, p.sex), 1);
  r.put(11, p.title, 3, true);
  r.put(15, p.name, 33);
  if (p.rating > 0) r.put_int(49, p.rating, 4);
  r.put(54, p.federation, 3);
  r.put(58, p.fide_id, 11, true);
  r.put(70, p.birth, 10);
  std::optional<Points> pts =
      o.recompute_points ? std::optional<Points>(p.score(t.scoring)) : p.recorded_points;
  if (pts) {
    std::string s = format_points(*pts);
    if (s.size() > 4)
      r.put(80, s, 5, true);  // 100.0 and more spill into column 80
    else
      r.put(81, s, 4, true);
  }
  if (p.rank > 0) r.put_int(86, p.rank, 4);
  for (size_t i = 0; i < p.rounds.size(); ++i) {
    const RoundEntry& e = p.rounds[i];
    const int c = 92 + 10 * int(i);
    const bool blank = !e.has_opponent() && !e.colour && e.result == ResultCode::None;
    if (blank) {  // TRF-2026: a blank cell is a zero-point bye / absence
      r.put(c, "", 8);
      continue;
    }
    r.put(c, e.has_opponent() ? pad4(e.opponent) : "0000", 4);
    r.put(c + 5, e.colour == WHITE ? "w" : e.colour == BLACK ? "b" : "-", 1);
    r.put(c + 7, std::string(1, char(e.result)), 1);
  }
  return r.str();
}

std::string pts(Points p) { return format_points(p); }

// 162 can say W (win = forfeit win = FPB), D (draw = HPB), L, A (ZPB = forfeit loss), P, X.
bool expressible_162(const Scoring& s) {
  auto fits = [](Points p) { return p >= -99 && p <= 999; };  // 4 columns: "-9.9" .. "99.9"
  for (Points p : {s.win_white, s.draw_white, s.loss_white, s.zero_bye, s.pairing_bye, s.unknown})
    if (!fits(p)) return false;
  return s.win_white == s.win_black && s.win_white == s.forfeit_win && s.win_white == s.full_bye &&
         s.draw_white == s.draw_black && s.draw_white == s.half_bye &&
         s.loss_white == s.loss_black && s.zero_bye == s.forfeit_loss;
}

std::string line162(const Scoring& s) {
  Row r;
  r.put(1, "162", 3);
  int c = 6;
  auto add = [&](char code, Points v) {
    const std::string val = pts(v);  // wider than 4 columns only for absurd values
    const int w = std::max<int>(4, int(val.size()));
    r.put(c, std::string(1, code), 1);
    r.put(c + 1, val, w, true);
    c += 5 + w;
  };
  // Only W D L always; A P X only when not the default (bbpPairings rejects A and X).
  add('W', s.win_white);
  add('D', s.draw_white);
  add('L', s.loss_white);
  if (s.zero_bye != 0) add('A', s.zero_bye);
  if (s.pairing_bye != s.win_white) add('P', s.pairing_bye);
  if (s.unknown != s.draw_white) add('X', s.unknown);
  return r.str();
}

// XXS with the values that differ from the defaults, or every value (`full`: after a 162 line
// that could not say everything, so that nothing depends on what 162 implied).
std::string line_xxs(const Scoring& s, bool full = false) {
  const Scoring d;
  std::string out = "XXS";
  auto add = [&](const char* code, Points v, Points def) {
    if (full || v != def) out.append(" ").append(code).append("=").append(pts(v));
  };
  add("WW", s.win_white, d.win_white);
  add("BW", s.win_black, d.win_black);
  add("WD", s.draw_white, d.draw_white);
  add("BD", s.draw_black, d.draw_black);
  add("WL", s.loss_white, d.loss_white);
  add("BL", s.loss_black, d.loss_black);
  add("FW", s.forfeit_win, d.forfeit_win);
  add("FL", s.forfeit_loss, d.forfeit_loss);
  add("ZPB", s.zero_bye, d.zero_bye);
  add("HPB", s.half_bye, d.half_bye);
  add("FPB", s.full_bye, d.full_bye);
  add("PAB", s.pairing_bye, s.win_white);
  if (out == "XXS")  // the standard values, stated explicitly
    out += " W=" + pts(s.win_white) + " D=" + pts(s.draw_white);
  return out;
}

// A free-text record: checked for what a TRF file can hold, left out when empty.
void text_record(std::vector<std::string>& out, const char* id, const std::string& s) {
  check_trf_text(std::string("record ") + id, s, 0);
  if (!s.empty()) out.push_back(std::string(id) + " " + s);
}

// The event's records 012-132 (name, place, dates, counts, arbiters, time control, round dates).
void event_records(const Tournament& t, std::vector<std::string>& out) {
  auto text = [&](const char* id, const std::string& s) { text_record(out, id, s); };
  auto count = [&](const char* id, const std::optional<int>& v) {
    if (v) out.push_back(std::string(id) + " " + std::to_string(*v));
  };
  text("012", t.name);
  text("022", t.city);
  text("032", t.federation);
  text("042", t.start_date);
  text("052", t.end_date);
  count("062", t.declared_players);
  count("072", t.declared_rated);
  count("082", t.declared_teams);
  text("092", t.type);
  text("102", t.chief_arbiter);
  for (const auto& d : t.deputy_arbiters) {
    check_trf_text("record 112", d, 0);
    out.push_back("112 " + d);
  }
  text("122", t.time_control);
  if (!t.round_dates.empty()) {
    Row r;
    r.put(1, "132", 3);
    for (size_t i = 0; i < t.round_dates.size(); ++i) r.put(92 + 10 * int(i), t.round_dates[i], 8);
    out.push_back(r.str());
  }
}

// The rounds, the initial colour and the scoring: TRF-2026's 142/152/162 (with a full XXS when
// 162 cannot say it), TRF-16's XXR/XXC/XXS.
void format_records(const Tournament& t, bool v26, std::vector<std::string>& out) {
  if (v26) {
    if (t.total_rounds > 0) out.push_back("142 " + std::to_string(t.total_rounds));
    if (t.initial_colour) out.push_back(t.initial_colour == WHITE ? "152 W" : "152 B");
    if (t.scoring_given || t.scoring != Scoring{}) {
      out.push_back(line162(t.scoring));
      if (!expressible_162(t.scoring)) out.push_back(line_xxs(t.scoring, true));
    }
    return;
  }
  if (t.total_rounds > 0) out.push_back("XXR " + std::to_string(t.total_rounds));
  if (t.initial_colour || t.xxc_rank)
    out.push_back(std::string("XXC") + (t.xxc_rank ? " rank" : "") +
                  (t.initial_colour == WHITE   ? " white1"
                   : t.initial_colour == BLACK ? " black1"
                                               : ""));
  if (t.scoring_given || t.scoring != Scoring{}) out.push_back(line_xxs(t.scoring));
}

// The records between the format and the players: ranking method (172), pairing controller,
// type code, tie-breaks, standings, encoded time control (182-222), and the unknown records read
// before the players.
void ranking_records(const Tournament& t, bool v26, std::vector<std::string>& out) {
  if (!t.ranking_federation.empty() || !t.ranking_method.empty())
    out.push_back("172 " + t.ranking_federation + " " + t.ranking_method);
  text_record(out, "182", t.pairing_controller);
  text_record(out, "192", t.type_code);
  text_record(out, "202", t.tiebreaks);
  text_record(out, "212", t.standings);
  text_record(out, "222", t.encoded_time_control);
  if (v26 && t.xxc_rank) out.push_back("XXC rank");
  for (const auto& e : t.extra_records)
    if (!e.after_players) out.push_back(e.line);
}

// Accelerations: 250 records, or in TRF-16 the XXA line of each player (round r at column
// 10+5(r-1)) where the acceleration gives points, not match points. Each player's XXA
// accelerations are indexed once: a file with an XXA line per player (what TRF-16 makes of a 250
// record over many players) writes in time linear in its records, not players x records
// (fuzz_trf: 8,500 such lines took 18 s).
void acceleration_records(const Tournament& t, bool v26, std::vector<std::string>& out) {
  std::map<Tpn, std::vector<const Acceleration*>> xxa;
  for (const auto& a : t.accelerations) {
    if (!v26 && a.match_points == 0) {
      for (Tpn id = a.first_player; id <= a.last_player; ++id) xxa[id].push_back(&a);
      continue;
    }
    Row r;  // 250 MMMM GGGG RRF RRL PPPF PPPL
    r.put(1, "250", 3);
    if (a.match_points) r.put(5, pts(a.match_points), 4, true);
    if (a.points || !a.match_points) r.put(10, pts(a.points), 4, true);
    r.put_int(15, a.first_round, 3);
    r.put_int(19, a.last_round, 3);
    r.put_int(23, a.first_player, 4);
    r.put_int(28, a.last_player, 4);
    out.push_back(r.str());
  }
  for (const auto& [id, accs] : xxa) {  // XXA nnnn pp.p pp.p ...
    int last = 0;
    for (const Acceleration* a : accs) last = std::max(last, a->last_round);
    Row r;
    r.put(1, "XXA", 3);
    r.put_int(5, id, 4);
    for (int rd = 1; rd <= last; ++rd) {
      Points p = 0;
      for (const Acceleration* a : accs)
        if (rd >= a->first_round && rd <= a->last_round) p += a->points;
      r.put(10 + 5 * (rd - 1), pts(p), 4, true);
    }
    out.push_back(r.str());
  }
}

// Forbidden pairs: TRF-16's XXP for the whole event, else 260 with its rounds.
void forbidden_records(const Tournament& t, bool v26, std::vector<std::string>& out) {
  for (const auto& f : t.forbidden) {
    if (!v26 && f.first_round == 1 && f.last_round == 0) {
      std::string s = "XXP";
      for (Tpn id : f.players) s.append(" ").append(std::to_string(id));
      out.push_back(s);
      continue;
    }
    std::string s = "260 " + pad4(f.first_round).substr(1);
    s.append(" ").append(pad4(f.last_round).substr(1));
    for (Tpn id : f.players) s.append(" ").append(pad4(id));
    out.push_back(s);
  }
}

// Byes declared before a round's pairing: TRF-16's XXZ where one was read, else 240.
void bye_records(const Tournament& t, bool v26, std::vector<std::string>& out) {
  for (const auto& b : t.declared_byes) {
    if (!v26 && b.from_xxz) {
      std::string s = "XXZ";
      for (Tpn id : b.players) s.append(" ").append(std::to_string(id));
      out.push_back(s);
      continue;
    }
    Row r;  // 240 T RRR  ID1  ID2 ...: type col 5, round cols 7-9, ids at 11-14, 16-19, ...
    r.put(1, "240", 3);
    r.put(5, std::string(1, char(b.kind)), 1);
    std::string rd = std::to_string(b.round);
    r.put(7, std::string(rd.size() < 3 ? 3 - rd.size() : 0, '0') + rd, 3);
    for (size_t i = 0; i < b.players.size(); ++i) r.put_int(11 + 5 * int(i), b.players[i], 4);
    out.push_back(r.str());
  }
}

}  // namespace

std::string write_trf(const Tournament& t, const TrfWriteOptions& o) {
  const bool v26 = o.format == TrfFormat::Trf2026;
  std::vector<std::string> out;
  event_records(t, out);
  format_records(t, v26, out);
  ranking_records(t, v26, out);
  for (const auto& p : t.players) out.push_back(player_line(p, t, o));
  // Body records: accelerations, forbidden pairs, declared byes. TRF-16 uses the TRF(x) records
  // where they can say it (XXA per player and round, XXP for the whole event, XXZ) and the
  // TRF-2026 record otherwise, which TRF-16 readers skip, so nothing is lost.
  acceleration_records(t, v26, out);
  forbidden_records(t, v26, out);
  bye_records(t, v26, out);
  for (const auto& e : t.extra_records)
    if (e.after_players) out.push_back(e.line);

  std::string s;
  for (const auto& l : out) s += l + o.line_end;
  return s;
}

std::vector<std::string> check_points(const Tournament& t) {
  std::vector<std::string> out;
  for (const auto& p : t.players) {
    if (!p.recorded_points) continue;
    Points got = p.score(t.scoring);
    if (got != *p.recorded_points)
      out.push_back("player " + std::to_string(p.tpn) +
                    (p.source_line ? " (line " + std::to_string(p.source_line) + ")" : "") +
                    ": recorded points " + format_points(*p.recorded_points) +
                    " but the rounds give " + format_points(got));
  }
  return out;
}

}  // namespace arbiter::pairing
