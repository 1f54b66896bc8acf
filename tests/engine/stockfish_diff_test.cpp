// Differential test against Stockfish (the Debian package, /usr/games/stockfish) as an oracle:
// random walks from random Chess960 start positions (and double-960 ones), then our divide
// compared with Stockfish's `go perft` move by move (UCI_Chess960 = true: castling is written
// king-takes-rook on both sides).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <random>

#include "arbiter/engine/chess960.h"
#include "arbiter/engine/perft.h"
#include "arbiter/engine/uci.h"
#include "test_support.h"

using namespace arbiter;

namespace {

const char* kStockfish = "/usr/games/stockfish";

class Stockfish {
 public:
  Stockfish() {
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl(kStockfish, kStockfish, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
    send("uci");
    wait_for("uciok");
    send("setoption name UCI_Chess960 value true");
    send("setoption name Threads value 1");
    send("isready");
    wait_for("readyok");
  }
  ~Stockfish() {
    if (in_) {
      send("quit");
      fclose(in_);
    }
    if (out_) fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return in_ && out_ && pid_ > 0; }

  // Stockfish's divide: move -> count, and the total.
  std::map<std::string, std::uint64_t> divide(const std::string& fen, int depth,
                                              std::uint64_t& total) {
    send("position fen " + fen);
    send("go perft " + std::to_string(depth));
    std::map<std::string, std::uint64_t> out;
    std::string line;
    while (read_line(line)) {
      if (line.rfind("Nodes searched:", 0) == 0) {
        total = std::stoull(line.substr(15));
        break;
      }
      auto colon = line.find(": ");
      if (colon != std::string::npos && colon >= 4 && colon <= 5)
        out[line.substr(0, colon)] = std::stoull(line.substr(colon + 2));
    }
    return out;
  }

 private:
  void send(const std::string& s) {
    fputs((s + "\n").c_str(), in_);
    fflush(in_);
  }
  bool read_line(std::string& line) {
    line.clear();
    int c;
    while ((c = fgetc(out_)) != EOF && c != '\n') line += char(c);
    return c != EOF || !line.empty();
  }
  void wait_for(const std::string& token) {
    std::string line;
    while (read_line(line))
      if (line.rfind(token, 0) == 0) return;
  }
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

}  // namespace

TEST(StockfishDiff, RandomWalksFromChess960Starts) {
  if (!std::filesystem::exists(kStockfish))
    ARBITER_ORACLE_MISSING("stockfish is not installed (scripts/install-deps.sh --test)");
  Stockfish sf;
  ASSERT_TRUE(sf.ok());
  std::mt19937_64 rng(20261130);
  const int walks = test::full_run() ? 3000 : 150;
  int compared = 0;
  std::uint64_t nodes = 0;
  for (int w = 0; w < walks; ++w) {
    int white = int(rng() % 960), black = (w % 5 == 0) ? int(rng() % 960) : white;
    Position pos = chess960::start_position(white, black);
    int plies = int(rng() % 80);
    for (int i = 0; i < plies; ++i) {
      MoveList ml = pos.legal_moves();
      if (ml.empty()) break;
      pos.play(ml[rng() % ml.size()]);
    }
    if (pos.legal_moves().empty()) continue;
    const int depth = test::full_run() ? 4 : (w % 10 == 0 ? 4 : 3);
    const std::string fen = pos.fen(CastlingNotation::Shredder);
    std::uint64_t sf_total = 0;
    auto theirs = sf.divide(fen, depth, sf_total);
    std::map<std::string, std::uint64_t> ours;
    std::uint64_t total = 0;
    for (auto [m, n] : divide(pos, depth)) {
      ours[to_uci(pos, m, true)] = n;
      total += n;
    }
    ASSERT_EQ(ours, theirs) << "divide differs at depth " << depth << " for " << fen;
    ASSERT_EQ(total, sf_total) << fen;
    ASSERT_GT(sf_total, 0u) << fen;
    nodes += total;
    ++compared;
  }
  EXPECT_GT(compared, walks * 9 / 10);
  std::printf("compared %d divides with stockfish, %llu nodes\n", compared,
              static_cast<unsigned long long>(nodes));
}
