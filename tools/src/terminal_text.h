#pragma once
// Text for a terminal. Messages quote their input (a file's line, a player's name, an option's
// value); a byte a terminal acts on (ESC sequences, BEL, CR, backspace, the C1 controls) or that is
// not UTF-8 is written as \xNN (hex, upper case) instead, so that a binary line never reaches the
// terminal raw. Valid UTF-8, newlines and tabs pass unchanged. Every message of the program goes
// through one place: main() routes std::cerr through an EscapingStreambuf.
#include <memory>
#include <mutex>
#include <streambuf>
#include <string>
#include <string_view>

namespace arbiter::cli {

// Incremental: bytes may arrive in pieces (a UTF-8 character split over two writes).
class TerminalEscaper {
 public:
  // Appends to `out` what `bytes` become.
  void feed(std::string_view bytes, std::string& out);
  // An incomplete UTF-8 sequence left at the end is escaped.
  void finish(std::string& out);

 private:
  void byte(unsigned char c, std::string& out);
  void start(unsigned char c, std::string& out);
  void escape_pending(std::string& out);
  std::string pending_;  // the bytes of an incomplete UTF-8 character
  int need_ = 0;         // continuation bytes still to come
};

// The whole of `text` made safe for a terminal.
std::string terminal_safe(std::string_view text);

// A streambuf that escapes what it is given (TerminalEscaper) and writes it to `out`.
class EscapingStreambuf : public std::streambuf {
 public:
  explicit EscapingStreambuf(std::streambuf* out) : out_(out) {}
  ~EscapingStreambuf() override;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool write(std::string_view bytes);
  std::streambuf* out_;
  std::mutex mutex_;  // worker threads may warn while the main thread reports
  TerminalEscaper escaper_;
};

// Routes std::cerr through an EscapingStreambuf until the returned guard is destroyed.
std::shared_ptr<void> escape_stderr();

}  // namespace arbiter::cli
