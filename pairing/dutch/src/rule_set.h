#pragma once
// What differs between the two editions of C.04.3 the engine implements, as switches read by the
// criteria. Everything not named here is the same in both texts (the bracket procedure, the
// transposition and exchange order, the colour allocation rules E.1-E.5 / art. 5.2).
#include "arbiter/pairing/dutch.h"

namespace arbiter::pairing::dutch {

struct RuleSet {
  DutchRules edition = DutchRules::Fide2026;
  // 2026 [C5]: the PAB goes to the lowest score possible, before any quality criterion; and
  // [C9]: to the player with the fewest unplayed games. The 2017 text has neither: the PAB
  // goes to whoever the bracket-by-bracket pairing leaves over (C.5-C.7, C.4 completion).
  bool pab_lowest_score = true;
  bool pab_fewest_unplayed = true;
  // 2017 A.4.b: "A player who, for whatever reason, does not play in a round, also receives a
  // downfloat." 2026 art. 1.4.3: only a PAB or an unplayed round scoring more than a loss.
  bool every_unplayed_round_downfloats = false;
  // C.04.1 d (2017): no PAB after a PAB or after "a (forfeit) win due to an opponent not
  // appearing in time"; C.04.1 art. 4 (2026): after any round scoring, without playing, as
  // many points as a win.
  bool pab_blocked_by_forfeit_win_only = false;
  // 2017 A.9: completion (C.4) and the end of the look-ahead (C.7) only in the Penultimate
  // Pairing Bracket, whose downfloaters join all the remaining players in the Collapsed Last
  // Bracket; 2026 [C4]/[C8]: completion in every bracket, the look-ahead in every bracket.
  bool round_pairing_outlook = false;
};

inline RuleSet rule_set(DutchRules edition) {
  RuleSet r;
  r.edition = edition;
  if (edition == DutchRules::Fide2017) {
    r.pab_lowest_score = false;
    r.pab_fewest_unplayed = false;
    r.every_unplayed_round_downfloats = true;
    r.pab_blocked_by_forfeit_win_only = true;
    r.round_pairing_outlook = true;
  }
  return r;
}

}  // namespace arbiter::pairing::dutch
