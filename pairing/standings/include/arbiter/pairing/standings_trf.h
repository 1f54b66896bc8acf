#pragma once
// Standings from the tournament model (TRF): the Crosstable view, the tie-break list an event
// declares (TRF-2026 202/212), and the report fields written back for rating submission
// (001 points and rank, 202/212 tie-break definitions).
#include <string>
#include <vector>

#include "arbiter/pairing/crosstable.h"
#include "arbiter/pairing/standings.h"
#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

// The results of `t` up to round `upto` (default: the last round whose results are all in).
// Points follow
// the tournament's scoring system; round robins are recognised from 092/192.
Crosstable crosstable_from(const Tournament& t, int upto = -1);

// The tie-break list the file declares: 212 without its leading PTS, else 202; empty if none.
std::vector<TiebreakSpec> declared_tiebreaks(const Tournament& t);

// Writes the standings into the model for the rating report (TRF-2026): each player's points
// (001 cols 81-84) and rank (86-89, shared places keep equal ranks), and the 202/212 records.
void apply_standings(Tournament& t, const Standings& s);

}  // namespace arbiter::pairing
