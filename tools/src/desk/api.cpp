// The desk's routes (see api.h; the API is documented in docs/desk-api.md).
#include "api.h"

#include <sys/stat.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "arbiter/adjudication/claims.h"
#include "arbiter/adjudication/legality.h"
#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/setup.h"
#include "arbiter/pairing/event_standings_report.h"
#include "arbiter/pairing/registration_csv.h"
#include "arbiter/pairing/trf.h"
#include "assets.h"
#include "cli_position.h"
#include "event_cli.h"
#include "event_json.h"
#include "position_status.h"

namespace arbiter::desk {
using namespace arbiter::pairing;
using nlohmann::json;
namespace adj = arbiter::adjudication;

namespace {

Response json_response(int status, const json& j) {
  return {status, "application/json; charset=utf-8", j.dump(), {}};
}
Response error(int status, const std::string& message) {
  return json_response(status, {{"error", message}});
}

// A bad request, answered 400 with its message.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct NotFound : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A read of what only the arbiters may see, without the token: 401.
struct Unauthorized : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(path);
  while (std::getline(in, part, '/'))
    if (!part.empty()) out.push_back(part);
  return out;
}

int number(const std::string& text, const char* what) {
  if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos)
    throw BadRequest(std::string(what) + " '" + text + "' is not a number");
  return std::stoi(text);
}

json body_json(const Request& q) {
  if (q.body.find_first_not_of(" \t\r\n") == std::string::npos) return json::object();
  json j = json::parse(q.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw BadRequest("the body is not a JSON object");
  return j;
}

// A field of the request body: absent -> dflt; present with another type -> 400.
template <class T>
T field(const json& j, const char* key, T dflt) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return dflt;
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    throw BadRequest(std::string("field '") + key + "' has the wrong type");
  }
}

bool token_matches(const std::string& given, const std::string& token) {
  const std::string want = "Bearer " + token;
  if (given.size() != want.size()) return false;
  unsigned char diff = 0;  // constant time: the comparison does not stop at the first difference
  for (size_t i = 0; i < want.size(); ++i) diff |= given[i] ^ want[i];
  return diff == 0;
}

Tpn player_of(const Event& e, const std::string& text) {
  Tpn p = number(text, "player");
  if (p < 1 || p > e.tournament.player_count()) throw NotFound("no player " + std::to_string(p));
  return p;
}

Registration registration_of(const json& j) {
  Registration r;
  r.name = field<std::string>(j, "name", "");
  r.title = field<std::string>(j, "title", "");
  r.federation = field<std::string>(j, "federation", "");
  r.fide_id = field<std::string>(j, "fide_id", "");
  r.birth = field<std::string>(j, "birth", "");
  std::string sex = field<std::string>(j, "sex", "");
  if (!sex.empty()) r.sex = sex[0];
  r.ratings.standard = field<int>(j, "standard", 0);
  r.ratings.rapid = field<int>(j, "rapid", 0);
  r.ratings.blitz = field<int>(j, "blitz", 0);
  r.ratings.national = field<int>(j, "national", 0);
  for (const std::string* s : {&r.name, &r.title, &r.federation, &r.fide_id, &r.birth})
    if (s->size() > 200 || s->find_first_of("\r\n") != std::string::npos)
      throw BadRequest("a player field holds a line break or is longer than 200 bytes");
  return r;
}

// Cheap version stamp of the event file for live updates: every change replaces the file
// (a new inode) or at least its time and size.
std::string version_of(const std::string& file) {
  struct stat st {};
  if (stat(file.c_str(), &st) != 0) return "missing";
  return std::to_string(st.st_ino) + "-" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec) + "-" + std::to_string(st.st_size);
}

// The file name offered for a download: the event's name with only safe characters.
std::string download_name(const std::string& file, const std::string& ext) {
  std::string stem = std::filesystem::path(file).stem().string(), out;
  for (char c : stem)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
  return (out.empty() ? "event" : out) + ext;
}

json flag_ruling(const json& j) {
  const std::string fen = field<std::string>(j, "fen", "");
  const std::string who = field<std::string>(j, "flagged", "");
  const bool c960 = field<bool>(j, "chess960", false);
  if (fen.empty()) throw BadRequest("give the position as 'fen'");
  Color flagged;
  if (who == "white" || who == "w")
    flagged = WHITE;
  else if (who == "black" || who == "b")
    flagged = BLACK;
  else
    throw BadRequest("'flagged' must be white or black");
  auto setup = parse_fen(fen, FenMode::Strict);
  if (!setup.ok()) setup = parse_fen(fen, FenMode::Epd);
  if (!setup.ok()) throw BadRequest(setup.error().message());
  const auto legality = adj::check_legality(*setup, c960);
  json out = {{"fen", fen}, {"legality", adj::legality_status_name(legality.status)}};
  json issues = json::array();
  for (const auto& i : legality.issues) issues.push_back(i.message);
  out["issues"] = issues;
  if (!legality.possible()) {
    // Laws A.5.4: an illegal position still on the board after the next move draws the game.
    out["ruling"] = nullptr;
    out["explanation"] =
        legality.status == adj::LegalityStatus::IllegalA54
            ? "no ruling on an illegal position (A.5.4: if it is still on the board after the "
              "next move, the game is drawn)"
            : "no ruling on an illegal position";
    return out;
  }
  Position p;
  try {
    p = cli::position_from_fen(fen, c960);
  } catch (const cli::UsageError& x) {
    throw BadRequest(x.what());
  }
  const auto regime =
      field<bool>(j, "unsupervised", false) ? adj::FlagRegime::A53 : adj::FlagRegime::Article69;
  const auto r = adj::rule_flag_fall(p, flagged, regime);
  out["ruling"] = r.result;
  out["rule"] = r.rule;
  out["explanation"] = r.explanation;
  out["claimant_can_checkmate"] = adj::verdict_name(r.claimant.verdict);
  const bool line = r.claimant.verdict == adj::Verdict::Winnable;
  out["witness"] = line ? adj::witness_san(p, r.claimant.witness) : "";
  // The witness played through: the position after each of its moves, for the diagram.
  json fens = json::array(), sans = json::array();
  if (line) {
    Position q = p;
    for (const auto& san : adj::witness_san_list(p, r.claimant.witness)) sans.push_back(san);
    for (Move m : r.claimant.witness) {
      q.play(m);
      fens.push_back(to_fen(q.to_setup()));
    }
  }
  out["witness_moves"] = sans;
  out["witness_fens"] = fens;
  out["decided"] = r.decided();
  return out;
}

// A position set up or pasted on the desk's board: what `arbiter status --json` says of it
// (legality by Art. 3.10.3 / A.5.4, then check, mate, stalemate or dead position by 5.1-5.2.2).
// The CLI's default search limits, so the desk and `arbiter status` give the same answer.
json position_ruling(const json& j) {
  const std::string fen = field<std::string>(j, "fen", "");
  if (fen.empty()) throw BadRequest("give the position as 'fen'");
  std::optional<Setup> setup;
  try {
    setup = cli::setup_from_fen(fen);
  } catch (const cli::UsageError& x) {
    throw BadRequest(x.what());
  }
  adj::LegalityOptions o;
  o.chess960 = field<bool>(j, "chess960", false);
  return cli::position_status(fen, *setup, o, adj::kDefaultNodeBudget).json;
}

std::string tag(const adj::GameReport& r, const char* name) {
  for (const auto& [k, v] : r.tags)
    if (k == name) return v;
  return "";
}

json pgn_report(const std::string& text) {
  json games = json::array();
  int errors = 0;
  for (const auto& g : pgn::read_all(text)) {
    auto rep = adj::validate_game(g);
    json issues = json::array();
    for (const auto& i : rep.issues)
      issues.push_back({{"severity", i.severity == pgn::Severity::Error ? "error" : "warning"},
                        {"code", i.code},
                        {"line", i.line},
                        {"column", i.column},
                        {"ply", i.ply},
                        {"message", i.message}});
    errors += rep.status() == adj::GameStatus::Errors;
    games.push_back({{"game", rep.index + 1},
                     {"line", rep.first_line},
                     {"white", tag(rep, "White")},
                     {"black", tag(rep, "Black")},
                     {"round", tag(rep, "Round")},
                     {"result", rep.result},
                     {"plies", rep.plies},
                     {"ending", rep.ending},
                     {"status", adj::status_name(rep.status())},
                     {"issues", issues}});
  }
  return {{"games", games}, {"count", games.size()}, {"with_errors", errors}};
}

}  // namespace

Desk::Desk(std::string event_file, std::string token)
    : file_(std::move(event_file)), token_(std::move(token)) {}

namespace {

// One request against the event file. Reads take the store's lock only while reading; writes
// run through cli::event::modify, the CLI's own path.
class Call {
 public:
  Call(const std::string& file, const Request& q, Audience who)
      : file_(file), q_(q), who_(who), parts_(split_path(q.path)) {}

  Response route() {
    const auto& p = parts_;
    const std::string& m = q_.method;
    const size_t n = p.size();
    if (n == 1) {
      if (p[0] == "event" && m == "GET") return ok(event_json(load(), who_));
      if (p[0] == "version" && m == "GET") return ok({{"version", version_of(file_)}});
      if (p[0] == "standings" && m == "GET") return ok(json::parse(standings("json")));
      if (p[0] == "prizes" && m == "GET") return prizes();
      if (p[0] == "history" && m == "GET") return ok(history());
      if (p[0] == "undo" && m == "POST") return undo();
      if (p[0] == "players" && m == "POST") return register_one();
    }
    if (n == 2 && p[0] == "players" && p[1] == "import" && m == "POST") return import_csv();
    if (n == 1) {
    }
    if (n == 2 && p[0] == "rounds") {
      if (p[1] == "next" && m == "POST") return pair_next();
      if (m == "GET") return get_round(number(p[1], "round"));
    }
    if (n == 2 && p[0] == "players" && m == "GET") {
      Event e = load();
      return ok(card_json(e, player_of(e, p[1]), who_));
    }
    if (n == 2 && p[0] == "players" && m == "PUT") return edit_player(p[1]);
    if (n == 3 && p[0] == "players") {
      const std::string& what = p[2];
      if (m == "POST" && what == "withdraw") return player_change(p[1], what);
      if (m == "POST" && what == "reinstate") return player_change(p[1], what);
      if (m == "POST" && what == "excuse") return player_change(p[1], what);
      if (m == "POST" && what == "byes") return player_change(p[1], what);
    }
    if (n == 4 && p[0] == "players" && p[2] == "byes" && m == "DELETE")
      return player_change(p[1], "cancel-bye", number(p[3], "round"));
    if (n == 3 && p[0] == "rounds" && p[2] == "pgn" && m == "POST")
      return record_pgn(number(p[1], "round"));
    if (n == 4 && p[0] == "rounds" && p[2] == "boards" && m == "PUT")
      return set_board(number(p[1], "round"), number(p[3], "board"));
    if (n == 2 && p[0] == "export" && m == "GET") return export_as(p[1]);
    if (n == 2 && p[0] == "rulings" && p[1] == "flag" && m == "POST")
      return ok(flag_ruling(body_json(q_)));
    if (n == 2 && p[0] == "rulings" && p[1] == "pgn" && m == "POST") return ok(pgn_report(q_.body));
    if (n == 2 && p[0] == "rulings" && p[1] == "status" && m == "POST")
      return ok(position_ruling(body_json(q_)));
    throw NotFound("no such API route: " + m + " " + q_.path);
  }

 private:
  Response ok(const json& j, int status = 200) { return json_response(status, j); }
  Event load() { return cli::event::load(file_); }

  std::string filter() const {
    auto it = q_.query.find("filter");
    return it == q_.query.end() ? "" : it->second;
  }
  std::string standings(const std::string& format) {
    return pairing::standings_report(load(), format, filter());
  }

  // GET /api/prizes?places=N[&filter=F]: the prize list, shared places as the library says.
  Response prizes() {
    auto it = q_.query.find("places");
    const int places = it == q_.query.end() ? 3 : number(it->second, "places");
    Event e = load();
    json out = json::array();
    auto list = pairing::ranked_places(e, places, filter());
    for (size_t i = 0; i < list.size(); ++i) {
      json players = json::array();
      for (int p : list[i])
        players.push_back({{"number", p},
                           {"name", e.tournament.player(p).name},
                           {"points", e.tournament.player(p).score(e.tournament.scoring) / 10.0}});
      out.push_back({{"place", i + 1}, {"players", players}, {"shared_above", list[i].empty()}});
    }
    return ok({{"filter", filter()}, {"places", out}});
  }

  json history() {
    // A reader: no lock, no write access needed (as `event history`).
    StoreOptions read_only;
    read_only.write = false;
    EventStore store(file_, read_only);
    return {{"changes", store.history()}};
  }

  Response undo() {
    EventStore store(file_, cli::event::writer_options());
    store.read();
    auto what = store.undo();
    if (!what) throw EventError("nothing to undo");
    return ok({{"undone", *what}});
  }

  Response register_one() {
    Registration r = registration_of(body_json(q_));
    json out;
    cli::event::modify(file_, [&](Event& e) {
      Tpn p = register_player(e, r);
      out = player_json(e, p, who_);
      return "register " + r.name;
    });
    return ok(out, 201);
  }

  // The organisers' list (registration_csv.h): every bad cell named, and then nobody registered.
  Response import_csv() {
    auto csv = read_registration_csv(q_.body, "upload.csv");
    if (!csv.errors.empty()) {
      std::string all;
      for (const auto& x : csv.errors) all += (all.empty() ? "" : "\n") + x;
      return json_response(400, {{"error", all + " (" + std::to_string(csv.errors.size()) +
                                               " error(s); nobody registered)"},
                                 {"errors", csv.errors}});
    }
    if (csv.players.empty()) throw BadRequest("upload.csv: no players");
    json out = json::array();
    cli::event::modify(file_, [&](Event& e) {
      for (const auto& x : enter_players(e, csv.players).players)
        out.push_back(player_json(e, x.tpn, who_));
      return "register " + std::to_string(csv.players.size()) +
             " players from the desk's CSV upload";
    });
    return ok({{"registered", out}}, 201);
  }

  Response edit_player(const std::string& who) {
    const Registration r = registration_of(body_json(q_));
    json out;
    cli::event::modify(file_, [&](Event& e) {
      Tpn p = player_of(e, who);
      std::string before = player_label(e, p);
      p = update_player(e, p, r);
      out = player_json(e, p, who_);
      return "edit " + before + " -> " + player_label(e, p);
    });
    return ok(out);
  }

  Response pair_next() {
    const bool force = field<bool>(body_json(q_), "force", false);
    json out;
    cli::event::modify(file_, [&](Event& e) {
      // As `arbiter event pair`: the library pairs, the CLI's helper draws the hashed lots.
      auto paired = cli::event::pair_with_lots(e, force);
      out = round_json(e, paired.round);
      out["notes"] = paired.notes;
      return "pair round " + std::to_string(paired.round);
    });
    return ok(out, 201);
  }

  Response get_round(int r) {
    Event e = load();
    if (r < 1 || r > paired_rounds(e))
      throw NotFound("round " + std::to_string(r) + " is not paired");
    return ok(round_json(e, r));
  }

  // As `arbiter event result`: a change that later pairings or the final standings were built
  // on is refused (409, the CLI's message) unless {"force": true}; then it is journalled as
  // forced and the answer lists what it affects under "effects".
  Response set_board(int r, int board) {
    const json j = body_json(q_);
    if (!j.contains("result")) throw BadRequest("give the result as {\"result\": \"1-0\"}");
    json res = j["result"];
    if (!res.is_null() && !res.is_string()) throw BadRequest("'result' must be a string or null");
    const std::string text = res.is_null() ? "*" : res.get<std::string>();
    const bool force = field<bool>(j, "force", false);
    json out;
    std::vector<std::string> effects;
    cli::event::modify(file_, [&](Event& e) {
      effects.clear();
      std::string what = cli::event::record_result(e, r, board, text, force, effects);
      out = round_json(e, r)["boards"][board - 1];
      for (const auto& x : effects) what += "; " + x;  // the journal line of `event result`
      return what;
    });
    out["effects"] = effects;
    return ok(out);
  }

  // The round's games from PGN: the clean ones' results recorded, as `event results --pgn`.
  Response record_pgn(int r) {
    if (r < 1) throw NotFound("round " + std::to_string(r) + " is not paired");
    cli::event::PgnResults res;
    cli::event::modify(file_, [&](Event& e) {
      res = cli::event::record_pgn_results(e, r, q_.body, "upload.pgn");
      return "results of round " + std::to_string(res.round) + " from the desk's PGN upload (" +
             std::to_string(res.recorded.size()) + " recorded)";
    });
    return ok({{"round", res.round},
               {"recorded", res.recorded},
               {"refused", res.refused},
               {"warnings", res.warnings}});
  }

  Response player_change(const std::string& who, const std::string& what, int round = 0) {
    const json j = body_json(q_);
    json out;
    std::string message;
    cli::event::modify(file_, [&](Event& e) {
      Tpn p = player_of(e, who);
      if (what == "withdraw") {
        int r = field<int>(j, "round", next_round(e));
        withdraw(e, p, r);
        message = player_label(e, p) + " withdrawn from round " + std::to_string(r);
      } else if (what == "reinstate") {
        reinstate(e, p);
        message = "reinstated: " + player_label(e, p);
      } else if (what == "excuse") {
        excuse(e, p);
        message = "no-show excused: " + player_label(e, p);
      } else if (what == "byes") {
        int r = field<int>(j, "round", next_round(e));
        std::string kind = field<std::string>(j, "kind", "half");
        if (kind != "half" && kind != "zero") throw BadRequest("'kind' must be half or zero");
        request_bye(e, p, r, kind == "half" ? 'H' : 'Z');
        message = std::string(kind == "half" ? "half-point bye" : "zero-point absence") +
                  " in round " + std::to_string(r) + " for " + player_label(e, p);
      } else {
        cancel_bye(e, p, round);
        message = "bye of round " + std::to_string(round) + " cancelled for " + player_label(e, p);
      }
      out = player_json(e, p, who_);
      return message;
    });
    out["message"] = message;
    return ok(out);
  }

  // The TRF report is the rating officer's file: it holds the birth dates (001 cols 70-79), so
  // it is the arbiters' download. The HTML and CSV standings hold nothing FIDE does not publish.
  Response export_as(const std::string& kind) {
    if (kind == "trf" && who_ != Audience::Arbiters)
      throw Unauthorized(
          "the TRF report holds the players' birth dates: it needs the desk's token");
    Event e = load();
    std::string body, type, ext;
    if (kind == "trf")
      body = pairing::trf_report(e), type = "text/plain; charset=utf-8", ext = ".trf";
    else if (kind == "html")
      body = pairing::standings_report(e, "html"), type = "text/html; charset=utf-8", ext = ".html";
    else if (kind == "csv")
      body = pairing::standings_report(e, "csv"), type = "text/csv; charset=utf-8", ext = ".csv";
    else
      throw NotFound("no export '" + kind + "' (trf, html, csv)");
    Response r{200, type, body, {}};
    r.headers.emplace_back("Content-Disposition",
                           "attachment; filename=\"" + download_name(file_, ext) + "\"");
    return r;
  }

  const std::string& file_;
  const Request& q_;
  const Audience who_;
  std::vector<std::string> parts_;
};

Response unauthorized(const std::string& message) {
  Response r = error(401, message);
  r.headers.emplace_back("WWW-Authenticate", "Bearer");
  return r;
}

Response page(const std::string& path) {
  const std::string p = path == "/" ? "/desk.html" : path == "/public" ? "/public.html" : path;
  if (const Asset* a = find_asset(p))
    return {200, std::string(a->content_type), std::string(a->body), {}};
  return error(404, "not found");
}

}  // namespace

Response Desk::handle(const Request& q) const {
  const bool api = q.path.rfind("/api/", 0) == 0;
  if (!api) {
    if (q.method != "GET" && q.method != "HEAD") return error(405, "the pages are read-only");
    return page(q.path);
  }
  // Every write needs the token in a header: a cross-site form or image cannot set it (CSRF),
  // and no cookie is ever accepted in its place. A read with the token also sees what only the
  // arbiters may (Audience); a read with a wrong token is refused rather than answered as a
  // public one, so a desk with a stale token is told at once.
  const bool read = q.method == "GET" || q.method == "HEAD";
  const bool arbiter = token_matches(q.authorization, token_);
  if (!arbiter && (!read || !q.authorization.empty()))
    return unauthorized(read ? "wrong token (Authorization: Bearer TOKEN)"
                             : "this change needs the desk's token (Authorization: Bearer TOKEN)");
  Request sub = q;
  sub.path = q.path.substr(4);
  if (sub.method == "HEAD") sub.method = "GET";  // the server sends the headers only
  try {
    return Call(file_, sub, arbiter ? Audience::Arbiters : Audience::Public).route();
  } catch (const Unauthorized& x) {
    return unauthorized(x.what());
  } catch (const BadRequest& x) {
    return error(400, x.what());
  } catch (const NotFound& x) {
    return error(404, x.what());
  } catch (const EventInputError& x) {
    return error(400, x.what());
  } catch (const EventError& x) {
    return error(409, x.what());  // a refusal by the event's rules: nothing was changed
  } catch (const TrfError& x) {
    return error(500, std::string("the event file cannot be read: ") + x.what());
  } catch (const FileInputError& x) {  // the event file removed, or a directory in its place
    return error(500, std::string("the event file cannot be read: ") + x.what());
  } catch (const FileError& x) {
    // A disk or permission error, or another arbiter command holding the event past the wait
    // limit (the CLI's exit status 4): the store changed nothing, and the arbiter is told what
    // to mend rather than "internal error".
    Response r = error(503, x.what());
    r.headers.emplace_back("Retry-After", "5");
    return r;
  } catch (const nlohmann::json::exception& x) {
    return error(400, x.what());
  }
}

}  // namespace arbiter::desk
