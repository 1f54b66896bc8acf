// The event as JSON (see event_json.h).
#include "event_json.h"

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/setup.h"

namespace arbiter::desk {
using namespace arbiter::pairing;
using nlohmann::json;

namespace {

double points(Points p) { return p / double(kOnePoint); }

json result_or_null(const Event& e, int round, int board) {
  std::string r = board_result(e, round, board);
  return r.empty() ? json(nullptr) : json(r);
}

// How a player without a game spent the round, in the words of C.04.2.
const char* absence(const Event& e, const Player& p, int round) {
  auto c = p.round(round);
  switch (c.result) {
    case pairing::ResultCode::PairingBye: return "pairing-allocated bye";
    case pairing::ResultCode::HalfBye: return "half-point bye";
    case pairing::ResultCode::FullBye: return "full-point bye";
    case pairing::ResultCode::ZeroBye:
      if (p.withdrawn_from && p.withdrawn_from <= round) return "withdrawn";
      return p.has_round(round) ? "absent" : nullptr;
    default: break;
  }
  if (p.withdrawn_from && p.withdrawn_from <= round) return "withdrawn";
  (void)e;
  return nullptr;
}

// The regulations the desk enforces (through the library), in words for the players page, so
// a refusal can be read against them (ByeRules, NoShowRule, EntryRules of event_settings.h).
json regulations(const EventSettings& s) {
  json out = json::array();
  const auto& b = s.byes;
  if (b.max_half_point_byes == 0) {
    out.push_back("half-point byes: none (the regulations grant none)");
  } else {
    std::string t =
        "half-point byes: at most " + std::to_string(b.max_half_point_byes) + " per player";
    if (b.last_round) t += ", in rounds 1-" + std::to_string(b.last_round);
    t += b.deadline ? ", requested before round " + std::to_string(b.deadline) + " is paired"
                    : ", requested before their round is paired";
    out.push_back(t);
  }
  switch (s.no_show.policy) {
    case NoShowPolicy::Withdraw:
      out.push_back(
          "a no-show (a game lost by forfeit without a bye requested) withdraws the player "
          "unless excused before the next pairing; a second one withdraws for good");
      break;
    case NoShowPolicy::ForfeitOnly: out.push_back("a no-show loses that game only"); break;
    case NoShowPolicy::WithdrawAfterN:
      out.push_back(
          "a no-show withdraws the player unless excused before the next pairing; "
          "unexcused no-show number " +
          std::to_string(s.no_show.after) + " withdraws for good");
      break;
  }
  if (s.entry.max_players)
    out.push_back("at most " + std::to_string(s.entry.max_players) + " players");
  if (s.entry.fide_id_for_foreign)
    out.push_back("players of another federation than the event's need a FIDE id");
  std::string late = std::string("late entries score ") +
                     (s.entry.missed_rounds == 'H' ? "a half-point bye" : "zero") +
                     " for the rounds they missed";
  // C.04.2 Art. 2 (Swiss); a round robin's numbers are drawn before round 1 (C.05).
  if (s.system == EventSystem::Dutch)
    late += s.entry.keep_published_numbers
                ? "; after round 1 they take the next free number"
                : "; the field is renumbered in the initial order until round 4 is paired "
                  "(C.04.2 Art. 2)";
  out.push_back(late);
  return out;
}

}  // namespace

json player_json(const Event& e, Tpn n, Audience who) {
  const Player& p = e.tournament.player(n);
  const auto& s = e.settings;
  json byes = json::array();
  if (auto it = s.byes_requested.find(n); it != s.byes_requested.end())
    for (auto [round, kind] : it->second)
      byes.push_back({{"round", round}, {"kind", kind == 'H' ? "half" : "zero"}});
  auto w = s.withdrawn.find(n);
  json out = {{"number", n},
              {"name", p.name},
              {"title", p.title},
              {"federation", p.federation},
              {"fide_id", p.fide_id},
              {"sex", p.sex == ' ' ? std::string() : std::string(1, p.sex)},
              {"rating", p.rating},
              {"ratings",
               {{"standard", p.ratings.standard},
                {"rapid", p.ratings.rapid},
                {"blitz", p.ratings.blitz},
                {"national", p.ratings.national}}},
              {"points", points(p.score(e.tournament.scoring))},
              {"withdrawn_from", w == s.withdrawn.end() ? json(nullptr) : json(w->second)},
              {"withdrawn_for_good", s.withdrawn_for_good.count(n) > 0},
              {"entry_round", p.entry_round},
              {"byes_requested", byes},
              {"no_shows", no_shows(e, n)}};
  if (who == Audience::Arbiters) out["birth"] = p.birth;  // not public (see Audience)
  return out;
}

json event_json(const Event& e, Audience who) {
  const auto& t = e.tournament;
  const auto& s = e.settings;
  const int paired = paired_rounds(e);
  json players = json::array();
  for (const auto& p : t.players) players.push_back(player_json(e, p.tpn, who));
  bool finished = paired == s.rounds && missing_results(e, s.rounds).empty();
  return {
      {"name", t.name},
      {"city", t.city},
      {"start_date", t.start_date},
      {"end_date", t.end_date},
      {"chief_arbiter", t.chief_arbiter},
      {"time_control", t.time_control},
      {"system", to_string(s.system)},
      {"variant", to_string(s.variant)},
      {"rating_list", to_string(s.rating_list)},
      {"tiebreaks", s.tiebreaks},
      {"half_point_byes", {{"max", s.byes.max_half_point_byes}, {"last_round", s.byes.last_round}}},
      {"regulations", regulations(s)},
      {"rounds", s.rounds},
      {"paired_rounds", paired},
      {"next_round", next_round(e)},
      {"missing", paired ? json(missing_results(e, paired)) : json::array()},
      {"finished", finished},
      {"players", players}};
}

json round_json(const Event& e, int round) {
  json boards = json::array(), byes = json::array();
  if (auto it = e.settings.boards.find(round); it != e.settings.boards.end())
    for (size_t b = 0; b < it->second.size(); ++b) {
      auto [w, bl] = it->second[b];
      const auto& pw = e.tournament.player(w);
      const auto& pb = e.tournament.player(bl);
      boards.push_back({{"board", b + 1},
                        {"white", w},
                        {"black", bl},
                        {"result", result_or_null(e, round, int(b) + 1)},
                        {"white_name", pw.name},
                        {"black_name", pb.name},
                        {"white_rating", pw.rating},
                        {"black_rating", pb.rating},
                        {"white_points", points(pw.score(e.tournament.scoring, round - 1))},
                        {"black_points", points(pb.score(e.tournament.scoring, round - 1))}});
    }
  for (const auto& p : e.tournament.players) {
    if (p.round(round).has_opponent()) continue;
    if (const char* kind = absence(e, p, round))
      byes.push_back({{"player", p.tpn}, {"name", p.name}, {"kind", kind}});
  }
  json start = nullptr;
  for (const auto& s : e.settings.starts)
    if (s.round == round)
      start = {{"position", s.position},
               {"fen", to_fen(chess960::start_setup(s.position))},
               {"audit", s.audit}};
  return {{"round", round},
          {"boards", boards},
          {"byes", byes},
          {"missing", missing_results(e, round)},
          {"chess960_start", start}};
}

json card_json(const Event& e, Tpn n, Audience who) {
  const Player& p = e.tournament.player(n);
  json rounds = json::array();
  for (int r = 1; r <= paired_rounds(e); ++r) {
    auto c = p.round(r);
    json line = {{"round", r}};
    if (c.has_opponent()) {
      int board = find_board(e, r, n, c.opponent);
      std::string res = board_result(e, r, board);
      line["opponent"] = c.opponent;
      line["opponent_name"] = e.tournament.player(c.opponent).name;
      line["colour"] = c.colour == WHITE ? "white" : "black";
      line["board"] = board;
      line["result"] = res.empty() ? json(nullptr) : json(res);
    } else if (const char* kind = absence(e, p, r)) {
      line["bye"] = kind;
    }
    line["points"] = points(e.tournament.scoring.points(c));
    rounds.push_back(line);
  }
  json out = player_json(e, n, who);
  out["rounds"] = rounds;
  return out;
}

}  // namespace arbiter::desk
