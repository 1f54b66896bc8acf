// Registering an organisers' list grows with the list's length, not its square (issue 17: a CSV
// of 10,000 players took 157 s, as each entry copied, re-checked and renumbered the whole field).
// Work is counted in allocations (allocation_count.h), which do not depend on timing or load:
// 4x the players must cost about 4x (n log n: under 6x), where the quadratic path cost 16x.
#include <sstream>

#include "allocation_count.h"
#include "arbiter/pairing/event.h"
#include "arbiter/pairing/registration_csv.h"
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

using namespace arbiter::pairing;

// n distinct players with FIDE ids, ratings spread over 1400-2599 (many ties), no order.
std::string list_of(int n) {
  std::ostringstream os;
  os << "Name,Fed,FIDE ID,Standard\n";
  for (int i = 0; i < n; ++i)
    os << "\"Player" << i << ", A\",ESP," << 1000000 + i << ',' << 1400 + (i * 7919) % 1200 << '\n';
  return os.str();
}

// What `event register --csv` does: read the list, enter it, write the file, read it back.
// Returns the allocations made.
std::size_t register_list(int n, Event& e) {
  EventSettings s;
  s.rounds = 9;
  e = new_event(s, {"Open", "Lyon", "FRA", "2026/05/01", "", "", ""});
  const std::string csv = list_of(n);
  const std::size_t before = allocations();
  const auto list = read_registration_csv(csv, "p.csv");
  EXPECT_TRUE(list.errors.empty());
  enter_players(e, list.players);
  e = read_event(write_event(e), "e.trf");
  return allocations() - before;
}

TEST(RegistrationScale, FourTimesThePlayersCostAboutFourTimesTheWork) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "allocations are not counted under AddressSanitizer (it owns operator new)";
#endif
  Event small, large;
  const std::size_t a = register_list(2000, small), b = register_list(8000, large);
  ASSERT_EQ(large.tournament.player_count(), 8000);
  EXPECT_LT(double(b) / double(a), 6.0)
      << a << " allocations for 2,000 players, " << b << " for 8,000";
  // Pairing numbers in the initial order (C.04.2 Art. 2): ratings never rise down the list.
  for (int p = 2; p <= 8000; ++p)
    ASSERT_GE(large.tournament.player(p - 1).rating, large.tournament.player(p).rating) << p;
}

// The largest field a TRF file numbers (columns 5-8), through the command an arbiter types; then
// the 10,000th player is refused and the file left as it was. CPU time, not wall time, is bounded:
// 30 s, against 157 s on the quadratic path (about 0.1 s now, a few seconds under sanitizers).
TEST(RegistrationScale, TheLargestFieldRegistersFromOneCsvFile) {
  TempDir d;
  put(d.path / "p.csv", list_of(9999));
  const double before = children_cpu_seconds();
  auto r = sh(d.path,
              "\"$A\" event new e.trf --system dutch --rounds 9 --rating-list standard "
              "--tiebreaks SB --rules 2026 >/dev/null && \"$A\" event register e.trf --csv p.csv "
              "| grep -c '^registered '");
  const double cpu = children_cpu_seconds() - before;
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(r.out, "9999\n");
  EXPECT_LT(cpu, 30.0) << "CPU seconds for 9,999 players";
  const std::string full = slurp(d.path / "e.trf");
  r = sh(d.path, "\"$A\" event register e.trf --name 'Last, One' --federation ESP");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("9,999"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), full);
}

}  // namespace
}  // namespace arbiter::test::reliability
