#pragma once
// Registration from the player lists organisers keep in spreadsheets: CSV exported by Excel or
// LibreOffice (UTF-8, with or without a byte-order mark, `,` or `;` between fields, quoted fields
// per RFC 4180), a header row naming the columns in English or Spanish (Name/Nombre, Fed, FIDE
// ID, Club, ...). Columns arbiter does not know (club, e-mail, phone) are kept with the player
// (Registration::extra), never refused. Every bad cell is reported, each as
// "FILE:LINE:COLUMN: what is wrong" (COLUMN counts characters of the line, 1-based), and a
// file with any bad cell registers nobody: impossible values (federation "SPAIN", birth "12a",
// rating "22OO") are refused, not stored.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/pairing/event.h"

namespace arbiter::pairing {

struct CsvRegistrations {
  std::vector<Registration> players;
  std::vector<std::string> errors;  // one line each; empty when the whole file is good
};

// `file` names the source in the messages only.
CsvRegistrations read_registration_csv(std::string_view text, const std::string& file);

// One player's fields typed as options (`event register --name ... --birth ...`), each
// (option name without "--", value) checked and normalised as a cell of that column of a CSV
// file is (federation in capitals, sex f -> w, birth YYYY-MM-DD -> YYYY/MM/DD), so both ways of
// registering store the same values; errors name the option ("--birth: birth '01/02/2005' is
// not a year or a date YYYY/MM/DD", "--standard: standard rating '20100' is not a number
// 0-3500"). Empty values are options not given.
CsvRegistrations read_registration_fields(
    const std::vector<std::pair<std::string, std::string>>& fields);

// The field a header cell names ("name", "title", "federation", "fide_id", "sex", "birth",
// "standard", "rapid", "blitz", "national"), or "" when it is an extra column. Case, accents of
// the Spanish aliases, blanks, '_' and '-' do not matter.
std::string registration_field(std::string_view header);

}  // namespace arbiter::pairing
