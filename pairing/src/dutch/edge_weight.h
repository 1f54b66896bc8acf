#pragma once
// C.04.3 (2026) criteria encoded as one edge weight per candidate pair, lexicographically:
// every criterion owns a bit-field, the more important the higher; a maximum-weight matching
// over the whole remaining field then optimises them in priority order. (This is the approach
// of the endorsed engine bbpPairings; the layout below reproduces its semantics exactly.)
//
// Field widths: b = bits to count the players of the largest score group; S = sum over the
// score groups of the bits to count that group, so that per-score counters sit side by side
// (group of score s at bit offset shift[s], higher scores higher). From the top:
//
//   top  (2 bits)  [C1]-[C3] compatibility is the edge's existence; value 1 + (higher is not a
//                  PAB candidate) + (lower is not a PAB candidate): [C4] completion of the
//                  round-pairing + [C2]/[C5] (only players eligible for the PAB, with the
//                  lowest possible score, may stay unpaired).
//   b              [C6] pairs in the current bracket (lower player resident of the bracket).
//   S              [C7] scores paired in the current bracket: the higher player's score counter.
//   b, S           [C8] the same two for the next bracket (one bracket of look-ahead).
//   2b             [C9] PAB assignee's unplayed games: when the single downfloater of the bracket
//                  will end up with the PAB, each paired player of the PAB score adds its rank
//                  among those players ordered by played games, most first, so the player left
//                  over has played the most games.
//   4 x b          colour: [C10] two players with |CD|>1 and the same preference (topscorers),
//                  [C11] same colour three times, [C12] preferences granted, [C13] strong
//                  preferences granted.
//   2 x b          [C14] residents paired who downfloated last round; [C15] pairs that are not
//                  an MDP against a resident who upfloated last round.
//   2 x b          [C16]/[C17]: the same two rounds before.
//   2 x S          [C18]/[C19]: the same weighted by score (score-difference criteria).
//   2 x S          [C20]/[C21]: the same two rounds before.
//   3b + 1         room for the exchange / transposition preferences added per bracket
//                  (C.04.3 art. 4.2-4.3: fewest exchanges, smallest BSN differences, then the
//                  lowest opponent BSN for each S1 player in turn).
#include <algorithm>
#include <map>
#include <vector>

#include "dutch/dutch_player.h"

namespace arbiter::pairing::dutch {

inline int bits_for(long long v) {
  int b = 0;
  while (v > 0) {
    ++b;
    v >>= 1;
  }
  return b;
}

struct WeightLayout {
  int b = 0;                 // scoreGroupSizeBits
  int s = 0;                 // total score-group bits
  std::map<int, int> shift;  // score -> bit offset inside an S field
  int played_rounds = 0;
  int total_bits() const {
    int t = 2 + b + s + b + s + 2 * b + 4 * b;
    if (played_rounds >= 1) t += 2 * b + 2 * s;
    if (played_rounds >= 2) t += 2 * b + 2 * s;
    return t + 3 * b + 1;
  }
};

}  // namespace arbiter::pairing::dutch
