// Issue 17, messages: a binary line is never echoed raw to the terminal. Whatever a message
// quotes (an option's value, a player's name, a line of a file), control characters and bytes
// that are not UTF-8 come out as \xNN; UTF-8 text comes out as it went in.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

// RFC 3629 UTF-8 with no C0 control but newline and tab, no DEL and no C1 control (U+0080-U+009F):
// nothing a terminal would act on.
bool terminal_clean(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) return false;
      ++i;
      continue;
    }
    const int n = c >= 0xC2 && c <= 0xDF   ? 1
                  : c >= 0xE0 && c <= 0xEF ? 2
                  : c >= 0xF0 && c <= 0xF4 ? 3
                                           : -1;
    if (n < 0 || i + n >= s.size()) return false;
    unsigned cp = c & (0x3F >> n);
    for (int k = 1; k <= n; ++k) {
      const auto x = static_cast<unsigned char>(s[i + k]);
      if ((x & 0xC0) != 0x80) return false;
      cp = cp << 6 | (x & 0x3F);
    }
    const unsigned least[] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp <= 0x9F)
      return false;
    i += n + 1;
  }
  return true;
}

struct Case {
  std::string script, shown;  // the command, and what its message must show instead of the bytes
};

TEST(Terminal, MessagesEscapeTheBytesTheyQuote) {
  TempDir d;
  make_event(d, "e.trf", 2);
  put(d.path / "bin.fen", "\x1B[2J\x07\xFF\tw\n");
  put(d.path / "bin.csv", "name,federation\n\"C, D\",E\x1BS\n");
  const Case cases[] = {
      {"\"$A\" timecontrol \"$(printf '\\033[2J\\007x')\"", "\\x1B[2J\\x07x"},
      {"\"$A\" event bye e.trf --player \"$(printf '\\033]0;title\\007')\"", "\\x1B]0;title\\x07"},
      {"\"$A\" event bye e.trf --player \"$(printf 'A\\377\\302\\233B')\"", "A\\xFF\\xC2\\x9BB"},
      {"\"$A\" event register e.trf --csv bin.csv", "bin.csv:2:9: a control character (code 27)"},
      {"\"$A\" standings \"$(printf 'x\\033y.trf')\"", "x\\x1By.trf"},
      {"\"$A\" unwinnable bin.fen", "\\x1B[2J\\x07\\xFF"},
  };
  for (const auto& c : cases) {
    const Shell r = sh(d.path, c.script);
    EXPECT_NE(r.code, kOk) << c.script;
    EXPECT_TRUE(terminal_clean(r.err)) << c.script << ": " << r.err;
    EXPECT_TRUE(terminal_clean(r.out)) << c.script << ": " << r.out;
    EXPECT_NE((r.err + r.out).find(c.shown), std::string::npos) << c.script << ": " << r.err;
  }
}

TEST(Terminal, Utf8TextIsQuotedUnchanged) {
  TempDir d;
  make_event(d, "e.trf", 2);
  const Shell r = sh(d.path, "\"$A\" event bye e.trf --player 'Müller, Zoë 象棋'");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("'Müller, Zoë 象棋'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arbiter::test::reliability
