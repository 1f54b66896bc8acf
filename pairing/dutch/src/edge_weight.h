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
//
// Compact S fields: an S field only ever holds counters of scores present in the bracket
// being paired (its moved-down players, residents and the next score group), so a large field
// (many score groups) can give each S field room for a few groups only and re-assign the
// counters to the scores of each bracket in turn (same widths, higher scores higher, so every
// comparison of two pairings comes out the same). The few weights that carry counters from
// one bracket into the next (between two moved-down players) are re-encoded. A bracket with
// more scores than the room holds throws CompactOverflow and the round is paired again with
// the full layout.
#include <algorithm>
#include <map>
#include <vector>

#include "dutch_player.h"

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
  int s = 0;                 // bits of an S field
  std::map<int, int> shift;  // score -> bit offset inside an S field (the current bracket's)
  std::map<int, int> width;  // score -> bits of its counter (bits to count its group)
  int full_s = 0;            // every score group side by side (the initial PAB matching)
  std::map<int, int> full_shift;
  bool compact = false;  // S fields re-assigned per bracket (see above)
  int played_rounds = 0;
  // 2017 A.8 PSD in the Collapsed Last Bracket: every score difference that can occur there
  // (|a - b| and a - lowest + one point), ascending, each counted in psd_width bits of [C7].
  std::vector<int> psd_values;
  int psd_width = 0;
  int score_fields() const { return 2 + 2 * (played_rounds >= 1) + 2 * (played_rounds >= 2); }
  int total_bits() const {
    int t = 2 + b + s + b + s + 2 * b + 4 * b;
    if (played_rounds >= 1) t += 2 * b + 2 * s;
    if (played_rounds >= 2) t += 2 * b + 2 * s;
    return t + 3 * b + 1;
  }
  // Bit offsets of the S fields ([C7], [C8], [C18]-[C21]), in the order written above.
  std::vector<int> score_field_offsets() const {
    const int low = 3 * b + 1, floats = std::min(played_rounds, 2);
    std::vector<int> off;
    int at = low + 2 * floats * s + 2 * floats * b + 4 * b + 2 * b;        // above [C9]
    off.push_back(at + s + b);                                             // [C7]
    off.push_back(at);                                                     // [C8] scores
    for (int f = 2 * floats - 1; f >= 0; --f) off.push_back(low + f * s);  // [C18]-[C21]
    return off;
  }
};

struct CompactOverflow {};

}  // namespace arbiter::pairing::dutch
