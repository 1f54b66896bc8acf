#pragma once
// Helpers of `arbiter event`: loading and saving the event under its lock, printing pairings,
// and the links to the other modules (pairing systems, Chess960 draw, standings, validation).
#include <boost/program_options.hpp>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_lots.h"
#include "arbiter/pairing/event_round.h"
#include "arbiter/pairing/event_store.h"

namespace arbiter::cli::event {

using pairing::Event;
using pairing::Tpn;

// Parses the options of `arbiter event SUBCOMMAND` into `vm` (cli_options.h: parse_options), with
// --help added to `opts`: its help begins "usage: arbiter event SYNOPSIS\n\n". False after the
// help was printed (the subcommand exits 0).
bool parse_event_options(const std::vector<std::string>& args,
                         boost::program_options::options_description& opts,
                         const boost::program_options::positional_options_description& pos,
                         boost::program_options::variables_map& vm, const std::string& synopsis);

// Runs `change` on the event under the lock and saves the result atomically (journalled for
// undo) with the one-line description it returns; nothing is saved when it throws.
void modify(const std::string& file, const std::function<std::string(Event&)>& change);
// Reads the event (no lock: the store replaces the file atomically, so a reader sees one whole
// version; no write access needed).
Event load(const std::string& file);
// A writer's store options: the wait limit (ARBITER_LOCK_WAIT) and the "waiting" message.
pairing::StoreOptions writer_options();

// The round's boards, byes and absences as the arbiter posts them.
void print_round(std::ostream& os, const Event& e, int round);

// Records one board's result as `arbiter event result` does and returns its journal line
// ("round R board B: W - B RESULT"): a change that later pairings or the final standings were
// built on (issue 17, result_change.h) is refused with EventError unless `force`, and then the
// line says "(forced, was X)" and `effects` gets what it affects. Shared by the CLI and the desk.
std::string record_result(Event& e, int round, int board, const std::string& result, bool force,
                          std::vector<std::string>& effects);

// The engine's SHA-256 and seeded Chess960 draw, for the event's lots (event_lots.h).
pairing::LotDraws engine_lot_draws();
// Pairs the next round with its lots (pairing::pair_with_lots) drawn with the engine's.
pairing::PairedRound pair_with_lots(Event& e, bool force);

}  // namespace arbiter::cli::event

namespace arbiter::cli::event {
// The results of a round's games from PGN (`event results --pgn`, the desk's PGN upload): each
// game validated, and the result of a clean one recorded on its board when the players, colours
// and round match the pairing and the board has no other result. `round` 0: the last paired.
// Lines name PGN_FILE:LINE. Throws EventError when the round is not paired.
struct PgnResults {
  int round = 0;
  std::vector<std::string> recorded, refused, warnings;
};
PgnResults record_pgn_results(Event& e, int round, const std::string& text,
                              const std::string& pgn_file);
// Subcommands implemented in event_results.cpp.
int cmd_standings(const std::vector<std::string>& args);
int cmd_playoff(const std::vector<std::string>& args);
int cmd_export(const std::vector<std::string>& args);
int cmd_report(const std::vector<std::string>& args);
int cmd_results(const std::vector<std::string>& args);
int cmd_prizes(const std::vector<std::string>& args);
int cmd_wallchart(const std::vector<std::string>& args);
int cmd_card(const std::vector<std::string>& args);
// A round's pairing list (by board, by name or both) or its pairing cards, as a publication.
int cmd_show_round(const Event& e, int round, const std::string& format, const std::string& by,
                   bool cards, const std::string& out);
}  // namespace arbiter::cli::event
