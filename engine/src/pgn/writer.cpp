// PGN export format writer (PGN standard 8.1.1, 8.2.2.2, 8.2.6).
#include <algorithm>

#include "arbiter/engine/pgn_writer.h"

namespace arbiter::pgn {
namespace {

constexpr size_t kMaxLine = 79;  // PGN 8.2.6: "less than 80 printing characters"

int str_rank(std::string_view name) {
  for (int i = 0; i < 7; ++i)
    if (kSevenTagRoster[i] == name) return i;
  return 7;
}

std::string_view str_default(std::string_view name) {
  if (name == "Date") return "????.??.??";
  if (name == "Result") return "*";
  return "?";
}

// Greedy word wrapping of movetext tokens.
class LineWriter {
 public:
  explicit LineWriter(std::string& out) : out_(out) {}
  void word(std::string_view w) {
    if (w.empty()) return;
    if (len_ > 0 && len_ + 1 + w.size() > kMaxLine) {
      out_.push_back('\n');
      len_ = 0;
    } else if (len_ > 0 && !glue_) {
      out_.push_back(' ');
      ++len_;
    }
    glue_ = false;
    out_.append(w);
    len_ += w.size();
  }
  void glue() { glue_ = true; }  // next word follows without a space ("(" and ")")
  void end_line() {
    if (len_ > 0) out_.push_back('\n');
    len_ = 0;
  }

 private:
  std::string& out_;
  size_t len_ = 0;
  bool glue_ = false;
};

}  // namespace

std::string escape_string(std::string_view s) {
  std::string r;
  r.reserve(s.size());
  for (char c : s) {
    if (c == '"' || c == '\\') r.push_back('\\');
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';  // tags are one line
    r.push_back(c);
  }
  return r;
}

void write_export(std::string& out, const ExportGame& game) {
  // Tag pair section: STR in order (filled in when missing), the rest in ASCII order.
  std::vector<std::pair<std::string, std::string>> tags;
  for (auto& t : game.tags) {
    auto it = std::find_if(tags.begin(), tags.end(), [&](auto& x) { return x.first == t.first; });
    if (it != tags.end())
      it->second = t.second;  // last one wins
    else
      tags.push_back(t);
  }
  for (std::string_view n : kSevenTagRoster) {
    if (std::none_of(tags.begin(), tags.end(), [&](auto& x) { return x.first == n; }))
      tags.emplace_back(std::string(n), std::string(str_default(n)));
  }
  for (auto& t : tags)
    if (t.first == "Result") t.second = std::string(to_string(game.result));
  std::stable_sort(tags.begin(), tags.end(), [](auto& a, auto& b) {
    int ra = str_rank(a.first), rb = str_rank(b.first);
    if (ra != rb) return ra < rb;
    return ra == 7 && a.first < b.first;
  });
  for (auto& [name, value] : tags) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_string(value);
    out += "\"]\n";
  }
  out += '\n';

  // Movetext. A black move gets its number at the start of a variation and after a comment or
  // a variation (PGN 8.2.2.2).
  LineWriter w(out);
  bool need_number = true;
  std::string buf;
  for (const auto& e : game.movetext) {
    switch (e.kind) {
      case ExportElement::Kind::Move:
        if (e.white || need_number) {
          buf = std::to_string(e.move_number);
          buf.append(e.white ? "." : "...");
          w.word(buf);
        }
        w.word(e.text);
        need_number = false;
        break;
      case ExportElement::Kind::Nag:
        buf = "$";
        buf += std::to_string(e.nag);
        w.word(buf);
        break;
      case ExportElement::Kind::Comment: {
        // Words of the comment, wrapped like tokens; braces cannot occur inside (8.2.5).
        std::vector<std::string_view> words;
        std::string_view t = e.text;
        size_t i = 0;
        while (i < t.size()) {
          while (i < t.size() && static_cast<unsigned char>(t[i]) <= ' ') ++i;
          size_t j = i;
          while (j < t.size() && static_cast<unsigned char>(t[j]) > ' ') ++j;
          if (j > i) words.push_back(t.substr(i, j - i));
          i = j;
        }
        if (words.empty()) {
          w.word("{}");
        } else {
          // A comment line may not start with `[Event "`: the reader takes such a line for the
          // next game after a comment left open (splitter.cpp), so "[Event" stays on the line
          // of the word before it.
          const auto event_tag = [&](size_t k) {
            return k > 0 && k + 1 < words.size() && words[k] == "[Event" &&
                   words[k + 1].front() == '"';
          };
          for (size_t k = 0; k < words.size(); ++k) {
            buf.clear();
            if (k == 0) buf += '{';
            buf.append(words[k].begin(), words[k].end());
            if (event_tag(k + 1)) {
              buf += ' ';
              buf.append(words[k + 1].begin(), words[k + 1].end());
              ++k;
            }
            for (char& c : buf)
              if (c == '}') c = ')';
            if (k + 1 == words.size()) buf += '}';
            w.word(buf);
          }
        }
        need_number = true;
        break;
      }
      case ExportElement::Kind::VariationStart:
        w.word("(");
        w.glue();
        need_number = true;
        break;
      case ExportElement::Kind::VariationEnd:
        w.glue();
        w.word(")");
        need_number = true;
        break;
    }
  }
  w.word(to_string(game.result));
  w.end_line();
  out += '\n';
}

}  // namespace arbiter::pgn
