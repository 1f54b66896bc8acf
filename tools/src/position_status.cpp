// What `arbiter status` says of a position (see position_status.h).
#include "position_status.h"

#include "arbiter/engine/chess960.h"

namespace arbiter::cli {
namespace adj = arbiter::adjudication;

std::string start_name(const adj::LegalityOptions& o) {
  if (!o.start) return "the standard start position";
  const auto id = chess960::verify(*o.start);
  return "Chess960 start position " + (id.ok() ? std::to_string(id->white) : std::string("?"));
}

std::string search_summary(const adj::LegalityReport& r, const adj::LegalityOptions& o) {
  const auto& s = r.search;
  if (!adj::start_of(o)) return "no proof-game search: the Chess960 start is not known (--start)";
  if (o.proof.max_nodes == 0) return "no proof-game search (--proof-nodes 0)";
  if (s.lower_bound < 0) return "no proof game from " + start_name(o) + " can reach it";
  std::string bound = " (at least " + std::to_string(s.lower_bound) + " plies needed)";
  const std::string guided = s.guided_nodes
                                 ? "; the search guided by the target found none in " +
                                       std::to_string(s.guided_nodes) + " positions (--proof-nodes)"
                                 : "";
  if (s.exhausted)
    return "no proof game of up to " + std::to_string(o.proof.max_plies) + " plies from " +
           start_name(o) + bound + guided;
  return "proof-game search stopped after " + std::to_string(s.nodes - s.guided_nodes) +
         " positions (games up to " + std::to_string(s.plies_searched) + " plies ruled out" + ")" +
         bound + guided;
}

namespace {

void add_proof(nlohmann::json& j, const adj::LegalityReport& r, const adj::LegalityOptions& o) {
  const auto start = adj::start_of(o);
  if (r.status == adj::LegalityStatus::Legal && start) {
    const auto from = Position::from_setup(*start, o.chess960).value();
    j["proof"] = {{"start", to_fen(*start)},
                  {"plies", r.proof.size()},
                  {"shortest", !r.search.guided},
                  {"moves", adj::witness_san_list(from, r.proof)},
                  {"game", adj::witness_san(from, r.proof)}};
  }
  if (r.status == adj::LegalityStatus::NotContradicted) {
    j["checked"] = r.checked;
    j["search"] = {{"summary", search_summary(r, o)},
                   {"nodes", r.search.nodes},
                   {"exhausted", r.search.exhausted},
                   {"lower_bound", r.search.lower_bound}};
  }
}

// Laws 5.1.1, 5.2.1, 5.2.2: how the game stands in a possible position.
std::string state_of(const Position& p, const adj::DeadPosition& dead) {
  const bool none = p.count_legal_moves() == 0;
  return none && p.in_check() ? "checkmate (Laws 5.1.1)"
         : none               ? "stalemate (Laws 5.2.1)"
         : dead.is_dead()     ? "dead position (Laws 5.2.2)"
         : p.in_check()       ? "check"
                              : "in play";
}

}  // namespace

PositionStatus position_status(const std::string& fen, const Setup& setup,
                               const adj::LegalityOptions& options, std::uint64_t budget) {
  PositionStatus out;
  out.report = adj::judge_legality(setup, options);
  auto& j = out.json;
  j["fen"] = fen;
  j["status"] = adj::legality_status_name(out.report.status);
  j["issues"] = nlohmann::json::array();
  for (const auto& i : out.report.issues)
    j["issues"].push_back({{"code", i.code}, {"message", i.message}, {"a54", i.a54}});
  add_proof(j, out.report, options);
  if (!out.report.possible()) return out;
  auto position = Position::from_setup(setup, options.chess960);
  if (!position.ok()) return out;  // cannot happen for a possible position
  out.position = *position;
  const Position& p = *out.position;
  out.dead = adj::dead_position(p, budget);
  out.state = state_of(p, out.dead);
  j["state"] = out.state;
  j["side_to_move"] = p.side_to_move() == WHITE ? "white" : "black";
  for (auto [name, w] : {std::pair{"white", &out.dead.white}, std::pair{"black", &out.dead.black}})
    j[name] = {{"can_checkmate", adj::verdict_name(w->verdict)},
               {"method", adj::method_name(w->method)},
               {"reason", w->reason},
               {"witness", adj::witness_san(p, w->witness)}};
  return out;
}

}  // namespace arbiter::cli
