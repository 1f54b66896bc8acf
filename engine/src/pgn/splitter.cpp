// Cuts a byte stream into games without tokenising them: only what decides where a game ends
// is tracked (comments, tag strings, variation depth, termination markers). Memory is bounded
// by one game plus one read buffer. The hot loops (comments, whitespace, move text) scan whole
// runs of bytes; columns are computed only where a game starts or a problem is reported.
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cassert>
#include <cstring>

#include "arbiter/engine/pgn.h"
#include "bytes16.h"
#include "tag_name.h"
#include "text.h"

namespace arbiter::pgn {
namespace {

// 64 KB: every fresh 4 KB page of a larger buffer cost a page fault (15 us each on a virtual
// machine, 4 ms for the 1 MB buffer this was), while reads of 64 KB cost no more per byte.
constexpr size_t kBufSize = size_t{1} << 16;
constexpr size_t kNone = ~size_t{0};
constexpr size_t kMaxGameBytes = size_t{64} << 20;  // a "game" larger than this is corrupt input
constexpr size_t kMaxSpare = size_t{1} << 20;       // the largest buffer kept for reuse

#if defined(__AVX2__)
// The nibble tables of the movetext block scan (Splitter::Impl::block_bits): one byte of flags
// per byte value. 1: newline; 2, 4: blank in 0x0_, 0x2_; 8, 16, 32, 64, 128: stop in 0x0_,
// 0x1_, 0x2_, 0x3_/0x5_, 0x7_. The low nibble's entry holds the flags whose group holds that
// code point, the high nibble's those of its group. (Bytes >= 0x80 have no group: tokens.)
constexpr char lo_flags(int lo) {
  int m = 16;                                                            // 0x1_: all control bytes
  if (lo == 0xA) m |= 1;                                                 // '\n'
  if (lo == 0x9 || lo == 0xD) m |= 2;                                    // '\t' '\r'
  if (lo == 0x0) m |= 4;                                                 // ' '
  if (lo != 0x9 && lo != 0xA && lo != 0xD) m |= 8;                       // the other 0x0_ controls
  if (lo == 5 || lo == 8 || lo == 9 || lo == 0xA || lo == 0xD) m |= 32;  // % ( ) * -
  if (lo == 0xB) m |= 64;                                                // ; [
  if (lo == 0xB || lo == 0xF) m |= 128;                                  // { DEL
  return static_cast<char>(m);
}
constexpr char hi_flags(int hi) {
  switch (hi) {
    case 0x0: return 1 | 2 | 8;
    case 0x1: return 16;
    case 0x2: return 4 | 32;
    case 0x3:
    case 0x5: return 64;
    case 0x7: return static_cast<char>(128);
    default: return 0;
  }
}
// Both tables twice over (a 256-bit shuffle looks up within each 128-bit half).
constexpr auto kNibbleTables = [] {
  struct {
    char lo[32], hi[32];
  } t{};
  for (int i = 0; i < 32; ++i) t.lo[i] = lo_flags(i & 15), t.hi[i] = hi_flags(i & 15);
  return t;
}();
#endif

enum class St : uint8_t { Normal, Brace, LineComment, Tag, TagString, TagEscape, Resync };

// Byte classes in the Normal state.
enum : uint8_t { C_TOKEN, C_SPACE, C_NEWLINE, C_SPECIAL, C_BAD };
constexpr bool is_space_byte(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == 0x1A;
}
// Control bytes that no PGN text contains: a sign of binary garbage or a broken transfer.
constexpr bool is_bad_byte(unsigned char c) {
  return (c < 0x20 && c != '\n' && !is_space_byte(c)) || c == 0x7F;
}
struct ClassTable {
  uint8_t t[256];
  constexpr ClassTable() : t{} {
    for (int c = 0; c < 256; ++c) {
      auto u = static_cast<unsigned char>(c);
      t[c] = u == '\n'                                                                ? C_NEWLINE
             : is_space_byte(u)                                                       ? C_SPACE
             : is_bad_byte(u)                                                         ? C_BAD
             : (u == '[' || u == '{' || u == ';' || u == '(' || u == ')' || u == '%') ? C_SPECIAL
                                                                                      : C_TOKEN;
    }
  }
};
constexpr ClassTable kClass;

bool is_result(const char* t, size_t n) {
  std::string_view s(t, n);
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" || s == "\xC2\xBD-\xC2\xBD";
}

std::string hex(unsigned char c) {
  static const char* d = "0123456789ABCDEF";
  return std::string("0x") + d[c >> 4] + d[c & 15];
}

// Index of the first byte in [p, end) that is '}', a control byte or DEL; end if none.
inline const char* brace_stop(const char* p, const char* end) {
  using namespace bytes16;
  const V close = splat('}'), del = splat(0x7F);
  const auto stops = [&](const char* q) {
    const V v = load(q);
    return either(either(eq(v, close), eq(v, del)), control(v));
  };
  // Comments run for kilobytes in engine games: 64 bytes per test while nothing stops.
  while (end - p >= 64 &&
         !mask(either(either(stops(p), stops(p + 16)), either(stops(p + 32), stops(p + 48)))))
    p += 64;
  for (; end - p >= 16; p += 16)
    if (const uint32_t bits = mask(stops(p))) return p + __builtin_ctz(bits);
  for (; p < end; ++p) {
    auto c = static_cast<unsigned char>(*p);
    if (c == '}' || c < 0x20 || c == 0x7F) return p;
  }
  return end;
}

}  // namespace

struct Splitter::Impl {
  std::unique_ptr<ByteSource> src;
  // The read buffer, left uninitialised (a zeroed vector cost a 1 MB memset per file).
  struct Buffer {
    std::unique_ptr<char[]> p{new char[kBufSize]};
    char* data() { return p.get(); }
    size_t size() const { return kBufSize; }
    char& operator[](size_t i) { return p[i]; }
  } buf;
  size_t pos = 0, len = 0;
  bool eof = false, first_read = true;

  // Location: line of buf[pos]; start of that line in buf (kNone: before buf[0], whose column
  // is col0); a cached column to make repeated queries on one line incremental.
  uint32_t line = 1, col0 = 1;
  size_t line_begin = 0;
  size_t cc_idx = 0;
  uint32_t cc_col = 1;

  St st = St::Normal;
  int depth = 0;
  bool movetext = false, in_token = false, line_blank = true, seen_event = false;
  size_t tok_begin = 0;
  Location brace_open, bad_at;
  unsigned char bad_byte = 0;

  GameChunk cur;
  bool started = false;
  size_t seg = kNone;  // where the bytes of `cur` not yet copied begin in buf
  uint64_t next_index = 0;
  size_t last_size = 1024;  // bytes of the last game, to reserve for the next
  size_t last_tags = 16;    // tag pairs noted in the last game, likewise
  // fast_tag's window: the tag bits of buf[tag_w0, tag_w0 + 64) (kNone: none; refill moves the
  // bytes and drops it).
  size_t tag_w0 = kNone;
  bool have_ready = false;
  GameChunk ready;
  std::string spare_bytes;  // (keep_buffers)
  std::vector<GameChunk::TagSpan> spare_tags;

  uint32_t col_at(size_t i) {
    size_t from;
    uint32_t col;
    if (cc_idx <= i && (line_begin == kNone || cc_idx >= line_begin)) {
      from = cc_idx;
      col = cc_col;
    } else if (line_begin != kNone) {
      from = line_begin;
      col = 1;
    } else {
      from = 0;
      col = col0;
    }
    // Columns count characters as the tokenizer decodes them (text::decode_utf8_or_latin1): a
    // valid UTF-8 sequence is one, every other byte from 0x80 up one Latin-1 character. (Counting
    // the bytes that are not 10xxxxxx, as before, gave a line of Latin-1 bytes no width: a `%`
    // after them passed for an escape line at a read boundary, and a game's start column was
    // short; fuzz_pgn_read, 2026-12-03.) refill keeps a sequence cut by the buffer's end whole.
    size_t k = from;
    while (k < i) {
      const auto c = static_cast<unsigned char>(buf[k]);
      k += c < 0x80 ? 1 : std::max<size_t>(1, text::utf8_len(buf.data() + k, len - k));
      ++col;
    }
    if (k == i) cc_idx = i, cc_col = col;  // (i inside a sequence: not a place to count from)
    return col;
  }
  // The bytes at the buffer's end that begin a UTF-8 sequence the next read may complete.
  size_t cut_sequence() const {
    for (size_t j = 1; j <= 3 && j <= len; ++j) {
      const auto c = static_cast<unsigned char>(buf.p[len - j]);
      if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
      const size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
      return n > j ? j : 0;
    }
    return 0;
  }
  Location loc(size_t i) { return {line, col_at(i)}; }
  void newline_at(size_t i) {  // buf[i] == '\n' has been passed
    ++line;
    line_begin = i + 1;
    cc_idx = i + 1;
    cc_col = 1;
  }

  bool refill() {
    if (eof) return false;
    // The bytes from `keep` on stay in the buffer: a token in progress that may still be a
    // termination marker (at most 7 bytes) stays whole for end_token to read; a longer one is
    // marked as such (tok_begin = kNone), since its start is dropped.
    size_t keep = pos;
    if (in_token && tok_begin != kNone) {
      if (tok_begin < pos && pos - tok_begin <= 7)
        keep = tok_begin;
      else if (tok_begin < pos)
        tok_begin = kNone;
    }
    keep = std::min(keep, len - cut_sequence());  // (counted once whole: col_at)
    if (seg != kNone) {
      cur.bytes.append(buf.data() + seg, pos - seg);
      seg = pos - keep;
    }
    if (in_token && tok_begin != kNone) tok_begin -= keep;
    const uint32_t c = col_at(keep);  // (a token holds no newline: keep is on pos's line)
    col0 = c;
    cc_idx = 0;
    cc_col = c;
    line_begin = (line_begin != kNone && line_begin >= keep) ? line_begin - keep : kNone;
    if (line_begin == 0 && c != 1) line_begin = kNone;
    std::memmove(buf.data(), buf.data() + keep, len - keep);
    tag_w0 = kNone;
    len -= keep;
    pos -= keep;
    size_t n = src->read(buf.data() + len, buf.size() - len);
    if (n == 0) {
      eof = true;
      return len > 0;
    }
    if (first_read) {
      first_read = false;
      // A short first read (a pipe, a terminal) may hold only part of a UTF-8 BOM: read on
      // until three bytes are in or the input ends.
      char* const b = buf.data() + len;
      while (n < 3 && std::memcmp(b, "\xEF\xBB\xBF", n) == 0) {
        const size_t k = src->read(b + n, buf.size() - len - n);
        if (k == 0) break;
        n += k;
      }
      if (n >= 3 && std::memcmp(b, "\xEF\xBB\xBF", 3) == 0) {  // UTF-8 BOM
        std::memmove(b, b + 3, n - 3);
        n -= 3;
      }
    }
    len += n;
    return true;
  }
  // Makes at least k bytes available from pos unless the input ends first.
  void ensure(size_t k) {
    while (len - pos < k && !eof) refill();
  }
  // (Inlined: called once per tag pair with a literal, whose length and bytes the compiler
  // then knows.)
  [[gnu::always_inline]] bool starts_with(std::string_view w) {
    if (len - pos >= w.size()) return std::memcmp(buf.data() + pos, w.data(), w.size()) == 0;
    ensure(w.size());
    return len - pos >= w.size() && std::memcmp(buf.data() + pos, w.data(), w.size()) == 0;
  }

  void start_game(size_t i) {
    cur.bytes.swap(spare_bytes);
    cur.bytes.clear();
    // Games of one file have similar sizes: room for twice the last one, unless the buffer
    // handed back (keep_buffers) holds it with a quarter to spare.
    if (cur.bytes.capacity() < last_size + last_size / 4) cur.bytes.reserve(2 * last_size);
    cur.diagnostics.clear();
    cur.tags.swap(spare_tags);
    cur.tags.clear();
    cur.tags.reserve(last_tags);
    cur.start = loc(i);
    started = true;
    seg = i;
    movetext = false;
    seen_event = false;
    depth = 0;
  }
  void finish_game(size_t end) {
    if (started) {
      if (seg != kNone) cur.bytes.append(buf.data() + seg, end - seg);
      last_size = std::min(cur.bytes.size(), size_t{1} << 20);
      last_tags = std::min(cur.tags.size(), size_t{64});
      cur.index = next_index++;
      ready = std::move(cur);
      cur = GameChunk{};
      have_ready = true;
    }
    started = false;
    seg = kNone;
    movetext = false;
    seen_event = false;
    depth = 0;
    in_token = false;
  }
  void diag(Severity s, std::string code, Location at, std::string msg) {
    cur.diagnostics.push_back({s, std::move(code), at, std::move(msg)});
  }

  void enter_resync(size_t i) {
    bad_at = loc(i);
    bad_byte = static_cast<unsigned char>(buf[i]);
    if (!started) start_game(i);
    if (seg != kNone) cur.bytes.append(buf.data() + seg, i - seg);
    seg = kNone;
    st = St::Resync;
    line_blank = false;
    in_token = false;
    pos = i + 1;
  }
  void leave_resync(const char* why) {
    diag(Severity::Error, "bad-bytes", bad_at,
         "unreadable byte " + hex(bad_byte) + "; input skipped up to line " + std::to_string(line) +
             " (" + why + ")");
    finish_game(pos);
    st = St::Normal;
  }

  // Ends the current Normal-state token at `end`; a termination marker at depth 0 ends the game.
  void end_token(size_t end) {
    if (!in_token) return;
    in_token = false;
    if (tok_begin == kNone) return;  // longer than any termination marker
    const size_t n = end - tok_begin;
    const char c = buf[tok_begin];
    if (n <= 7 && (c == '1' || c == '0' || c == '*' || c == '\xC2') && depth <= 0 &&
        is_result(buf.data() + tok_begin, n))
      finish_game(end);
  }

  // The bytes of a block that fast_forward tells apart, one bit per byte: newlines and stops
  // (the control bytes (<= 0x1F) but newlines and, in the portable tier, tabs and CRs too, DEL,
  // and the specials '[', '{', ';', '(', ')', '%', '-', '*'). 64 bytes per block. The other
  // bytes are blanks (spaces, newlines; tabs and CRs with AVX2) and token bytes, told apart only
  // where the scan stops (token_at_stop).
  struct BlockBits {
    uint64_t nl, stop;
  };
#if defined(__AVX2__)
  static constexpr size_t kBlock = 64;
  // Two nibble lookups (kNibbleTables), ANDed into one byte of flags per byte.
  static BlockBits block_bits(const char* q) {
    const __m256i lo_table = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kNibbleTables.lo));
    const __m256i hi_table = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kNibbleTables.hi));
    const __m256i nibble = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
    BlockBits m{0, 0};
    for (int h = 0; h < 2; ++h) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32 * h));
      const __m256i f = _mm256_and_si256(
          _mm256_shuffle_epi8(lo_table, _mm256_and_si256(v, nibble)),
          _mm256_shuffle_epi8(hi_table, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble)));
      const auto bits = [&](__m256i x) {
        return uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(x))} << (32 * h);
      };
      const auto none = [&](char flags) {  // the bytes without any of the flags
        return bits(_mm256_cmpeq_epi8(_mm256_and_si256(f, _mm256_set1_epi8(flags)), zero));
      };
      m.nl |= bits(_mm256_cmpeq_epi8(f, _mm256_set1_epi8(1)));
      m.stop |=
          ~none(static_cast<char>(8 | 16 | 32 | 64 | 128)) & (uint64_t{0xFFFFFFFF} << (32 * h));
    }
    return m;
  }
#else
  // Four 16-byte tests per block: the block's bookkeeping in fast_forward (the line count) then
  // runs once per 64 bytes, as in the AVX2 tier (16-byte blocks cost 9M more
  // instructions on the TCEC standard file). The stops are a superset of those above, in fewer
  // tests: '%' to '*' (with '&' and '\''), '-', ';' and '[' (with ESC: the bytes equal to '{'
  // once bits 5 and 6 are set), every byte from '{' up (with '|', '}', '~' and the bytes >= 0x80)
  // and the control bytes but newlines (tabs and CRs included: the blanks are then newlines and
  // spaces); the byte loop reads the few extra ones (rare in movetext) as it reads any byte.
  static constexpr size_t kBlock = 64;
  static BlockBits block_bits(const char* q) {
    using namespace bytes16;
    BlockBits m{0, 0};
    for (int h = 0; h < 4; ++h) {
      const V v = load(q + 16 * h);
      const auto is = [&](char c) { return eq(v, splat(c)); };
      const V nl = is('\n');
      // (The control bytes and every byte from '{' up in one test: from '{' to 0x1F modulo 256.)
      const uint64_t stop =
          mask(either(either(but(within(v, '{', 0x1F), nl), eq(either(v, splat(0x60)), splat('{'))),
                      either(within(v, '%', '*'), is('-'))));
      m.nl |= uint64_t{mask(nl)} << (16 * h);
      m.stop |= stop << (16 * h);
      // fast_forward reads no bit past the first stop: the chunks after it are left untested
      // (in movetext with a comment after each move, as in the TCEC Chess960 file, the stops
      // come every few bytes: all four chunks tested cost 41M instructions more there).
      if (stop) break;
    }
    return m;
  }
#endif

  // Skips, a block at a time, what only moves the line count: token bytes without '-' or '*'
  // (every termination marker holds one of them), blanks and newlines. Stops at anything else
  // (specials, other control bytes, DEL, '-', '*'), which the byte loop then handles, and near
  // the end of the buffer. (Called outside a token: in_token is false.)
  void fast_forward() {
    assert(!in_token);
    const char* b = buf.data();
    const size_t from = pos;
    while (len - pos >= kBlock) {
      const BlockBits m = block_bits(b + pos);
      const uint64_t stop = m.stop;
      const unsigned k = stop ? static_cast<unsigned>(__builtin_ctzll(stop)) : kBlock;
      const uint64_t in_range = k == 64 ? ~uint64_t{0} : (uint64_t{1} << k) - 1;
      if (const uint64_t lines = m.nl & in_range) {
        // (A block holds a newline or two: counted bit by bit, without the portable tier's
        // call to libgcc's popcount.)
        for (uint64_t b = lines & (lines - 1); b; b &= b - 1) ++line;
        newline_at(pos + 63 - static_cast<size_t>(__builtin_clzll(lines)));
      }
      pos += k;
      if (k < kBlock) break;
    }
    token_at_stop(from);
  }
  // After fast_forward read buf[from, pos) (blanks, newlines and token bytes only): whether a
  // token runs up to pos, and where it began (its start only where it is short enough to be a
  // termination marker: tok_begin 8 bytes back stands for any longer one, as end_token and
  // refill read it); movetext if any token byte was read. Tokens are found at their ends rather
  // than in every block: the blocks then need no blank bits (the TCEC standard file's movetext
  // is a stop-free block after another).
  void token_at_stop(size_t from) {
    const char* b = buf.data();
    const auto token_byte = [&](size_t i) {
      return kClass.t[static_cast<unsigned char>(b[i])] == C_TOKEN;
    };
    size_t q = pos;
    while (q > from && pos - q < 8 && token_byte(q - 1)) --q;
    if (q < pos) {
      in_token = true;
      tok_begin = q;
      movetext = true;
    }
    for (size_t i = from; !movetext && i < pos; ++i) movetext = token_byte(i);
  }

  void scan_normal() {
    const char* b = buf.data();
    while (pos < len && !have_ready) {
      if (started && !in_token) {  // (a token in progress must end through end_token)
        fast_forward();
        if (pos >= len) return;
      }
      const auto c = static_cast<unsigned char>(b[pos]);
      switch (kClass.t[c]) {
        case C_TOKEN:
          if (!in_token) {
            if (!started) start_game(pos);
            in_token = true;
            tok_begin = pos;
            movetext = true;
          }
          ++pos;
          while (pos < len && kClass.t[static_cast<unsigned char>(b[pos])] == C_TOKEN) ++pos;
          continue;
        case C_SPACE:
          end_token(pos);
          if (have_ready) return;
          ++pos;
          while (pos < len && kClass.t[static_cast<unsigned char>(b[pos])] == C_SPACE) ++pos;
          continue;
        case C_NEWLINE:
          end_token(pos);
          if (have_ready) return;
          newline_at(pos);
          ++pos;
          continue;
        case C_BAD:
          end_token(pos);
          if (have_ready) return;
          enter_resync(pos);
          return;
        default: break;
      }
      end_token(pos);
      if (have_ready) return;  // the special byte starts the next game
      if (c == '%' && (line_begin == pos || (line_begin == kNone && pos == 0 && col0 == 1))) {
        if (!started) start_game(pos);  // PGN 6: escape line, ignored to its end
        st = St::LineComment;
        ++pos;
        return;
      }
      switch (c) {
        case '[': {
          // A tag after movetext starts the next game; so does a second Event tag (a game
          // with an empty movetext section followed by the next game's tags).
          const bool event = starts_with("[Event ");
          if (movetext || (event && seen_event)) {
            finish_game(pos);
            return;
          }
          if (!started) start_game(pos);
          seen_event |= event;
          st = St::Tag;
          ++pos;
          return;
        }
        case '{':
          if (!started) start_game(pos);
          brace_open = loc(pos);
          movetext = true;
          st = St::Brace;
          ++pos;
          return;
        case ';':
          if (!started) start_game(pos);
          movetext = true;
          st = St::LineComment;
          ++pos;
          return;
        default:  // ( )
          if (!started) start_game(pos);
          depth += c == '(' ? 1 : -1;
          movetext = true;
          ++pos;
          continue;
      }
    }
  }

  void scan_brace() {
    while (pos < len) {
      const char* p = brace_stop(buf.data() + pos, buf.data() + len);
      pos = static_cast<size_t>(p - buf.data());
      if (pos == len) return;
      const auto c = static_cast<unsigned char>(*p);
      if (c == '}') {
        ++pos;
        st = St::Normal;
        return;
      }
      if (c == '\n') {
        newline_at(pos);
        ++pos;
        // An unterminated comment must not swallow the rest of the file: a line starting with
        // `[Event "` ends it (comments do not nest, PGN 8.2.5, and real ones never hold that).
        if (starts_with("[Event \"")) {
          diag(Severity::Error, "unterminated-comment", brace_open,
               "comment opened here is not closed before the next game (line " +
                   std::to_string(line) + ")");
          finish_game(pos);
          st = St::Normal;
          return;
        }
        continue;
      }
      if (is_bad_byte(c)) {
        enter_resync(pos);
        return;
      }
      ++pos;  // tab, CR ...
    }
  }

  void scan_line_comment() {
    const void* p = std::memchr(buf.data() + pos, '\n', len - pos);
    const size_t end = p ? static_cast<size_t>(static_cast<const char*>(p) - buf.data()) : len;
    // A control byte or DEL is refused here as in a brace comment or a tag (PGN 4.1: printing
    // characters, tab and newline only): the writer turns a `;` comment into a brace comment,
    // where the same byte would break the game on reading it back (fuzz_pgn, 2026-12-02).
    for (size_t i = pos; i < end; ++i)
      if (is_bad_byte(static_cast<unsigned char>(buf[i]))) {
        enter_resync(i);
        return;
      }
    if (!p) {
      pos = len;
      return;
    }
    pos = end;
    newline_at(pos);
    ++pos;
    st = St::Normal;
  }

  // The first byte from buf[i] that can change a tag pair's state ('"', '\\', ']', a control
  // byte or DEL), 16 bytes at a time; stops early (at a byte not tested) near the end of the
  // buffer.
  size_t tag_text_stop(size_t i) {
    using namespace bytes16;
    const char* b = buf.data();
    const V quote = splat('"'), backslash = splat('\\'), close = splat(']'), del = splat(0x7F);
    for (; len - i >= 16; i += 16) {
      const V v = load(b + i);
      const V m = either(either(eq(v, quote), eq(v, backslash)),
                         either(either(eq(v, close), eq(v, del)), control(v)));
      if (const uint32_t bits = mask(m)) return i + static_cast<size_t>(__builtin_ctz(bits));
    }
    return i;
  }
  void skip_tag_text() { pos = tag_text_stop(pos); }

  // St::Tag just after the '[' to the end of the tag pair in one step when it has the shape of
  // nearly every tag pair, `[Name "value"]`: a name (PGN 8.1.1), one blank, a string without
  // backslashes, ']', control bytes or DEL, then ']'. What the byte loop would do there: '"'
  // opens the string, the next '"' closes it, ']' ends the pair. The pair is noted in the game
  // (GameChunk::tags) for the tokenizer, which then does not scan it again. Returns false,
  // having moved nothing, otherwise.
  bool common_tag() {
    const char* b = buf.data();
    if (pos == 0 || b[pos - 1] != '[' || seg == kNone || seg >= pos) return false;
    return common_tag_after_open();
  }
  // common_tag where its entry tests are known to hold: after next_tag_line, which has just read
  // the pair's '[' in this game's bytes.
  bool common_tag_after_open() {
    const char* b = buf.data();
    assert(pos > 0 && b[pos - 1] == '[' && seg != kNone && seg < pos);
    const size_t j = tag_name::end(b, len, pos);
    if (j == pos || len - j < 2 || b[j] != ' ' || b[j + 1] != '"') return false;
    const size_t e = tag_text_stop(j + 2);
    if (len - e < 2 || b[e] != '"' || b[e + 1] != ']') return false;
    const size_t base = cur.bytes.size() - seg;  // (+ an index of buf: its offset in the game)
    cur.tags.push_back({static_cast<uint32_t>(base + pos - 1), static_cast<uint32_t>(base + j),
                        static_cast<uint32_t>(base + e)});
    pos = e + 2;
    st = St::Normal;
    return true;
  }

  // After a tag pair's ']': when the line ends there and the next one opens another tag pair
  // of this game, goes on into it as scan_normal would (the newline, then '[' in St::Normal
  // while no movetext was read and it is not a second [Event) without leaving scan_tag: the
  // roster is a dozen such lines per game. Returns false otherwise (having consumed at most
  // the newline, as scan_normal would have).
  bool next_tag_line() {
    if (len - pos < 2 || buf[pos] != '\n' || buf[pos + 1] != '[' || movetext) return false;
    if (seg != kNone && cur.bytes.size() + (pos + 2 - seg) > kMaxGameBytes) return false;
    newline_at(pos);
    ++pos;
    const bool event = starts_with("[Event ");
    if (event && seen_event) return false;  // the next game: scan_normal ends this one there
    seen_event |= event;
    st = St::Tag;
    ++pos;
    return true;
  }

  // The tag lines that follow a tag pair read whole, as next_tag_line then common_tag_after_open
  // would read them, while each is of their shape and needs no refill or larger note vector:
  // the loop calls nothing, so its vector constants stay in registers (reloaded for every pair
  // otherwise: a fifth of the instructions of a roster line). Stops before any other line,
  // having moved nothing of it; the caller's path reads it.
  void common_tag_lines() {
    using namespace bytes16;
    const char* b = buf.data();
    // tag_name::end's tests (letters once bit 5 is set, digits, '_') and tag_text_stop's.
    const V bit5 = splat(0x20), a = splat('a'), span_a = splat(25), zero = splat('0'),
            span_0 = splat(9), underscore = splat('_');
    const V quote = splat('"'), backslash = splat('\\'), close = splat(']'), del = splat(0x7F),
            low = splat(0x1F);
    const auto name_end = [&](size_t j) {
      for (; len - j >= 16; j += 16) {
        const V v = load(b + j);
        const V letter = eq(max_u8(minus(either(v, bit5), a), span_a), span_a);
        const V digit = eq(max_u8(minus(v, zero), span_0), span_0);
        const uint32_t name = mask(either(either(letter, digit), eq(v, underscore)));
        if (name != 0xFFFF) return j + static_cast<size_t>(__builtin_ctz(~name));
      }
      while (j < len && tag_name::is_char(b[j])) ++j;
      return j;
    };
    const auto text_stop = [&](size_t i) {
      for (; len - i >= 16; i += 16) {
        const V v = load(b + i);
        const V m = either(either(eq(v, quote), eq(v, backslash)),
                           either(either(eq(v, close), eq(v, del)), eq(max_u8(v, low), low)));
        if (const uint32_t bits = mask(m)) return i + static_cast<size_t>(__builtin_ctz(bits));
      }
      return i;
    };
    assert(seg != kNone);
    while (len - pos >= 9 && b[pos] == '\n' && b[pos + 1] == '[' && !movetext &&
           cur.bytes.size() + (pos + 2 - seg) <= kMaxGameBytes &&
           cur.tags.size() < cur.tags.capacity()) {
      const bool event = std::memcmp(b + pos + 1, "[Event ", 7) == 0;
      if (event && seen_event) return;
      const size_t open = pos + 2;  // the name's first byte
      const size_t j = name_end(open);
      if (j == open || len - j < 2 || b[j] != ' ' || b[j + 1] != '"') return;
      const size_t e = text_stop(j + 2);
      if (len - e < 2 || b[e] != '"' || b[e + 1] != ']') return;
      newline_at(pos);
      seen_event |= event;
      const size_t base = cur.bytes.size() - seg;
      cur.tags.push_back({static_cast<uint32_t>(base + open - 1), static_cast<uint32_t>(base + j),
                          static_cast<uint32_t>(base + e)});
      pos = e + 2;
    }
  }

  // The bytes of a 64-byte window that decide a tag pair's state, one bit per byte.
  struct TagBits {
    uint64_t quote, close, backslash, ctl;  // '"', ']', '\\', control bytes (<= 0x1F) and DEL
  };
  TagBits tag_w{0, 0, 0, 0};  // (of the window at tag_w0)
  static TagBits tag_bits(const char* q) {
    TagBits t{0, 0, 0, 0};
#if defined(__AVX2__)
    for (int h = 0; h < 2; ++h) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q + 32 * h));
      const auto bits = [&](__m256i m) {
        return uint64_t{static_cast<uint32_t>(_mm256_movemask_epi8(m))} << (32 * h);
      };
      const __m256i low = _mm256_set1_epi8(0x1F);
      t.quote |= bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')));
      t.close |= bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(']')));
      t.backslash |= bits(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')));
      t.ctl |= bits(_mm256_or_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(v, low), low),
                                    _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x7F))));
    }
#else
    using namespace bytes16;
    for (int h = 0; h < 4; ++h) {
      const V v = load(q + 16 * h);
      const auto bits = [&](V m) { return uint64_t{mask(m)} << (16 * h); };
      t.quote |= bits(eq(v, splat('"')));
      t.close |= bits(eq(v, splat(']')));
      t.backslash |= bits(eq(v, splat('\\')));
      t.ctl |= bits(either(control(v), eq(v, splat(0x7F))));
    }
#endif
    return t;
  }

  // St::Tag (outside the value string) to the end of the tag pair in one step, when the next
  // 64 bytes hold it in the shape of nearly every tag pair: an optional string without
  // backslashes, then ']', and no control byte or DEL on the way (tabs and CRs included: those
  // take the byte loop). What the byte loop would do there: '"' opens the string, the next '"'
  // closes it, ']' outside it ends the pair. Returns false, having moved nothing, otherwise.
  // The bits of the last window serve the tag pairs that start in it (a roster line is about
  // 26 bytes: two or three to a window); a pair not found whole in its rest takes a window of
  // its own.
  bool fast_tag() {
    if (len - pos < 64) return false;
    if (tag_w0 != kNone && pos - tag_w0 < 64 && fast_tag_from(pos - tag_w0)) return true;
    tag_w0 = pos;
    tag_w = tag_bits(buf.data() + pos);
    return fast_tag_from(0);
  }
  // fast_tag on the window's bits from bit `off` (buf[pos]) on: the bits past the window read
  // as zero, and every test below looks only at bits before a bit found set.
  bool fast_tag_from(unsigned off) {
    const TagBits t{tag_w.quote >> off, tag_w.close >> off, tag_w.backslash >> off,
                    tag_w.ctl >> off};
    const auto below = [](unsigned k) { return (uint64_t{1} << k) - 1; };  // bits < k (k < 64)
    if (!t.close) return false;
    const unsigned close = static_cast<unsigned>(__builtin_ctzll(t.close));
    unsigned end;  // the ']' that ends the pair
    if (!(t.quote & below(close))) {
      end = close;  // no string before it
    } else {
      const unsigned q1 = static_cast<unsigned>(__builtin_ctzll(t.quote));
      const uint64_t after = t.quote & ~below(q1 + 1);
      if (!after) return false;
      const unsigned q2 = static_cast<unsigned>(__builtin_ctzll(after));
      if (t.backslash & below(q2) & ~below(q1 + 1)) return false;  // an escape in the string
      if (q2 == 63) return false;
      const uint64_t closes = t.close & ~below(q2 + 1);
      if (!closes) return false;
      end = static_cast<unsigned>(__builtin_ctzll(closes));
      if (t.quote & below(end) & ~below(q2 + 1)) return false;  // a second string
    }
    if (t.ctl & below(end)) return false;
    pos += end + 1;
    st = St::Normal;
    return true;
  }

  void scan_tag() {
    const char* b = buf.data();
    while (pos < len) {
      if (st == St::Tag && (common_tag() || fast_tag())) {
        common_tag_lines();
        do {
          if (!next_tag_line()) return;
        } while (common_tag_after_open() || fast_tag());
        // (A pair of another shape: the byte loop below reads it, from St::Tag.)
      }
      if (st != St::TagEscape) {
        skip_tag_text();
        if (pos >= len) return;
      }
      const auto c = static_cast<unsigned char>(b[pos]);
      if (is_bad_byte(c)) {
        enter_resync(pos);
        return;
      }
      if (c == '\n') {
        newline_at(pos);
        ++pos;
        st = St::Normal;  // tag pairs never span lines; the tokenizer reports the broken one
        return;
      }
      ++pos;
      switch (st) {
        case St::Tag:
          if (c == '"')
            st = St::TagString;
          else if (c == ']') {
            st = St::Normal;
            if (!next_tag_line()) return;
          }
          break;
        case St::TagString:
          if (c == '\\')
            st = St::TagEscape;
          else if (c == '"')
            st = St::Tag;
          break;
        default: st = St::TagString; break;
      }
    }
  }

  void scan_resync() {
    // Resynchronise at a blank line or at a line that starts with `[Event `.
    const char* b = buf.data();
    while (pos < len) {
      const auto c = static_cast<unsigned char>(b[pos]);
      if (c == '\n') {
        newline_at(pos);
        ++pos;
        if (line_blank) {
          leave_resync("blank line");
          return;
        }
        line_blank = true;
        if (starts_with("[Event ")) {
          leave_resync("next [Event tag");
          return;
        }
        b = buf.data();
        continue;
      }
      if (!is_space_byte(c)) line_blank = false;
      ++pos;
    }
  }

  bool next(GameChunk& out) {
    while (!have_ready) {
      if (pos >= len && !refill()) {
        if (st == St::Resync) leave_resync("end of input");
        if (!have_ready && started) {
          if (st == St::Brace)
            diag(Severity::Error, "unterminated-comment", brace_open,
                 "comment opened here is not closed before the end of input");
          end_token(pos);
          if (!have_ready) finish_game(pos);
        }
        if (!have_ready) return false;
        break;
      }
      if (started && seg != kNone && cur.bytes.size() + (pos - seg) > kMaxGameBytes &&
          st != St::Resync) {
        diag(Severity::Error, "game-too-long", loc(pos), "game longer than 64 MiB");
        enter_resync(pos);
        continue;
      }
      switch (st) {
        case St::Normal: scan_normal(); break;
        case St::Brace: scan_brace(); break;
        case St::LineComment: scan_line_comment(); break;
        case St::Tag:
        case St::TagString:
        case St::TagEscape: scan_tag(); break;
        case St::Resync: scan_resync(); break;
      }
    }
    keep_buffers(out);
    out = std::move(ready);
    ready = GameChunk{};
    have_ready = false;
    return true;
  }
  // The buffers of a chunk handed back to next() (a game read before, see cli::take_batch) hold
  // the next game's bytes and notes: no allocation and first touch of fresh memory per game
  // (the text's buffer comes back through parse_game, which swaps it with the chunk's bytes).
  // One of each is kept, up to 1 MB: a huge game's buffer is freed as before.
  void keep_buffers(GameChunk& old) {
    if (old.bytes.capacity() > spare_bytes.capacity() && old.bytes.capacity() <= kMaxSpare)
      spare_bytes.swap(old.bytes);
    if (old.tags.capacity() > spare_tags.capacity() &&
        old.tags.capacity() * sizeof(GameChunk::TagSpan) <= kMaxSpare)
      spare_tags.swap(old.tags);
  }
};

Splitter::Splitter(std::unique_ptr<ByteSource> src) : impl_(std::make_unique<Impl>()) {
  impl_->src = std::move(src);
}
Splitter::~Splitter() = default;
Splitter::Splitter(Splitter&&) noexcept = default;
Splitter& Splitter::operator=(Splitter&&) noexcept = default;
bool Splitter::next(GameChunk& out) { return impl_->next(out); }
uint64_t Splitter::consumed() const { return impl_->src->consumed(); }
uint64_t Splitter::size() const { return impl_->src->size(); }

}  // namespace arbiter::pgn
