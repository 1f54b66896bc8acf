// arbiter pgn --normalize FILE...: rewrites any readable PGN in export format (Seven Tag
// Roster first, canonical SAN, lines under 80 columns, escaped strings). Games that cannot be
// replayed are reported on stderr with file:line:col and left out; exit 1 if any was.
#include <boost/program_options.hpp>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_writer.h"
#include "command.h"

namespace arbiter::cli {
namespace {

namespace po = boost::program_options;

int run(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  std::string output;
  bool normalize = false;
  po::options_description desc(
      "usage: arbiter pgn --normalize [options] FILE...   (FILE may be -; .pgn.zst is read)\n\n"
      "Writes the games in PGN export format (STR first, canonical SAN, < 80 columns).\n"
      "Exit status: 0 all games written, 1 some could not be replayed, 2 unreadable input.\n\n"
      "options");
  desc.add_options()("help,h", "show this help")("normalize", po::bool_switch(&normalize),
                                                 "rewrite in export format")(
      "output,o", po::value<std::string>(&output), "write to this file instead of stdout");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::vector<std::string>>(&files));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << desc << '\n';
    return kExitOk;
  }
  if (!normalize || files.empty()) {
    std::cerr << "arbiter pgn: need --normalize and at least one FILE\n" << desc << '\n';
    return kExitUsage;
  }
  FILE* out = stdout;
  if (!output.empty()) {
    out = std::fopen(output.c_str(), "wb");
    if (!out) {
      std::cerr << "arbiter pgn: cannot write " << output << '\n';
      return kExitUsage;
    }
  }
  bool readable = true, all_written = true;
  std::string buf;
  for (const auto& file : files) {
    try {
      pgn::Reader reader = pgn::Reader::open(file);
      pgn::RawGame g;
      while (reader.next(g)) {
        pgn::NormalizeError err;
        std::vector<pgn::NormalizeError> dropped;
        auto eg = pgn::normalize(g, &err, &dropped);
        for (auto& d : dropped)
          std::cerr << file << ':' << d.where.line << ':' << d.where.column
                    << ": warning: " << d.message << '\n';
        if (!eg) {
          all_written = false;
          std::cerr << file << ':' << err.where.line << ':' << err.where.column << ": game "
                    << g.index + 1 << " left out: " << err.message << '\n';
          continue;
        }
        buf.clear();
        pgn::write_export(buf, *eg);
        std::fwrite(buf.data(), 1, buf.size(), out);
      }
    } catch (const pgn::ReadError& e) {
      std::cerr << "arbiter pgn: " << e.what() << '\n';
      readable = false;
    }
  }
  if (out != stdout)
    std::fclose(out);
  else
    std::fflush(stdout);
  if (!readable) return kExitUsage;
  return all_written ? kExitOk : kExitFailure;
}

const RegisterCommand kRegister{{"pgn", "PGN tools: --normalize to export format", run}};

}  // namespace
}  // namespace arbiter::cli
