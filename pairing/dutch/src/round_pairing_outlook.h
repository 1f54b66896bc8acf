#pragma once
// The round-pairing outlook of the 2017 rules (C.04.3 2017, A.9): brackets are paired one by
// one without regard to the players below them, until "the downfloaters (possibly none)
// produced by the bracket just paired, together with all the remaining players, do not allow
// the completion of the round-pairing". That bracket is the Penultimate Pairing Bracket (PPB):
// it is paired again so that its downfloaters do allow it (C.4, PPB only), without the
// look-ahead to the next bracket (C.7 does not apply to the PPB nor the CLB), and its
// downfloaters with all the remaining players form the Collapsed Last Bracket (CLB).
//
// The engine pairs each bracket alone on a copy of itself (dutch_pairing.cpp, outlook_2017)
// and asks one question here, as a small matching of its own: whether a set of players can all
// be paired ([C1]-[C3]), one of them possibly left over for the pairing-allocated bye.
#include <stdexcept>
#include <vector>

#include "dynamic_matching.h"
#include "greedy_matching.h"
#include "wide_uint.h"

namespace arbiter::pairing::dutch {

// A.9 "complete": every one of the k players paired ([C1]-[C3] through `compatible`), except at
// most one who may receive the PAB (`bye_ok`).
template <class Compatible, class ByeOk>
bool can_complete(int k, const Compatible& compatible, const ByeOk& bye_ok) {
  using W = matching::WideUint<2>;
  if (k == 0) return true;
  const int n = k + (k & 1);
  // The vertex k of an odd k stands for the PAB.
  auto may_meet = [&](int a, int b) { return b == k ? bye_ok(a) : compatible(a, b); };
  if (!greedy_perfect_matching(n, may_meet).empty()) return true;
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
