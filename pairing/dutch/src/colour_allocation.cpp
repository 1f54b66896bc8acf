// C.04.3 (2026) Article 5: colour allocation for one pair, in bbpPairings' reading.
#include "dutch_player.h"

namespace arbiter::pairing::dutch {
namespace {

bool compatible_preferences(Colour a, Colour b) {
  return a != b || a == Colour::None || b == Colour::None;
}

// Art. 5.2.3: the colours of the two players in the most recent round in which they differed,
// looking at played games only (unplayed rounds are ignored, C.04.2 art. 3.4).
void first_colour_difference(const Player& a, const Player& b, Colour& ca, Colour& cb) {
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
  ca = ia >= 0 ? ra[ia].colour : Colour::None;
  cb = ib >= 0 ? rb[ib].colour : Colour::None;
}

// Art. 5.2.1-5.2.3; None when those rules do not decide.
Colour neutral_colour(const Player& p, const Player& o) {
  if (compatible_preferences(p.preference, o.preference)) {
    // 5.2.1: both preferences can be granted.
    if (p.preference != Colour::None) return p.preference;
    if (o.preference != Colour::None) return opposite(o.preference);
    return Colour::None;
  }
  // 5.2.2: the stronger preference; two absolute ones: the wider colour difference.
  if (p.absolute() && (p.imbalance > o.imbalance || !o.absolute())) return p.preference;
  if (o.absolute() && (o.imbalance > p.imbalance || !p.absolute())) return opposite(o.preference);
  if (p.strong && !o.strong) return p.preference;
  if (o.strong && !p.strong) return opposite(o.preference);
  // 5.2.3: alternate from the most recent round in which their colours differed.
  Colour cp, co;
  first_colour_difference(p, o, cp, co);
  if (cp != Colour::None && co != Colour::None) return co;
  return Colour::None;
}

// Art. 1.2 order: higher score first, then lower rank.
bool ranked_above(const Player& a, const Player& b) {
  return a.score != b.score ? a.score > b.score : a.rank < b.rank;
}

}  // namespace

Colour allocate_colour(const Player& p, const Player& o, Colour initial) {
  Colour c = neutral_colour(p, o);
  if (c != Colour::None) return c;
  const Player& higher = ranked_above(p, o) ? p : o;
  if (p.preference != Colour::None) {
    // 5.2.4: the higher-ranked player's preference.
    return &higher == &p ? p.preference : opposite(o.preference);
  }
  // 5.2.5: the higher-ranked player gets the initial colour if its rank is odd (1-based TPN
  // among the players of the tournament), the other colour otherwise.
  Colour higher_colour = (higher.rank & 1) ? opposite(initial) : initial;
  return &higher == &p ? higher_colour : opposite(higher_colour);
}

}  // namespace arbiter::pairing::dutch
