// The wide integer arithmetic the Dutch edge weights rely on (the matching itself is tested
// against exhaustive search in dynamic_matching_test.cpp).
#include "wide_uint.h"

#include <gtest/gtest.h>

namespace {

using namespace arbiter::pairing::matching;

TEST(WideUint, CarriesBorrowsShiftsAndCompares) {
  WideUint<4> a(1);
  a <<= 200;
  WideUint<4> b = a;
  b -= 1;  // borrows through three limbs
  EXPECT_EQ(b.limb[0], ~0ull);
  EXPECT_EQ(b.limb[2], ~0ull);
  EXPECT_EQ(b.limb[3], (1ull << 8) - 1);
  EXPECT_TRUE(b < a);
  b += 1;
  EXPECT_TRUE(a == b);
  a.shr1();
  EXPECT_EQ(a.limb[3], 1ull << 7);
  EXPECT_TRUE(WideUint<4>().is_zero());
}

}  // namespace
