#pragma once
// PGN import: a streaming, constant-memory reader that cuts a byte stream (plain file, stdin,
// .pgn.zst) into games and tokenises each game's tag pairs and movetext. Chess-free: moves are
// kept as written (SAN, UCI, null moves) with their line:column, so the validator and the
// normaliser can replay them with the move generator.
//
// Import format per the PGN standard (sections 8 and 18), tolerant of what real files contain:
// UTF-8 BOM, CRLF, Latin-1 bytes (decoded to UTF-8 with a warning), `%` escape lines, `;` and
// `{}` comments, NAGs and `!?` suffixes, nested variations, null moves, `12...` move numbers,
// missing results, tags and moves on one line, games without tags, unescaped quotes in tag values.
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/vocabulary/game_result.h"

namespace arbiter::pgn {

struct Location {
  uint32_t line = 0;    // 1-based line in the input stream
  uint32_t column = 0;  // 1-based column, counted in characters (UTF-8 code points)
  friend bool operator==(const Location&, const Location&) = default;
};

enum class Severity : uint8_t { Warning, Error };

// A problem found while reading (bad bytes, unterminated comment, malformed tag ...).
struct Diagnostic {
  Severity severity = Severity::Warning;
  std::string code;  // stable kebab-case identifier, e.g. "latin1", "bad-bytes"
  Location where;
  std::string message;
};

struct Tag {
  std::string name;
  std::string value;  // unescaped, UTF-8
  Location where;
};

// GameResult: the libraries' one result type (arbiter/vocabulary/game_result.h).
std::string_view to_string(GameResult r);  // "1-0", "0-1", "1/2-1/2", "*", ""
std::optional<GameResult> parse_result(std::string_view s);

enum class TokenKind : uint8_t {
  Move,            // SAN / UCI / castling as written, annotation suffix stripped
  NullMove,        // `--`, `Z0`, `0000`, `@@@@`
  Nag,             // $n or a suffix/standalone !, ?, !!, ??, !?, ?!; value holds n
  Comment,         // `{...}` or `;...` text (without delimiters)
  VariationStart,  // (
  VariationEnd,    // )
  MoveNumber,      // `12.` / `12...`; value = number, dots in `len` of the text
  Invalid,         // text that is no PGN token; text holds it
};

// 16 bytes: a game holds a token every few bytes. Where a token stands (file line:column) is
// read only for messages: RawGame::where works it out from the offset.
struct Token {
  TokenKind kind;
  uint32_t offset = 0;  // into RawGame::text
  uint32_t len = 0;
  uint32_t value = 0;  // NAG number, move number
};
static_assert(sizeof(Token) == 16);

// One game as read. Tokens index into `text` (the game's bytes, UTF-8 after decoding).
struct RawGame {
  uint64_t index = 0;  // 0-based position in the stream
  Location start;      // first line of the game
  std::vector<Tag> tags;
  std::string text;
  std::vector<Token> tokens;  // movetext in order, variations included
  // Where each line after the game's first starts in text (the index after each newline), in
  // order: RawGame::where's line index.
  std::vector<uint32_t> line_starts;
  GameResult result = GameResult::None;  // the termination marker after the moves
  Location result_where;
  std::vector<Diagnostic> diagnostics;  // reader problems, in order of appearance

  std::string_view token_text(const Token& t) const {  // (tokens lie within text: no check)
    return std::string_view(text.data() + t.offset, t.len);
  }
  // Where the token starts in the input (a comment: at its `{` or `;`), as the tokenizer read it.
  Location where(const Token& t) const;
  // Where text[offset] stands in the input: the line from line_starts, the column counted in
  // characters (UTF-8 code points) from the line's start (the first line's at start.column).
  Location location(uint32_t offset) const;
  // Value of the last tag with this name (PGN tag names are case-sensitive), or nullptr.
  const std::string* tag(std::string_view name) const;
  bool has_errors() const;
  void clear();
};

// Unreadable input (missing file, I/O error, corrupt zstd frame). The CLI maps it to exit 2.
struct ReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A source of bytes. Implementations: file, stdin, zstd-decompressed file/stdin.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Fills up to n bytes; returns 0 at end of input. Throws ReadError.
  virtual size_t read(char* buf, size_t n) = 0;
  // Bytes consumed from the underlying file and its size (0 if unknown), for progress bars.
  virtual uint64_t consumed() const = 0;
  virtual uint64_t size() const = 0;
};

// "-" is stdin. zstd input is recognised by its magic number (any name), so `.pgn.zst` files
// and compressed stdin both work. Throws ReadError if the file cannot be opened.
std::unique_ptr<ByteSource> open_source(const std::string& path);
// In-memory bytes; `max_read` caps the bytes a read returns (1 delivers them as a slow pipe
// would, for testing that nothing depends on how the input is cut into reads; 0 counts as 1).
std::unique_ptr<ByteSource> memory_source(std::string bytes, size_t max_read = SIZE_MAX);

// One game's bytes as cut from the stream, before tokenising (cheap; done on the reading
// thread so that tokenising and validating can run on worker threads).
struct GameChunk {
  uint64_t index = 0;
  Location start;
  std::string bytes;
  std::vector<Diagnostic> diagnostics;  // found while cutting (bad bytes, resynchronisation)
  // Tag pairs of the plain shape `[Name "value"]` (one blank; no escape, control byte or DEL in
  // the value) found while cutting, in order: '[' at bytes[open], the name up to name_end, the
  // value from name_end + 2 up to value_end. The tokenizer reads them from here instead of
  // scanning them again. (Optional: a pair not noted is scanned. Made by the Splitter: a note
  // outside the bytes is not read, its pair is scanned; a note inside them is trusted.)
  struct TagSpan {
    uint32_t open = 0, name_end = 0, value_end = 0;
  };
  std::vector<TagSpan> tags;
};

// Cuts a stream into games. Memory is bounded by the largest game, not the file.
// A game ends after its termination marker (outside comments and variations), before a tag
// that follows movetext, or at the end of input. Control bytes that cannot be text (NUL ...)
// end the current game with an error and skip input up to the next blank line or `[Event` line.
class Splitter {
 public:
  explicit Splitter(std::unique_ptr<ByteSource> src);
  ~Splitter();
  Splitter(Splitter&&) noexcept;
  Splitter& operator=(Splitter&&) noexcept;
  bool next(GameChunk& out);  // false at end of input; out's buffers serve the next games
  uint64_t consumed() const;
  uint64_t size() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Tokenises one game (tags and movetext). Never throws on bad text: problems become
// diagnostics and Invalid tokens. chunk.bytes gets out's old text buffer (empty) for reuse.
void parse_game(GameChunk&& chunk, RawGame& out);
RawGame parse_game(std::string_view text, Location start = {1, 1}, uint64_t index = 0);

// Convenience: Splitter + parse_game.
class Reader {
 public:
  explicit Reader(std::unique_ptr<ByteSource> src) : split_(std::move(src)) {}
  static Reader open(const std::string& path) { return Reader(open_source(path)); }
  bool next(RawGame& out);
  uint64_t consumed() const { return split_.consumed(); }
  uint64_t size() const { return split_.size(); }

 private:
  Splitter split_;
  GameChunk chunk_;
};

// Reads every game of a string (tests, small inputs).
std::vector<RawGame> read_all(std::string_view text);

}  // namespace arbiter::pgn
