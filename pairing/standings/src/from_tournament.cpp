// The Crosstable view of a Tournament (TRF cells -> C.07 round outcomes) and the TRF-2026 report
// fields of the standings.
#include <cmath>

#include "arbiter/pairing/standings_trf.h"

namespace arbiter::pairing {
namespace {

Cell cell_of(const RoundEntry& e, const Scoring& s) {
  Cell c;
  c.points = s.points(e) / double(kOnePoint);
  c.colour = e.colour;
  if (e.has_opponent()) {
    c.opponent = e.opponent;
    switch (e.result) {
      case ResultCode::Win: c.outcome = Outcome::Win; break;
      case ResultCode::Draw: c.outcome = Outcome::Draw; break;
      case ResultCode::Loss: c.outcome = Outcome::Loss; break;
      // Played, under one move: a game for tie-breaks, not for rating.
      case ResultCode::UnratedWin: c.outcome = Outcome::Win, c.rated = false; break;
      case ResultCode::UnratedDraw: c.outcome = Outcome::Draw, c.rated = false; break;
      case ResultCode::UnratedLoss: c.outcome = Outcome::Loss, c.rated = false; break;
      case ResultCode::ForfeitWin: c.outcome = Outcome::ForfeitWin; break;
      case ResultCode::ForfeitLoss: c.outcome = Outcome::ForfeitLoss; break;
      default:
        // Result not known yet: not part of the standings.
        c = Cell{};
        break;
    }
    return c;
  }
  switch (e.result) {
    case ResultCode::PairingBye: c.outcome = Outcome::PairingBye; break;
    case ResultCode::FullBye:
    case ResultCode::ForfeitWin: c.outcome = Outcome::FullBye; break;
    case ResultCode::HalfBye: c.outcome = Outcome::HalfBye; break;
    default: c.outcome = Outcome::ZeroBye; break;  // Z, blank, '-': absent
  }
  return c;
}

}  // namespace

Crosstable crosstable_from(const Tournament& t, int upto) {
  Crosstable ct;
  ct.name = t.name;
  ct.city = t.city;
  ct.federation = t.federation;
  ct.start_date = t.start_date;
  ct.end_date = t.end_date;
  ct.time_control = t.time_control;
  ct.chief_arbiter = t.chief_arbiter;
  ct.date = parse_date(t.start_date);
  if (upto < 0) {
    // Standings are published once a round is played: stop before a round whose pairing is
    // out but whose results are not all in.
    upto = t.paired_rounds();
    auto incomplete = [&](int r) {
      for (const Player& p : t.players)
        if (p.round(r).pending()) return true;
      return false;
    };
    while (upto > 0 && incomplete(upto)) --upto;
  }
  ct.rounds = upto;
  ct.total_rounds = std::max(ct.rounds, t.rounds_to_play());
  ct.round_robin = t.round_robin();
  ct.win_points = t.scoring.win() / double(kOnePoint);
  ct.draw_points = t.scoring.draw() / double(kOnePoint);
  for (const Player& p : t.players) {
    CrossPlayer cp;
    cp.start_no = p.tpn;
    cp.name = p.name;
    cp.title = p.title;
    cp.federation = p.federation;
    cp.fide_id = p.fide_id;
    cp.birth = p.birth;
    cp.sex = p.sex;
    cp.rating = p.rating;
    if (p.recorded_points) cp.recorded_points = *p.recorded_points / double(kOnePoint);
    for (int r = 1; r <= ct.rounds; ++r) cp.cells.push_back(cell_of(p.round(r), t.scoring));
    ct.players.push_back(std::move(cp));
  }
  return ct;
}

std::vector<TiebreakSpec> declared_tiebreaks(const Tournament& t) {
  if (!t.standings.empty()) {
    auto list = parse_tiebreaks(t.standings);
    if (!list.empty() && list[0].kind == TiebreakKind::PTS) list.erase(list.begin());
    return list;
  }
  return parse_tiebreaks(t.tiebreaks);
}

void apply_standings(Tournament& t, const Standings& s) {
  for (const StandingsRow& r : s.rows) {
    Player& p = t.player(r.start_no);
    p.rank = r.rank;
    p.recorded_points = Points(std::lround(r.points * kOnePoint));
  }
  std::vector<TiebreakSpec> list;
  for (const TiebreakSpec& spec : s.specs)
    if (spec.kind != TiebreakKind::PTS) list.push_back(spec);
  t.tiebreaks = to_string(list, ",");
  t.standings = "PTS" + std::string(list.empty() ? "" : ",") + t.tiebreaks;
}

}  // namespace arbiter::pairing
