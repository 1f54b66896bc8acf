// Ranking by points and tie-breaks (C.07 art. 4.2): each tie-break is applied only inside the
// groups still tied after the previous ones, so a type-A tie-break (DE) can appear several
// times and sees the groups as they are at its position in the list.
#include <algorithm>
#include <cctype>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "arbiter/pairing/standings.h"
#include "arbiter/vocabulary/random.h"

namespace arbiter::pairing {
namespace {

std::vector<std::vector<int>> groups_of(const std::vector<int>& order,
                                        const std::vector<int>& rank) {
  std::vector<std::vector<int>> g;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 || rank[size_t(order[i])] != rank[size_t(order[i - 1])]) g.emplace_back();
    g.back().push_back(order[i] + 1);
  }
  return g;
}

}  // namespace

const StandingsRow& Standings::row(int start_no) const {
  for (const auto& r : rows)
    if (r.start_no == start_no) return r;
  throw std::out_of_range("no player " + std::to_string(start_no) + " in the standings");
}

Standings compute_standings(const Crosstable& ct, const std::vector<TiebreakSpec>& specs,
                            const StandingsOptions& o) {
  Standings s;
  s.specs = specs;
  s.rules = effective_rules(ct, o.tiebreak);
  s.round_robin = o.tiebreak.round_robin.value_or(ct.round_robin);
  s.rounds = ct.rounds;
  int n = int(ct.players.size());

  std::vector<TiebreakSpec> ranking = specs;
  bool implicit_points = o.points_first && (specs.empty() || specs[0].kind != TiebreakKind::PTS);
  if (implicit_points) ranking.insert(ranking.begin(), parse_tiebreak("PTS"));

  std::vector<int> order(static_cast<size_t>(n)), rank(static_cast<size_t>(n), 1);
  std::iota(order.begin(), order.end(), 0);
  std::vector<std::vector<TiebreakValue>> values;
  for (const TiebreakSpec& spec : ranking) {
    std::vector<TiebreakValue> v;
    if (spec.kind == TiebreakKind::DE) {
      auto de = direct_encounter(ct, groups_of(order, rank), spec, o.tiebreak);
      v.assign(de.begin(), de.end());
    } else {
      v = compute_tiebreak(ct, spec, o.tiebreak);
    }
    bool asc = ascending(spec);
    // Inside each group: defined values first, best first; then start number.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      if (rank[size_t(a)] != rank[size_t(b)]) return rank[size_t(a)] < rank[size_t(b)];
      const auto &va = v[size_t(a)], &vb = v[size_t(b)];
      if (va.has_value() != vb.has_value()) return va.has_value();
      if (va && *va != *vb) return asc ? *va < *vb : *va > *vb;
      return a < b;
    });
    std::vector<int> next(static_cast<size_t>(n));
    for (size_t i = 0; i < order.size(); ++i) {
      int p = order[i];
      bool new_place = i == 0 || rank[size_t(p)] != rank[size_t(order[i - 1])] ||
                       v[size_t(p)] != v[size_t(order[i - 1])];
      next[size_t(p)] = new_place ? int(i) + 1 : next[size_t(order[i - 1])];
    }
    rank = next;
    values.push_back(std::move(v));
  }
  std::vector<bool> by_lot(static_cast<size_t>(n), false);
  if (o.lots_seed) {
    // Art. 4.2: ties left after the whole list are broken by drawing lots.
    for (size_t i = 0; i < order.size();) {
      size_t j = i;
      while (j < order.size() && rank[size_t(order[j])] == rank[size_t(order[i])]) ++j;
      if (j - i > 1) {
        std::sort(order.begin() + long(i), order.begin() + long(j), [&](int a, int b) {
          return splitmix64(*o.lots_seed ^ splitmix64(std::uint64_t(a) + 1)) <
                 splitmix64(*o.lots_seed ^ splitmix64(std::uint64_t(b) + 1));
        });
        for (size_t k = i; k < j; ++k) {
          rank[size_t(order[k])] = int(k) + 1;
          by_lot[size_t(order[k])] = true;
        }
      }
      i = j;
    }
  }
  size_t first = implicit_points ? 1 : 0;
  for (size_t i = 0; i < order.size(); ++i) {
    int p = order[i];
    StandingsRow row;
    row.start_no = p + 1;
    row.rank = rank[size_t(p)];
    row.by_lot = by_lot[size_t(p)];
    row.points = ct.players[size_t(p)].points();
    for (size_t k = first; k < values.size(); ++k) row.values.push_back(values[k][size_t(p)]);
    s.rows.push_back(std::move(row));
  }
  for (size_t i = 0; i < s.rows.size(); ++i) {
    bool prev = i > 0 && s.rows[i - 1].rank == s.rows[i].rank;
    bool next = i + 1 < s.rows.size() && s.rows[i + 1].rank == s.rows[i].rank;
    s.rows[i].shared = prev || next;
  }
  return s;
}

Standings sub_ranking(const Standings& all, const std::function<bool(int)>& filter) {
  Standings s = all;
  s.rows.clear();
  int prev_overall = -1;
  for (const StandingsRow& r : all.rows) {
    if (!filter(r.start_no)) continue;
    StandingsRow row = r;
    row.rank =
        !s.rows.empty() && r.rank == prev_overall ? s.rows.back().rank : int(s.rows.size()) + 1;
    prev_overall = r.rank;
    s.rows.push_back(row);
  }
  for (size_t i = 0; i < s.rows.size(); ++i) {
    bool prev = i > 0 && s.rows[i - 1].rank == s.rows[i].rank;
    bool next = i + 1 < s.rows.size() && s.rows[i + 1].rank == s.rows[i].rank;
    s.rows[i].shared = prev || next;
  }
  return s;
}

bool PlayerFilter::accepts(const CrossPlayer& p) const {
  if (sex) {
    char want = char(std::tolower(static_cast<unsigned char>(*sex)));
    char have = char(std::tolower(static_cast<unsigned char>(p.sex)));
    if (want == 'f') want = 'w';
    if (have == 'f') have = 'w';
    if (want != have) return false;
  }
  if (born_from || born_to) {
    int year = p.birth.size() >= 4 && std::isdigit(static_cast<unsigned char>(p.birth[0]))
                   ? std::stoi(p.birth.substr(0, 4))
                   : 0;
    if (year == 0) return false;
    if (born_from && year < *born_from) return false;
    if (born_to && year > *born_to) return false;
  }
  if (rating_min && p.rating < *rating_min) return false;
  if (rating_max && p.rating > *rating_max) return false;
  if (!federations.empty() &&
      std::find(federations.begin(), federations.end(), p.federation) == federations.end())
    return false;
  if (!start_numbers.empty() &&
      std::find(start_numbers.begin(), start_numbers.end(), p.start_no) == start_numbers.end())
    return false;
  return true;
}

PlayerFilter parse_filter(const std::string& text) {
  PlayerFilter f;
  std::stringstream ss(text);
  std::string item;
  auto number = [&](const std::string& s, const std::string& whole) {
    try {
      size_t used = 0;
      int v = std::stoi(s, &used);
      if (used != s.size()) throw std::invalid_argument("");
      return v;
    } catch (const std::exception&) {
      throw std::invalid_argument("filter '" + whole + "': expected a number after the operator");
    }
  };
  while (std::getline(ss, item, ';')) {
    if (item.empty()) continue;
    size_t op = item.find_first_of("<>=");
    if (op == std::string::npos)
      throw std::invalid_argument("filter '" + item + "': expected key=value, key>=n or key<=n");
    std::string key = item.substr(0, op);
    std::string ops, val;
    size_t k = op;
    while (k < item.size() && (item[k] == '<' || item[k] == '>' || item[k] == '='))
      ops += item[k++];
    val = item.substr(k);
    if (key == "sex" && ops == "=" && val.size() == 1) {
      f.sex = val[0];
    } else if (key == "born" || key == "rating") {
      int v = number(val, item);
      auto& lo = key == "born" ? f.born_from : f.rating_min;
      auto& hi = key == "born" ? f.born_to : f.rating_max;
      if (ops == ">=")
        lo = v;
      else if (ops == ">")
        lo = v + 1;
      else if (ops == "<=")
        hi = v;
      else if (ops == "<")
        hi = v - 1;
      else if (ops == "=")
        lo = hi = v;
      else
        throw std::invalid_argument("filter '" + item + "': bad operator " + ops);
    } else if ((key == "fed" || key == "federation") && ops == "=") {
      std::stringstream vs(val);
      std::string fed;
      while (std::getline(vs, fed, ',')) f.federations.push_back(fed);
    } else if ((key == "players" || key == "tpn") && ops == "=") {
      std::stringstream vs(val);
      std::string x;
      while (std::getline(vs, x, ',')) f.start_numbers.push_back(number(x, item));
    } else {
      throw std::invalid_argument("filter '" + item +
                                  "': unknown key (expected sex, born, rating, fed, players)");
    }
  }
  return f;
}

std::vector<std::vector<int>> prize_places(const Standings& s, int n) {
  std::vector<std::vector<int>> places;
  for (const StandingsRow& r : s.rows) {
    if (r.rank > n) break;
    while (int(places.size()) < r.rank) places.emplace_back();
    places[size_t(r.rank - 1)].push_back(r.start_no);
  }
  // Shared places occupy the following places too (C.07 2.1: prizes of shared places are
  // shared); leave the places they cover empty so callers can see which prizes are pooled.
  places.resize(size_t(std::min<int>(n, int(places.size()))));
  return places;
}

}  // namespace arbiter::pairing
