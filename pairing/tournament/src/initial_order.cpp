// Initial order, renumbering and late entries (C.04.2 Article 2).
#include "arbiter/pairing/initial_order.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

namespace arbiter::pairing {

int title_rank(std::string_view title) {
  std::string t;
  for (char c : title)
    if (c != ' ') t += char(std::toupper(static_cast<unsigned char>(c)));
  // C.04.2 art. 2: GM, IM, WGM, FM, WIM, CM, WFM, WCM.
  static const char* const full[] = {"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"};
  static const char* const letter[] = {"G", "M", "WG", "F", "WM", "C", "WF", "WC"};
  for (int i = 0; i < 8; ++i)
    if (t == full[i] || t == letter[i]) return i;
  return 8;
}

int order_rating(const Player& p, const InitialOrderOptions& o) {
  return o.list ? p.ratings.fide(*o.list) : p.rating;
}

namespace {

// Alphabetical: ASCII letters case-insensitively, other bytes (UTF-8) by value.
int compare_names(const std::string& a, const std::string& b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    int x = std::tolower(static_cast<unsigned char>(a[i]));
    int y = std::tolower(static_cast<unsigned char>(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
}

}  // namespace

bool initial_order_before(const Player& a, const Player& b, const InitialOrderOptions& o) {
  const int ra = order_rating(a, o), rb = order_rating(b, o);
  if ((ra > 0) != (rb > 0)) return ra > 0;  // FIDE-rated players first
  if (ra != rb) return ra > rb;
  if (ra == 0 && a.ratings.national != b.ratings.national)  // unrated: by national rating
    return a.ratings.national > b.ratings.national;
  const int ta = title_rank(a.title), tb = title_rank(b.title);
  if (ta != tb) return ta < tb;
  if (int c = compare_names(a.name, b.name)) return c < 0;
  return a.tpn < b.tpn;
}

std::vector<Tpn> initial_order(const Tournament& t, const InitialOrderOptions& o) {
  std::vector<const Player*> ps;
  for (const auto& p : t.players) ps.push_back(&p);
  std::stable_sort(ps.begin(), ps.end(), [&](const Player* a, const Player* b) {
    return initial_order_before(*a, *b, o);
  });
  std::vector<Tpn> out;
  for (const Player* p : ps) out.push_back(p->tpn);
  return out;
}

void renumber(Tournament& t, const std::vector<Tpn>& order) {
  const int n = t.player_count();
  if (int(order.size()) != n) throw std::invalid_argument("renumber: order must list every player");
  std::vector<Tpn> map(n + 1, 0);  // old -> new
  for (int i = 0; i < n; ++i) {
    Tpn old = order[i];
    if (old < 1 || old > n || map[old]) throw std::invalid_argument("renumber: not a permutation");
    map[old] = i + 1;
  }
  auto to = [&](Tpn id) { return id >= 1 && id <= n ? map[id] : id; };
  std::vector<Player> ps(n);
  for (auto& p : t.players) {
    Player q = std::move(p);
    q.tpn = to(q.tpn);
    for (auto& e : q.rounds) e.opponent = to(e.opponent);
    ps[q.tpn - 1] = std::move(q);
  }
  t.players = std::move(ps);
  for (auto& f : t.forbidden)
    for (auto& id : f.players) id = to(id);
  for (auto& b : t.declared_byes) {
    for (auto& id : b.players) id = to(id);
    std::sort(b.players.begin(), b.players.end());
  }
  // Accelerations name player ranges: split into single players, renumber, merge neighbours.
  std::vector<Acceleration> acc;
  for (const auto& a : t.accelerations)
    for (Tpn id = a.first_player; id <= a.last_player; ++id) {
      Acceleration x = a;
      x.first_player = x.last_player = to(id);
      acc.push_back(x);
    }
  std::sort(acc.begin(), acc.end(), [](const Acceleration& a, const Acceleration& b) {
    return std::tie(a.first_round, a.last_round, a.points, a.match_points, a.first_player) <
           std::tie(b.first_round, b.last_round, b.points, b.match_points, b.first_player);
  });
  t.accelerations.clear();
  for (const auto& a : acc) {
    auto& v = t.accelerations;
    if (!v.empty() && v.back().first_round == a.first_round &&
        v.back().last_round == a.last_round && v.back().points == a.points &&
        v.back().match_points == a.match_points && v.back().last_player + 1 == a.first_player)
      v.back().last_player = a.first_player;
    else
      v.push_back(a);
  }
}

Tpn add_late_entry(Tournament& t, Player entrant, const InitialOrderOptions& o) {
  const int paired = t.paired_rounds();
  entrant.tpn = t.player_count() + 1;
  // Rounds already paired without the entrant: unplayed, zero points unless the caller gave cells.
  while (int(entrant.rounds.size()) < paired)
    entrant.rounds.push_back({0, std::nullopt, ResultCode::ZeroBye});
  if (entrant.entry_round <= 1) entrant.entry_round = int(entrant.rounds.size()) + 1;
  if (!can_renumber(t)) {  // after round 4 is paired: the next number
    t.players.push_back(std::move(entrant));
    return t.player_count();
  }
  // Insert the entrant where the initial order puts it, keeping everybody else's relative
  // order (numbers of those below shift by one).
  Tpn pos = t.player_count() + 1;
  for (const auto& p : t.players)
    if (initial_order_before(entrant, p, o)) {
      pos = p.tpn;
      break;
    }
  const Tpn id = t.player_count() + 1;
  t.players.push_back(std::move(entrant));
  std::vector<Tpn> order;
  for (Tpn i = 1; i < id; ++i) {
    if (i == pos) order.push_back(id);
    order.push_back(i);
  }
  if (pos == id) order.push_back(id);
  renumber(t, order);
  return pos;
}

}  // namespace arbiter::pairing
