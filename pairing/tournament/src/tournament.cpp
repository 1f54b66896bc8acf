// Tournament model helpers: points per cell, round counts, who is to be paired.
#include "arbiter/pairing/tournament.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

namespace arbiter::pairing {

std::string format_points(Points p) {
  std::string s = p < 0 ? "-" : "";
  int a = p < 0 ? -p : p;
  return s + std::to_string(a / 10) + "." + std::to_string(a % 10);
}

bool is_result_code(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case ' ':
    case '1':
    case '=':
    case '0':
    case '+':
    case '-':
    case 'W':
    case 'D':
    case 'L':
    case 'H':
    case 'F':
    case 'U':
    case 'Z': return true;
    default: return false;
  }
}

ByeKind RoundEntry::bye_kind() const {
  if (has_opponent()) return ByeKind::NotABye;
  switch (result) {
    case ResultCode::PairingBye: return ByeKind::PairingAllocated;
    case ResultCode::FullBye:
    case ResultCode::ForfeitWin: return ByeKind::Full;  // "0000 - +": a win without opponent
    case ResultCode::HalfBye: return ByeKind::Half;
    default: return ByeKind::Zero;  // Z, blank (TRF-2026: blank = Z), '-' without opponent
  }
}

Scoring Scoring::three_one_zero() {
  Scoring s;
  s.win_white = s.win_black = s.forfeit_win = s.full_bye = s.pairing_bye = 30;
  s.draw_white = s.draw_black = s.half_bye = s.unknown = 10;
  return s;
}

Points Scoring::points(const RoundEntry& e) const {
  const bool black = e.colour == BLACK;
  switch (e.result) {
    case ResultCode::Win:
    case ResultCode::UnratedWin: return black ? win_black : win_white;
    case ResultCode::Draw:
    case ResultCode::UnratedDraw: return black ? draw_black : draw_white;
    case ResultCode::Loss:
    case ResultCode::UnratedLoss: return black ? loss_black : loss_white;
    case ResultCode::ForfeitWin: return forfeit_win;
    case ResultCode::ForfeitLoss: return forfeit_loss;
    case ResultCode::HalfBye: return half_bye;
    case ResultCode::FullBye: return full_bye;
    case ResultCode::PairingBye: return pairing_bye;
    case ResultCode::ZeroBye: return zero_bye;
    case ResultCode::None: return e.has_opponent() ? unknown : zero_bye;
  }
  return 0;
}

Points Player::score(const Scoring& s, int upto) const {
  int n = upto < 0 ? int(rounds.size()) : std::min<int>(upto, int(rounds.size()));
  Points p = 0;
  for (int i = 0; i < n; ++i) p += s.points(rounds[i]);
  return p;
}

const Player& Tournament::player(Tpn tpn) const {
  if (tpn >= 1 && tpn <= int(players.size()) && players[tpn - 1].tpn == tpn)
    return players[tpn - 1];
  for (const auto& p : players)
    if (p.tpn == tpn) return p;
  throw std::out_of_range("no player with pairing number " + std::to_string(tpn));
}

Player& Tournament::player(Tpn tpn) {
  return const_cast<Player&>(static_cast<const Tournament&>(*this).player(tpn));
}

int Tournament::recorded_rounds() const {
  int n = 0;
  for (const auto& p : players) n = std::max(n, int(p.rounds.size()));
  return n;
}

int Tournament::paired_rounds() const {
  int n = 0;
  for (const auto& p : players)
    for (int r = int(p.rounds.size()); r > n; --r)
      if (p.rounds[r - 1].has_opponent() || p.rounds[r - 1].pairing_bye()) {
        n = r;
        break;
      }
  return n;
}

System Tournament::system() const {
  auto upper = [](std::string s) {
    for (auto& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
  };
  const std::string code = upper(type_code);
  if (!code.empty()) {
    if (code.find("ROUNDROBIN") != std::string::npos)
      return code.find("DOUBLE") != std::string::npos ? System::DoubleRoundRobin
                                                      : System::RoundRobin;
    if (code.find("DUTCH") != std::string::npos)
      return code.find("BAKU") != std::string::npos ? System::DutchBaku : System::Dutch;
    if (code.find("BURSTEIN") != std::string::npos) return System::Burstein;
  }
  const std::string t = upper(type);
  if (t.find("DOUBLE ROUND ROBIN") != std::string::npos ||
      t.find("DOUBLE ROUND-ROBIN") != std::string::npos)
    return System::DoubleRoundRobin;
  if (t.find("ROUND ROBIN") != std::string::npos || t.find("ROUND-ROBIN") != std::string::npos ||
      t.find("ROUNDROBIN") != std::string::npos || t.find("BERGER") != std::string::npos)
    return System::RoundRobin;
  if (t.find("DUTCH") != std::string::npos)
    return t.find("BAKU") != std::string::npos ? System::DutchBaku : System::Dutch;
  if (t.find("BURSTEIN") != std::string::npos) return System::Burstein;
  if (t.find("SWISS") != std::string::npos) return System::Dutch;
  if (!code.empty() || !t.empty()) return System::Other;
  return System::Unspecified;
}

std::vector<Tpn> Tournament::to_pair(int round) const {
  std::vector<Tpn> out;
  for (const auto& p : players) {
    if (p.has_round(round)) continue;  // paired, PAB, or a declared bye/absence
    if (p.withdrawn_from > 0 && round >= p.withdrawn_from) continue;
    if (p.entry_round > round) continue;
    out.push_back(p.tpn);
  }
  return out;
}

Points Tournament::acceleration(Tpn tpn, int round) const {
  Points p = 0;
  for (const auto& a : accelerations)
    if (tpn >= a.first_player && tpn <= a.last_player && round >= a.first_round &&
        round <= a.last_round)
      p += a.points;
  return p;
}

bool Tournament::forbidden_pair(Tpn a, Tpn b, int round) const {
  for (const auto& f : forbidden) {
    if (round < f.first_round || (f.last_round > 0 && round > f.last_round)) continue;
    bool ha = std::find(f.players.begin(), f.players.end(), a) != f.players.end();
    bool hb = std::find(f.players.begin(), f.players.end(), b) != f.players.end();
    if (ha && hb && a != b) return true;
  }
  return false;
}

bool Tournament::double_forfeit(Tpn tpn, int round) const {
  const RoundEntry e = player(tpn).round(round);
  if (!e.has_opponent() || e.result != ResultCode::ForfeitLoss) return false;
  const RoundEntry o = player(e.opponent).round(round);
  return o.opponent == tpn && o.result == ResultCode::ForfeitLoss;
}

std::optional<Color> Tournament::inferred_initial_colour() const {
  // bbpPairings README ("Let Round F ..."): board parity among the players paired in round 1.
  int idx = 0;
  for (const auto& p : players) {
    if (!p.has_round(1)) continue;
    const RoundEntry& e = p.rounds[0];
    if (!e.has_opponent() && !e.pairing_bye()) continue;
    if (e.colour) return idx % 2 == 0 ? *e.colour : ~*e.colour;
    ++idx;
  }
  return std::nullopt;
}

}  // namespace arbiter::pairing
