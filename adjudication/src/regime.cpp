// The regimes of Appendix A and B (regime.h).
#include "arbiter/adjudication/regime.h"

namespace arbiter::adjudication {

const char* regime_name(Regime r) {
  switch (r) {
    case Regime::Standard: return "standard";
    case Regime::Rapid: return "rapid";
    case Regime::Blitz: return "blitz";
    case Regime::RapidUnsupervised: return "rapid-unsupervised";
    case Regime::BlitzUnsupervised: return "blitz-unsupervised";
  }
  return "";
}

std::optional<Regime> parse_regime(std::string_view text) {
  for (Regime r : {Regime::Standard, Regime::Rapid, Regime::Blitz, Regime::RapidUnsupervised,
                   Regime::BlitzUnsupervised})
    if (text == regime_name(r)) return r;
  return std::nullopt;
}

Regime supervised_regime(pgn::TimeClass c) {
  switch (c) {
    case pgn::TimeClass::Blitz: return Regime::Blitz;
    case pgn::TimeClass::Rapid: return Regime::Rapid;
    case pgn::TimeClass::Standard: return Regime::Standard;
  }
  return Regime::Standard;
}

bool unsupervised(Regime r) {
  return r == Regime::RapidUnsupervised || r == Regime::BlitzUnsupervised;
}

}  // namespace arbiter::adjudication
