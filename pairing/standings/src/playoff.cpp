// Armageddon play-off between the first two (events.md A; tiebreaks.md section 7).
#include "arbiter/pairing/playoff.h"

#include <cctype>
#include <regex>
#include <stdexcept>

#include "arbiter/vocabulary/random.h"

namespace arbiter::pairing {
std::string ArmageddonClock::code() const {
  auto side = [&](char c, int s) {
    return std::string(1, c) + std::to_string(s) +
           (increment ? "+" + std::to_string(increment) : "");
  };
  return side('W', white_seconds) + "-" + side('B', black_seconds);
}

ArmageddonClock parse_armageddon_clock(const std::string& text) {
  static const std::regex re(R"(W(\d+)(?:\+(\d+))?-B(\d+)(?:\+(\d+))?)", std::regex::icase);
  std::smatch m;
  if (!std::regex_match(text, m, re))
    throw std::invalid_argument("Armageddon clock '" + text +
                                "': expected W<seconds>-B<seconds> (TRF-2026 222, e.g. W300-B240)");
  ArmageddonClock c;
  c.white_seconds = std::stoi(m[1]);
  c.black_seconds = std::stoi(m[3]);
  c.increment = m[2].matched ? std::stoi(m[2]) : m[4].matched ? std::stoi(m[4]) : 0;
  if (c.white_seconds <= c.black_seconds)
    throw std::invalid_argument("Armageddon clock '" + text + "': White must get more time");
  return c;
}

ArmageddonGame parse_armageddon(const std::string& text) {
  static const std::regex re(R"(\s*(\d+)\s*[- ]\s*(\d+)\s+(1-0|0-1|1/2|1/2-1/2|=|½)\s*)");
  std::smatch m;
  if (!std::regex_match(text, m, re))
    throw std::invalid_argument(
        "Armageddon game '" + text +
        "': expected 'WHITE-BLACK RESULT' with start numbers, e.g. '3-7 1-0'");
  ArmageddonGame g;
  g.white = std::stoi(m[1]);
  g.black = std::stoi(m[2]);
  std::string r = m[3];
  g.result = r == "1-0"   ? GameResult::WhiteWins
             : r == "0-1" ? GameResult::BlackWins
                          : GameResult::Draw;
  if (g.white == g.black)
    throw std::invalid_argument("Armageddon game '" + text + "': a player cannot play himself");
  return g;
}

int armageddon_winner(const ArmageddonGame& g) {
  return g.result == GameResult::WhiteWins ? g.white : g.black;  // draw odds for Black
}

bool playoff_due(const Standings& s) {
  return s.rows.size() >= 2 && s.rows[0].points == s.rows[1].points;
}

std::pair<int, int> draw_colours(int a, int b, std::uint64_t seed) {
  return (splitmix64(seed) & 1) ? std::pair{a, b} : std::pair{b, a};
}

int draw_chess960_position(std::uint64_t seed) { return int(splitmix64(seed ^ 0x960) % 960); }

Standings apply_armageddon(const Standings& s, const ArmageddonGame& g) {
  if (!playoff_due(s))
    throw std::invalid_argument("no play-off: the first two are not tied on points");
  int a = s.rows[0].start_no, b = s.rows[1].start_no;
  if (!((g.white == a && g.black == b) || (g.white == b && g.black == a)))
    throw std::invalid_argument("the Armageddon game must be between the first two, " +
                                std::to_string(a) + " and " + std::to_string(b));
  if (g.result != GameResult::WhiteWins && g.result != GameResult::BlackWins &&
      g.result != GameResult::Draw)
    throw std::invalid_argument("the Armageddon game has no result (1-0, 0-1 or 1/2)");
  Standings out = s;
  int winner = armageddon_winner(g);
  if (out.rows[0].start_no != winner) std::swap(out.rows[0], out.rows[1]);
  out.rows[0].rank = 1;
  out.rows[1].rank = 2;
  out.rows[0].shared = false;
  out.rows[1].shared = out.rows.size() > 2 && out.rows[2].rank == 2;
  out.note = "Play-off (Armageddon " + g.clock.code() + "): " + std::to_string(g.white) +
             " (White) " +
             (g.result == GameResult::WhiteWins   ? "1-0"
              : g.result == GameResult::BlackWins ? "0-1"
                                                  : "1/2") +
             " " + std::to_string(g.black) + " (Black); place 1 to " + std::to_string(winner) +
             (g.result == GameResult::Draw ? " (draw: Black wins the play-off)" : "");
  return out;
}

}  // namespace arbiter::pairing
