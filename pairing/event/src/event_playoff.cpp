// Play-offs of an event (see event_playoff.h).
#include "arbiter/pairing/event_playoff.h"

#include <algorithm>
#include <numeric>

#include "arbiter/pairing/round_robin.h"

namespace arbiter::pairing {
namespace {

unsigned lot_byte(const PlayoffLot& lot, size_t i) {
  if (lot.hex.size() < 2 * (i + 1)) throw EventError("the play-off lot is too short");
  return unsigned(std::stoul(lot.hex.substr(2 * i, 2), nullptr, 16));
}

// Half points of each side of a result "1-0", "0-1", "1/2-1/2".
std::pair<int, int> halves(const std::string& r) {
  if (r == "1-0") return {2, 0};
  if (r == "0-1") return {0, 2};
  return {1, 1};
}

std::string normalised_result(std::string_view t) {
  if (t == "1-0" || t == "0-1" || t == "1/2-1/2") return std::string(t);
  if (t == "1/2" || t == "=" || t == "\xC2\xBD-\xC2\xBD" || t == "0.5-0.5") return "1/2-1/2";
  throw EventInputError("malformed result '" + std::string(t) + "' (expected 1-0, 0-1 or 1/2-1/2)");
}

std::string points_text(int halves_) {
  std::string s = std::to_string(halves_ / 2);
  if (halves_ % 2) s = halves_ == 1 ? "\xC2\xBD" : s + "\xC2\xBD";
  return s;
}

std::vector<PlayoffGame> group_games(const PlayoffRules& r, std::vector<int> players,
                                     const PlayoffLot& lot) {
  const int n = int(players.size());
  if (n > 9) throw EventError("a play-off group of " + std::to_string(n) + " is not a small group");
  // Fisher-Yates: position i of the Berger table gets a player drawn from those left, each
  // draw from four bytes of the digest.
  for (int i = n - 1; i > 0; --i) {
    std::uint32_t x = 0;
    for (int k = 0; k < 4; ++k) x = (x << 8) | lot_byte(lot, size_t(4 * (n - 1 - i) + k));
    std::swap(players[size_t(i)], players[x % std::uint32_t(i + 1)]);
  }
  std::string table;
  for (int i = 0; i < n; ++i)
    table += (i ? ", " : "") + std::to_string(i + 1) + ": " + std::to_string(players[size_t(i)]);
  const auto rounds = r.games == 2 ? double_round_robin(n) : berger_table(n);
  std::vector<PlayoffGame> out;
  for (const auto& round : rounds)
    for (const auto& b : round.boards)
      out.push_back({players[size_t(b.white - 1)], players[size_t(b.black - 1)], "", -1, ""});
  if (!out.empty()) out.front().audit = "Berger numbers by lot: " + lot.line + " -> " + table;
  return out;
}

}  // namespace

std::vector<int> playoff_players(const PlayoffRules& r, const Standings& s) {
  if (r.format == PlayoffFormat::None || s.rows.size() < 2 || s.rows[0].points != s.rows[1].points)
    return {};
  std::vector<int> out;
  for (const auto& row : s.rows) {
    if (row.points != s.rows[0].points) break;
    if (r.format != PlayoffFormat::Group && out.size() == 2) break;
    out.push_back(row.start_no);
  }
  return out;
}

std::vector<PlayoffGame> draw_playoff_games(const PlayoffRules& r, const std::vector<int>& players,
                                            const PlayoffLot& lot) {
  if (players.size() < 2) throw EventError("no play-off: nobody is tied for first place");
  if (r.format == PlayoffFormat::Group) return group_games(r, players, lot);
  const int a = players[0], b = players[1];
  const bool swap = lot_byte(lot, 0) & 1;
  const int games = r.format == PlayoffFormat::Match ? r.games : 1;
  std::vector<PlayoffGame> out;
  for (int g = 0; g < games; ++g) {
    const bool first_white = (g % 2 == 0) != swap;  // alternating after game 1
    out.push_back({first_white ? a : b, first_white ? b : a, "", -1, ""});
  }
  out.front().audit =
      "colours by lot: " + lot.line + " -> " + (swap ? "second" : "first") + " player White";
  return out;
}

int set_playoff_result(Event& e, int game, std::string_view result) {
  auto& games = e.settings.playoff_games;
  if (games.empty()) throw EventError("draw the play-off first (arbiter event playoff FILE)");
  if (game == 0) {
    auto it = std::find_if(games.begin(), games.end(),
                           [](const PlayoffGame& g) { return g.result.empty(); });
    if (it == games.end())
      throw EventError("every play-off game has a result; name the game to correct (--game N)");
    game = int(it - games.begin()) + 1;
  }
  if (game < 1 || game > int(games.size()))
    throw EventInputError("the play-off has games 1-" + std::to_string(games.size()) + ", not " +
                          std::to_string(game));
  games[size_t(game - 1)].result = normalised_result(result);
  return game;
}

std::vector<int> playoff_scores(const PlayoffRules& r, const std::vector<int>& players,
                                const std::vector<PlayoffGame>& games) {
  std::vector<int> score(players.size(), 0);
  auto add = [&](int p, int h) {
    for (size_t i = 0; i < players.size(); ++i)
      if (players[i] == p) score[i] += h;
  };
  for (const auto& g : games) {
    if (g.result.empty()) continue;
    auto [w, b] = halves(g.result);
    if (r.format == PlayoffFormat::Armageddon && w == 1) w = 0, b = 2;  // draw odds for Black
    add(g.white, w);
    add(g.black, b);
  }
  return score;
}

std::string playoff_name(const PlayoffRules& r) {
  switch (r.format) {
    case PlayoffFormat::Armageddon:
      return "Armageddon W" + std::to_string(r.white_seconds) + "-B" +
             std::to_string(r.black_seconds);
    case PlayoffFormat::Match: return "match of " + std::to_string(r.games) + " games";
    case PlayoffFormat::Group:
      return r.games == 2 ? "play-off group (double round robin)" : "play-off group (round robin)";
    case PlayoffFormat::None: break;
  }
  return "none";
}

Standings apply_playoff(const Standings& s, const PlayoffRules& r,
                        const std::vector<PlayoffGame>& games) {
  if (games.empty() || r.format == PlayoffFormat::None) return s;
  // The players are those of the drawn games (the standings cannot change after the last round).
  std::vector<int> players;
  for (const auto& row : s.rows)
    for (const auto& g : games)
      if (g.white == row.start_no || g.black == row.start_no) {
        players.push_back(row.start_no);
        break;
      }
  Standings out = s;
  const size_t k = players.size();
  for (size_t i = 0; i < k; ++i)
    if (i >= out.rows.size() || out.rows[i].start_no != players[i]) return s;  // not the leaders
  const auto score = playoff_scores(r, players, games);
  std::string note = "Play-off (" + playoff_name(r) + "):";
  int played = 0;
  for (const auto& g : games) {
    note += " " + std::to_string(g.white) + "-" + std::to_string(g.black) + " " +
            (g.result.empty() ? std::string("*") : g.result) + ";";
    played += !g.result.empty();
  }
  note += " score";
  for (size_t i = 0; i < k; ++i)
    note +=
        " " + std::to_string(players[i]) + ": " + points_text(score[i]) + (i + 1 < k ? "," : "");
  if (played < int(games.size())) {
    out.note = note + " (" + std::to_string(games.size() - size_t(played)) + " game(s) to play)";
    return out;
  }
  // Order by play-off score; equal scores keep the tie-breaks' order and places.
  std::vector<size_t> idx(k);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return score[a] > score[b]; });
  std::vector<StandingsRow> rows;
  for (size_t i : idx) rows.push_back(s.rows[i]);
  for (size_t i = 0; i < k; ++i) {
    const bool tied_prev = i > 0 && score[idx[i]] == score[idx[i - 1]] &&
                           s.rows[idx[i]].rank == s.rows[idx[i - 1]].rank;
    rows[i].rank = tied_prev ? rows[i - 1].rank : int(i) + 1;
  }
  for (size_t i = 0; i < k; ++i) {
    bool shared = (i > 0 && rows[i].rank == rows[i - 1].rank) ||
                  (i + 1 < k && rows[i].rank == rows[i + 1].rank);
    if (i + 1 == k && k < s.rows.size()) shared = shared || s.rows[k].rank == rows[i].rank;
    rows[i].shared = shared;
    out.rows[i] = rows[i];
  }
  note += "; place 1 to " + std::to_string(rows[0].start_no);
  if (k > 1 && rows[1].rank == 1)
    note += " and the others equal on the play-off (tie-breaks' order)";
  if (r.format == PlayoffFormat::Armageddon && games.front().result == "1/2-1/2")
    note += " (draw: Black wins the play-off)";
  out.note = note;
  return out;
}

}  // namespace arbiter::pairing
