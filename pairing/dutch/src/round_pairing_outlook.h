#pragma once
// The round-pairing outlook of the 2017 rules (C.04.3 2017, A.9): brackets are paired one by
// one without regard to the players below them, until "the downfloaters (possibly none)
// produced by the bracket just paired, together with all the remaining players, do not allow
// the completion of the round-pairing". That bracket is the Penultimate Pairing Bracket (PPB):
// it is paired again so that its downfloaters do allow it (C.4, PPB only), without the
// look-ahead to the next bracket (C.7 does not apply to the PPB nor the CLB), and its
// downfloaters with all the remaining players form the Collapsed Last Bracket (CLB).
//
// The two questions the engine asks for that, as small matchings of their own:
//  - which players a bracket pairs when only its own criteria count (no completion):
//    a maximum-weight matching, not necessarily perfect;
//  - whether a set of players can all be paired ([C1]-[C3]), one of them possibly left over
//    for the pairing-allocated bye.
#include <stdexcept>
#include <vector>

#include "dynamic_matching.h"
#include "wide_uint.h"

namespace arbiter::pairing::dutch {

// Maximum-weight matching (not necessarily perfect) of k vertices, weight(u, v) zero for no
// edge: the perfect matching of two copies of the graph with every vertex joined to its twin,
// every edge one heavier (all perfect matchings have k edges, so the constant does not change
// which is the heaviest; an unmatched vertex is one matched to its twin). Returns each
// vertex's mate, -1 for unmatched.
template <class W, class Weight>
std::vector<int> max_weight_matching(int k, const Weight& weight) {
  matching::DynamicMatching<W> m(2 * k);
  for (int v = 0; v < k; ++v) {
    m.set_weight(v, k + v, W(1));
    for (int u = 0; u < v; ++u) {
      W w = weight(u, v);
      if (w.is_zero()) continue;
      w += 1;
      m.set_weight(u, v, w);
      m.set_weight(k + u, k + v, w);
    }
  }
  m.solve();
  std::vector<int> mate(k);
  for (int v = 0; v < k; ++v) mate[v] = m.mate(v) < k ? m.mate(v) : -1;
  return mate;
}

// A.9 "complete": every one of the k players paired ([C1]-[C3] through `compatible`), except at
// most one who may receive the PAB (`bye_ok`).
template <class Compatible, class ByeOk>
bool can_complete(int k, const Compatible& compatible, const ByeOk& bye_ok) {
  using W = matching::WideUint<2>;
  if (k == 0) return true;
  const int n = k + (k & 1);
  matching::DynamicMatching<W> m(n);
  for (int v = 0; v < k; ++v)
    for (int u = 0; u < v; ++u)
      if (compatible(u, v)) m.set_weight(u, v, W(1));
  if (k & 1)
    for (int v = 0; v < k; ++v)
      if (bye_ok(v)) m.set_weight(v, k, W(1));
  try {
    m.solve();
  } catch (const std::domain_error&) {
    return false;
  }
  return true;
}

}  // namespace arbiter::pairing::dutch
