// Issue 17, the event file (classes 4, 5, 9, 10, 11): an event file is recognised by its format
// record and verified by its checksum on every load; a damaged one is refused with the way to
// recover, never repaired; readers lock nothing, create nothing, delete nothing.
#include "arbiter/pairing/event_store.h"
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

// Every line of `text` but those containing `part`.
std::string without(const std::string& text, const std::string& part) {
  std::istringstream in(text);
  std::string line, out;
  while (std::getline(in, line))
    if (line.find(part) == std::string::npos) out += line + '\n';
  return out;
}

TEST(EventFile, AnyOtherTextFileIsRefusedWithFileAndLine) {
  TempDir d;
  put(d.path / "notes.md", "# my notes\n\nnothing to see\n");
  put(d.path / "plain.trf", "012 Some Open\n");
  for (const char* f : {"notes.md", "plain.trf"}) {
    auto r = sh(d.path, std::string("\"$A\" event show ") + f);
    EXPECT_NE(r.code, kOk) << f;
    EXPECT_NE(r.err.find(std::string(f) + ":1: not an arbiter event file"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "") << f;
  }
}

std::string changed_byte(std::string s) {
  s[s.find("001 ") + 20] ^= 1;  // a name's letter changed by hand
  return s;
}

TEST(EventFile, DamageIsRefusedWithTheWayToRecover) {
  TempDir d;
  make_event(d, "e.trf");
  ASSERT_EQ(sh(d.path, "\"$A\" event pair e.trf && \"$A\" event withdraw e.trf 3 --round 2").code,
            kOk);
  const std::string good = slurp(d.path / "e.trf");
  ASSERT_NE(good.find("XAR ROUNDS"), std::string::npos);
  const std::string damaged[] = {
      without(good, "XAR ROUNDS"),                 // came back as ROUNDS 0
      without(good, "XAR SEED"),                   // came back as SEED 0
      without(good, "XAR WITHDRAWN"),              // was forgotten
      good.substr(0, good.size() / 2),             // cut short: a smaller event
      good.substr(0, good.rfind("XAR CHECKSUM")),  // cut before the last record
      changed_byte(good),
  };
  for (const auto& text : damaged) {
    put(d.path / "e.trf", text);
    for (const char* cmd : {"show", "standings", "pair"}) {
      auto r = sh(d.path, std::string("\"$A\" event ") + cmd + " e.trf");
      EXPECT_NE(r.code, kOk) << cmd << "\n" << r.err;
      EXPECT_NE(r.err.find("event undo e.trf"), std::string::npos) << r.err;
      EXPECT_EQ(slurp(d.path / "e.trf"), text) << cmd;  // never repaired or written back
    }
  }
  // The way out the message names: undo restores the version before the last change.
  auto r = sh(d.path, "\"$A\" event undo e.trf && \"$A\" event show e.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("undone: 3 PlayerAC, Test withdrawn"), std::string::npos) << r.out;
}

// The content between the format record and the checksum record, as an arbiter before the
// format record wrote it.
std::string content_of(const std::string& sealed) {
  const size_t first = sealed.find('\n') + 1;
  return sealed.substr(first, sealed.rfind("XAR CHECKSUM") - first);
}

// fuzz_event's finding: a file sealed correctly (here by the library, as a hand edit followed by
// a re-seal would) but without a record every event file has loaded as "round 1 of 0", and the
// next write made a file arbiter then refused. Each required record is now checked on load.
TEST(EventFile, ASealedFileWithoutARequiredRecordIsRefused) {
  TempDir d;
  make_event(d, "e.trf");
  const std::string content = content_of(slurp(d.path / "e.trf"));
  for (const char* key : {"XAR VERSION", "XAR SYSTEM", "XAR ROUNDS", "XAR SEED"}) {
    put(d.path / "e.trf", pairing::seal_event_file(without(content, key)));
    const std::string before = slurp(d.path / "e.trf");
    for (const char* cmd : {"show", "pair"}) {
      auto r = sh(d.path, std::string("\"$A\" event ") + cmd + " e.trf");
      EXPECT_EQ(r.code, kRefused) << key << ' ' << cmd << '\n' << r.err;
      EXPECT_NE(r.err.find(std::string("no '") + key + "' record"), std::string::npos) << r.err;
      EXPECT_EQ(slurp(d.path / "e.trf"), before) << key << ' ' << cmd;
    }
  }
}

// Event files of an arbiter before the format and checksum records are not lost: they are
// refused with the way to convert them, `event upgrade` seals them once, `undo` gives them back.
TEST(EventFile, AnEarlierArbitersFileIsUpgradedOnceAndUndoable) {
  TempDir d;
  make_event(d, "e.trf");
  ASSERT_EQ(sh(d.path, "\"$A\" event pair e.trf && \"$A\" event result e.trf 1 1-0").code, kOk);
  const std::string sealed = slurp(d.path / "e.trf");
  const std::string shown = sh(d.path, "\"$A\" event show e.trf").out;
  const std::string legacy = content_of(sealed);
  put(d.path / "e.trf", legacy);
  auto r = sh(d.path, "\"$A\" event show e.trf");
  EXPECT_EQ(r.code, kRefused);
  EXPECT_NE(r.err.find("e.trf:1: an event file of an earlier arbiter"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("arbiter event upgrade e.trf"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event upgrade e.trf && \"$A\" event show e.trf");
  ASSERT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), sealed);  // the same bytes `event` writes today
  EXPECT_NE(r.out.find(shown), std::string::npos) << r.out;
  r = sh(d.path, "\"$A\" event upgrade e.trf");  // once only
  EXPECT_EQ(r.code, kRefused);
  EXPECT_NE(r.err.find("nothing to upgrade"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event undo e.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), legacy);
  // Any other file is not "upgraded" into an event file.
  put(d.path / "notes.md", "# notes\n");
  r = sh(d.path, "\"$A\" event upgrade notes.md");
  EXPECT_EQ(r.code, kRefused);
  EXPECT_NE(r.err.find("notes.md:1: not an arbiter event file"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(d.path / "notes.md"), "# notes\n");
}

TEST(EventFile, NoLockFilesAndReadersChangeNothing) {
  TempDir d;
  make_event(d, "e.trf");
  ASSERT_EQ(sh(d.path, "\"$A\" event pair e.trf").code, kOk);
  // A temporary file of a killed writer (pid 0x7ffffff0 does not run): `show` leaves it, the
  // next write removes it.
  put(d.path / ".e.trf.tmp.2147483632.0123456789abcdef", "half written");
  auto r = sh(d.path, "\"$A\" event show e.trf && \"$A\" event standings e.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_TRUE(fs::exists(d.path / ".e.trf.tmp.2147483632.0123456789abcdef"));
  EXPECT_EQ(sh(d.path, "\"$A\" event result e.trf 1 1-0").code, kOk);
  EXPECT_FALSE(fs::exists(d.path / ".e.trf.tmp.2147483632.0123456789abcdef"));
  // Failed commands and commands on files that do not exist create nothing.
  sh(d.path,
     "\"$A\" event show missing.trf; \"$A\" event result missing.trf 1 1-0; "
     "mkdir dir; \"$A\" event show dir; \"$A\" event undo dir; "
     "\"$A\" event result e.trf 99 1-0");
  EXPECT_TRUE(names_with(d.path, ".lock").empty());
  EXPECT_FALSE(fs::exists(d.path / "missing.trf"));
  EXPECT_TRUE(names_with(d.path, ".tmp.").empty());
}

TEST(EventFile, ReadOnlyEventFileIsReadButNotChanged) {
  TempDir d;
  make_event(d, "e.trf");
  if (::geteuid() == 0) {
    // root writes anything: check the mode is kept instead (classes 10).
    auto r = sh(d.path, "chmod 0444 e.trf && \"$A\" event show e.trf");
    EXPECT_EQ(r.code, kOk) << r.err;
    EXPECT_EQ(mode_of(d.path / "e.trf"), "0444");
    return;
  }
  const std::string before = slurp(d.path / "e.trf");
  auto r = sh(d.path, "chmod 0444 e.trf && chmod 0555 . && \"$A\" event show e.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  r = sh(d.path, "\"$A\" event pair e.trf");
  EXPECT_EQ(r.code, kIo) << r.err;
  sh(d.path, "chmod 0755 .");
  EXPECT_EQ(slurp(d.path / "e.trf"), before);
}

// Read-only media: a read-only tmpfs in a private mount namespace (unshare -rm), where the
// machine allows it.
TEST(EventFile, ShowWorksOnReadOnlyMedia) {
  TempDir d;
  make_event(d, "e.trf");
  auto probe =
      sh(d.path, "unshare -rm sh -c 'mkdir -p m && mount -t tmpfs -o size=1m tmpfs m' 2>&1");
  if (probe.code != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (unshare -rm + mount -t tmpfs): " << probe.out;
  auto r = sh(d.path,
              "unshare -rm sh -c 'mount -t tmpfs -o size=1m tmpfs m && cp e.trf m/ && "
              "mount -o remount,ro m && \"$A\" event show m/e.trf && "
              "{ \"$A\" event pair m/e.trf; echo \"pair exit $?\"; }'");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_NE(r.out.find("8 players registered"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pair exit 4"), std::string::npos) << r.out << r.err;
}

}  // namespace
}  // namespace arbiter::test::reliability
