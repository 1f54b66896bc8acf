// The event store: atomic replacement, the undo journal, the lock, and kill -9 at any moment.
#include "arbiter/pairing/event_store.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "arbiter/pairing/event_settings.h"

namespace fs = std::filesystem;
using namespace arbiter::pairing;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("arbiter-event-store-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(EventStore, CreateCommitUndo) {
  TempDir d;
  auto f = d.path / "open.trf";
  EventStore s(f);
  EXPECT_FALSE(s.exists());
  // No file is bad input (the CLI exits 2, as for every missing input), not a rule's refusal.
  EXPECT_THROW(s.read(), FileInputError);
  EXPECT_THROW(s.commit("x", "no file"), FileInputError);
  s.create("v0\n");
  EXPECT_THROW(s.create("again\n"), EventError);
  s.commit("v1\n", "first");
  s.commit("v2\n", "second");
  s.commit("v2\n", "no change");  // a change that changes nothing is not journalled
  EXPECT_EQ(s.read(), "v2\n");
  EXPECT_EQ(s.history(), (std::vector<std::string>{"first", "second"}));
  EXPECT_EQ(s.undo(), "second");
  EXPECT_EQ(s.read(), "v1\n");
  EXPECT_EQ(s.undo(), "first");
  EXPECT_EQ(s.read(), "v0\n");
  EXPECT_EQ(s.undo(), std::nullopt);
  EXPECT_EQ(s.read(), "v0\n");
  // No temporary file is left behind.
  for (const auto& e : fs::directory_iterator(d.path))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
}

TEST(EventStore, UndoSkipsJournalEntryOfAnInterruptedCommit) {
  TempDir d;
  auto f = d.path / "e.trf";
  {
    EventStore s(f);
    s.create("A\n");
    s.commit("B\n", "to B");
  }
  // Simulate a kill between journalling and replacing: the journal holds a copy of the file.
  write_file_atomically(fs::path(f.string() + ".undo") / "000002.trf",
                        "to C\n" + seal_event_file("B\n"));
  EventStore s(f);
  EXPECT_EQ(s.undo(), "to B");
  EXPECT_EQ(s.read(), "A\n");
}

TEST(EventStore, StaleTemporaryFilesAreRemovedByTheNextWrite) {
  TempDir d;
  auto f = d.path / "e.trf";
  // Left by writers that no longer run (pid 2147483632 does not exist); pid 1 always runs.
  std::ofstream(d.path / ".e.trf.tmp.2147483632.00ff") << "half written";
  std::ofstream(d.path / ".e.trf.tmp.1.00ff") << "being written";
  EventStore s(f);
  EXPECT_TRUE(fs::exists(d.path / ".e.trf.tmp.2147483632.00ff"));  // opening removes nothing
  s.create("x\n");
  EXPECT_FALSE(fs::exists(d.path / ".e.trf.tmp.2147483632.00ff"));
  EXPECT_TRUE(fs::exists(d.path / ".e.trf.tmp.1.00ff"));
}

TEST(EventStore, LockSerialisesProcesses) {
  TempDir d;
  auto f = d.path / "e.trf";
  { EventStore(f).create("0\n"); }
  // Several processes each add 20 to a counter, one increment per locked read-modify-write.
  constexpr int kProcs = 4, kEach = 20;
  std::vector<pid_t> kids;
  for (int k = 0; k < kProcs; ++k) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      for (int i = 0; i < kEach; ++i) {
        EventStore s(f);
        int v = std::stoi(s.read());
        s.commit(std::to_string(v + 1) + "\n", "inc");
      }
      ::_exit(0);
    }
    kids.push_back(pid);
  }
  for (pid_t p : kids) {
    int st = 0;
    ::waitpid(p, &st, 0);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  }
  EXPECT_EQ(std::stoi(EventStore(f).read()), kProcs * kEach);
}

// kill -9 a writer at random moments: the file is always one complete version, and never older
// than the last version the writer acknowledged.
TEST(EventStore, KillNineLeavesOldOrNewVersion) {
  TempDir d;
  auto f = d.path / "e.trf";
  auto version = [](int k) {
    std::string s = "012 version " + std::to_string(k) + "\n";
    for (int i = 0; i < 200; ++i) s += "001 " + std::to_string(k) + " padding padding padding\n";
    return s;
  };
  { EventStore(f).create(version(0)); }
  std::mt19937 rng(7);
  int acked = 0;
  for (int attempt = 0; attempt < 30 && acked < 200; ++attempt) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::close(fds[0]);
      for (int k = acked + 1; k <= 200; ++k) {
        EventStore s(f);
        s.commit(version(k), "v" + std::to_string(k));
        ::write(fds[1], &k, sizeof k);  // acknowledged only once on disk
      }
      ::_exit(0);
    }
    ::close(fds[1]);
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 20000));
    ::kill(pid, SIGKILL);
    int st;
    ::waitpid(pid, &st, 0);
    int k;
    while (::read(fds[0], &k, sizeof k) == sizeof k) acked = k;
    ::close(fds[0]);
    std::string now = unseal_event_file(slurp(f), f.string());
    auto first = now.substr(0, now.find('\n'));
    ASSERT_EQ(first.rfind("012 version ", 0), 0u) << now.substr(0, 80);
    int on_disk = std::stoi(first.substr(12));
    ASSERT_EQ(now, version(on_disk)) << "torn file";
    ASSERT_TRUE(on_disk == acked || on_disk == acked + 1) << on_disk << " vs acked " << acked;
    acked = on_disk;
  }
  // Undo walks back through complete versions. One more uninterrupted change first, so that
  // there is something to undo however the kills fell (on a loaded machine a child may be
  // killed before its first commit every time), and journal entries left by killed writers
  // must be skipped.
  EventStore s(f);
  s.commit(version(acked + 1), "final");
  ASSERT_TRUE(s.undo());
  EXPECT_EQ(s.read(), version(acked));
}

TEST(EventSettings, RoundTrip) {
  EventSettings s;
  s.system = EventSystem::Dutch;
  s.rounds = 8;
  s.rating_list = RatingList::Rapid;
  s.tiebreaks = "BH/C1 GE DE ARO/C1 WON";
  s.rules = 2022;
  s.byes = {2, 5};
  s.variant = EventVariant::Chess960;
  s.seed = 1234567890123ULL;
  s.playoff = *parse_playoff("armageddon:300/240");
  s.starts = {{1, 518, "seed 1234 round 1 -> 518 RNBQKBNR"}, {2, 17, "x"}};
  s.byes_requested[5] = {{2, 'H'}, {4, 'Z'}};
  s.entry_round[9] = 3;
  s.ratings[1] = {2400, 2350, 2300, 0};
  s.boards[1] = {{1, 5}, {6, 2}};
  s.lots = {"colours: seed 5 -> white"};
  s.excused[4] = {2};
  s.withdrawn[12] = 4;
  s.withdrawn[7] = 6;
  s.withdrawn_for_good[7] = true;
  s.playoff_games = {PlayoffGame{3, 1, "1/2-1/2", 400, "lot: 3 white"}};
  EventText t{s, "012 Test\n001    1 m    A, B\n"};
  std::string text = join_event_text(t);
  EventText back = split_event_text(text, "e.trf");
  EXPECT_EQ(back.trf, t.trf);
  EXPECT_EQ(back.settings, s);
  EXPECT_EQ(join_event_text(back), text);  // stable, the block comment is not duplicated
}

// fuzz_event: a byte-order mark before the block comment or a XAR record (two files joined) is
// read as the TRF reader reads it, so the text written back is stable.
TEST(EventSettings, ByteOrderMarksAreReadAsTheTrfReaderReadsThem) {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string block = "### arbiter event settings (XAR records; other TRF readers skip them)";
  const std::string text =
      "012 T\n" + bom + block + "\n" + bom + "XAR ROUNDS 7\n001    1 m    A, B\n";
  EventText t = split_event_text(text, "e.trf");
  EXPECT_EQ(t.trf, "012 T\n001    1 m    A, B\n");
  EXPECT_EQ(t.settings.rounds, 7);
  const std::string once = join_event_text(t);
  EXPECT_EQ(join_event_text(split_event_text(once, "e.trf")), once);
}

TEST(EventSettings, ErrorsNameLineAndColumn) {
  auto err = [](const std::string& text) {
    try {
      split_event_text(text, "e.trf");
    } catch (const EventError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(err("012 T\nXAR ROUNDS x\n"),
            "e.trf:2:12: expected the number of rounds (1-999), found 'x'");
  EXPECT_EQ(err("XAR SYSTEM swiss\n"), "e.trf:1:12: unknown system 'swiss'");
  EXPECT_EQ(err("XAR HPB 3\n"), "e.trf:1:10: expected the last round with byes (0 = any)");
  EXPECT_EQ(err("XAR RULES 2023\n"), "e.trf:1:11: expected 2026, 2024 or 2022");
  EXPECT_EQ(err("XAR ROUNDS 9 10\n"), "e.trf:1:14: unexpected '10'");
  EXPECT_EQ(err("XAR VERSION 2\n"), "e.trf:1:5: event file version 2 is newer than this arbiter");
  // Unknown settings of a newer arbiter survive verbatim; CRLF is accepted.
  auto t = split_event_text("XAR FUTURE thing\r\n012 T\r\n", "e.trf");
  EXPECT_EQ(t.settings.unknown, std::vector<std::string>{"XAR FUTURE thing"});
  EXPECT_EQ(t.trf, "012 T\n");
  // CR-only and mixed line ends are split as the TRF reader splits them, line numbers included.
  auto cr = split_event_text("XAR FUTURE thing\r012 T\r\r\n022 C\n\r", "e.trf");
  EXPECT_EQ(cr.settings.unknown, std::vector<std::string>{"XAR FUTURE thing"});
  EXPECT_EQ(cr.trf, "012 T\n\n022 C\n\n");
  EXPECT_EQ(err("012 T\r\r\nXAR ROUNDS x\r"),
            "e.trf:3:12: expected the number of rounds (1-999), found 'x'");
}
