#pragma once
// Include once per fuzz target that uses the engine: builds the engine's lazily initialised
// attack tables before the first input, so that their one-off cost (slow under coverage
// instrumentation and sanitizers on a busy machine) is not charged to whichever input happens
// to come first and trips libFuzzer's per-input -timeout.
#include "arbiter/engine/position.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  arbiter::MoveList moves;
  arbiter::Position::standard().generate_legal(moves);
  return 0;
}
