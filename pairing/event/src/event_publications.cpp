// The event's publications as tables (see event_publications.h).
#include "arbiter/pairing/event_publications.h"

#include <algorithm>
#include <map>

#include "arbiter/pairing/event_standings.h"

namespace arbiter::pairing {
namespace {

const char* const kHalf = "\xC2\xBD";  // ½

std::string pts(Points p) {
  std::string s = std::to_string(p / 10);
  if (p % 10 == 5)
    s = p < 10 ? kHalf : s + kHalf;
  else if (p % 10)
    s = format_points(p);
  return s;
}

std::string rating(const Player& p) { return p.rating ? std::to_string(p.rating) : ""; }

std::string event_line(const Event& e) {
  const auto& t = e.tournament;
  std::string s = t.name;
  if (!t.city.empty()) s += (s.empty() ? "" : ", ") + t.city;
  return s;
}

std::string date_of(const Event& e, int round) {
  auto it = e.settings.round_dates.find(round);
  return it == e.settings.round_dates.end() ? "" : it->second;
}

std::vector<std::string> round_head(const Event& e, int round) {
  std::vector<std::string> out{event_line(e)};
  std::string r = "Round " + std::to_string(round) + " of " + std::to_string(e.settings.rounds);
  if (auto d = date_of(e, round); !d.empty()) r += " \xE2\x80\x94 " + d;  // em dash
  out.push_back(r);
  return out;
}

const std::vector<std::pair<int, int>>& boards_of(const Event& e, int round) {
  auto it = e.settings.boards.find(round);
  if (it == e.settings.boards.end())
    throw EventError("round " + std::to_string(round) + " is not paired");
  return it->second;
}

// Players of round r without a game: (label, player).
std::vector<std::pair<std::string, Tpn>> unpaired(const Event& e, int round) {
  std::vector<std::pair<std::string, Tpn>> out;
  for (const auto& p : e.tournament.players) {
    auto c = p.round(round);
    if (c.has_opponent()) continue;
    const char* what = c.result == ResultCode::PairingBye ? "pairing-allocated bye (U)"
                       : c.result == ResultCode::HalfBye  ? "half-point bye (H)"
                       : c.result == ResultCode::FullBye  ? "full-point bye (F)"
                       : (p.withdrawn_from && p.withdrawn_from <= round) ? "withdrawn"
                       : e.settings.system != EventSystem::Dutch &&
                               c.result == ResultCode::ZeroBye && round >= p.entry_round
                           ? "free this round (odd number of players)"
                       : p.has_round(round) && c.result == ResultCode::ZeroBye
                           ? "absent, zero-point bye (Z)"
                           : nullptr;
    if (what) out.emplace_back(what, p.tpn);
  }
  return out;
}

}  // namespace

std::string result_mark(const RoundEntry& c) {
  switch (c.result) {
    case ResultCode::Win:
    case ResultCode::UnratedWin: return "1";
    case ResultCode::Draw:
    case ResultCode::UnratedDraw: return kHalf;
    case ResultCode::Loss:
    case ResultCode::UnratedLoss: return "0";
    case ResultCode::ForfeitWin: return "+";
    case ResultCode::ForfeitLoss: return "-";
    case ResultCode::HalfBye: return "H";
    case ResultCode::FullBye: return "F";
    case ResultCode::PairingBye: return "U";
    case ResultCode::ZeroBye: return "Z";
    case ResultCode::None: return c.has_opponent() ? "" : "Z";
  }
  return "";
}

Table pairing_list(const Event& e, int round) {
  const auto& boards = boards_of(e, round);
  const auto& t = e.tournament;
  Table out;
  out.title = "Pairings, round " + std::to_string(round);
  out.subtitle = round_head(e, round);
  out.columns = {"Board", "No.", "White", "Rtg", "Pts", "Result", "Pts", "Black", "Rtg", "No."};
  out.right = {true, true, false, true, true, false, true, false, true, true};
  for (size_t b = 0; b < boards.size(); ++b) {
    auto [w, bl] = boards[b];
    const auto &pw = t.player(w), &pb = t.player(bl);
    std::string res = board_result(e, round, int(b) + 1);
    for (size_t at; (at = res.find("1/2")) != std::string::npos;) res.replace(at, 3, kHalf);
    out.rows.push_back({std::to_string(b + 1), std::to_string(w), pw.name, rating(pw),
                        pts(pw.score(t.scoring, round - 1)), res,
                        pts(pb.score(t.scoring, round - 1)), pb.name, rating(pb),
                        std::to_string(bl)});
  }
  for (const auto& [what, p] : unpaired(e, round))
    out.notes.push_back(what + ": " + std::to_string(p) + " " + t.player(p).name);
  out.notes.push_back("Pts: points before the round. Results: 1-0, 0-1, " + std::string(kHalf) +
                      "-" + kHalf + "; +- -+ -- forfeits (not played); 0-0, 0-" + kHalf + ", " +
                      kHalf + "-0 scores the arbiter set.");
  return out;
}

Table pairing_list_alphabetical(const Event& e, int round) {
  const auto& boards = boards_of(e, round);
  const auto& t = e.tournament;
  Table out;
  out.title = "Pairings, round " + std::to_string(round) + ", by name";
  out.subtitle = round_head(e, round);
  out.columns = {"Name", "No.", "Pts", "Board", "Colour", "Opponent", "Opp. no."};
  out.right = {false, true, true, true, false, false, true};
  std::vector<std::vector<std::string>> rows;
  for (size_t b = 0; b < boards.size(); ++b) {
    auto [w, bl] = boards[b];
    for (int side = 0; side < 2; ++side) {
      Tpn me = side ? bl : w, opp = side ? w : bl;
      rows.push_back({t.player(me).name, std::to_string(me),
                      pts(t.player(me).score(t.scoring, round - 1)), std::to_string(b + 1),
                      side ? "Black" : "White", t.player(opp).name, std::to_string(opp)});
    }
  }
  for (const auto& [what, p] : unpaired(e, round))
    rows.push_back({t.player(p).name, std::to_string(p),
                    pts(t.player(p).score(t.scoring, round - 1)), "", "", what, ""});
  // Byte order of UTF-8 names is code point order: good enough for Latin names, and stable.
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a[0] < b[0]; });
  out.rows = std::move(rows);
  return out;
}

std::vector<Table> pairing_cards(const Event& e, int round) {
  const auto& boards = boards_of(e, round);
  const auto& t = e.tournament;
  std::vector<Table> out;
  for (size_t b = 0; b < boards.size(); ++b) {
    auto [w, bl] = boards[b];
    Table c;
    c.title = "Round " + std::to_string(round) + ", board " + std::to_string(b + 1);
    c.subtitle = round_head(e, round);
    c.columns = {"Colour", "No.", "Name", "Title", "Rtg", "Fed", "Pts"};
    c.right = {false, true, false, false, true, false, true};
    for (int side = 0; side < 2; ++side) {
      const Player& p = t.player(side ? bl : w);
      c.rows.push_back({side ? "Black" : "White", std::to_string(p.tpn), p.name, p.title, rating(p),
                        p.federation, pts(p.score(t.scoring, round - 1))});
    }
    c.notes.push_back("Result: 1-0 / " + std::string(kHalf) + "-" + kHalf +
                      " / 0-1    Signatures: White ________  Black ________");
    out.push_back(std::move(c));
  }
  return out;
}

Table wall_chart(const Event& e) {
  const auto& t = e.tournament;
  const int rounds = paired_rounds(e), n = t.player_count();
  const bool rr = e.settings.system != EventSystem::Dutch;
  Table out;
  out.title = rr ? "Crosstable" : "Wall chart";
  out.subtitle = {event_line(e), "After round " + std::to_string(rounds) + " of " +
                                     std::to_string(e.settings.rounds)};
  out.columns = {"No.", "Name", "Rtg", "Fed"};
  out.right = {true, false, true, false};
  if (rr) {
    for (int q = 1; q <= n; ++q)
      out.columns.push_back(std::to_string(q)), out.right.push_back(false);
  } else {
    for (int r = 1; r <= rounds; ++r)
      out.columns.push_back("R" + std::to_string(r)), out.right.push_back(false);
  }
  out.columns.push_back("Pts");
  out.right.push_back(true);
  for (const auto& p : t.players) {
    std::vector<std::string> row{std::to_string(p.tpn), p.name, rating(p), p.federation};
    if (rr) {
      std::vector<std::string> grid(n);
      grid[p.tpn - 1] = "\xC3\x97";  // ×: the player's own square
      for (int r = 1; r <= rounds; ++r) {
        auto c = p.round(r);
        if (c.has_opponent() && c.opponent >= 1 && c.opponent <= n)
          grid[c.opponent - 1] += result_mark(c).empty() ? "." : result_mark(c);
      }
      row.insert(row.end(), grid.begin(), grid.end());
    } else {
      for (int r = 1; r <= rounds; ++r) {
        auto c = p.round(r);
        if (c.has_opponent())
          row.push_back(std::to_string(c.opponent) + (c.colour == WHITE ? "w" : "b") +
                        result_mark(c));
        else if (p.withdrawn_from && p.withdrawn_from <= r && !p.has_round(r))
          row.push_back("");
        else
          row.push_back(result_mark(c));
      }
    }
    row.push_back(pts(p.score(t.scoring)));
    out.rows.push_back(std::move(row));
  }
  if (rr)
    out.notes = {"Each row reads against the column's pairing number: 1 won, " +
                     std::string(kHalf) +
                     " drawn, 0 lost, + won by forfeit, - lost by forfeit, . not played yet; " +
                     "\xC3\x97 the player's own square; two marks in a double round robin.",
                 "Pts: points."};
  else
    out.notes = {"12w1: against pairing number 12 with White (b: Black), result 1 won, " +
                     std::string(kHalf) + " drawn, 0 lost, + won by forfeit, - lost by forfeit.",
                 "U: pairing-allocated bye; H: half-point bye; F: full-point bye; Z: absent or not "
                 "yet entered (zero-point bye); blank: withdrawn.",
                 "Pts: points."};
  return out;
}

Table prize_list(const Event& e, const std::vector<PrizeAward>& awards) {
  Table out;
  out.title = "Prizes";
  out.subtitle = {event_line(e)};
  out.columns = {"Prize", "No.", "Player", "Amount", "Why"};
  out.right = {false, true, false, true, false};
  const bool with_cats = !e.settings.categories.empty();
  std::map<Tpn, std::vector<CategoryPlace>> cats;
  if (with_cats) {
    cats = category_places(e, event_standings(e).s);
    out.columns.push_back("Cat."), out.right.push_back(false);
  }
  for (const auto& a : awards) {
    out.rows.push_back({a.prize, std::to_string(a.player), e.tournament.player(a.player).name,
                        format_cents(a.cents), a.why});
    if (with_cats) {
      auto it = cats.find(a.player);
      out.rows.back().push_back(it == cats.end() ? "" : category_text(it->second));
    }
  }
  if (with_cats) {
    std::string k = "Cat.: the player's categories and places in them (= shared):";
    for (const auto& [code, cat] : e.settings.categories) k += " " + code + " = " + cat + ";";
    k.pop_back();
    out.notes.push_back(k);
  }
  return out;
}

Table player_card(const Event& e, Tpn p) {
  const auto& t = e.tournament;
  const Player& pl = t.player(p);
  Table out;
  out.title = "Player card: " + std::to_string(p) + " " + pl.name;
  std::string who = pl.title.empty() ? "" : pl.title + " ";
  who += pl.federation;
  if (pl.rating)
    who += (who.empty() ? "" : ", ") + std::string("rating ") + std::to_string(pl.rating);
  out.subtitle = {event_line(e), who};
  out.columns = {"Rd", "Colour", "Opp. no.", "Opponent", "Opp. rtg", "Result", "Pts", "Float"};
  out.right = {true, false, true, false, true, false, true, false};
  const int rounds = paired_rounds(e);
  int whites = 0, blacks = 0;
  for (int r = 1; r <= rounds; ++r) {
    auto c = pl.round(r);
    std::vector<std::string> row{std::to_string(r)};
    if (c.has_opponent()) {
      const Player& o = t.player(c.opponent);
      (c.colour == WHITE ? whites : blacks)++;
      // C.04.3: a float is a pairing across score groups, seen from the scores before the round.
      Points mine = pl.score(t.scoring, r - 1), theirs = o.score(t.scoring, r - 1);
      row.insert(row.end(), {c.colour == WHITE ? "White" : "Black", std::to_string(o.tpn), o.name,
                             rating(o), result_mark(c), pts(pl.score(t.scoring, r)),
                             theirs < mine   ? "down"
                             : theirs > mine ? "up"
                                             : ""});
    } else {
      row.insert(row.end(),
                 {"", "", result_mark(c), "", result_mark(c), pts(pl.score(t.scoring, r)), ""});
    }
    out.rows.push_back(std::move(row));
  }
  out.notes = {"Colours: " + std::to_string(whites) + " White, " + std::to_string(blacks) +
                   " Black. Float: down = paired with a lower score, up = with a higher one.",
               "Result marks: 1 won, " + std::string(kHalf) +
                   " drawn, 0 lost, + - forfeits, U H F Z byes (see the wall chart's key)."};
  return out;
}

}  // namespace arbiter::pairing
