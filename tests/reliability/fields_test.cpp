// Issue 17, fields (classes 6 and 7): a value the event file cannot hold (a line break that would
// forge a record, a field longer than its TRF columns, a 10,000th player) is refused before
// anything is written; UTF-8 names are padded by characters, so the columns stay aligned.
#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_store.h"
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

TEST(Fields, ControlCharactersAreRefusedBeforeAnythingIsWritten) {
  TempDir d;
  make_event(d, "e.trf");
  const std::string before = slurp(d.path / "e.trf");
  for (const std::string cmd :
       {"event register e.trf --name \"$(printf 'Evil, X\\n001    9 m    Forged, Y')\"",
        "event register e.trf --name \"$(printf 'Bell, X\\a')\"",
        "event register e.trf --name 'Ok, X' --federation \"$(printf 'E\\rS')\"",
        "event register e.trf --csv evil.csv"}) {
    auto r = sh(d.path,
                "printf 'name,federation\\n\"Evil\\n001 Forged, Y\",ESP\\n' > evil.csv; "
                "\"$A\" " +
                    cmd);
    EXPECT_EQ(r.code, kBadInput) << cmd << ": " << r.err;
    EXPECT_EQ(slurp(d.path / "e.trf"), before) << cmd;
  }
  auto r = sh(d.path,
              "\"$A\" event new n.trf --system dutch --rounds 5 --rating-list standard "
              "--tiebreaks SB --rules 2026 --city \"$(printf 'Lyon\\n001    1 m    Forged, Z')\"");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_FALSE(fs::exists(d.path / "n.trf"));
  EXPECT_NE(r.err.find("control character"), std::string::npos) << r.err;
}

// Bytes the event file's reader refuses (not UTF-8; a carriage return in a kept extra column's
// name) were once registered and written, and the event could no longer be opened (fuzz_csv):
// the CSV reader refuses them with file:line:column, and every writer refuses them too.
TEST(Fields, BytesTheReaderRefusesAreNeverWritten) {
  TempDir d;
  make_event(d, "e.trf");
  const std::string before = slurp(d.path / "e.trf");
  put(d.path / "latin1.csv", "Name;Fed;Rating\n\"P\xC3=rez, Luis\";ESP;1800\n");
  put(d.path / "cr.csv", "Name;Fed;C\rbul\nAna, B;ESP;CA\n");
  auto r = sh(d.path, "\"$A\" event register e.trf --csv latin1.csv");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("latin1.csv:2:3: a byte that is not UTF-8"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event register e.trf --csv cr.csv");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("cr.csv:1:11: a control character (code 13)"), std::string::npos) << r.err;
  r = sh(d.path, "\"$A\" event register e.trf --name \"$(printf 'Bad\\303, X')\"");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("not UTF-8"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), before);
  EXPECT_EQ(sh(d.path, "\"$A\" event show e.trf").code, kOk);
}

TEST(Fields, ValuesLongerThanTheirColumnsAreRefused) {
  TempDir d;
  make_event(d, "e.trf");
  const std::string before = slurp(d.path / "e.trf");
  // The federation and the FIDE ID are refused by the checks of their own format (as in a CSV
  // file: messages_test.cpp, 10-12), before the TRF width is reached.
  const std::pair<std::string, std::string> cases[] = {
      {"event register e.trf --name 'Abcdefghijklmnopqrstuvwxyz, Abcdefghijklmno'",
       "characters a TRF file holds"},
      {"event register e.trf --name 'Short, X' --federation TOOLONGFED",
       "federation 'TOOLONGFED' is not a three-letter FIDE code"},
      {"event register e.trf --name 'Short, X' --fide-id 123456789012345",
       "FIDE ID '123456789012345' is not a number of at most 10 digits"}};
  for (const auto& [cmd, said] : cases) {
    auto r = sh(d.path, "\"$A\" " + cmd);
    EXPECT_EQ(r.code, kBadInput) << cmd << ": " << r.err;
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind("arbiter event register: ", 0), 0u) << r.err;  // names the command
    EXPECT_EQ(slurp(d.path / "e.trf"), before) << cmd;
  }
}

TEST(Fields, Utf8NamesArePaddedByCharacters) {
  TempDir d;
  make_event(d, "e.trf", 2);
  // 33 characters, 38 bytes: fits exactly (trf.md: readers slice by characters).
  const std::string name = "\u0141ukaszewicz-\u00D1and\u00FA, \u00C9milie Zo\u00EB Abc";
  auto r = sh(d.path, "\"$A\" event register e.trf --name '" + name +
                          "' --standard 2100 --federation POL && \"$A\" event show e.trf");
  ASSERT_EQ(r.code, kOk) << r.err;
  std::istringstream in(slurp(d.path / "e.trf"));
  std::string line, found;
  while (std::getline(in, line))
    if (line.rfind("001", 0) == 0 && line.find("ukaszewicz") != std::string::npos) found = line;
  ASSERT_FALSE(found.empty());
  // Column 49 (rating) and 54 (federation), counted in characters.
  std::vector<std::string> chars;
  for (size_t i = 0; i < found.size();) {
    size_t n = 1;
    while (i + n < found.size() && (static_cast<unsigned char>(found[i + n]) & 0xC0) == 0x80) ++n;
    chars.push_back(found.substr(i, n));
    i += n;
  }
  ASSERT_GE(chars.size(), 56u);
  std::string rating, fed;
  for (int c = 49; c <= 52; ++c) rating += chars[c - 1];
  for (int c = 54; c <= 56; ++c) fed += chars[c - 1];
  EXPECT_EQ(rating, "2100");
  EXPECT_EQ(fed, "POL");
  EXPECT_EQ(sh(d.path, "\"$A\" event show e.trf").code, kOk);
}

TEST(Fields, TheTenThousandthPlayerIsRefused) {
  TempDir d;
  make_event(d, "e.trf", 2);
  // 9,999 players (the most columns 5-8 hold), written through the library: registering them
  // one by one through the CLI takes minutes.
  pairing::Event e =
      pairing::read_event(pairing::unseal_event_file(slurp(d.path / "e.trf"), "e.trf"), "e.trf");
  for (int i = 3; i <= 9999; ++i) {
    pairing::Player p = e.tournament.players.back();
    p.tpn = i;
    p.name = "Player" + std::to_string(i) + ", X";
    e.tournament.players.push_back(p);
  }
  put(d.path / "e.trf", pairing::seal_event_file(pairing::write_event(e)));
  ASSERT_EQ(sh(d.path, "\"$A\" event show e.trf").code, kOk);
  const std::string before = slurp(d.path / "e.trf");
  auto r = sh(d.path, "\"$A\" event register e.trf --name 'Last, One'");
  EXPECT_EQ(r.code, kBadInput) << r.err;
  EXPECT_NE(r.err.find("9,999"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), before);
}

}  // namespace
}  // namespace arbiter::test::reliability
