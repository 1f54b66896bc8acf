// Byte sources for the PGN reader: files, stdin and zstd streams (how large databases ship).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "arbiter/engine/pgn.h"

namespace arbiter::pgn {
namespace {

class FdSource final : public ByteSource {
 public:
  FdSource(int fd, std::string name, bool owned) : fd_(fd), name_(std::move(name)), owned_(owned) {
    struct stat st {};
    if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) size_ = static_cast<uint64_t>(st.st_size);
  }
  ~FdSource() override {
    if (owned_) ::close(fd_);
  }
  size_t read(char* buf, size_t n) override {
    size_t got = 0;
    if (!prefix_.empty()) {  // bytes read while sniffing the format
      got = std::min(n, prefix_.size() - prefix_pos_);
      std::memcpy(buf, prefix_.data() + prefix_pos_, got);
      prefix_pos_ += got;
      if (prefix_pos_ == prefix_.size()) prefix_.clear();
      return got;
    }
    for (;;) {
      ssize_t r = ::read(fd_, buf, n);
      if (r >= 0) {
        consumed_ += static_cast<uint64_t>(r);
        return static_cast<size_t>(r);
      }
      if (errno == EINTR) continue;
      throw ReadError(name_ + ": read error: " + std::strerror(errno));
    }
  }
  uint64_t consumed() const override { return consumed_; }
  uint64_t size() const override { return size_; }
  // Reads up to 4 bytes and keeps them to be returned again by read().
  std::string sniff() {
    std::string head(4, '\0');
    size_t have = 0;
    while (have < 4) {
      size_t r = read(head.data() + have, 4 - have);
      if (r == 0) break;
      have += r;
    }
    head.resize(have);
    prefix_ = head;
    prefix_pos_ = 0;
    return head;
  }
  const std::string& name() const { return name_; }

 private:
  int fd_;
  std::string name_;
  bool owned_;
  uint64_t size_ = 0, consumed_ = 0;
  std::string prefix_;
  size_t prefix_pos_ = 0;
};

class ZstdSource final : public ByteSource {
 public:
  explicit ZstdSource(std::unique_ptr<FdSource> in)
      : in_(std::move(in)), dctx_(ZSTD_createDCtx()), inbuf_(ZSTD_DStreamInSize()) {
    if (!dctx_) throw ReadError(in_->name() + ": out of memory for zstd");
  }
  ~ZstdSource() override { ZSTD_freeDCtx(dctx_); }
  size_t read(char* buf, size_t n) override {
    ZSTD_outBuffer out{buf, n, 0};
    while (out.pos == 0) {
      if (in_pos_ == in_len_) {
        in_len_ = in_->read(inbuf_.data(), inbuf_.size());
        in_pos_ = 0;
        if (in_len_ == 0) {
          if (!frame_done_) throw ReadError(in_->name() + ": truncated zstd stream");
          return 0;
        }
      }
      ZSTD_inBuffer inb{inbuf_.data(), in_len_, in_pos_};
      size_t r = ZSTD_decompressStream(dctx_, &out, &inb);
      in_pos_ = inb.pos;
      if (ZSTD_isError(r))
        throw ReadError(in_->name() + ": corrupt zstd data: " + ZSTD_getErrorName(r));
      frame_done_ = (r == 0);
    }
    return out.pos;
  }
  uint64_t consumed() const override { return in_->consumed(); }
  uint64_t size() const override { return in_->size(); }

 private:
  std::unique_ptr<FdSource> in_;
  ZSTD_DCtx* dctx_;
  std::vector<char> inbuf_;
  size_t in_pos_ = 0, in_len_ = 0;
  bool frame_done_ = true;
};

class MemorySource final : public ByteSource {
 public:
  MemorySource(std::string s, size_t max_read) : s_(std::move(s)), max_read_(max_read) {}
  size_t read(char* buf, size_t n) override {
    size_t k = std::min({n, s_.size() - pos_, max_read_});
    std::memcpy(buf, s_.data() + pos_, k);
    pos_ += k;
    return k;
  }
  uint64_t consumed() const override { return pos_; }
  uint64_t size() const override { return s_.size(); }

 private:
  std::string s_;
  size_t max_read_;
  size_t pos_ = 0;
};

}  // namespace

std::unique_ptr<ByteSource> open_source(const std::string& path) {
  std::unique_ptr<FdSource> fd;
  if (path == "-") {
    fd = std::make_unique<FdSource>(0, "<stdin>", false);
  } else {
    int f = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (f < 0) throw ReadError(path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(f, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(f);
      throw ReadError(path + ": is a directory");
    }
    fd = std::make_unique<FdSource>(f, path, true);
  }
  std::string head = fd->sniff();
  static constexpr unsigned char kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};
  if (head.size() == 4 && std::memcmp(head.data(), kZstdMagic, 4) == 0)
    return std::make_unique<ZstdSource>(std::move(fd));
  // gzip (1F 8B) is not read: name it, at the place its magic bytes are, instead of reporting
  // "unreadable byte 0x1F".
  if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1F &&
      static_cast<unsigned char>(head[1]) == 0x8B)
    throw ReadError((path == "-" ? std::string("<stdin>") : path) +
                    ":1:1: gzip-compressed; decompress it first (gunzip -k), or recompress it "
                    "with zstd, which is read directly");
  // A tournament file given where games are expected (`validate e.trf`) was read as one game of
  // nine warnings and "malformed SAN 'XAR'": name it. PGN never begins with three digits and a
  // blank (a move number has its period) nor with "XAR ".
  const std::string shown = path == "-" ? std::string("<stdin>") : path;
  if (head == "XAR ")
    throw ReadError(shown +
                    ":1:1: an arbiter event file, not PGN (`arbiter event show` reads it; "
                    "`arbiter event results FILE --pgn GAMES.pgn` records a round's games)");
  if (head.size() == 4 && head[3] == ' ' &&
      std::all_of(head.begin(), head.begin() + 3, [](char c) { return c >= '0' && c <= '9'; }))
    throw ReadError(shown + ":1:1: a TRF file (it begins with the record '" + head.substr(0, 3) +
                    "'), not PGN (`arbiter standings` and `arbiter pair` read it)");
  return fd;
}

std::unique_ptr<ByteSource> memory_source(std::string bytes, size_t max_read) {
  return std::make_unique<MemorySource>(std::move(bytes), max_read == 0 ? 1 : max_read);
}

}  // namespace arbiter::pgn
