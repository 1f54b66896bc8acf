// Shared helpers of `arbiter event` (see event_cli.h).
#include "event_cli.h"

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <sstream>

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/setup.h"
#include "arbiter/pairing/result_change.h"
#include "cli_options.h"

namespace arbiter::cli::event {
using namespace arbiter::pairing;

namespace {
// The content with a blank first line in place of the format record, so that the readers'
// file:line messages name the file's lines (blank lines are skipped by the readers).
std::string content_lines(const EventStore& store) {
  std::string s(1, '\n');  // by append: g++ 12 warns falsely (-Wrestrict) on "\n" + string
  s += store.read();
  return s;
}
}  // namespace

bool parse_event_options(const std::vector<std::string>& args,
                         boost::program_options::options_description& opts,
                         const boost::program_options::positional_options_description& pos,
                         boost::program_options::variables_map& vm, const std::string& synopsis) {
  opts.add_options()("help,h", "this help");
  auto parsed = parse_options(args, opts, pos, {}, "usage: arbiter event " + synopsis + "\n\n");
  if (!parsed) return false;
  vm = std::move(*parsed);
  return true;
}

StoreOptions writer_options() {
  StoreOptions o;
  // ARBITER_LOCK_WAIT=SECONDS: how long a command waits for another one changing the same event.
  if (const char* w = std::getenv("ARBITER_LOCK_WAIT")) {
    char* end = nullptr;
    const double s = std::strtod(w, &end);
    if (end != w && *end == '\0' && s >= 0 && s <= 86400)
      o.wait_limit = std::chrono::milliseconds(static_cast<long long>(s * 1000));
  }
  o.on_wait = [](const std::string& m) { std::cerr << "arbiter event: " << m << std::endl; };
  return o;
}

void modify(const std::string& file, const std::function<std::string(Event&)>& change) {
  EventStore store(file, writer_options());
  Event e = read_event(content_lines(store), file);
  std::string what = change(e);
  store.commit(write_event(e), what);
}

Event load(const std::string& file) {
  // Readers take no lock and need no write access: the store replaces the file atomically.
  StoreOptions read_only;
  read_only.write = false;
  EventStore store(file, read_only);
  return read_event(content_lines(store), file);
}

namespace {
std::string who(const Event& e, Tpn p) {
  const auto& pl = e.tournament.player(p);
  std::ostringstream os;
  os << std::setw(3) << p << ' ' << pl.name;
  if (pl.rating) os << " (" << pl.rating << ')';
  return os.str();
}
std::string points(const Event& e, Tpn p, int round) {
  return format_points(e.tournament.player(p).score(e.tournament.scoring, round - 1));
}
}  // namespace

void print_round(std::ostream& os, const Event& e, int round) {
  auto it = e.settings.boards.find(round);
  os << "Round " << round << " of " << e.settings.rounds;
  if (it != e.settings.boards.end()) os << " (" << it->second.size() << " boards)";
  os << '\n';
  for (const auto& s : e.settings.starts)
    if (s.round == round) {
      // The FEN too, so that the arbiter can paste it into `validate`, `moves` or a DGT board.
      os << "Chess960 start position " << s.position << ": " << s.audit << '\n'
         << "FEN " << to_fen(chess960::start_setup(s.position)) << '\n';
    }
  if (it != e.settings.boards.end()) {
    for (size_t b = 0; b < it->second.size(); ++b) {
      auto [w, bl] = it->second[b];
      std::string res = board_result(e, round, int(b) + 1);
      std::ostringstream l;
      l << std::setw(4) << b + 1 << "  [" << points(e, w, round) << "] " << std::left
        << std::setw(36) << who(e, w) << std::right << " - [" << points(e, bl, round) << "] "
        << who(e, bl);
      os << l.str();
      if (!res.empty()) os << "   " << res;
      os << '\n';
    }
  }
  for (const auto& p : e.tournament.players) {
    auto c = p.round(round);
    if (c.has_opponent()) continue;
    if (c.result == pairing::ResultCode::PairingBye)
      os << "  pairing-allocated bye: " << who(e, p.tpn) << '\n';
    else if (c.result == pairing::ResultCode::HalfBye)
      os << "  half-point bye: " << who(e, p.tpn) << '\n';
    else if (c.result == pairing::ResultCode::FullBye)
      os << "  full-point bye: " << who(e, p.tpn) << '\n';
    else if (p.has_round(round) && c.result == pairing::ResultCode::ZeroBye)
      os << "  absent: " << who(e, p.tpn) << '\n';
    else if (p.withdrawn_from && p.withdrawn_from <= round)
      os << "  withdrawn: " << who(e, p.tpn) << '\n';
  }
}

std::string record_result(Event& e, int round, int board, const std::string& result, bool force,
                          std::vector<std::string>& effects) {
  const std::string before = pairing::board_result(e, round, board);
  bool forced = false;
  for (const auto& effect : pairing::result_change_effects(e, round, board, result)) {
    if (!force)
      throw pairing::EventError("round " + std::to_string(round) + " board " +
                                std::to_string(board) + " has " + before + ": " + effect +
                                "; give --force to change it");
    effects.push_back(effect);
    forced = true;
  }
  const std::string norm = pairing::set_result(e, round, board, result);
  auto [w, b] = e.settings.boards.at(round)[board - 1];
  // A result typed over another is said to have replaced it (a typo on the wrong board would
  // otherwise change a recorded result without a word; it is in the journal's line too).
  const std::string was = forced           ? " (forced, was " + before + ")"
                          : before.empty() ? ""
                          : before == norm ? " (unchanged)"
                                           : " (was " + before + ")";
  return "round " + std::to_string(round) + " board " + std::to_string(board) + ": " +
         player_label(e, w) + " - " + player_label(e, b) + " " + norm + was;
}

}  // namespace arbiter::cli::event
