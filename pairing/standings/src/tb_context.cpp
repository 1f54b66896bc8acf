#include "tb_context.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

namespace arbiter::pairing {

int parse_date(const std::string& text) {
  std::string d;
  for (char ch : text)
    if (std::isdigit(static_cast<unsigned char>(ch))) d += ch;
  if (d.size() == 6) d = "20" + d;  // YY/MM/DD
  if (d.size() != 8) return 0;
  int v = std::stoi(d);
  int m = v / 100 % 100, day = v % 100;
  if (m < 1 || m > 12 || day < 1 || day > 31) return 0;
  return v;
}

TiebreakRules effective_rules(const Crosstable& ct, const TiebreakOptions& o) {
  return o.rules ? *o.rules : rules_for_date(ct.date);
}

namespace detail {

TbContext make_context(const Crosstable& ct, const TiebreakOptions& o, const TiebreakSpec* spec) {
  TbContext c;
  c.ct = &ct;
  c.n = int(ct.players.size());
  c.R = ct.rounds;
  c.total = std::max(ct.total_rounds, ct.rounds);
  c.rr = o.round_robin.value_or(ct.round_robin);
  c.rules = spec && spec->rules ? *spec->rules : effective_rules(ct, o);
  c.W = ct.win_points;
  c.D = ct.draw_points;
  c.unrated_rating = spec && spec->unrated_rating ? spec->unrated_rating : o.unrated_rating;
  c.grid.assign(size_t(c.n) * size_t(c.R), Cell{});
  c.score.assign(size_t(c.n), 0.0);
  c.last_present.assign(size_t(c.n), 0);
  c.last_paired.assign(size_t(c.n), 0);
  for (int p = 0; p < c.n; ++p) {
    const CrossPlayer& pl = ct.players[size_t(p)];
    if (pl.rating <= 0) c.all_rated = false;
    for (int r = 1; r <= c.R; ++r) {
      Cell cell = r <= int(pl.cells.size()) ? pl.cells[size_t(r - 1)] : Cell{};
      if (cell.opponent < 0 || cell.opponent > c.n || cell.opponent == p + 1)
        throw std::invalid_argument("player " + std::to_string(p + 1) + " round " +
                                    std::to_string(r) + ": opponent " +
                                    std::to_string(cell.opponent) + " is not another player");
      c.grid[size_t(p) * size_t(c.R) + size_t(r - 1)] = cell;
      c.score[size_t(p)] += cell.points;
      if (!cell.vur()) c.last_present[size_t(p)] = r;
      if (cell.opponent > 0 || cell.outcome == Outcome::PairingBye) c.last_paired[size_t(p)] = r;
    }
  }
  return c;
}

}  // namespace detail
}  // namespace arbiter::pairing
