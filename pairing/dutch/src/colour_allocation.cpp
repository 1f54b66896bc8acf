// C.04.3 (2026) Article 5: colour allocation for one pair, in bbpPairings' reading.
#include "dutch_player.h"

namespace arbiter::pairing::dutch {
namespace {

bool compatible_preferences(DutchColour a, DutchColour b) {
  return a != b || a == DutchColour::None || b == DutchColour::None;
}

// Art. 5.2.3: the colours of the two players in the most recent round in which they differed,
// looking at played games only (unplayed rounds are ignored, C.04.2 art. 3.4).
void first_colour_difference(const Player& a, const Player& b, DutchColour& ca, DutchColour& cb) {
  const auto& ra = a.source->rounds;
  const auto& rb = b.source->rounds;
  int ia = (int)ra.size() - 1, ib = (int)rb.size() - 1;
  auto skip = [](const std::vector<DutchRound>& r, int& i) {
    while (i >= 0 && !r[i].played) --i;
  };
  skip(ra, ia);
  skip(rb, ib);
  while (ia >= 0 && ib >= 0 && ra[ia].colour == rb[ib].colour) {
    --ia;
    --ib;
    skip(ra, ia);
    skip(rb, ib);
  }
  ca = ia >= 0 ? ra[ia].colour : DutchColour::None;
  cb = ib >= 0 ? rb[ib].colour : DutchColour::None;
}

// Art. 5.2.1-5.2.3; None when those rules do not decide.
DutchColour neutral_colour(const Player& p, const Player& o) {
  if (compatible_preferences(p.preference, o.preference)) {
    // 5.2.1: both preferences can be granted.
    if (p.preference != DutchColour::None) return p.preference;
    if (o.preference != DutchColour::None) return invert(o.preference);
    return DutchColour::None;
  }
  // 5.2.2: the stronger preference; two absolute ones: the wider colour difference.
  if (p.absolute() && (p.imbalance > o.imbalance || !o.absolute())) return p.preference;
  if (o.absolute() && (o.imbalance > p.imbalance || !p.absolute())) return invert(o.preference);
  if (p.strong && !o.strong) return p.preference;
  if (o.strong && !p.strong) return invert(o.preference);
  // 5.2.3: alternate from the most recent round in which their colours differed.
  DutchColour cp, co;
  first_colour_difference(p, o, cp, co);
  if (cp != DutchColour::None && co != DutchColour::None) return co;
  return DutchColour::None;
}

// Art. 1.2 order: higher score first, then lower rank.
bool ranked_above(const Player& a, const Player& b) {
  return a.score != b.score ? a.score > b.score : a.rank < b.rank;
}

}  // namespace

DutchColour allocate_colour(const Player& p, const Player& o, DutchColour initial) {
  DutchColour c = neutral_colour(p, o);
  if (c != DutchColour::None) return c;
  const Player& higher = ranked_above(p, o) ? p : o;
  if (p.preference != DutchColour::None) {
    // 5.2.4: the higher-ranked player's preference.
    return &higher == &p ? p.preference : invert(o.preference);
  }
  // 5.2.5: the higher-ranked player gets the initial colour if its rank is odd (1-based TPN
  // among the players of the tournament), the other colour otherwise.
  DutchColour higher_colour = (higher.rank & 1) ? invert(initial) : initial;
  return &higher == &p ? higher_colour : invert(higher_colour);
}

}  // namespace arbiter::pairing::dutch
