// Registration from organisers' CSV files (registration_csv.h): the spellings spreadsheets
// write, header aliases, extra columns kept, and every impossible cell reported at its
// file:line:column with nobody registered.
#include "arbiter/pairing/registration_csv.h"

#include <gtest/gtest.h>

#include "arbiter/pairing/event.h"

using namespace arbiter::pairing;

TEST(RegistrationCsv, BomSemicolonsSpanishHeadersAndExtraColumnsKept) {
  // LibreOffice in a Spanish locale: BOM, ';' between fields, CRLF, Spanish headers.
  const std::string text =
      "\xEF\xBB\xBFNombre;Fed;FIDE ID;Club;Elo;Sexo;Nacimiento;E-mail\r\n"
      "\"P\xC3\xA9rez, Jos\xC3\xA9\";esp;2200001;CA Zaragoza;2150;M;1990-02-28;jp@example.org\r\n"
      "\r\n"
      "\"García; Ana\";ARG;;;0;f;2008;\r\n";
  auto r = read_registration_csv(text, "p.csv");
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_EQ(r.players.size(), 2u);
  const auto& a = r.players[0];
  EXPECT_EQ(a.name, "P\xC3\xA9rez, Jos\xC3\xA9");
  EXPECT_EQ(a.federation, "ESP");
  EXPECT_EQ(a.fide_id, "2200001");
  EXPECT_EQ(a.ratings.standard, 2150);
  EXPECT_EQ(a.sex, 'm');
  EXPECT_EQ(a.birth, "1990/02/28");
  using KV = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(a.extra, (KV{{"Club", "CA Zaragoza"}, {"E-mail", "jp@example.org"}}));
  const auto& b = r.players[1];
  EXPECT_EQ(b.name, "García; Ana");  // a quoted separator stays in the field
  EXPECT_EQ(b.sex, 'w');
  EXPECT_EQ(b.birth, "2008");
  EXPECT_TRUE(b.extra.empty());
}

TEST(RegistrationCsv, HeaderAliases) {
  for (const char* h : {"Name", "nombre", "NOMBRE", "Player", "Jugador"})
    EXPECT_EQ(registration_field(h), "name") << h;
  for (const char* h : {"Fed", "federation", "Federaci\xC3\xB3n", "Pa\xC3\xADs"})
    EXPECT_EQ(registration_field(h), "federation") << h;
  for (const char* h : {"FIDE ID", "fide_id", "FideID", "ID FIDE", "fide-id"})
    EXPECT_EQ(registration_field(h), "fide_id") << h;
  EXPECT_EQ(registration_field("R\xC3\xA1pido"), "rapid");
  EXPECT_EQ(registration_field("Club"), "");
  EXPECT_EQ(registration_field("e-mail"), "");
}

TEST(RegistrationCsv, EveryBadCellAtItsLineAndColumnNobodyRegistered) {
  // Columns count characters: the accented name is 13 bytes but 11 characters.
  const std::string text =
      "name,federation,birth,rapid,title,fide_id\n"
      "\"L\xC3\xB3pez, \xC3\x81ngel\",SPAIN,12a,2100,GM,1\n"
      "\"Good, Player\",ESP,1980,22OO,XM,12x\n"
      "\"Short, Row\",ESP\n"
      "\"Twin, A\",ESP,,,,7\n"
      "\"Twin, B\",ESP,,,,7\n";
  auto r = read_registration_csv(text, "club.csv");
  EXPECT_TRUE(r.players.empty());
  std::vector<std::string> want = {
      "club.csv:2:16: federation 'SPAIN' is not a three-letter FIDE code (e.g. ESP)",
      "club.csv:2:22: birth '12a' is not a year or a date YYYY/MM/DD",
      "club.csv:3:25: rapid rating '22OO' is not a number 0-3500",
      "club.csv:3:30: unknown title 'XM' (GM IM WGM FM WIM CM WFM WCM)",
      "club.csv:3:33: FIDE ID '12x' is not a number of at most 10 digits",
      "club.csv:4:17: 2 fields, the header has 6",
      "club.csv:6:18: FIDE ID 7 appears twice in the file"};
  EXPECT_EQ(r.errors, want);
}

TEST(RegistrationCsv, ImpossibleDatesAndMissingNameColumn) {
  auto r = read_registration_csv("name,birth\nA,2023/02/29\nB,2024/02/29\nC,1990/13/01\n", "d.csv");
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0], "d.csv:2:3: birth '2023/02/29' is not a year or a date YYYY/MM/DD");
  EXPECT_EQ(r.errors[1], "d.csv:4:3: birth '1990/13/01' is not a year or a date YYYY/MM/DD");
  auto h = read_registration_csv("fed,club\nESP,X\n", "h.csv");
  ASSERT_EQ(h.errors.size(), 1u);
  EXPECT_EQ(h.errors[0], "h.csv:1:1: the header names no name column (Name or Nombre)");
  auto q = read_registration_csv("name\n\"open\n", "q.csv");
  ASSERT_EQ(q.errors.size(), 1u);
  EXPECT_EQ(q.errors[0], "q.csv:2:1: unterminated quote");
}

TEST(RegistrationCsv, ExtraColumnsSurviveTheEventFile) {
  EventSettings s;
  s.rounds = 5;
  Event e = new_event(s, {"Club", "", "", "", "", "", ""});
  auto r = read_registration_csv("Nombre,Club,Elo\n\"A, B\",CA Zaragoza,2000\n", "c.csv");
  ASSERT_TRUE(r.errors.empty());
  register_player(e, r.players[0]);
  Event back = read_event(write_event(e), "e.trf");
  ASSERT_EQ(back.settings.extra.at(1).size(), 1u);
  EXPECT_EQ(back.settings.extra.at(1)[0].first, "Club");
  EXPECT_EQ(back.settings.extra.at(1)[0].second, "CA Zaragoza");
}

TEST(RegistrationCsv, QuotesAsRfc4180ReadsThem) {
  // RFC 4180 2.5-2.7: a quoted field may hold the separator, and "" inside quotes is one quote;
  // like spreadsheets, a quote may also open inside a cell, and the blanks around a cell go.
  auto r = read_registration_csv(
      "name,club,city\n"
      "\"Say \"\"hi\"\"\" , x\"y,z\"w ,\"\"\n"
      "\"\"\"\",a\"\"b,\"c\"\"\"\n",
      "q.csv");
  ASSERT_TRUE(r.errors.empty()) << r.errors.front();
  ASSERT_EQ(r.players.size(), 2u);
  using KV = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(r.players[0].name, "Say \"hi\"");
  EXPECT_EQ(r.players[0].extra, (KV{{"club", "xy,zw"}}));  // the empty city is not kept
  EXPECT_EQ(r.players[1].name, "\"");
  EXPECT_EQ(r.players[1].extra, (KV{{"club", "ab"}, {"city", "c\""}}));
  // An unterminated quote is reported at its own column, not the line's start.
  auto q = read_registration_csv("name,club\nA,b\"open, x\n", "q.csv");
  ASSERT_EQ(q.errors.size(), 1u);
  EXPECT_EQ(q.errors[0], "q.csv:2:4: unterminated quote");
}
