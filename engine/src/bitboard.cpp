#include "arbiter/engine/bitboard.h"

#include <cstdlib>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "arbiter/vocabulary/random.h"

// The library's own lookups must index the tables as they were filled: a PEXT library is
// compiled for BMI2 (ARBITER_ARCH picks both together, see the top-level CMakeLists.txt).
#if ARBITER_USE_PEXT && !defined(__BMI2__)
#error "ARBITER_USE_PEXT needs the library compiled with BMI2 (-mbmi2)"
#endif

namespace arbiter {
namespace detail {
namespace {

// The squares from each square to the board's edge in each of the 8 directions (the square
// itself excluded): the first four directions raise the square index (north, east, north-east,
// north-west), the last four lower it. For filling the slider tables: a slider's attacks along a
// direction are the ray cut after its first blocker, the blocker nearest to the slider (the
// lowest occupied square of a raising ray, the highest of a lowering one). Four look-ups per
// occupancy instead of walking every square: building the tables was 13M instructions, once
// per process (1.4% of validating the TCEC standard file).
struct DirectionRays {
  Bitboard ray[8][64]{};
  constexpr DirectionRays() {
    constexpr int steps[8][2] = {{0, 1},  {1, 0},  {1, 1},   {-1, 1},
                                 {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};
    for (int d = 0; d < 8; ++d)
      for (int s = 0; s < 64; ++s)
        for (int f = s % 8 + steps[d][0], r = s / 8 + steps[d][1];
             f >= 0 && f < 8 && r >= 0 && r < 8; f += steps[d][0], r += steps[d][1])
          ray[d][s] |= Bitboard(1) << (r * 8 + f);
  }
};
constexpr DirectionRays kDirectionRays;

// The occupancies of the relevant squares (`mask`) on ray d from s, each with the slider's
// attacks along that ray: the ray cut after its first blocker, the one nearest to the slider
// (the lowest occupied square of a raising ray, d < 4, the highest of a lowering one).
struct RayCases {
  Bitboard occ[64], att[64];  // (at most 6 relevant squares on a ray)
  int n = 0;
};
RayCases ray_cases(int d, Square s, Bitboard mask) {
  const auto& rays = kDirectionRays.ray;
  const Bitboard ray = rays[d][s], relevant = ray & mask;
  RayCases c;
  Bitboard b = 0;
  do {  // Carry-Rippler enumeration of every subset of the ray's relevant squares
    c.occ[c.n] = b;
    c.att[c.n] = b ? ray ^ rays[d][d < 4 ? lsb(b) : msb(b)] : ray;
    ++c.n;
    b = (b - relevant) & relevant;
  } while (b);
  return c;
}

// Every occupancy of a rook's (diagonal = false) or bishop's relevant squares from s into occs,
// its attacks (as ray_attacks gives them, which the tests compare the tables with) into refs;
// returns their number. Combined from the four rays' own cases: two ORs per occupancy, where a
// walk of the four rays per occupancy cost 6M instructions of every process start (0.8% of
// validating the TCEC standard file).
int enumerate(Square s, Bitboard mask, bool diagonal, Bitboard* occs, Bitboard* refs) {
  const int first = diagonal ? 2 : 0;
  const RayCases r[4] = {ray_cases(first, s, mask), ray_cases(first + 1, s, mask),
                         ray_cases(first + 4, s, mask), ray_cases(first + 5, s, mask)};
  int size = 0;
  for (int i = 0; i < r[0].n; ++i)
    for (int j = 0; j < r[1].n; ++j) {
      const Bitboard o = r[0].occ[i] | r[1].occ[j], a = r[0].att[i] | r[1].att[j];
      for (int k = 0; k < r[2].n; ++k) {
        const Bitboard o2 = o | r[2].occ[k], a2 = a | r[2].att[k];
        for (int l = 0; l < r[3].n; ++l, ++size) {
          occs[size] = o2 | r[3].occ[l];
          refs[size] = a2 | r[3].att[l];
        }
      }
    }
  return size;
}

#if !ARBITER_USE_PEXT
// The magic of each square, rooks then bishops: what the search in build() finds from its seeds
// (our own numbers, printed from its tables). Tried first, they turn the search, 4 billion
// instructions (0.35 s of every start of a build without PEXT: each command, test and fuzz
// process), into one pass over each square's occupancies that checks them; the search runs
// on from the seed only for a square whose stored magic fails, which none does.
constexpr Bitboard kMagics[2][64] = {
    {
        0x1880008221400450ULL, 0x2840004010002008ULL, 0x4080100080200008ULL, 0x1080040800100080ULL,
        0x1080080002040080ULL, 0x26000C0200300198ULL, 0x0080020000800100ULL, 0x0600008500284402ULL,
        0x0200801020804000ULL, 0x0420400050002000ULL, 0x4221002000190040ULL, 0x0002800800801000ULL,
        0x0881000500100800ULL, 0x0802002490020068ULL, 0x1204000804100102ULL, 0x0801000200804100ULL,
        0x0040008000408031ULL, 0x0000808040002001ULL, 0x0204490011002002ULL, 0x0401210010030308ULL,
        0x8408008008040080ULL, 0x2029010008040002ULL, 0x0044040032089110ULL, 0x0000020021005484ULL,
        0x1210400080208000ULL, 0x0201002200408200ULL, 0x0420004040100800ULL, 0x8008008080081001ULL,
        0x5002110100050800ULL, 0x0000020080040080ULL, 0x8081108400080102ULL, 0x08C2004200008104ULL,
        0x100840008C800027ULL, 0x1040201000404000ULL, 0x0208820012004020ULL, 0x0001100084800800ULL,
        0x0341001085000800ULL, 0x0104800200800400ULL, 0x0600811004000802ULL, 0x0290044902003084ULL,
        0x0880002000444000ULL, 0x0080200050004002ULL, 0x0428402001010010ULL, 0x0882200A01C20010ULL,
        0x0024000802028080ULL, 0x8004000402008080ULL, 0x0092020004010100ULL, 0x0000004100A20014ULL,
        0x6140410080002100ULL, 0x00A0248040010300ULL, 0x1120038020100280ULL, 0x000C801004880180ULL,
        0x0000040108008180ULL, 0x0042000844B10200ULL, 0x0811000406000300ULL, 0x0008004C00890200ULL,
        0x0400201100800841ULL, 0x0000220100801042ULL, 0x0284104020000901ULL, 0x0010000411000821ULL,
        0x0006001008200402ULL, 0x0082000B08143002ULL, 0x08111002480900A4ULL, 0x0000024880340102ULL,
    },
    {
        0x4008084800802200ULL, 0x0020220885010008ULL, 0x00F0028214CA2100ULL, 0x210404108002010AULL,
        0x0C22021180009008ULL, 0x8000880440480102ULL, 0x50010101504100C8ULL, 0x0081002210128800ULL,
        0x1000041806084608ULL, 0x0402200404248030ULL, 0x5911100080810800ULL, 0x0060444502000101ULL,
        0x4860040420009000ULL, 0x0413111018841000ULL, 0x0000110808020848ULL, 0x0000002884100810ULL,
        0x0208102020610220ULL, 0x0004012004040060ULL, 0x1002098108090102ULL, 0x4018100402112091ULL,
        0x0016000400940000ULL, 0x004080011000A000ULL, 0x0003100208220280ULL, 0x00290B0080882122ULL,
        0x0420098612220800ULL, 0x4484020004304C00ULL, 0x8044140002002400ULL, 0x001040410C010200ULL,
        0x1401010000104008ULL, 0x4802002002101000ULL, 0x0028020000410410ULL, 0xC0010D0020404802ULL,
        0x1824040400429020ULL, 0x0008225004024400ULL, 0x0002003008020080ULL, 0xB000510800040040ULL,
        0x8008010010140204ULL, 0x0010010040020040ULL, 0x40020A2C04022081ULL, 0x9322004240010420ULL,
        0x100210122000AA28ULL, 0x40A04804102C8460ULL, 0xD801840402010100ULL, 0x0008044010408A04ULL,
        0x100C212122000403ULL, 0x0841101000400685ULL, 0x1442040826002088ULL, 0x8208108908461200ULL,
        0x0004208410080044ULL, 0x00E084008210C044ULL, 0x2000060042086040ULL, 0x2410000084040080ULL,
        0x3200004010410624ULL, 0x8208042004011002ULL, 0x0022884208004800ULL, 0xC110101089105080ULL,
        0x9022140401041028ULL, 0x2000108200B00400ULL, 0x6000200283844101ULL, 0x0800000040840401ULL,
        0x0200080208210100ULL, 0x0016001044100420ULL, 0x0004400802408220ULL, 0x02042104240400C7ULL,
    }};

// Fills e's attack table (at e.attacks) from the occupancies occs and their attacks refs with
// e.magic; false at the first collision of two occupancies with different attacks (the table
// is then left to the next magic: entries of an older `epoch` count as empty).
bool fill(const SliderEntry& e, const Bitboard* occs, const Bitboard* refs, int size, int* epoch,
          int cnt, Bitboard* table) {
  for (int i = 0; i < size; ++i) {
    const unsigned idx = e.index(occs[i]);
    if (epoch[idx] < cnt) {
      epoch[idx] = cnt;
      table[idx] = refs[i];
    } else if (table[idx] != refs[i]) {
      return false;
    }
  }
  return true;
}
#endif

void build(SliderEntry (&entries)[64], Bitboard*& cursor, bool diagonal) {
  [[maybe_unused]] SplitMix64 rng{0x9E3779B97F4A7C15ULL ^ (diagonal ? 1 : 2)};
  Bitboard occs[4096], refs[4096];
  [[maybe_unused]] int epoch[4096] = {}, cnt = 0;
  for (int s = 0; s < 64; ++s) {
    Square sq = Square(s);
    Bitboard edges = ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(sq)) |
                     ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(sq));
    SliderEntry& e = entries[s];
    e.mask = ray_attacks(sq, 0, diagonal) & ~edges;
    e.shift = 64 - popcount(e.mask);
    e.attacks = cursor;
    const int size = enumerate(sq, e.mask, diagonal, occs, refs);
#if ARBITER_USE_PEXT
    e.magic = 0;
    for (int i = 0; i < size; ++i) cursor[_pext_u64(occs[i], e.mask)] = refs[i];
#else
    e.magic = kMagics[diagonal][s];
    while (!fill(e, occs, refs, size, epoch, ++cnt, cursor)) {
      do e.magic = rng.sparse();
      while (popcount((e.mask * e.magic) >> 56) < 6);
    }
#endif
    cursor += size;
  }
}

}  // namespace

#if ARBITER_USE_PEXT
unsigned pext_index(Bitboard occ, Bitboard mask) { return unsigned(_pext_u64(occ, mask)); }
#endif

SliderTables::SliderTables() {
  Bitboard* cursor = table;
  build(rook, cursor, false);
  build(bishop, cursor, true);
}

// The tables (865 KB) are filled once per process, which touched 212 fresh 4 KB pages: a page
// fault each, 2 to 3 ms of start-up on a virtual machine. In one 2 MB block marked for a
// transparent huge page, Linux maps them with a single fault.
const SliderTables& slider_tables_init() {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  static_assert(sizeof(SliderTables) <= kHuge);
  struct Free {
    void operator()(SliderTables* t) const {
      t->~SliderTables();
      std::free(t);
    }
  };
  static const std::unique_ptr<SliderTables, Free> tables = [] {
    void* p = std::aligned_alloc(kHuge, kHuge);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(p, kHuge, MADV_HUGEPAGE);  // advice only: without it the table works the same
#endif
    return std::unique_ptr<SliderTables, Free>(new (p) SliderTables());
  }();
  return *tables;
}

SliderTablesAddress::SliderTablesAddress() : tables(&slider_tables_init()) {}

// Priority 101, the first a program may use: before every static initialiser of default
// priority in any library or program, so none can look up an attack before the tables exist.
__attribute__((init_priority(101))) const SliderTablesAddress kSliderTablesAddress;

}  // namespace detail

const char* slider_backend() { return ARBITER_USE_PEXT ? "pext" : "magic"; }

}  // namespace arbiter
