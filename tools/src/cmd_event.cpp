// `arbiter event`: run a whole tournament from the command line (issue 7). One event file per
// tournament (TRF-2026 + XAR records, see pairing/event_settings.h); every change is atomic,
// journalled for `undo` and serialised by a lock (pairing/event_store.h).
#include <algorithm>
#include <boost/program_options.hpp>
#include <cassert>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>

#include "arbiter/pairing/event_prizes.h"
#include "arbiter/pairing/event_standings.h"
#include "arbiter/pairing/registration_csv.h"
#include "arbiter/pairing/result_change.h"
#include "arbiter/pairing/standings.h"
#include "arbiter/pairing/tiebreak_spec.h"
#include "cli_options.h"
#include "command.h"
#include "event_cli.h"

namespace arbiter::cli::event {
namespace po = boost::program_options;
using namespace arbiter::pairing;

namespace {

struct Sub {
  const char* name;
  const char* args;
  const char* summary;
  int (*run)(const std::vector<std::string>&);
};

// Parses `args` with `opts` (+ positionals); prints help and returns false on --help.
bool parse(const std::vector<std::string>& args, po::options_description& opts,
           const po::positional_options_description& pos, po::variables_map& vm, const Sub& sub) {
  return parse_event_options(args, opts, pos, vm,
                             std::string(sub.name) + ' ' + sub.args + "\n" + sub.summary);
}

// FILE: the event file, every subcommand's first operand.
void event_file_options(po::options_description& o, po::positional_options_description& pos,
                        std::string& file) {
  o.add_options()("file", po::value(&file)->required(), "event file");
  pos.add("file", 1);
}

// FILE PLAYER: the commands about one player of the event.
void event_player_options(po::options_description& o, po::positional_options_description& pos,
                          std::string& file, std::string& player) {
  event_file_options(o, pos, file);
  o.add_options()("player", po::value(&player)->required(), "pairing number, FIDE id or name");
  pos.add("player", 1);
}

int positive(const po::variables_map& vm, const char* key, int dflt = 0) {
  if (!vm.count(key)) return dflt;
  int v = vm[key].as<int>();
  if (v < 1) throw po::error(std::string("--") + key + " must be at least 1");
  return v;
}

// ---- new ----------------------------------------------------------------------------------
int cmd_new(const std::vector<std::string>& args);
int cmd_register(const std::vector<std::string>& args);
int cmd_bye(const std::vector<std::string>& args);
int cmd_cancel_bye(const std::vector<std::string>& args);
int cmd_withdraw(const std::vector<std::string>& args);
int cmd_excuse(const std::vector<std::string>& args);
int cmd_forbid(const std::vector<std::string>& args);
int cmd_reinstate(const std::vector<std::string>& args);
int cmd_pair(const std::vector<std::string>& args);
int cmd_result(const std::vector<std::string>& args);
int cmd_show(const std::vector<std::string>& args);
int cmd_undo(const std::vector<std::string>& args);
int cmd_upgrade(const std::vector<std::string>& args);
int cmd_deny_byes(const std::vector<std::string>& args);
int cmd_round_date(const std::vector<std::string>& args);

const Sub kSubs[] = {
    {"new", "FILE --system S --rounds N --rating-list L --tiebreaks \"...\" --rules Y [...]",
     "Creates the event file from the event's regulations.", cmd_new},
    {"register", "FILE (--name \"Surname, Name\" [--rapid R ...] | --csv PLAYERS.csv) [--round K]",
     "Registers one player, or every player of an organisers' CSV file (UTF-8, ',' or ';'; "
     "header Name/Nombre, Title, Fed, FIDE ID, Sex, Birth, Standard/Elo, Rapid, Blitz, "
     "National; other columns such as Club are kept).",
     cmd_register},
    {"bye", "FILE PLAYER [--round R] [--zero]",
     "Grants a requested half-point bye (within the event's limits) or records a known absence.",
     cmd_bye},
    {"cancel-bye", "FILE PLAYER --round R",
     "Cancels a requested bye before the previous round starts.", cmd_cancel_bye},
    {"withdraw", "FILE PLAYER [--round R]", "Withdraws a player from round R (default: the next).",
     cmd_withdraw},
    {"forbid", "FILE PLAYER PLAYER [--from R] [--to R]",
     "Keeps two players (one family, one club) from meeting (Swiss only; TRF 260).", cmd_forbid},
    {"excuse", "FILE PLAYER", "Records a written excuse for a no-show before the next pairing.",
     cmd_excuse},
    {"reinstate", "FILE PLAYER [--exception \"reason\"]",
     "Lets a player withdrawn after a no-show play again (after a second one: only as the "
     "Chief Arbiter's exception, recorded with its reason).",
     cmd_reinstate},
    {"deny-byes", "FILE PLAYER --reason \"...\"",
     "Refuses a player half-point byes (e.g. financial support), cancelling those requested.",
     cmd_deny_byes},
    {"round-date", "FILE R YYYY/MM/DD",
     "Records the date of round R (TRF-2026 record 132 in the report for rating).", cmd_round_date},
    {"pair", "FILE [--force] [--date YYYY/MM/DD]",
     "Pairs the next round (refuses while results are missing).", cmd_pair},
    {"result", "FILE BOARD RESULT [BOARD RESULT ...] [--round R] [--force]",
     "Records results: 1-0 0-1 1/2-1/2, forfeits +- -+ --, * to clear.", cmd_result},
    {"results", "FILE --pgn GAMES.pgn [--round R]",
     "Validates the round's games and records the results of the clean ones.", cmd_results},
    {"show",
     "FILE [--round R] [--format text|csv|json|html [--by board|name|both] [--cards]] [-o OUT]",
     "Prints a round's pairings and results; with --format, the pairing list to publish.",
     cmd_show},
    {"standings", "FILE [--format text|crosstable|tsv|csv|json|html] [--filter F]",
     "Standings with the event's tiebreaks (and the Armageddon when played); --filter: a "
     "sub-ranking.",
     cmd_standings},
    {"playoff", "FILE [--result R [--game N]]",
     "Draws the play-off (Armageddon, match or group) by lot, or records a game's result.",
     cmd_playoff},
    {"export", "FILE --trf OUT.trf",
     "Writes the TRF-2026 report for rating (points, ranks, tiebreaks).", cmd_export},
    {"report", "FILE --html OUT.html",
     "Writes the standings and crosstable as a printable HTML page.", cmd_report},
    {"prizes", "FILE --spec PRIZES.txt [--format text|csv|json|html] [-o OUT]",
     "Who wins which prize of the regulations, and why.", cmd_prizes},
    {"wallchart", "FILE [--format text|csv|json|html] [-o OUT]",
     "The wall chart (Swiss: opponents by pairing number) or the round-robin grid.", cmd_wallchart},
    {"card", "FILE PLAYER [--format text|csv|json|html] [-o OUT]",
     "One player's games, colours, floats and points.", cmd_card},
    {"undo", "FILE", "Restores the event as it was before the last change.", cmd_undo},
    {"upgrade", "FILE",
     "Converts an event file of an earlier arbiter to the current format (undo restores it).",
     cmd_upgrade},
};

void usage(std::ostream& os) {
  os << "usage: arbiter event <command> FILE ...   (arbiter event <command> --help)\n\ncommands:\n";
  for (const auto& s : kSubs)
    os << "  " << s.name << std::string(13 - std::string(s.name).size(), ' ') << s.summary << '\n';
}

const Sub& sub(const char* name) {
  for (const auto& s : kSubs)
    if (std::string(s.name) == name) return s;
  throw std::logic_error(name);
}

// `event new`'s options, as typed (checked and turned into EventSettings by the steps below).
struct NewArgs {
  std::string file, system, list, tiebreaks, playoff = "none", variant = "standard", name, city,
                                             fed, start, end, arbiter, tc, acceleration = "none";
  std::string no_show = "withdraw", late_entry = "zero", late_numbers = "insert";
  int rounds = 0, rules = 2026, pairing_rules = 0;
};

po::options_description new_options(NewArgs& a) {
  po::options_description o("options");
  o.add_options()("file", po::value(&a.file)->required(), "event file to create")(
      "system", po::value(&a.system)->required(), "dutch, round-robin or double-round-robin")(
      "rounds", po::value(&a.rounds)->required(), "number of rounds")(
      "rating-list", po::value(&a.list)->required(), "standard, rapid or blitz (initial order)")(
      "tiebreaks", po::value(&a.tiebreaks)->required(),
      "C.07 list, e.g. \"BH/C1 GE DE ARO/C1 WON\"")(
      "rules", po::value(&a.rules)->required(),
      "tiebreak rules: 2026, 2024 or 2022 (virtual opponent)")("half-point-byes", po::value<int>(),
                                                               "most half-point byes per player")(
      "bye-rounds", po::value<int>(), "half-point byes only in rounds 1..K")(
      "pairing-rules", po::value(&a.pairing_rules),
      "dutch: C.04.3 edition, 2026 or 2017 (default: 2017 if --start is before 2026/02/01)")(
      "acceleration", po::value(&a.acceleration), "dutch: none or baku (C.04.5.1)")(
      "variant", po::value(&a.variant), "standard or chess960")(
      "playoff", po::value(&a.playoff),
      "none, armageddon:WHITE/BLACK seconds (armageddon:300/240), match:N (N games between the "
      "first two) or group[:2] (a round robin among all tied on top)")(
      "category", po::value<std::vector<std::string>>(),
      "a category the standings and prize list show, CODE=CATEGORY (repeatable): W=women, "
      "U18=junior:2008, S65=senior:1961, U2000=rating:0-1999, ESP=federation:ESP, "
      "ARA=Region=Aragon")(
      "playoff-scope", po::value<std::string>(),
      "the play-off decides first place of this sub-ranking (a --filter, e.g. \"cat=ARA\", a "
      "category of the event, or \"players=3,7\")")(
      "seed", po::value<std::uint64_t>(),
      "seed of every lot of the event (default: random, printed)")("name", po::value(&a.name),
                                                                   "tournament name (012)")(
      "city", po::value(&a.city), "city (022)")("federation", po::value(&a.fed),
                                                "federation (032)")(
      "start", po::value(&a.start), "start date YYYY/MM/DD (042)")("end", po::value(&a.end),
                                                                   "end date (052)")(
      "arbiter", po::value(&a.arbiter), "chief arbiter (102)")("time-control", po::value(&a.tc),
                                                               "time control (122)");
  o.add_options()("no-show", po::value(&a.no_show),
                  "withdraw (default), forfeit-only or withdraw-after-N")(
      "bye-deadline", po::value<int>(), "half-point byes are requested before round K is paired")(
      "max-players", po::value<int>(), "the most players the regulations allow")(
      "fide-id-for-foreign", "players of another federation need a FIDE ID")(
      "late-entry", po::value(&a.late_entry), "rounds missed by a late entry: zero or half")(
      "late-numbers", po::value(&a.late_numbers),
      "insert (renumber until round 4 is paired, C.04.2) or append (keep published numbers)")(
      "unrated-rating", po::value<int>(), "rating of unrated opponents for ARO/TPR")(
      "regime", po::value<std::string>(),
      "supervision: standard, rapid, blitz, rapid-unsupervised or blitz-unsupervised "
      "(A.4/A.5, B.2/B.3; default: each game's TimeControl tag, supervised)");
  return o;
}

// The format: system, rounds, rating list (C.04.2's initial order) and the C.07 tiebreaks with
// their edition.
void set_format(EventSettings& s, const NewArgs& a) {
  auto sys = parse_event_system(a.system);
  if (!sys)
    throw po::error("--system: expected dutch, round-robin or double-round-robin, not '" +
                    a.system + "'");
  s.system = *sys;
  if (a.rounds < 1 || a.rounds > 999) throw po::error("--rounds must be 1-999");
  s.rounds = a.rounds;
  auto rl = parse_rating_list(a.list);
  if (!rl)
    throw po::error("--rating-list: expected standard, rapid or blitz, not '" + a.list + "'");
  s.rating_list = *rl;
  try {
    parse_tiebreaks(a.tiebreaks);  // refused now, not at the first `standings`
  } catch (const std::invalid_argument& x) {
    throw po::error("--tiebreaks '" + a.tiebreaks + "': " + x.what());
  }
  s.tiebreaks = a.tiebreaks;
  if (a.rules != 2026 && a.rules != 2024 && a.rules != 2022)
    throw po::error("--rules: expected 2026, 2024 or 2022");
  s.rules = a.rules;
}

// Half-point byes (C.04.2): how many a player may take, and until which round.
void set_byes(EventSettings& s, const po::variables_map& vm) {
  assert(s.rounds >= 1);
  if (vm.count("half-point-byes") != vm.count("bye-rounds") && vm.count("bye-rounds"))
    throw po::error("--bye-rounds needs --half-point-byes");
  if (!vm.count("half-point-byes")) return;
  s.byes.max_half_point_byes = vm["half-point-byes"].as<int>();
  if (s.byes.max_half_point_byes < 0) throw po::error("--half-point-byes must be 0 or more");
  s.byes.last_round = vm.count("bye-rounds") ? vm["bye-rounds"].as<int>() : 0;
  if (s.byes.last_round < 0 || s.byes.last_round > s.rounds)
    throw po::error("--bye-rounds must be 0-" + std::to_string(s.rounds));
}

// The Dutch rules' edition (C.04.3 2026 or 2017, chosen by the start date when not given) and
// the Baku acceleration (C.04.5.1): for Dutch events only.
void set_dutch(EventSettings& s, const NewArgs& a, const po::variables_map& vm) {
  int pairing_rules = a.pairing_rules;
  if (!vm.count("pairing-rules") && !a.start.empty() && s.system == EventSystem::Dutch) {
    const bool iso = a.start.size() == 10 && a.start[4] == '/' && a.start[7] == '/' &&
                     std::all_of(a.start.begin(), a.start.end(), [](char ch) {
                       return ch == '/' || std::isdigit((unsigned char)ch);
                     });
    if (!iso)
      throw po::error("--start: expected YYYY/MM/DD (it chooses the Dutch rules), not '" + a.start +
                      "'");
    pairing_rules = dutch_rules_for_start(a.start);
  }
  if (!vm.count("pairing-rules") && pairing_rules == 0) pairing_rules = 2026;
  if (pairing_rules != 2026 && pairing_rules != 2017)
    throw po::error("--pairing-rules: expected 2026 or 2017");
  if (a.acceleration != "none" && a.acceleration != "baku")
    throw po::error("--acceleration: expected none or baku, not '" + a.acceleration + "'");
  if (s.system != EventSystem::Dutch && (vm.count("pairing-rules") || a.acceleration != "none"))
    throw po::error("--pairing-rules and --acceleration are for --system dutch");
  s.pairing_rules = pairing_rules;
  s.baku = a.acceleration == "baku";
}

// Entries and attendance: the no-show rule, the bye deadline, the field's limits, late entries
// (C.04.2), the rating of unrated opponents (C.07) and the supervision regime (Laws A.4/A.5,
// B.2/B.3).
void set_entry(EventSettings& s, const NewArgs& a, const po::variables_map& vm) {
  auto ns = parse_no_show(a.no_show);
  if (!ns)
    throw po::error("--no-show: expected withdraw, forfeit-only or withdraw-after-N, not '" +
                    a.no_show + "'");
  s.no_show = *ns;
  if (vm.count("bye-deadline")) s.byes.deadline = vm["bye-deadline"].as<int>();
  if (vm.count("max-players")) s.entry.max_players = positive(vm, "max-players");
  s.entry.fide_id_for_foreign = vm.count("fide-id-for-foreign") > 0;
  if (a.late_entry != "zero" && a.late_entry != "half")
    throw po::error("--late-entry: expected zero or half, not '" + a.late_entry + "'");
  s.entry.missed_rounds = a.late_entry == "half" ? 'H' : 'Z';
  if (a.late_numbers != "insert" && a.late_numbers != "append")
    throw po::error("--late-numbers: expected insert or append, not '" + a.late_numbers + "'");
  s.entry.keep_published_numbers = a.late_numbers == "append";
  if (vm.count("unrated-rating")) s.unrated_rating = positive(vm, "unrated-rating");
  if (vm.count("regime")) {
    s.regime = vm["regime"].as<std::string>();
    if (!is_regime_name(s.regime))
      throw po::error(
          "--regime: expected standard, rapid, blitz, rapid-unsupervised or "
          "blitz-unsupervised, not '" +
          s.regime + "'");
  }
}

// --category CODE=CATEGORY: the sub-rankings the standings and prizes show.
void add_categories(EventSettings& s, const std::vector<std::string>& items) {
  for (const auto& item : items) {
    const auto eq = item.find('=');
    const std::string code = item.substr(0, eq);
    if (eq == std::string::npos || code.empty() || code.size() > 8 ||
        !std::all_of(code.begin(), code.end(),
                     [](char ch) { return std::isalnum((unsigned char)ch); }))
      throw po::error(
          "--category: expected CODE=CATEGORY with a code of 1-8 letters or digits, not '" + item +
          "'");
    const std::string cat = item.substr(eq + 1);
    try {
      in_category(Event{}, 0, cat);  // the spelling only
    } catch (const EventError& x) {
      throw po::error(std::string("--category: ") + x.what());
    }
    s.categories.emplace_back(code, cat);
  }
}

// The variant (Laws Guidelines II: Chess960), the play-off for first place and the categories
// whose sub-ranking it may decide.
void set_variant_and_playoff(EventSettings& s, const NewArgs& a, const po::variables_map& vm) {
  auto v = parse_variant(a.variant);
  if (!v) throw po::error("--variant: expected standard or chess960, not '" + a.variant + "'");
  s.variant = *v;
  auto pl = parse_playoff(a.playoff);
  if (!pl)
    throw po::error(
        "--playoff: expected none, armageddon:WHITE/BLACK seconds, match:N or group[:2], not '" +
        a.playoff + "'");
  s.playoff = *pl;
  if (vm.count("category")) add_categories(s, vm["category"].as<std::vector<std::string>>());
  if (vm.count("playoff-scope")) {  // after the categories: the scope may name one
    s.playoff.scope = vm["playoff-scope"].as<std::string>();
    try {
      check_event_filter(s, s.playoff.scope);
    } catch (const EventError& x) {
      throw po::error(std::string("--playoff-scope: ") + x.what());
    }
  }
}

void print_created(const NewArgs& a, const EventSettings& s) {
  std::cout << "created " << a.file << ": " << to_string(s.system) << ", " << a.rounds
            << " rounds, " << to_string(s.rating_list) << " rating list, tiebreaks "
            << (a.tiebreaks.empty() ? "none" : a.tiebreaks) << " (" << a.rules << " rules), seed "
            << s.seed;
  if (s.system == EventSystem::Dutch)
    std::cout << ", Dutch " << s.pairing_rules << " rules" << (s.baku ? ", Baku acceleration" : "");
  std::cout << '\n';
}

int cmd_new(const std::vector<std::string>& args) {
  NewArgs a;
  po::options_description o = new_options(a);
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("new"))) return kExitOk;
  EventSettings s;
  set_format(s, a);
  set_byes(s, vm);
  set_dutch(s, a, vm);
  set_entry(s, a, vm);
  set_variant_and_playoff(s, a, vm);
  s.seed = vm.count("seed")
               ? vm["seed"].as<std::uint64_t>()
               : (std::uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
  Event e = new_event(s, {a.name, a.city, a.fed, a.start, a.end, a.arbiter, a.tc});
  EventStore store(a.file, writer_options());
  store.create(write_event(e));
  print_created(a, s);
  return kExitOk;
}

// The organisers' list through the library's reader (registration_csv.h): every bad cell is
// printed (file:line:column) and nobody is registered.
std::vector<Registration> read_csv(const std::string& file) {
  // Bounded, no directory, no NUL byte (file_io.h).
  auto r = read_registration_csv(read_text_file(file, kTextFileLimit), file);
  if (r.errors.empty()) return r.players;
  for (size_t i = 0; i + 1 < r.errors.size(); ++i) std::cerr << r.errors[i] << '\n';
  throw EventInputError(r.errors.back() + " (" + std::to_string(r.errors.size()) +
                        " error(s); nobody registered)");
}

// The player typed as options, every field checked and normalised as a CSV cell of its column
// is (registration_csv.h): `--birth 01/02/2005`, `--fide-id 12ab` or `--sex f` were stored as
// typed, where the same values in a CSV file are refused or normalised, and `--standard 20100`
// was refused without naming the option.
constexpr const char* kTypedFields[] = {"name",  "title",    "federation", "fide-id", "sex",
                                        "birth", "standard", "rapid",      "blitz",   "national"};

std::vector<Registration> typed_player(const std::map<std::string, std::string>& typed) {
  std::vector<std::pair<std::string, std::string>> fields;
  for (const char* f : kTypedFields) fields.emplace_back(f, typed.at(f));
  auto r = read_registration_fields(fields);
  if (!r.errors.empty()) {
    for (size_t i = 0; i + 1 < r.errors.size(); ++i) std::cerr << r.errors[i] << '\n';
    throw EventInputError(r.errors.back() + " (nobody registered)");
  }
  return r.players;
}

int cmd_register(const std::vector<std::string>& args) {
  po::options_description o("options");
  std::string file, csv;
  std::map<std::string, std::string> typed;  // option -> the text typed
  for (const char* f : kTypedFields) typed[f];
  po::positional_options_description pos;
  event_file_options(o, pos, file);
  o.add_options()("csv", po::value(&csv), "register every player of this CSV file")(
      "name", po::value(&typed["name"]), "\"Surname, Name\"")("title", po::value(&typed["title"]),
                                                              "GM IM WGM FM WIM CM WFM WCM")(
      "federation", po::value(&typed["federation"]), "3-letter federation")(
      "fide-id", po::value(&typed["fide-id"]), "FIDE id")(
      "sex", po::value(&typed["sex"]), "m or w")("birth", po::value(&typed["birth"]),
                                                 "YYYY/MM/DD or YYYY")(
      "standard", po::value(&typed["standard"]), "FIDE standard rating")(
      "rapid", po::value(&typed["rapid"]), "FIDE rapid rating")("blitz", po::value(&typed["blitz"]),
                                                                "FIDE blitz rating")(
      "national", po::value(&typed["national"]), "national rating")(
      "round", po::value<int>(), "late entry: the first round played (default: the next)");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("register"))) return kExitOk;
  if (csv.empty() == typed["name"].empty()) throw po::error("give either --name or --csv");
  std::vector<Registration> regs = csv.empty() ? typed_player(typed) : read_csv(csv);
  std::vector<std::string> lines;
  const int first = positive(vm, "round", 0);
  std::map<int, int> renumbered;  // old -> new over the whole registration
  modify(file, [&](Event& e) {
    EntryList list = enter_players(e, regs, first);
    for (const auto& x : list.players) {
      std::string l = player_label(e, x.tpn);
      if (auto en = e.settings.entry_round.find(x.tpn); en != e.settings.entry_round.end())
        l += " (from round " + std::to_string(en->second) + ")";
      lines.push_back(l);
    }
    renumbered = std::move(list.renumbered);
    return regs.size() == 1 ? "register " + regs[0].name
                            : "register " + std::to_string(regs.size()) + " players from " + csv;
  });
  for (const auto& l : lines) std::cout << "registered " << l << '\n';
  if (!renumbered.empty()) {
    // C.04.2 Art. 2: numbers follow the initial order until round 4 is paired; say which
    // numbers on the published lists changed.
    std::cout << "pairing numbers changed (C.04.2 Art. 2):";
    for (auto [o, n] : renumbered)
      if (o != n) std::cout << ' ' << o << "->" << n;
    std::cout << '\n';
  }
  return kExitOk;
}

int cmd_bye(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, player;
  event_player_options(o, pos, file, player);
  o.add_options()("round", po::value<int>(), "round (default: the next round to be paired)")(
      "zero", "a known absence (zero points) instead of a half-point bye");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("bye"))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    Tpn p = find_player(e, player);
    int r = positive(vm, "round", next_round(e));
    char kind = vm.count("zero") ? 'Z' : 'H';
    request_bye(e, p, r, kind);
    msg = std::string(kind == 'H' ? "half-point bye" : "zero-point absence") + " in round " +
          std::to_string(r) + " for " + player_label(e, p);
    return msg;
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int cmd_cancel_bye(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, player;
  int round = 0;
  event_player_options(o, pos, file, player);
  o.add_options()("round", po::value(&round)->required(), "round of the bye");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("cancel-bye"))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    Tpn p = find_player(e, player);
    cancel_bye(e, p, round);
    return msg = "bye of round " + std::to_string(round) + " cancelled for " + player_label(e, p);
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int cmd_withdraw(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, player;
  event_player_options(o, pos, file, player);
  o.add_options()("round", po::value<int>(), "first round not played (default: the next round)");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("withdraw"))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    Tpn p = find_player(e, player);
    int r = positive(vm, "round", next_round(e));
    withdraw(e, p, r);
    return msg = player_label(e, p) + " withdrawn from round " + std::to_string(r);
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int cmd_forbid(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, first, second;
  event_player_options(o, pos, file, first);
  o.add_options()("other", po::value(&second)->required(), "the player who must not be met")(
      "from", po::value<int>(), "first round (default: the next round)")(
      "to", po::value<int>(), "last round (default: the last)");
  pos.add("other", 1);
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("forbid"))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    const Tpn a = find_player(e, first), b = find_player(e, second);
    const int from = positive(vm, "from", next_round(e)), to = positive(vm, "to", 0);
    pairing::forbid_pair(e, a, b, from, to);
    return msg = player_label(e, a) + " and " + player_label(e, b) + " may not meet from round " +
                 std::to_string(from) + (to ? " to round " + std::to_string(to) : "");
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int one_player_change(const std::vector<std::string>& args, const char* name,
                      void (*op)(Event&, Tpn), const char* done) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, player;
  event_player_options(o, pos, file, player);
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub(name))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    Tpn p = find_player(e, player);
    op(e, p);
    return msg = std::string(done) + ": " + player_label(e, p);
  });
  std::cout << msg << '\n';
  return kExitOk;
}
int cmd_excuse(const std::vector<std::string>& a) {
  return one_player_change(a, "excuse", excuse, "no-show excused");
}
int cmd_reinstate(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, player, exception;
  event_player_options(o, pos, file, player);
  o.add_options()("exception", po::value(&exception),
                  "the Chief Arbiter's exception after a second no-show, with its reason");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("reinstate"))) return kExitOk;
  if (vm.count("exception") && exception.find_first_not_of(" \t") == std::string::npos)
    throw po::error("--exception needs the reason");
  std::string msg;
  modify(file, [&](Event& e) {
    Tpn p = find_player(e, player);
    reinstate(e, p, exception);
    msg = "reinstated: " + player_label(e, p);
    if (!exception.empty()) msg += " (Chief Arbiter's exception: " + exception + ")";
    return msg;
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int cmd_deny_byes(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, player, reason;
  event_player_options(o, pos, file, player);
  o.add_options()("reason", po::value(&reason)->required(),
                  "why (e.g. receives financial support)");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("deny-byes"))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    Tpn p = find_player(e, player);
    auto cancelled = deny_byes(e, p, reason);
    msg = "half-point byes refused to " + player_label(e, p) + ": " + reason;
    for (int r : cancelled) msg += "; bye of round " + std::to_string(r) + " cancelled";
    return msg;
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int cmd_round_date(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, date;
  int round = 0;
  event_file_options(o, pos, file);
  o.add_options()("round", po::value(&round)->required(), "round")(
      "date", po::value(&date)->required(), "YYYY/MM/DD");
  pos.add("round", 1).add("date", 1);
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("round-date"))) return kExitOk;
  std::string msg;
  modify(file, [&](Event& e) {
    set_round_date(e, round, date);
    return msg = "round " + std::to_string(round) + " on " + date;
  });
  std::cout << msg << '\n';
  return kExitOk;
}

int cmd_pair(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file;
  event_file_options(o, pos, file);
  o.add_options()("force", "pair even though results of the previous round are missing")(
      "date", po::value<std::string>(), "the round's date YYYY/MM/DD (record 132)");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("pair"))) return kExitOk;
  std::vector<std::string> notes;
  int round = 0;
  Event after;
  modify(file, [&](Event& e) {
    PairedRound pr = pair_with_lots(e, vm.count("force") > 0);
    if (vm.count("date")) set_round_date(e, pr.round, vm["date"].as<std::string>());
    round = pr.round;
    notes = pr.notes;
    after = e;
    return "pair round " + std::to_string(round);
  });
  for (const auto& n : notes) std::cout << n << '\n';
  print_round(std::cout, after, round);
  return kExitOk;
}

int cmd_result(const std::vector<std::string>& args_in) {
  // "-+" and "--" are results, not options: give the option parser other spellings of them.
  std::vector<std::string> args = args_in;
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i] == "-+")
      args[i] = "0-1f";
    else if (args[i] == "--" && i + 1 == args.size() && i >= 2)
      args[i] = "0-0f";
  po::options_description o("options");
  std::string file;
  std::vector<std::string> items;
  po::positional_options_description pos;
  event_file_options(o, pos, file);
  o.add_options()("items", po::value(&items)->required(), "BOARD RESULT [BOARD RESULT ...]")(
      "round", po::value<int>(), "round (default: the last paired round)")(
      "force", "change a result that later pairings or the final standings were built on");
  pos.add("items", -1);
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("result"))) return kExitOk;
  if (items.size() % 2)
    throw po::error("give a result for every board: BOARD RESULT [BOARD RESULT ...]");
  std::vector<std::string> msgs, effects;
  modify(file, [&](Event& e) {
    int r = positive(vm, "round", paired_rounds(e));
    if (r == 0) throw EventError("no round is paired yet");
    for (size_t i = 0; i < items.size(); i += 2) {
      int board = 0;
      try {
        size_t used = 0;
        board = std::stoi(items[i], &used);
        if (used != items[i].size()) throw std::invalid_argument("");
      } catch (const std::exception&) {
        throw EventInputError("'" + items[i] + "' is not a board number");
      }
      // A change others have built on needs --force, says what it affects, and is journalled
      // as forced (issue 17).
      msgs.push_back(record_result(e, r, board, items[i + 1], vm.count("force") > 0, effects));
    }
    std::string what = msgs.size() == 1 ? msgs[0]
                                        : "round " + std::to_string(r) + ": " +
                                              std::to_string(msgs.size()) + " results";
    for (const auto& x : effects) what += "; " + x;
    return what;
  });
  for (const auto& x : effects) std::cerr << "arbiter event result: warning: " << x << '\n';
  for (const auto& m : msgs) std::cout << m << '\n';
  return kExitOk;
}

int cmd_show(const std::vector<std::string>& args) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file, format, by = "board", out;
  event_file_options(o, pos, file);
  o.add_options()("round", po::value<int>(), "round (default: the last paired round)")(
      "format", po::value(&format), "the pairing list as text, csv, json or html")(
      "by", po::value(&by), "with --format: board (default), name (alphabetical) or both")(
      "cards", "with --format: one pairing card per board")(
      "output,o", po::value(&out), "write to this file (atomically) instead of standard output");
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub("show"))) return kExitOk;
  Event e = load(file);
  int r = positive(vm, "round", paired_rounds(e));
  if (vm.count("round") && (r < 1 || r > paired_rounds(e)))
    throw EventInputError("round " + std::to_string(r) + " is not paired (the event has " +
                          std::to_string(e.settings.rounds) + " rounds, " +
                          std::to_string(paired_rounds(e)) + " paired)");
  if (!format.empty() || !out.empty()) {
    if (r == 0) throw EventError("no round is paired yet");
    return cmd_show_round(e, r, format.empty() ? "text" : format, by, vm.count("cards") > 0, out);
  }
  if (r == 0) {
    std::cout << e.tournament.player_count() << " players registered, no round paired yet\n";
    return kExitOk;
  }
  print_round(std::cout, e, r);
  return kExitOk;
}

// The subcommands that take nothing but the event file (undo, upgrade): the file, or nullopt
// after --help.
std::optional<std::string> parse_file_only(const std::vector<std::string>& args, const char* name) {
  po::options_description o("options");
  po::positional_options_description pos;
  std::string file;
  event_file_options(o, pos, file);
  po::variables_map vm;
  if (!parse(args, o, pos, vm, sub(name))) return std::nullopt;
  return file;
}

int cmd_undo(const std::vector<std::string>& args) {
  const auto parsed = parse_file_only(args, "undo");
  if (!parsed) return kExitOk;
  const std::string& file = *parsed;
  EventStore store(file, writer_options());
  auto what = store.undo();
  if (!what) throw EventError("nothing to undo");
  std::cout << "undone: " << *what << '\n';
  return kExitOk;
}

int cmd_upgrade(const std::vector<std::string>& args) {
  const auto parsed = parse_file_only(args, "upgrade");
  if (!parsed) return kExitOk;
  const std::string& file = *parsed;
  EventStore store(file, writer_options());
  const std::string legacy = store.read_legacy();
  // The whole event is read first: a legacy file that does not load is refused, not sealed.
  write_event(read_event(legacy, file));
  store.upgrade_legacy(legacy);
  std::cout << "upgraded " << file << " to the current event file format (`arbiter event undo "
            << file << "` restores the old file)\n";
  return kExitOk;
}

int run(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    usage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? kExitUsage : kExitOk;
  }
  for (const auto& s : kSubs) {
    if (args[0] != s.name) continue;
    std::vector<std::string> rest(args.begin() + 1, args.end());
    try {
      return s.run(rest);
    } catch (const FileError& e) {  // disk, permission, lock time limit
      std::cerr << "arbiter event " << s.name << ": " << e.what() << '\n';
      return kExitIo;
    } catch (const FileInputError& e) {  // a directory, NUL bytes, an output that is an input
      std::cerr << "arbiter event " << s.name << ": " << e.what() << '\n';
      return kExitUsage;
    } catch (const EventInputError& e) {
      std::cerr << "arbiter event " << s.name << ": " << e.what() << '\n';
      return kExitUsage;
    } catch (const EventError& e) {
      // A refusal by the event's rules: nothing was changed.
      std::cerr << "arbiter event " << s.name << ": " << e.what() << '\n';
      return kExitFailure;
    } catch (const po::error& e) {
      std::cerr << "arbiter event " << s.name << ": " << e.what() << '\n';
      return kExitUsage;
    } catch (const std::invalid_argument& e) {  // a value the event file cannot hold (TRF width)
      std::cerr << "arbiter event " << s.name << ": " << e.what() << '\n';
      return kExitUsage;
    }
  }
  std::cerr << "arbiter event: unknown command '" << args[0] << "'\n";
  usage(std::cerr);
  return kExitUsage;
}

}  // namespace

const RegisterCommand kRegister{
    {"event", "run a tournament: new, register, bye, pair, result, standings, undo", run}};

}  // namespace arbiter::cli::event
