#pragma once
// The FIDE TEC tie-break exercise crosstable (../shared/data/tiebreak/fide-exercise-2023.csv,
// notation of tiebreaks.md section 5: +W9 won with White against 9, =B13, +F11/-F11 forfeits,
// =BYE/+BYE byes, -- zero-point bye) read into a Crosstable.
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "arbiter/pairing/crosstable.h"

namespace arbiter::test {

inline pairing::Crosstable read_exercise_csv(const std::string& path) {
  using namespace arbiter::pairing;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  Crosstable ct;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::stringstream ss(line);
    std::string f;
    std::getline(ss, f, ',');
    CrossPlayer p;
    p.start_no = std::stoi(f);
    p.rating = 2000;
    while (std::getline(ss, f, ',')) {
      Cell c;
      if (f == "--") {
        c.outcome = Outcome::ZeroBye;
      } else {
        char sign = f[0];
        double pts = sign == '+' ? 1.0 : sign == '=' ? 0.5 : 0.0;
        c.points = pts;
        std::string rest = f.substr(1);
        if (rest == "BYE") {
          c.outcome = pts == 1.0   ? Outcome::FullBye
                      : pts == 0.5 ? Outcome::HalfBye
                                   : Outcome::ZeroBye;
          if (pts == 1.0) c.outcome = Outcome::PairingBye;
        } else if (rest[0] == 'F') {
          c.opponent = std::stoi(rest.substr(1));
          c.outcome = pts == 1.0 ? Outcome::ForfeitWin : Outcome::ForfeitLoss;
        } else {
          c.colour = rest[0] == 'W' ? arbiter::WHITE : arbiter::BLACK;
          c.opponent = std::stoi(rest.substr(1));
          c.outcome = pts == 1.0 ? Outcome::Win : pts == 0.5 ? Outcome::Draw : Outcome::Loss;
        }
      }
      p.cells.push_back(c);
    }
    ct.players.push_back(p);
  }
  ct.rounds = ct.total_rounds = int(ct.players.front().cells.size());
  return ct;
}

}  // namespace arbiter::test
