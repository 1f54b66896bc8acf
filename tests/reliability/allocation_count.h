#pragma once
// Counts the allocations made through operator new in this test program (allocation_count.cpp
// replaces the global operator new): a deterministic measure of the work a call does, for tests
// of how work grows with input size that must not depend on timing or machine load.
#include <cstddef>

namespace arbiter::test::reliability {
std::size_t allocations();
}
