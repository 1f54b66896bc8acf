// Prizes from the regulations (see event_prizes.h).
#include "arbiter/pairing/event_prizes.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>

namespace arbiter::pairing {
namespace {

struct Words {
  std::string_view line;
  const std::string& file;
  int line_no;
  size_t pos = 0;

  [[noreturn]] void fail(const std::string& why, size_t col) const {
    throw EventInputError(file + ":" + std::to_string(line_no) + ":" + std::to_string(col + 1) +
                          ": " + why);
  }
  void skip() {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
  }
  bool done() {
    skip();
    return pos >= line.size();
  }
  std::string_view word(const char* what) {
    skip();
    if (pos >= line.size()) fail(std::string("expected ") + what, pos);
    size_t b = pos;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') ++pos;
    return line.substr(b, pos - b);
  }
  int count(const char* what) {
    skip();
    size_t b = pos;
    auto w = word(what);
    int v = 0;
    auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || p != w.data() + w.size() || v < 1 || v > 9999)
      fail(std::string("expected ") + what + ", found '" + std::string(w) + "'", b);
    return v;
  }
  long amount() {
    skip();
    size_t b = pos;
    auto w = word("an amount");
    long whole = 0, frac = 0;
    auto dot = w.find('.');
    auto digits = [](std::string_view s) {
      return !s.empty() &&
             std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    auto ip = w.substr(0, dot);
    auto fp = dot == std::string_view::npos ? std::string_view() : w.substr(dot + 1);
    if (!digits(ip) || ip.size() > 9 ||
        (dot != std::string_view::npos && (!digits(fp) || fp.size() > 2)))
      fail("expected an amount such as 500 or 12.50, found '" + std::string(w) + "'", b);
    std::from_chars(ip.data(), ip.data() + ip.size(), whole);
    if (!fp.empty()) std::from_chars(fp.data(), fp.data() + fp.size(), frac);
    if (fp.size() == 1) frac *= 10;
    return whole * 100 + frac;
  }
  std::string rest() {
    skip();
    return std::string(line.substr(std::min(pos, line.size())));
  }
};

int year_of(const std::string& birth) {
  int y = 0;
  if (birth.size() < 4) return 0;
  std::from_chars(birth.data(), birth.data() + 4, y);
  return y;
}

std::string ordinal(int n) {
  const char* s = (n % 100 >= 11 && n % 100 <= 13) ? "th"
                  : n % 10 == 1                    ? "st"
                  : n % 10 == 2                    ? "nd"
                  : n % 10 == 3                    ? "rd"
                                                   : "th";
  return std::to_string(n) + s;
}

void check_category(std::string_view cat, Words& w, size_t col) {
  Event none;
  try {
    (void)in_category(none, 0, cat);
  } catch (const EventInputError& x) {
    w.fail(x.what(), col);
  }
}

// The contenders for one prize, in standings order, with the score that ranks them for it.
struct Contender {
  Tpn player;
  Points score;
  int order;  // position in the standings (tie-break order)
};

// Awards `rule` among `c` (sorted by score, then order) to the `place`-th position. With
// tie-breaks the position's player wins. With equal sharing every player tied on score with that
// position shares it: the rows are written here with this prize's share rounded down to the
// cent, and their players returned, so that award_prizes pools the prizes of one tie
// (share_pools). Empty when nobody shares.
std::vector<Tpn> award(const std::vector<Contender>& c, int place, const PrizeRule& rule,
                       bool share, const std::string& what, std::vector<PrizeAward>& out) {
  if (place < 1 || place > int(c.size())) return {};
  const Contender& at = c[place - 1];
  if (!share) {
    out.push_back(
        {rule.label, at.player, rule.cents, what + " on " + format_points(at.score) + " points"});
    return {};
  }
  std::vector<Tpn> tied;
  for (const auto& x : c)
    if (x.score == at.score) tied.push_back(x.player);
  const long share_cents = rule.cents / long(tied.size());
  for (Tpn p : tied) {
    std::string why = what + " on " + format_points(at.score) + " points";
    if (tied.size() > 1) why += ", shared equally by " + std::to_string(tied.size()) + " players";
    out.push_back({rule.label, p, share_cents, why});
  }
  return tied.size() > 1 ? tied : std::vector<Tpn>{};
}

// One equal sharing: the players tied, the prizes they pool and the rows that pay them.
struct Pool {
  std::vector<Tpn> players;
  long cents = 0;
  std::vector<size_t> rows;
  bool place = false;  // pools place prizes
};

// The sharing rule of prize regulations (C.07 2.1: players on equal points share the prizes of
// the places they occupy): the pooled amount is divided equally and each share rounded DOWN to
// the cent, so that no more is paid than the prizes hold; the cents that cannot be divided
// (at most players - 1) are stated with every share ("50 shared by 3: 16.66 each, 0.02 not
// divided"). A player's rows keep each prize's own share; the cents that pooling adds go on the
// player's last row of the pool.
void share_pools(std::vector<Pool>& pools, std::vector<PrizeAward>& out) {
  for (auto& pool : pools) {
    if (pool.cents == 0) continue;  // an honour shared: nothing to divide
    const long n = long(pool.players.size()), each = pool.cents / n, left = pool.cents - each * n;
    for (Tpn p : pool.players) {
      long paid = 0;
      size_t last = 0;
      for (size_t k : pool.rows)
        if (out[k].player == p) paid += out[k].cents, last = k;
      out[last].cents += each - paid;
    }
    std::string how = "; " + format_cents(pool.cents) + " shared by " + std::to_string(n) + ": " +
                      format_cents(each) + " each";
    if (left) how += ", " + format_cents(left) + " not divided (shares rounded down to the cent)";
    for (size_t k : pool.rows) out[k].why += how;
  }
}

}  // namespace

std::string format_cents(long cents) {
  std::string s = std::to_string(cents / 100);
  if (cents % 100) {
    // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "." + std::string.
    s.push_back('.');
    s.push_back(char('0' + cents % 100 / 10));
    s.push_back(char('0' + cents % 10));
  }
  return s;
}

bool in_category(const Event& e, Tpn p, std::string_view cat) {
  const bool probe = p == 0;  // syntax check only
  const Player* pl = probe ? nullptr : &e.tournament.player(p);
  auto arg = [&](std::string_view prefix) { return cat.substr(prefix.size()); };
  auto number = [&](std::string_view s, int& v) {
    auto [q, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || q != s.data() + s.size())
      throw EventInputError("category '" + std::string(cat) + "': '" + std::string(s) +
                            "' is not a number");
  };
  if (cat == "women") return probe || pl->sex == 'w' || pl->sex == 'f';
  if (cat.starts_with("junior:") || cat.starts_with("senior:")) {
    int y = 0;
    number(arg("junior:"), y);
    if (probe) return true;
    const int born = year_of(pl->birth);
    if (born == 0) return false;
    return cat[0] == 'j' ? born >= y : born <= y;
  }
  if (cat.starts_with("rating:")) {
    auto r = arg("rating:");
    auto dash = r.find('-');
    if (dash == std::string_view::npos)
      throw EventInputError("category '" + std::string(cat) + "': expected rating:LO-HI");
    int lo = 0, hi = 0;
    number(r.substr(0, dash), lo);
    number(r.substr(dash + 1), hi);
    return probe || (pl->rating >= lo && pl->rating <= hi);
  }
  if (cat.starts_with("federation:")) return probe || pl->federation == arg("federation:");
  if (auto eq = cat.find('='); eq != std::string_view::npos && eq > 0) {
    if (probe) return true;
    auto it = e.settings.extra.find(p);
    if (it == e.settings.extra.end()) return false;
    for (const auto& [k, v] : it->second)
      if (k == cat.substr(0, eq) && v == cat.substr(eq + 1)) return true;
    return false;
  }
  throw EventInputError("unknown category '" + std::string(cat) +
                        "' (women, junior:YEAR, senior:YEAR, rating:LO-HI, federation:FED, "
                        "COLUMN=VALUE)");
}

PrizeSpec parse_prize_spec(std::string_view text, const std::string& file) {
  PrizeSpec spec;
  int line_no = 0;
  size_t i = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  while (i < text.size()) {
    size_t j = text.find('\n', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view line = text.substr(i, j - i);
    i = j + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (auto h = line.find('#'); h != std::string_view::npos) line = line.substr(0, h);
    Words w{line, file, line_no};
    if (w.done()) continue;
    size_t col = w.pos;
    auto key = w.word("a statement");
    if (key == "sharing" || key == "one-prize") {
      size_t vc = (w.skip(), w.pos);
      auto v = w.word("a value");
      if (key == "sharing") {
        if (v != "equal" && v != "tiebreak") w.fail("expected equal or tiebreak", vc);
        spec.share_equally = v == "equal";
      } else {
        if (v != "yes" && v != "no") w.fail("expected yes or no", vc);
        spec.one_prize_per_player = v == "yes";
      }
      if (!w.done()) w.fail("unexpected '" + w.rest() + "'", w.pos);
      continue;
    }
    PrizeRule r;
    r.line = line_no;
    if (key == "place") {
      r.kind = PrizeRule::Kind::Place;
      r.n = w.count("a place (1 or more)");
    } else if (key == "category") {
      r.kind = PrizeRule::Kind::Category;
      size_t cc = (w.skip(), w.pos);
      r.category = std::string(w.word("a category"));
      check_category(r.category, w, cc);
      r.n = w.count("the place within the category (1 or more)");
    } else if (key == "against-top") {
      r.kind = PrizeRule::Kind::AgainstTop;
      r.n = w.count("the size of the top group");
    } else {
      w.fail("unknown statement '" + std::string(key) +
                 "' (sharing, one-prize, place, category, against-top)",
             col);
    }
    r.cents = w.amount();
    r.label = w.rest();
    if (r.label.empty()) r.label = std::string(line.substr(col, w.pos - col));
    spec.prizes.push_back(std::move(r));
  }
  return spec;
}

Points score_against(const Event& e, Tpn p, const std::vector<Tpn>& group) {
  Points s = 0;
  const auto& pl = e.tournament.player(p);
  for (const auto& c : pl.rounds)
    if (c.has_opponent() && std::count(group.begin(), group.end(), c.opponent))
      s += e.tournament.scoring.points(c);
  return s;
}

std::vector<PrizeAward> award_prizes(
    const Event& e, const std::vector<FinalRow>& standings, const PrizeSpec& spec,
    const std::map<std::string, std::vector<Tpn>, std::less<>>& category_order) {
  std::vector<PrizeAward> out;
  // Holders of a money prize, and whether it was a place prize: with one prize per player a
  // holder is passed over by later prizes, except that players sharing places keep sharing the
  // place prizes of their tie.
  std::map<Tpn, bool> holders;
  std::vector<Pool> pools;
  // A player's position for a category prize: in the play-off's order where one decided it.
  auto order_in = [&](const std::string& cat, Tpn p, int k) {
    auto it = category_order.find(cat);
    if (it == category_order.end()) return k;
    auto at = std::find(it->second.begin(), it->second.end(), p);
    return at == it->second.end() ? k : int(at - it->second.begin());
  };
  for (const auto& rule : spec.prizes) {
    const bool place_rule = rule.kind == PrizeRule::Kind::Place;
    auto passed_over = [&](Tpn p) {
      auto h = holders.find(p);
      return spec.one_prize_per_player && rule.cents > 0 && h != holders.end() &&
             !(place_rule && h->second);
    };
    std::vector<Contender> c;
    std::string what;
    std::vector<Tpn> top;
    if (rule.kind == PrizeRule::Kind::AgainstTop)
      for (int k = 0; k < rule.n && k < int(standings.size()); ++k)
        top.push_back(standings[k].player);
    for (size_t k = 0; k < standings.size(); ++k) {
      const auto& row = standings[k];
      if (passed_over(row.player)) continue;
      switch (rule.kind) {
        case PrizeRule::Kind::Place: c.push_back({row.player, row.points, int(k)}); break;
        case PrizeRule::Kind::Category:
          if (in_category(e, row.player, rule.category))
            c.push_back({row.player, row.points, order_in(rule.category, row.player, int(k))});
          break;
        case PrizeRule::Kind::AgainstTop:
          if (!std::count(top.begin(), top.end(), row.player))
            c.push_back({row.player, score_against(e, row.player, top), int(k)});
          break;
      }
    }
    std::stable_sort(c.begin(), c.end(), [](const Contender& a, const Contender& b) {
      return a.score != b.score ? a.score > b.score : a.order < b.order;
    });
    int place = rule.n;
    switch (rule.kind) {
      case PrizeRule::Kind::Place:
        // A place prize goes to whoever holds that place among those still eligible.
        place = rule.n -
                int(std::count_if(standings.begin(),
                                  standings.begin() + std::min<size_t>(rule.n, standings.size()),
                                  [&](const FinalRow& r) { return passed_over(r.player); }));
        what = ordinal(rule.n) + " place";
        break;
      case PrizeRule::Kind::Category:
        what = ordinal(rule.n) + " in category " + rule.category;
        break;
      case PrizeRule::Kind::AgainstTop:
        place = 1;
        what = "best score against the top " + std::to_string(rule.n);
        break;
    }
    const size_t before = out.size();
    const auto tied = award(c, place, rule, spec.share_equally, what, out);
    for (size_t k = before; k < out.size(); ++k)
      if (rule.cents > 0) holders.emplace(out[k].player, place_rule);
    if (tied.empty()) continue;
    // Place prizes of one tie are pooled; any other shared prize is a pool of its own.
    auto pool = std::find_if(pools.begin(), pools.end(), [&](const Pool& x) {
      return place_rule && x.place && x.players == tied;
    });
    if (pool == pools.end()) pool = pools.insert(pools.end(), Pool{tied, 0, {}, place_rule});
    pool->cents += rule.cents;
    for (size_t k = before; k < out.size(); ++k) pool->rows.push_back(k);
  }
  share_pools(pools, out);
  return out;
}

}  // namespace arbiter::pairing
