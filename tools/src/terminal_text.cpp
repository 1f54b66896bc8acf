// Text for a terminal (see terminal_text.h).
#include "terminal_text.h"

#include <iostream>

namespace arbiter::cli {

namespace {

void escape(unsigned char c, std::string& out) {
  static const char hex[] = "0123456789ABCDEF";
  out += "\\x";
  out += hex[c >> 4];
  out += hex[c & 15];
}

// Continuation bytes after a lead byte (RFC 3629 table: no overlong forms, no surrogates, nothing
// above U+10FFFF); 0 for a byte that cannot start a character.
int continuations(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 1;
  if (lead >= 0xE0 && lead <= 0xEF) return 2;
  if (lead >= 0xF0 && lead <= 0xF4) return 3;
  return 0;
}

bool fits(const std::string& pending, unsigned char c) {
  if ((c & 0xC0) != 0x80) return false;
  if (pending.size() != 1) return true;
  switch (static_cast<unsigned char>(pending[0])) {
    case 0xE0: return c >= 0xA0;
    case 0xED: return c <= 0x9F;
    case 0xF0: return c >= 0x90;
    case 0xF4: return c <= 0x8F;
    default: return true;
  }
}

}  // namespace

void TerminalEscaper::feed(std::string_view bytes, std::string& out) {
  for (char c : bytes) byte(static_cast<unsigned char>(c), out);
}

void TerminalEscaper::finish(std::string& out) { escape_pending(out); }

void TerminalEscaper::escape_pending(std::string& out) {
  for (char p : pending_) escape(static_cast<unsigned char>(p), out);
  pending_.clear();
  need_ = 0;
}

void TerminalEscaper::start(unsigned char c, std::string& out) {
  if (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7F))
    out += char(c);
  else if ((need_ = continuations(c)) > 0)
    pending_ = char(c);
  else
    escape(c, out);  // C0 controls, DEL, stray continuation and invalid lead bytes
}

void TerminalEscaper::byte(unsigned char c, std::string& out) {
  if (pending_.empty()) return start(c, out);
  if (!fits(pending_, c)) {
    escape_pending(out);
    return start(c, out);
  }
  pending_ += char(c);
  if (--need_ > 0) return;
  // U+0080-U+009F, the C1 controls (0x9B is a CSI on some terminals).
  const bool c1 = pending_.size() == 2 && static_cast<unsigned char>(pending_[0]) == 0xC2 &&
                  static_cast<unsigned char>(pending_[1]) <= 0x9F;
  if (c1) return escape_pending(out);
  out += pending_;
  pending_.clear();
}

std::string terminal_safe(std::string_view text) {
  TerminalEscaper e;
  std::string out;
  e.feed(text, out);
  e.finish(out);
  return out;
}

EscapingStreambuf::~EscapingStreambuf() {
  std::string rest;
  const std::lock_guard<std::mutex> lock(mutex_);
  escaper_.finish(rest);
  write(rest);
  out_->pubsync();
}

bool EscapingStreambuf::write(std::string_view bytes) {
  return out_->sputn(bytes.data(), std::streamsize(bytes.size())) == std::streamsize(bytes.size());
}

EscapingStreambuf::int_type EscapingStreambuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
}

std::streamsize EscapingStreambuf::xsputn(const char* s, std::streamsize n) {
  std::string out;
  const std::lock_guard<std::mutex> lock(mutex_);
  escaper_.feed(std::string_view(s, size_t(n)), out);
  return write(out) ? n : 0;
}

int EscapingStreambuf::sync() { return out_->pubsync(); }

std::shared_ptr<void> escape_stderr() {
  std::streambuf* original = std::cerr.rdbuf();
  auto* buf = new EscapingStreambuf(original);
  std::cerr.rdbuf(buf);
  return std::shared_ptr<void>(buf, [original](void* p) {
    std::cerr.rdbuf(original);
    delete static_cast<EscapingStreambuf*>(p);
  });
}

}  // namespace arbiter::cli
