// TRF-16 / TRF(x) / TRF-2026 reader. Layouts: ../shared/reference/trf.md (C.04 Annex 2, TRF26).
#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>

#include "arbiter/pairing/file_io.h"
#include "arbiter/pairing/trf.h"
#include "text.h"

namespace arbiter::pairing {

TrfError::TrfError(std::string file, int line, int column, std::string message)
    : std::runtime_error(line > 0 ? file + ":" + std::to_string(line) + ":" +
                                        std::to_string(column) + ": " + message
                                  : file + ": " + message),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

namespace {

using trf::Line;
using trf::parse_int;
using trf::parse_points;
using trf::trim;

// Scoring values as given by 162 / XXS / BB* records; unset ones take the defaults in resolve().
struct ScoringSpec {
  std::optional<Points> ww, bw, wd, bd, wl, bl, fw, fl, fpb, hpb, zpb, pab, unknown;
  bool any = false;
  Scoring resolve() const {
    Scoring s;
    s.win_white = ww.value_or(10);
    s.win_black = bw.value_or(10);
    s.draw_white = wd.value_or(5);
    s.draw_black = bd.value_or(5);
    s.loss_white = wl.value_or(0);
    s.loss_black = bl.value_or(0);
    s.forfeit_win = fw.value_or(10);
    s.forfeit_loss = fl.value_or(0);
    s.full_bye = fpb.value_or(10);
    s.half_bye = hpb.value_or(5);
    s.zero_bye = zpb.value_or(0);
    s.pairing_bye = pab.value_or(s.win_white);   // TRF-2026 162: P defaults to W
    s.unknown = unknown.value_or(s.draw_white);  // TRF-2026 162: X defaults to D
    return s;
  }
};

class Reader {
 public:
  Reader(std::string file, const TrfReadOptions& o) : file_(std::move(file)), opt_(o) {}

  Tournament read(std::string_view text) {
    split(text);
    for (const auto& l : lines_) record(l);
    finish();
    return std::move(t_);
  }

 private:
  std::string file_;
  TrfReadOptions opt_;
  Tournament t_;
  std::vector<Line> lines_;
  ScoringSpec spec_;
  bool seen_players_ = false;
  struct Pending {
    int line;
    DeclaredBye bye;
    std::vector<int> cols;
    size_t extra_index = 0;  // where it stands among extra_records (team events keep it there)
    bool after_players = false;
  };
  std::vector<Pending> xxz_, byes240_;
  struct PlayerRef {
    int line, column;
    Tpn last;  // the last player (or team) named
  };
  std::vector<PlayerRef> accelerated_;  // 250 and XXA records: checked in finish()
  struct Nrs {
    int extra_index;  // in extra_records
    std::string federation;
    int line;
  };
  std::vector<Nrs> nrs_;
  std::map<Tpn, int> line_of_;  // TPN -> index into lines_

  [[noreturn]] void fail(int line, int col, const std::string& msg) const {
    throw TrfError(file_, line, col, msg);
  }
  [[noreturn]] void fail(const Line& l, int col, const std::string& msg) const {
    fail(l.number(), col, msg);
  }

  void split(std::string_view text) {
    int n = 0;
    TextLines lines(text);
    for (std::string_view raw; lines.next(raw);) {
      int bad = 0;
      lines_.emplace_back(strip_byte_order_marks(raw), ++n, bad);
      if (bad) fail(n, bad, "invalid UTF-8 byte (TRF text must be UTF-8)");
    }
  }

  static std::string text(const Line& l, int first = 5) { return std::string(trim(l.from(first))); }

  void record(const Line& l) {
    std::string_view all = l.text();
    if (trim(all).empty()) return;
    const std::string_view id = l.cols(1, 3);
    if (id == "001") return player(l);
    if (id == "###") return extra(l);
    if (id == "012" || id == "022" || id == "032" || id == "042" || id == "052" || id == "062" ||
        id == "072" || id == "082" || id == "092")
      return header(l, id);
    if (id == "102" || id == "112" || id == "122" || id == "132") return header(l, id);
    if (id == "142" || id == "152" || id == "162" || id == "172" || id == "182" || id == "192" ||
        id == "202" || id == "212" || id == "222") {
      t_.format = TrfFormat::Trf2026;
      return header(l, id);
    }
    if (id == "240") return bye240(l);
    if (id == "250") return acceleration250(l);
    if (id == "260") return forbidden260(l);
    if (id == "XXR") return xxr(l);
    if (id == "XXC") return xxc(l);
    if (id == "XXS") return xxs(l);
    if (id == "XXA") return xxa(l);
    if (id == "XXP") return xxp(l);
    if (id == "XXZ") return xxz(l);
    if (id.size() == 3 && id.substr(0, 2) == "BB" &&
        std::string_view("WDLZFU").find(id[2]) != std::string_view::npos)
      return bb(l, id[2]);
    // TRF-2026 National Rating Support record candidates: "FED nnnn ..." (resolved in finish()).
    if (id.size() == 3 &&
        std::all_of(id.begin(), id.end(), [](char c) { return c >= 'A' && c <= 'Z'; }) &&
        parse_int(l.cols(5, 8)))
      nrs_.push_back({int(t_.extra_records.size()), std::string(id), l.number()});
    extra(l);
  }

  void extra(const Line& l) { t_.extra_records.push_back({std::string(l.text()), seen_players_}); }

  std::optional<int> count(const Line& l) {
    std::string s = text(l);
    if (s.empty()) return std::nullopt;
    auto v = parse_int(s);
    if (!v || *v < 0) fail(l, 5, "expected a number, found '" + s + "'");
    return v;
  }

  void header(const Line& l, std::string_view id) {
    switch ((id[0] - '0') * 10 + (id[1] - '0')) {
      case 1: t_.name = text(l); return;
      case 2: t_.city = text(l); return;
      case 3: t_.federation = text(l); return;
      case 4: t_.start_date = text(l); return;
      case 5: t_.end_date = text(l); return;
      case 6: t_.declared_players = count(l); return;
      case 7: t_.declared_rated = count(l); return;
      case 8: t_.declared_teams = count(l); return;
      case 9: t_.type = text(l); return;
      case 10: t_.chief_arbiter = text(l); return;
      case 11: t_.deputy_arbiters.push_back(text(l)); return;
      case 12: t_.time_control = text(l); return;
      case 13: {
        t_.round_dates.clear();
        for (int c = 92; c <= l.chars(); c += 10)
          t_.round_dates.emplace_back(trim(l.cols(c, c + 7)));
        while (!t_.round_dates.empty() && t_.round_dates.back().empty()) t_.round_dates.pop_back();
        return;
      }
      case 14: {
        auto v = parse_int(text(l));
        if (!v || *v < 1 || *v > 999) fail(l, 5, "expected the number of rounds (1-999)");
        t_.total_rounds = *v;
        return;
      }
      case 15: {
        std::string s = text(l);
        if (s == "W" || s == "w")
          t_.initial_colour = WHITE;
        else if (s == "B" || s == "b")
          t_.initial_colour = BLACK;
        else
          fail(l, 5, "expected W or B (initial colour of the top player)");
        return;
      }
      case 16: return scoring162(l);
      case 17: {
        auto tk = trf::tokens(l.from(5));
        t_.ranking_federation = tk.size() > 0 ? std::string(tk[0].text) : "";
        t_.ranking_method = tk.size() > 1 ? std::string(tk[1].text) : "";
        return;
      }
      case 18: t_.pairing_controller = text(l); return;
      case 19: t_.type_code = text(l); return;
      case 20: t_.tiebreaks = text(l); return;
      case 21: t_.standings = text(l); return;
      case 22: t_.encoded_time_control = text(l); return;
      default: return extra(l);  // other ??2 header records: kept verbatim
    }
  }

  // ---- 001 player record -----------------------------------------------------------------
  void player(const Line& l) {
    seen_players_ = true;
    if (l.chars() >= 4 && l.cols(4, 4) != " ")
      fail(l, 4, "expected a blank after the record id 001");
    Player p;
    p.source_line = l.number();
    auto tpn = parse_int(l.cols(5, 8));
    if (!tpn || *tpn < 1 || *tpn > 9999)
      fail(l, 5, "expected the starting rank (1-9999) in columns 5-8");
    p.tpn = *tpn;
    std::string_view sex = l.cols(10, 10);
    if (sex.size() > 1) fail(l, 10, "expected a one-letter sex code (m, w) in column 10");
    p.sex = sex.empty() ? ' ' : sex[0];
    p.title = std::string(trim(l.cols(11, 13)));
    p.name = std::string(trim(l.cols(15, 47)));
    std::string_view rating = trim(l.cols(49, 52));
    if (!rating.empty()) {
      auto v = parse_int(rating);
      if (!v || *v < 0) fail(l, 49, "expected a rating (digits) in columns 49-52");
      p.rating = *v;
    }
    p.federation = std::string(trim(l.cols(54, 56)));
    p.fide_id = std::string(trim(l.cols(58, 68)));
    // Points: cols 81-84; scores of 100 or more spill into col 80. Some writers shift the birth
    // date one column right (cols 71-80, col 70 blank): then col 80 belongs to the date. A date
    // filling cols 70-79 leaves col 80 to the points.
    const bool spill = !trim(l.cols(81, 81)).empty() && !trim(l.cols(80, 80)).empty() &&
                       (trim(l.cols(79, 79)).empty() || !trim(l.cols(70, 70)).empty());
    p.birth = std::string(trim(l.cols(70, spill ? 79 : 80)));
    std::string_view pts = trim(l.cols(spill ? 80 : 81, 84));
    if (!pts.empty()) {
      auto v = parse_points(pts);
      if (!v) fail(l, 81, "expected points with one decimal (e.g. 4.5) in columns 81-84");
      p.recorded_points = *v;
    }
    std::string_view rank = trim(l.cols(85, 89));
    if (!rank.empty()) {
      auto v = parse_int(rank);
      if (!v || *v < 0) fail(l, 86, "expected a rank (digits) in columns 86-89");
      p.rank = *v;
    }
    if (!trim(l.cols(90, 91)).empty()) fail(l, 90, "expected blanks in columns 90-91");
    for (int c = 92; c <= l.chars(); c += 10) {
      if (trim(l.from(c)).empty()) break;  // trailing blank cells are not stored
      p.rounds.push_back(cell(l, c));
      if (!trim(l.cols(c + 8, c + 9)).empty())
        fail(l, c + 8,
             "expected blanks between round cells (columns " + std::to_string(c + 8) + "-" +
                 std::to_string(c + 9) + ")");
    }
    // A trailing "0000 -" without result says no more than a blank cell: not stored either.
    while (!p.rounds.empty() && p.rounds.back() == RoundEntry{}) p.rounds.pop_back();
    if (line_of_.count(p.tpn))
      fail(l, 5,
           "starting rank " + std::to_string(p.tpn) + " already used on line " +
               std::to_string(lines_[line_of_[p.tpn]].number()));
    line_of_[p.tpn] = l.number() - 1;
    t_.players.push_back(std::move(p));
  }

  RoundEntry cell(const Line& l, int c) {
    const int round = (c - 92) / 10 + 1;
    const std::string where = " (round " + std::to_string(round) + ")";
    RoundEntry e;
    std::string_view opp = trim(l.cols(c, c + 3));
    if (!opp.empty()) {
      auto v = parse_int(opp);
      if (!v || *v < 0 || *v > 9999)
        fail(l, c,
             "expected the opponent's starting rank or 0000 in columns " + std::to_string(c) + "-" +
                 std::to_string(c + 3) + where);
      e.opponent = *v;
    }
    if (!trim(l.cols(c + 4, c + 4)).empty()) fail(l, c + 4, "expected a blank" + where);
    std::string_view col = l.cols(c + 5, c + 5);
    char cc = col.empty() ? ' ' : col[0];
    if (cc == 'w' || cc == 'W')
      e.colour = WHITE;
    else if (cc == 'b' || cc == 'B')
      e.colour = BLACK;
    else if (cc != '-' && cc != ' ')
      fail(l, c + 5, "expected colour w, b or - in column " + std::to_string(c + 5) + where);
    if (!trim(l.cols(c + 6, c + 6)).empty()) fail(l, c + 6, "expected a blank" + where);
    std::string_view res = l.cols(c + 7, c + 7);
    char rc = res.empty() ? ' ' : char(std::toupper(static_cast<unsigned char>(res[0])));
    if (!is_result_code(rc) || res.size() > 1)
      fail(l, c + 7,
           "expected a result code (1 = 0 + - W D L H F U Z or blank) in column " +
               std::to_string(c + 7) + where);
    e.result = ResultCode(rc);
    return e;
  }

  // ---- scoring ----------------------------------------------------------------------------
  void set_code162(const Line& l, int col, char code, Points v) {
    spec_.any = true;
    switch (code) {
      case 'W': spec_.ww = spec_.bw = spec_.fw = spec_.fpb = v; break;  // win, forfeit win, FPB
      case 'D': spec_.wd = spec_.bd = spec_.hpb = v; break;             // draw, HPB
      case 'L': spec_.wl = spec_.bl = v; break;                         // played loss
      case 'A':
      case 'Z': spec_.zpb = spec_.fl = v; break;  // absence (TBS 'A', bbp 'Z')
      case 'P': spec_.pab = v; break;
      case 'X': spec_.unknown = v; break;
      default:
        fail(l, col, std::string("unknown scoring code '") + code + "' (expected W D L A Z P X)");
    }
  }

  // 162: code at col 6, value in 7-10, every 9 columns; read as tokens ("W 3.0" or "W3.0").
  void scoring162(const Line& l) {
    auto tk = trf::tokens(l.from(5), l.cols(1, 4).size());
    for (size_t i = 0; i < tk.size(); ++i) {
      std::string_view code = tk[i].text, val;
      int col = l.column_of(tk[i].offset);
      if (code.size() > 1) {
        val = code.substr(1);
        code = code.substr(0, 1);
      } else if (i + 1 < tk.size()) {
        val = tk[++i].text;
      }
      auto v = parse_points(val);
      if (!v) fail(l, col, "expected a scoring code and value (e.g. W 3.0)");
      set_code162(l, col, char(std::toupper(static_cast<unsigned char>(code[0]))), *v);
    }
  }

  // XXS CODE=value ... (JaVaFo AUM).
  void xxs(const Line& l) {
    for (const auto& tk : trf::tokens(l.from(5), l.cols(1, 4).size())) {
      int col = l.column_of(tk.offset);
      size_t eq = tk.text.find('=');
      if (eq == std::string_view::npos) fail(l, col, "expected CODE=value (e.g. WW=1.0)");
      std::string code(tk.text.substr(0, eq));
      for (auto& ch : code) ch = char(std::toupper(static_cast<unsigned char>(ch)));
      auto v = parse_points(tk.text.substr(eq + 1));
      if (!v) fail(l, col + int(eq) + 1, "expected points with one decimal after '='");
      spec_.any = true;
      if (code == "WW")
        spec_.ww = v;
      else if (code == "BW")
        spec_.bw = v;
      else if (code == "WD")
        spec_.wd = v;
      else if (code == "BD")
        spec_.bd = v;
      else if (code == "WL")
        spec_.wl = v;
      else if (code == "BL")
        spec_.bl = v;
      else if (code == "FW")
        spec_.fw = v;
      else if (code == "FL")
        spec_.fl = v;
      else if (code == "ZPB")
        spec_.zpb = v;
      else if (code == "HPB")
        spec_.hpb = v;
      else if (code == "FPB")
        spec_.fpb = v;
      else if (code == "PAB")
        spec_.pab = v;
      else if (code == "W")
        spec_.ww = spec_.bw = spec_.fw = spec_.fpb = v;
      else if (code == "D")
        spec_.wd = spec_.bd = spec_.hpb = v;
      else
        fail(l, col,
             "unknown XXS code '" + code +
                 "' (expected WW BW WD BD WL BL FW FL ZPB HPB FPB PAB W D)");
    }
  }

  // bbpPairings BBW/BBD/BBL/BBZ/BBF/BBU value.
  void bb(const Line& l, char which) {
    auto v = parse_points(text(l));
    if (!v) fail(l, 5, "expected points with one decimal (e.g. 1.0)");
    spec_.any = true;
    switch (which) {
      case 'W': spec_.ww = spec_.bw = spec_.fw = spec_.fpb = v; break;
      case 'D': spec_.wd = spec_.bd = spec_.hpb = v; break;
      case 'L': spec_.wl = spec_.bl = v; break;
      case 'Z': spec_.zpb = v; break;
      case 'F': spec_.fl = v; break;
      case 'U': spec_.pab = v; break;
    }
  }

  // ---- pairing extensions -----------------------------------------------------------------
  void xxr(const Line& l) {
    auto tk = trf::tokens(l.from(4), l.cols(1, 3).size());
    auto v = tk.empty() ? std::nullopt : parse_int(tk[0].text);
    if (!v || *v < 1 || *v > 999) fail(l, 5, "expected the number of rounds (1-999) after XXR");
    t_.total_rounds = *v;
  }

  void xxc(const Line& l) {
    for (const auto& tk : trf::tokens(l.from(4), l.cols(1, 3).size())) {
      if (tk.text == "rank")
        t_.xxc_rank = true;
      else if (tk.text == "white1")
        t_.initial_colour = WHITE;
      else if (tk.text == "black1")
        t_.initial_colour = BLACK;
      else
        fail(l, l.column_of(tk.offset), "expected rank, white1 or black1 after XXC");
    }
  }

  std::vector<Tpn> ids(const Line& l, const std::vector<trf::Token>& tk, size_t from,
                       const char* what) {
    std::vector<Tpn> out;
    for (size_t i = from; i < tk.size(); ++i) {
      auto v = parse_int(tk[i].text);
      if (!v || *v < 1 || *v > 9999)
        fail(l, l.column_of(tk[i].offset), std::string("expected a starting rank in ") + what);
      out.push_back(*v);
    }
    return out;
  }

  void xxp(const Line& l) {
    auto tk = trf::tokens(l.from(4), l.cols(1, 3).size());
    t_.forbidden.push_back({1, 0, ids(l, tk, 0, "XXP")});
  }

  void xxz(const Line& l) {
    auto tk = trf::tokens(l.from(4), l.cols(1, 3).size());
    xxz_.push_back({l.number(),
                    {ResultCode::ZeroBye, 0, ids(l, tk, 0, "XXZ"), true},
                    {},
                    t_.extra_records.size(),
                    seen_players_});
  }

  // XXA nnnn pp.p pp.p ...: id in cols 5-8, round r's value at cols 10+5(r-1)..13+5(r-1).
  void xxa(const Line& l) {
    auto id = parse_int(l.cols(5, 8));
    if (!id || *id < 1 || *id > 9999) fail(l, 5, "expected a starting rank in columns 5-8 of XXA");
    accelerated_.push_back({l.number(), 5, *id});
    for (int c = 10, r = 1; c <= l.chars(); c += 5, ++r) {
      std::string_view f = trim(l.cols(c, c + 4));
      if (f.empty()) continue;
      auto v = parse_points(f);
      if (!v)
        fail(l, c,
             "expected accelerated points (e.g. 1.0) in columns " + std::to_string(c) + "-" +
                 std::to_string(c + 3));
      auto& acc = t_.accelerations;
      if (!acc.empty() && acc.back().first_player == *id && acc.back().last_player == *id &&
          acc.back().last_round == r - 1 && acc.back().points == *v)
        acc.back().last_round = r;
      else
        acc.push_back({*v, 0, r, r, *id, *id});
    }
  }

  // 240 T RRR ID1 ID2 ...
  void bye240(const Line& l) {
    t_.format = TrfFormat::Trf2026;
    auto tk = trf::tokens(l.from(5), l.cols(1, 4).size());
    if (tk.empty() || tk[0].text.size() != 1 ||
        std::string_view("FHZfhz").find(tk[0].text[0]) == std::string_view::npos)
      fail(l, 5, "expected the bye type F, H or Z in column 5 of 240");
    auto r = tk.size() > 1 ? parse_int(tk[1].text) : std::nullopt;
    if (!r || *r < 1 || *r > 999)
      fail(l, tk.size() > 1 ? l.column_of(tk[1].offset) : 7,
           "expected the round (columns 7-9) of 240");
    DeclaredBye b{ResultCode(std::toupper(static_cast<unsigned char>(tk[0].text[0]))), *r,
                  ids(l, tk, 2, "240"), false};
    std::vector<int> cols;
    for (size_t i = 2; i < tk.size(); ++i) cols.push_back(l.column_of(tk[i].offset));
    byes240_.push_back({l.number(), b, cols, t_.extra_records.size(), seen_players_});
  }

  // 250 MMMM GGGG RRF RRL PPPF PPPL (fixed columns).
  void acceleration250(const Line& l) {
    t_.format = TrfFormat::Trf2026;
    Acceleration a;
    auto num = [&](int c1, int c2, const char* what) -> std::optional<int> {
      std::string_view f = trim(l.cols(c1, c2));
      if (f.empty()) return std::nullopt;
      auto v = parse_int(f);
      if (!v || *v < 0)
        fail(l, c1,
             std::string("expected ") + what + " in columns " + std::to_string(c1) + "-" +
                 std::to_string(c2) + " of 250");
      return v;
    };
    auto pts = [&](int c1, int c2, const char* what) -> Points {
      std::string_view f = trim(l.cols(c1, c2));
      if (f.empty()) return 0;
      auto v = parse_points(f);
      if (!v)
        fail(l, c1,
             std::string("expected ") + what + " in columns " + std::to_string(c1) + "-" +
                 std::to_string(c2) + " of 250");
      return *v;
    };
    a.match_points = pts(5, 8, "match points");
    a.points = pts(10, 13, "game points");
    auto r1 = num(15, 17, "the first round"), r2 = num(19, 21, "the last round");
    auto p1 = num(23, 26, "the first player"), p2 = num(28, 31, "the last player");
    if (!r1) fail(l, 15, "expected the first round in columns 15-17 of 250");
    if (!p1) fail(l, 23, "expected the first player in columns 23-26 of 250");
    if (*r1 < 1 || (r2 && *r2 < *r1))
      fail(l, 15, "expected rounds first <= last, from 1, in columns 15-21 of 250");
    if (*p1 < 1 || (p2 && *p2 < *p1))
      fail(l, 23, "expected players first <= last, from 1, in columns 23-31 of 250");
    a.first_round = *r1;
    a.last_round = r2.value_or(*r1);
    a.first_player = *p1;
    a.last_player = p2.value_or(*p1);
    if (!trim(l.from(32)).empty()) fail(l, 32, "expected the end of the 250 record");
    t_.accelerations.push_back(a);
    accelerated_.push_back({l.number(), p2 ? 28 : 23, a.last_player});
  }

  // 260 RR1 RRL P1 P2 ...
  void forbidden260(const Line& l) {
    t_.format = TrfFormat::Trf2026;
    auto tk = trf::tokens(l.from(5), l.cols(1, 4).size());
    if (tk.size() < 2) fail(l, 5, "expected first round, last round and players in 260");
    auto r1 = parse_int(tk[0].text), r2 = parse_int(tk[1].text);
    if (!r1 || *r1 < 1 || *r1 > 999)
      fail(l, l.column_of(tk[0].offset), "expected the first round (1-999) in 260");
    if (!r2 || *r2 < 0 || *r2 > 999)
      fail(l, l.column_of(tk[1].offset), "expected the last round (0-999) in 260");
    t_.forbidden.push_back({*r1, *r2, ids(l, tk, 2, "260")});
  }

  // ---- whole-file checks --------------------------------------------------------------------
  const Line& line_of(Tpn tpn) const { return lines_[line_of_.at(tpn)]; }
  static int cell_col(int round) { return 92 + 10 * (round - 1); }

  void apply_bye(const Pending& pb) {
    const DeclaredBye& b = pb.bye;
    for (size_t i = 0; i < b.players.size(); ++i) {
      Tpn id = b.players[i];
      int col = i < pb.cols.size() ? pb.cols[i] : 5;
      if (id > t_.player_count())
        fail(pb.line, col, "no player with starting rank " + std::to_string(id));
      Player& p = t_.player(id);
      if (p.has_round(b.round)) {
        const RoundEntry& e = p.rounds[b.round - 1];
        bool same = !e.has_opponent() &&
                    (e.result == b.kind ||
                     (b.kind == ResultCode::ZeroBye && e.absent() &&
                      e.result != ResultCode::HalfBye && e.result != ResultCode::FullBye));
        if (!same)
          fail(pb.line, col,
               "player " + std::to_string(id) + " has a different entry in round " +
                   std::to_string(b.round) + " (line " + std::to_string(line_of(id).number()) +
                   ")");
        continue;
      }
      p.rounds.resize(b.round - 1);
      p.rounds.push_back({0, std::nullopt, b.kind});
    }
    t_.declared_byes.push_back(b);
  }

  void finish() {
    if (opt_.require_players && t_.players.empty())
      fail(1, 1, "no players (no 001 record): not a TRF file, or one with nobody in it");
    std::sort(t_.players.begin(), t_.players.end(),
              [](const Player& a, const Player& b) { return a.tpn < b.tpn; });
    for (size_t i = 0; i < t_.players.size(); ++i)
      if (t_.players[i].tpn != int(i + 1)) {
        // The starting ranks must be 1..N (bbpPairings, JaVaFo): name the first gap.
        const Player& p = t_.players[i];
        fail(p.source_line, 5,
             "starting ranks must be 1.." + std::to_string(t_.players.size()) +
                 " without gaps: " + std::to_string(i + 1) + " is missing");
      }
    if (spec_.any) {
      t_.scoring = spec_.resolve();
      t_.scoring_given = true;
    }
    if (opt_.check_consistency) check_cells();
    const int team_count = count_teams();
    const bool teams = team_count > 0;
    check_accelerated(teams ? team_count : t_.player_count(), teams);
    // In team events 240/XXZ byes name teams: those records are kept verbatim where they stood
    // among the other kept records (inserted from the last one so the indices stay valid).
    if (teams) {
      std::vector<const Pending*> keep;
      for (const auto& b : byes240_) keep.push_back(&b);
      for (const auto& b : xxz_) keep.push_back(&b);
      std::stable_sort(keep.begin(), keep.end(),
                       [](const Pending* a, const Pending* b) { return a->line < b->line; });
      for (auto it = keep.rbegin(); it != keep.rend(); ++it)
        t_.extra_records.insert(
            t_.extra_records.begin() + (*it)->extra_index,
            {std::string(lines_[(*it)->line - 1].text()), (*it)->after_players});
    } else {
      for (const auto& b : byes240_) apply_bye(b);
      const int next = t_.paired_rounds() + 1;
      for (auto& z : xxz_) {
        z.bye.round = next;  // XXZ: absent in the round to be paired
        apply_bye(z);
      }
    }
    // NRS records count only with a 172 record (TRF-2026); otherwise the line is just kept.
    if (!t_.ranking_federation.empty() || !t_.ranking_method.empty())
      for (const auto& nrs : nrs_) {
        int bad = 0;
        Line l(t_.extra_records[nrs.extra_index].line, nrs.line, bad);
        auto id = parse_int(l.cols(5, 8));
        auto r = parse_int(l.cols(49, 52));
        // The same rule as the 001 record's rating: digits only (a sign would be written back
        // where no reader takes it).
        if (r && *r < 0) fail(nrs.line, 49, "expected a national rating (digits) in columns 49-52");
        if (id && *id >= 1 && *id <= t_.player_count() && r) t_.player(*id).ratings.national = *r;
      }
  }

  // Team events: one 013 (TRF-16) or 310 (TRF-2026) record per team.
  int count_teams() const {
    return int(
        std::count_if(t_.extra_records.begin(), t_.extra_records.end(), [](const ExtraRecord& e) {
          return e.line.compare(0, 3, "013") == 0 || e.line.compare(0, 3, "310") == 0;
        }));
  }

  // Accelerations (250, XXA) name players (teams in a team event: one 013 or 310 record each)
  // that the file holds. A range past them means nothing, and the TRF-16 writer spells a 250
  // record out as one XXA line per player and round: "1 9999" over 999 rounds in a 32-byte file
  // became 50 MB and minutes of work (fuzz_trf). XXA is checked alike, since TRF-2026 writes it
  // as 250.
  void check_accelerated(int count, bool teams) const {
    for (const auto& ref : accelerated_)
      if (ref.last > count)
        fail(ref.line, ref.column,
             std::string("no ") + (teams ? "team" : "player") + " with starting rank " +
                 std::to_string(ref.last) + " (the file has " + std::to_string(count) + ")");
  }

  // Cross-checks between cells (what bbpPairings verifies before pairing).
  void check_cells() {
    const int n = t_.player_count();
    for (const auto& p : t_.players) {
      const Line& l = line_of(p.tpn);
      for (int r = 1; r <= int(p.rounds.size()); ++r) {
        const RoundEntry& e = p.rounds[r - 1];
        const int c = cell_col(r);
        const std::string rd = " in round " + std::to_string(r);
        if (!e.has_opponent()) {
          if (e.colour) fail(l, c + 5, "expected colour - for a round without opponent" + rd);
          if (e.result == ResultCode::Win || e.result == ResultCode::Draw ||
              e.result == ResultCode::Loss || e.result == ResultCode::UnratedWin ||
              e.result == ResultCode::UnratedDraw || e.result == ResultCode::UnratedLoss)
            fail(l, c,
                 "expected an opponent for result '" + std::string(1, char(e.result)) + "'" + rd);
          continue;
        }
        if (e.opponent > n)
          fail(l, c, "no player with starting rank " + std::to_string(e.opponent) + rd);
        if (e.opponent == p.tpn) fail(l, c, "player paired against himself" + rd);
        if (e.result == ResultCode::HalfBye || e.result == ResultCode::FullBye ||
            e.result == ResultCode::PairingBye || e.result == ResultCode::ZeroBye)
          fail(l, c + 7,
               "expected opponent 0000 for a bye ('" + std::string(1, char(e.result)) + "')" + rd);
        const Player& o = t_.player(e.opponent);
        const RoundEntry oe = o.round(r);
        if (oe.opponent != p.tpn)
          fail(l, c,
               "player " + std::to_string(e.opponent) + " does not have player " +
                   std::to_string(p.tpn) + " as opponent" + rd + " (line " +
                   std::to_string(line_of(o.tpn).number()) + ")");
        if (e.played() && !e.colour)
          fail(l, c + 5, "expected colour w or b for a played game" + rd);
        if (e.colour && oe.colour == e.colour)
          fail(l, c + 5, "both players have the same colour against each other" + rd);
        if (!results_match(e.result, oe.result))
          fail(l, c + 7,
               "result '" + std::string(1, char(e.result)) + "' does not match the opponent's '" +
                   std::string(1, char(oe.result)) + "'" + rd + " (line " +
                   std::to_string(line_of(o.tpn).number()) + ")");
      }
    }
    for (int r = 1; r <= t_.recorded_rounds(); ++r) {
      Tpn first = 0;
      for (const auto& p : t_.players)
        if (p.round(r).pairing_bye()) {
          if (first)
            fail(line_of(p.tpn), cell_col(r) + 7,
                 "second pairing-allocated bye (U)" + std::string(" in round ") +
                     std::to_string(r) + " (player " + std::to_string(first) + " has one)");
          first = p.tpn;
        }
    }
  }

  static bool results_match(ResultCode a, ResultCode b) {
    auto opp = [](ResultCode x) {
      switch (x) {
        case ResultCode::Win: return ResultCode::Loss;
        case ResultCode::Loss: return ResultCode::Win;
        case ResultCode::Draw: return ResultCode::Draw;
        case ResultCode::UnratedWin: return ResultCode::UnratedLoss;
        case ResultCode::UnratedLoss: return ResultCode::UnratedWin;
        case ResultCode::UnratedDraw: return ResultCode::UnratedDraw;
        case ResultCode::ForfeitWin: return ResultCode::ForfeitLoss;
        case ResultCode::None: return ResultCode::None;
        default: return x;
      }
    };
    if (a == ResultCode::ForfeitLoss)
      return b == ResultCode::ForfeitWin || b == ResultCode::ForfeitLoss;
    // Scores the arbiter sets in a played game (Laws 11.3.2.2, 12.9; TRF-2026 allows them):
    // 0-0, 0-1/2 and 1/2-0, each cell giving that player's own points.
    if ((a == ResultCode::Loss || a == ResultCode::Draw) &&
        (b == ResultCode::Loss || b == ResultCode::Draw))
      return true;
    return opp(a) == b;
  }
};

}  // namespace

Tournament read_trf(std::string_view text, const std::string& file, const TrfReadOptions& options) {
  return Reader(file, options).read(text);
}

Tournament read_trf_file(const std::filesystem::path& path, const TrfReadOptions& options) {
  std::string text;
  try {
    text = read_text_file(path, kTextFileLimit);  // bounded; no directory, no NUL byte
  } catch (const FileInputError& e) {
    throw TrfError(e.file(), e.line(), e.column(), e.message());
  }
  return read_trf(text, path.string(), options);
}

}  // namespace arbiter::pairing
