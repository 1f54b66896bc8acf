// C.04.3 (2026) Article 5: colour allocation for one pair, in bbpPairings' reading.
#include <cassert>

#include "dutch_player.h"

namespace arbiter::pairing::dutch {
namespace {

bool compatible_preferences(std::optional<Color> a, std::optional<Color> b) {
  return a != b || !a || !b;
}

// Art. 5.2.3: the colours of the two players in the most recent round in which they differed,
// looking at played games only (unplayed rounds are ignored, C.04.2 art. 3.4).
void first_colour_difference(const Player& a, const Player& b, std::optional<Color>& ca,
                             std::optional<Color>& cb) {
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
  ca = ia >= 0 ? ra[ia].colour : std::nullopt;
  cb = ib >= 0 ? rb[ib].colour : std::nullopt;
}

// Art. 5.2.1-5.2.3; none when those rules do not decide.
std::optional<Color> neutral_colour(const Player& p, const Player& o) {
  if (compatible_preferences(p.preference, o.preference)) {
    // 5.2.1: both preferences can be granted.
    if (p.preference) return p.preference;
    return invert(o.preference);
  }
  // 5.2.2: the stronger preference; two absolute ones: the wider colour difference.
  // Incompatible preferences are two equal ones.
  assert(p.preference && p.preference == o.preference);
  if (p.absolute() && (p.imbalance > o.imbalance || !o.absolute())) return p.preference;
  if (o.absolute() && (o.imbalance > p.imbalance || !p.absolute())) return ~*o.preference;
  if (p.strong && !o.strong) return p.preference;
  if (o.strong && !p.strong) return ~*o.preference;
  // 5.2.3: alternate from the most recent round in which their colours differed.
  std::optional<Color> cp, co;
  first_colour_difference(p, o, cp, co);
  return cp && co ? co : std::nullopt;
}

// Art. 1.2 order: higher score first, then lower rank.
bool ranked_above(const Player& a, const Player& b) {
  return a.score != b.score ? a.score > b.score : a.rank < b.rank;
}

}  // namespace

Color allocate_colour(const Player& p, const Player& o, Color initial) {
  if (const std::optional<Color> c = neutral_colour(p, o)) return *c;
  const Player& higher = ranked_above(p, o) ? p : o;
  if (p.preference) {
    // 5.2.4: the higher-ranked player's preference (5.2.1 granted compatible ones, so the
    // opponent wants the same colour).
    assert(o.preference == p.preference);
    return &higher == &p ? *p.preference : ~*o.preference;
  }
  // 5.2.5: the higher-ranked player gets the initial colour if its rank is odd (1-based TPN
  // among the players of the tournament), the other colour otherwise.
  const Color higher_colour = (higher.rank & 1) ? ~initial : initial;
  return &higher == &p ? higher_colour : ~higher_colour;
}

}  // namespace arbiter::pairing::dutch
