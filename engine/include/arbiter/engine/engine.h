#pragma once
// Everything in the engine library's public API.
#include "arbiter/engine/bitboard.h"
#include "arbiter/engine/chess960.h"
#include "arbiter/engine/perft.h"
#include "arbiter/engine/perft_suite.h"
#include "arbiter/engine/position.h"
#include "arbiter/engine/result.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/setup.h"
#include "arbiter/engine/types.h"
#include "arbiter/engine/uci.h"
