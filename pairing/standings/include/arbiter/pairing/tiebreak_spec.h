#pragma once
// Tie-break definitions as events announce them: FIDE C.07 acronyms with modifiers, e.g.
// "BH/C1 SB DE ARO/C1 WIN" or the TRF-2026 202 record "BH/C1,BH,SB"
// (../shared/reference/tiebreaks.md section 2). Parsing only; computing is in tiebreak.h.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::pairing {

// Which version of C.07 decides unplayed rounds (tiebreaks.md section 0, 4).
enum class TiebreakRules : unsigned char {
  Fide2022,  // pre-2023 (C.02 13, 2009 Congress): "virtual opponent", opponents' unplayed = draws
  Fide2024,  // C.07 from 1 Sep 2023 / 1 Apr 2024 / 1 Aug 2024: dummy = own score, VUR cut rule
  Fide2026,  // C.07 from 1 Mar 2026: dummy capped (16.4.1, 16.4.2)
};
// The rules in force at an event's start date (YYYYMMDD; 0 = unknown = current rules): before
// 1 July 2023 the old rule, before 1 March 2026 the 2024 text, then 2026.
TiebreakRules rules_for_date(int yyyymmdd);
// "2022"/"2023"(old)... accepted spellings: 2022, 2024, 2026 (also 2023 -> 2024, 2025 -> 2024).
std::optional<TiebreakRules> parse_rules(std::string_view s);
const char* to_string(TiebreakRules r);

enum class TiebreakKind : unsigned char {
  PTS,   // points (the primary score; listed explicitly in 212)
  DE,    // 6   direct encounter (type A: a ranking relation, may appear several times)
  WIN,   // 7.1 rounds scored as a win (forfeit wins, PAB, FPB included)
  WON,   // 7.2 games won over the board
  BPG,   // 7.3 games played with Black
  BWG,   // 7.4 games won with Black
  PS,    // 7.5 progressive scores
  REP,   // 7.6 rounds one elected to play (2024 name GE)
  STD,   // 7.7 standard points (2026)
  TPN,   // 7.8 pairing number, ascending (2026)
  BH,    // 8.1 Buchholz
  AOB,   // 8.2 average of opponents' Buchholz
  FB,    // 8.3 fore Buchholz
  SB,    // 9.1 Sonneborn-Berger
  KS,    // 9.2 Koya
  ARO,   // 10.1 average rating of opponents
  TPR,   // 10.2 tournament performance rating
  PTP,   // 10.3 perfect tournament performance
  APRO,  // 10.4 average performance rating of opponents
  APPO,  // 10.5 average perfect performance of opponents
  RTNG,  // 10.6 own rating (2026)
};

struct TiebreakSpec {
  TiebreakKind kind = TiebreakKind::PTS;
  std::string text;  // canonical form written in headers, e.g. "BH/C1", "GE", "KS/L+1"
  int cut_low = 0;   // Cut-n (Cn) and the low part of Median-n (Mn), art. 14.1/14.2
  int cut_high = 0;  // high part of Median-n
  std::optional<double> limit_percent;  // KS limit in percent of the maximum (default 50)
  double limit_shift = 0;      // KS /L+n, /L-n: limit moved by n half-points (points with '.')
  bool reverse = false;        // /R: reverse the natural order (TPN descending, RTNG ascending)
  bool predetermined = false;  // /P: treat every paired round as a game (art. 15.2 round robins)
  bool swiss = false;          // /S: treat as a Swiss even in a round robin
  bool fore = false;           // /F: AOB over Fore Buchholz
  std::optional<int> unrated_rating;   // /Unnnn: rating given to unrated players (art. 10)
  std::optional<TiebreakRules> rules;  // /V2022 /V2024 /V2026 (/V = current): overrides the event's
  bool operator==(const TiebreakSpec&) const = default;
};

// A tie-break list that cannot be read: what() names the 1-based column and the reason.
class TiebreakSpecError : public std::invalid_argument {
 public:
  TiebreakSpecError(int column, const std::string& message);
  int column() const { return column_; }

 private:
  int column_;
};

// Parses one item ("BH/C1", "bh-c1", "AROC1", "Median-1 BH" is not accepted: modifiers follow
// the acronym). Throws TiebreakSpecError (column relative to the item).
TiebreakSpec parse_tiebreak(std::string_view item);
// Parses a list separated by blanks, commas or semicolons.
std::vector<TiebreakSpec> parse_tiebreaks(std::string_view list);
// "BH/C1 SB DE": canonical texts joined by `sep`.
std::string to_string(const std::vector<TiebreakSpec>& list, std::string_view sep = " ");
const char* acronym(TiebreakKind k);
// The key a published standings list prints under its table (issue 20: "tie-breaks named in
// full"): the text as written, then C.07's name with the modifiers spelt out, e.g.
// "BH/C1 = Buchholz, cut 1", "ARO/U1400 = Average rating of opponents, unrated players
// counted at 1400".
std::string tiebreak_name(const TiebreakSpec& t);

// The seed events' lists (events.md).
inline constexpr std::string_view kAllSpecs27 =
    "PTS DE BH BH/C1 BH/C2 BH/M1 BH/M2 SB SB/C1 SB/C2 ARO ARO/C1 ARO/M1 WIN WON BPG BWG PS GE REP "
    "TPR PTP KS FB AOB APRO APPO";

}  // namespace arbiter::pairing
