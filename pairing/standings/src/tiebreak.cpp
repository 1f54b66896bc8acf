// Dispatch of C.07 tie-breaks to their implementations.
#include "arbiter/pairing/tiebreak.h"

#include <stdexcept>
#include <string>

#include "tb_context.h"

namespace arbiter::pairing {

bool ascending(const TiebreakSpec& s) {
  bool asc = s.kind == TiebreakKind::TPN || s.kind == TiebreakKind::DE;
  return s.reverse ? !asc : asc;
}

std::vector<TiebreakValue> compute_tiebreak(const Crosstable& ct, const TiebreakSpec& spec,
                                            const TiebreakOptions& o) {
  detail::TbContext c = detail::make_context(ct, o, &spec);
  switch (spec.kind) {
    case TiebreakKind::BH:
    case TiebreakKind::FB:
    case TiebreakKind::SB: return detail::buchholz_family(c, spec);
    case TiebreakKind::AOB: return detail::average_of_buchholz(c, spec);
    case TiebreakKind::ARO:
    case TiebreakKind::TPR:
    case TiebreakKind::PTP:
    case TiebreakKind::APRO:
    case TiebreakKind::APPO:
    case TiebreakKind::RTNG: return detail::rating_tiebreak(c, spec);
    case TiebreakKind::DE: return std::vector<TiebreakValue>(size_t(c.n), 0.0);
    default: return detail::simple_tiebreak(c, spec);
  }
}

TiebreakDerivation explain_tiebreak(const Crosstable& ct, const TiebreakSpec& spec, int start_no,
                                    const TiebreakOptions& o) {
  detail::TbContext c = detail::make_context(ct, o, &spec);
  if (start_no < 1 || start_no > c.n)
    throw std::out_of_range("no player " + std::to_string(start_no));
  if (spec.kind == TiebreakKind::BH || spec.kind == TiebreakKind::FB ||
      spec.kind == TiebreakKind::SB)
    return detail::explain_buchholz_family(c, spec, start_no - 1);
  TiebreakDerivation d;
  d.spec = spec;
  d.value = compute_tiebreak(ct, spec, o)[size_t(start_no - 1)];
  return d;
}

std::vector<double> adjusted_scores(const Crosstable& ct, const TiebreakOptions& o) {
  detail::TbContext c = detail::make_context(ct, o, nullptr);
  return detail::adjusted(c, false).opp;
}

}  // namespace arbiter::pairing
