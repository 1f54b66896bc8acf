// `arbiter event` standings, playoff, export, report and results --pgn (see event_cli.h).
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "arbiter/adjudication/regime.h"
#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/chess960.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/setup.h"
#include "arbiter/pairing/crosstable_export.h"
#include "arbiter/pairing/event_playoff.h"
#include "arbiter/pairing/event_publications.h"
#include "arbiter/pairing/event_standings.h"
#include "arbiter/pairing/event_standings_report.h"
#include "arbiter/pairing/file_io.h"
#include "arbiter/pairing/playoff.h"
#include "arbiter/pairing/trf.h"
#include "cli_options.h"
#include "command.h"
#include "event_cli.h"

namespace arbiter::cli::event {
namespace po = boost::program_options;
using namespace arbiter::pairing;

namespace {

bool finished(const Event& e) {
  return paired_rounds(e) == e.settings.rounds && missing_results(e, e.settings.rounds).empty();
}

// No publication or report replaces an event file (its own, another event's, through a link):
// that would bypass the journal, and undo would lose the later changes.
void refuse_any_event_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string first;
  if (in && std::getline(in, first) && first.rfind("XAR FORMAT arbiter-event ", 0) == 0)
    throw FileInputError(path, 0, 0, "is an arbiter event file; write the output to another file");
}

void write_out(const std::string& path, const std::string& text) {
  refuse_any_event_file(path);
  // Reports are written the same way as the event: never a half-written file on the board.
  write_file_atomically(path, text);
}

// An output that is the event file (or its link) would replace it outside the journal.
void refuse_event_as_output(const std::string& out, const std::string& event_file) {
  refuse_same_file(out, {event_file});
}

}  // namespace

namespace {

// --format and -o of every publication command.
void publication_options(po::options_description& o, std::string& format, std::string& out) {
  o.add_options()("format", po::value(&format), "text (default), csv, json or html")(
      "output,o", po::value(&out), "write to this file (atomically) instead of standard output");
}

void publish(const std::string& text, const std::string& out) {
  if (out.empty()) {
    std::cout << text;
    return;
  }
  write_out(out, text);
  std::cout << "wrote " << out << '\n';
}

std::string slurp_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw EventInputError(path + ": cannot read");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

int cmd_standings(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, format = "text", filter, out;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "format", po::value(&format), "text, crosstable, tsv, csv, json or html")(
      "filter", po::value(&filter),
      "sub-ranking: \"players=3,7\" (e.g. the residents of a region), \"sex=w\", "
      "\"born>=2008\", \"rating<2000\", \"fed=ESP\", \"cat=ARA\" (a category of the event; "
      "';' joins)")("output,o", po::value(&out),
                    "write to this file (atomically) instead of standard output");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "standings FILE [--format F] [--filter F]"))
    return kExitOk;
  Event e = load(file);
  publish(standings_report(e, format, filter), out);
  return kExitOk;
}

int cmd_prizes(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, spec_file, format = "text", out;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "spec", po::value(&spec_file)->required(), "the prize file (format: README, event prizes)");
  publication_options(o, format, out);
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "prizes FILE --spec PRIZES.txt [--format F] [-o OUT]"))
    return kExitOk;
  const auto f = parse_publication_format(format);
  Event e = load(file);
  PrizeSpec spec = parse_prize_spec(slurp_file(spec_file), spec_file);
  publish(render(prize_list(e, event_prizes(e, spec)), f), out);
  return kExitOk;
}

int cmd_wallchart(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, format = "text", out;
  o.add_options()("file", po::value(&file)->required(), "event file");
  publication_options(o, format, out);
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "wallchart FILE [--format F] [-o OUT]"))
    return kExitOk;
  const auto f = parse_publication_format(format);
  publish(render(wall_chart(load(file)), f), out);
  return kExitOk;
}

int cmd_card(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, player, format = "text", out;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "player", po::value(&player)->required(), "pairing number, FIDE id or name");
  publication_options(o, format, out);
  po::positional_options_description pos;
  pos.add("file", 1).add("player", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "card FILE PLAYER [--format F] [-o OUT]"))
    return kExitOk;
  const auto f = parse_publication_format(format);
  Event e = load(file);
  const Tpn p = find_player(e, player);
  publish(render(std::vector<Table>{player_card(e, p), tiebreak_derivation(e, p)}, f), out);
  return kExitOk;
}

int cmd_show_round(const Event& e, int round, const std::string& format, const std::string& by,
                   bool cards, const std::string& out) {
  const auto f = parse_publication_format(format);
  std::vector<Table> pages;
  if (cards) {
    pages = pairing_cards(e, round);
  } else {
    if (by != "board" && by != "name" && by != "both")
      throw EventInputError("--by: expected board, name or both, not '" + by + "'");
    if (by != "name") pages.push_back(pairing_list(e, round));
    if (by != "board") pages.push_back(pairing_list_alphabetical(e, round));
  }
  publish(render(pages, f), out);
  return kExitOk;
}

namespace {
std::string game_line(const Event& e, size_t i, const PlayoffGame& g) {
  return "game " + std::to_string(i + 1) + ": White " + player_label(e, g.white) + " - Black " +
         player_label(e, g.black) + (g.result.empty() ? std::string() : " " + g.result);
}

// Draws the play-off (event_lots.h) and announces it.
std::string draw_playoff(Event& e) {
  const DrawnPlayoff d = draw_event_playoff(e, engine_lot_draws());
  const auto& pr = e.settings.playoff;
  const bool arm = pr.format == PlayoffFormat::Armageddon;
  std::ostringstream os;
  os << playoff_name(pr) << " between";
  for (int p : d.players) os << ' ' << player_label(e, p) << (p == d.players.back() ? "" : ",");
  os << " (tied on " << format_points(d.points) << " points)\n";
  if (arm)
    os << "White " << pr.white_seconds / 60.0 << " min - Black " << pr.black_seconds / 60.0
       << " min; White must win, a draw gives the title to Black\n";
  os << d.lot_audit << '\n';
  const auto& games = e.settings.playoff_games;
  for (size_t i = 0; i < games.size(); ++i) {
    if (i < d.positions.size())
      os << "Chess960 start position " << d.positions[i].number << ": " << d.positions[i].back_rank
         << "; " << d.positions[i].audit << '\n';
    os << game_line(e, i, games[i]) << '\n';
  }
  return os.str();
}
}  // namespace

int cmd_playoff(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, result;
  int game = 0;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "result", po::value(&result), "result of a play-off game: 1-0, 0-1 or 1/2-1/2")(
      "game", po::value(&game), "the play-off game the result is for (default: the next one)");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "playoff FILE [--result R [--game N]]"))
    return kExitOk;
  if (game < 0)
    throw EventInputError("--game: expected a game number, not " + std::to_string(game));
  std::string out;
  modify(file, [&](Event& e) -> std::string {
    if (e.settings.playoff.format == PlayoffFormat::None)
      throw EventError("the event has no play-off");
    if (!finished(e)) throw EventError("the play-off comes after the last round's results");
    if (result.empty()) {
      out = draw_playoff(e);
      return "draw the play-off";
    }
    const int n = set_playoff_result(e, game, result);
    const auto& g = e.settings.playoff_games[size_t(n - 1)];
    out = game_line(e, size_t(n - 1), g) + '\n';
    if (auto note = event_standings(e, e.settings.playoff.scope).s.note; !note.empty())
      out += note + '\n';
    return "play-off game " + std::to_string(n) + " result " + g.result;
  });
  std::cout << out;
  return kExitOk;
}

int cmd_export(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, trf;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "trf", po::value(&trf)->required(), "TRF-2026 file to write (rating report)");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "export FILE --trf OUT.trf")) return kExitOk;
  refuse_event_as_output(trf, file);
  Event e = load(file);
  write_out(trf, trf_report(e));
  std::cout << "wrote " << trf << " (TRF-2026, " << e.tournament.player_count() << " players, "
            << paired_rounds(e) << " rounds)\n";
  return kExitOk;
}

int cmd_report(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, html;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "html", po::value(&html)->required(), "HTML page to write (standings and crosstable)");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "report FILE --html OUT.html")) return kExitOk;
  refuse_event_as_output(html, file);
  Event e = load(file);
  write_out(html, standings_report(e, "html"));
  std::cout << "wrote " << html << '\n';
  return kExitOk;
}

namespace {
std::string tag(const adjudication::GameReport& r, const char* name) {
  for (const auto& [k, v] : r.tags)
    if (k == name) return v;
  return "";
}

// For a Chess960 event: every board of a round starts from the position drawn at its pairing.
// A game recorded from another position is not refused (A.5.1.2: a wrongly set-up position
// only restricts castling, the game stands), but the arbiter is told. Empty when it matches.
std::string wrong_start(const Event& e, int round, const std::string& fen) {
  for (const auto& s : e.settings.starts) {
    if (s.round != round) continue;
    const std::string want = to_fen(chess960::start_setup(s.position));
    const std::string board = want.substr(0, want.find(' '));
    if (fen.empty())
      return "no FEN tag: round " + std::to_string(round) + " was played from Chess960 position " +
             std::to_string(s.position) + " (" + board + ")";
    if (fen.substr(0, fen.find(' ')) != board)
      return "starts from '" + fen + "', not from round " + std::to_string(round) +
             "'s drawn position " + std::to_string(s.position) + " (" + board + ")";
  }
  return {};
}
}  // namespace

namespace {
// The games file as `validate` reads it (.pgn.zst decompressed, - for stdin), bounded.
std::string read_pgn_text(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw EventInputError(path + ": is a directory, not a PGN file");
  std::string text;
  try {
    auto src = pgn::open_source(path);
    char buf[1 << 16];
    while (size_t n = src->read(buf, sizeof buf)) {
      if (text.size() + n > kTextFileLimit)
        throw EventInputError(path + ": larger than " + std::to_string(kTextFileLimit >> 20) +
                              " MiB, the limit for one round's games");
      text.append(buf, n);
    }
  } catch (const pgn::ReadError& e) {
    throw EventInputError(e.what());
  }
  return text;
}
}  // namespace
PgnResults record_pgn_results(Event& e, int round, const std::string& text,
                              const std::string& pgn_file) {
  PgnResults out;
  if (!round) round = paired_rounds(e);
  if (round < 1 || round > paired_rounds(e))
    throw EventError("round " + std::to_string(round) + " is not paired");
  auto games = pgn::read_all(text);
  // The event's supervision regime (A.4/A.5, B.2/B.3) decides what an unclaimed illegal move
  // does (A.5.2) and when an illegal position is a draw (A.5.4).
  adjudication::ValidateOptions vo;
  if (!e.settings.regime.empty()) vo.regime = adjudication::parse_regime(e.settings.regime);
  for (const auto& g : games) {
    auto rep = adjudication::validate_game(g, vo);
    std::string where = pgn_file + ":" + std::to_string(rep.first_line) + ": game " +
                        std::to_string(rep.index + 1) + " " + tag(rep, "White") + " - " +
                        tag(rep, "Black") + " " + rep.result;
    auto refuse = [&](const std::string& why) { out.refused.push_back(where + ": " + why); };
    if (rep.status() == adjudication::GameStatus::Errors) {
      for (const auto& i : rep.issues)
        if (i.severity == pgn::Severity::Error) {
          refuse(i.message + " [" + i.code + "]");
          break;
        }
      continue;
    }
    if (rep.result != "1-0" && rep.result != "0-1" && rep.result != "1/2-1/2") {
      refuse("no result (" + (rep.result.empty() ? std::string("none") : rep.result) + ")");
      continue;
    }
    std::string rt = tag(rep, "Round");
    if (!rt.empty() && rt != "?" && rt != "-") {
      std::string lead = rt.substr(0, rt.find('.'));
      if (lead != std::to_string(round)) {
        refuse("Round tag '" + rt + "' is not round " + std::to_string(round));
        continue;
      }
    }
    Tpn w = 0, b = 0;
    try {
      std::string wid = tag(rep, "WhiteFideId"), bid = tag(rep, "BlackFideId");
      w = find_player(e, wid.empty() ? tag(rep, "White") : wid);
      b = find_player(e, bid.empty() ? tag(rep, "Black") : bid);
    } catch (const EventError& x) {
      refuse(x.what());
      continue;
    }
    int board = find_board(e, round, w, b);
    if (!board) {
      refuse("these players do not meet in round " + std::to_string(round));
      continue;
    }
    if (e.settings.boards[round][board - 1].first != w) {
      refuse("colours differ from the pairing of board " + std::to_string(board));
      continue;
    }
    if (auto why = wrong_start(e, round, tag(rep, "FEN")); !why.empty())
      out.warnings.push_back(where + ": " + why);
    std::string old = board_result(e, round, board);
    if (old == rep.result) continue;  // the same result again
    if (!old.empty()) {
      refuse("board " + std::to_string(board) + " has " + old +
             " already (correct it with `arbiter event result`)");
      continue;
    }
    set_result(e, round, board, rep.result);
    out.recorded.push_back("round " + std::to_string(round) + " board " + std::to_string(board) +
                           ": " + player_label(e, w) + " - " + player_label(e, b) + " " +
                           rep.result);
  }
  out.round = round;
  return out;
}

int cmd_results(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, pgn_file;
  o.add_options()("file", po::value(&file)->required(), "event file")(
      "pgn", po::value(&pgn_file)->required(), "the round's games")(
      "round", po::value<int>(), "round (default: the last paired round)");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse_event_options(args, o, pos, vm, "results FILE --pgn GAMES.pgn [--round R]"))
    return kExitOk;
  const std::string text = read_pgn_text(pgn_file);
  if (vm.count("round") && vm["round"].as<int>() < 1)
    throw EventError("round " + std::to_string(vm["round"].as<int>()) + " is not paired");
  PgnResults res;
  modify(file, [&](Event& e) {
    res = record_pgn_results(e, vm.count("round") ? vm["round"].as<int>() : 0, text, pgn_file);
    return "results of round " + std::to_string(res.round) + " from " + pgn_file + " (" +
           std::to_string(res.recorded.size()) + " recorded)";
  });
  const auto& [round, recorded, refused, warnings] = res;
  for (const auto& r : recorded) std::cout << "recorded: " << r << '\n';
  for (const auto& r : refused) std::cout << "refused: " << r << '\n';
  for (const auto& w : warnings) std::cout << "warning: " << w << '\n';
  std::cout << recorded.size() << " result(s) recorded, " << refused.size() << " game(s) refused\n";
  return refused.empty() ? kExitOk : kExitFailure;
}

}  // namespace arbiter::cli::event
