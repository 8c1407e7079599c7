// bloom_check: fetch one bloom filter (or hll sketch) from PostgreSQL once, then
// answer for many keys locally, with the installed C++ core and no further
// round trips.
//
//   bloom_check [-d CONNINFO] --text|--bigint QUERY < keys
//       one key per line; prints "maybe<TAB>key" or "no<TAB>key" for each
//   bloom_check [-d CONNINFO] --hll QUERY
//       prints the sketch's estimated cardinality, as hll_cardinality does
//
// QUERY returns one row of one column: a bloom or hll value (or its ::bytea),
// read in binary. CONNINFO is a libpq connection string or URI; without it the
// PG* environment variables apply. Build (examples/README.md):
//
//   c++ -std=c++17 -O2 bloom_check.cpp -o bloom_check $(pkg-config --cflags --libs probabilistic-core libpq)
//
// A filter stores hashes, not values, and not the SQL type they had: a key
// must be hashed as the server hashed the column (doc/FORMAT.md, section 2).
// --text hashes the line's bytes, which must be UTF-8: the server hashes text
// and varchar as UTF-8, whatever the database encoding (hash id 2). --bigint hashes the integer, as the
// server hashes smallint, integer and bigint, and integral numeric and float
// values. Both use the seed stored in the filter.
#include <probabilistic/bloom.hpp>
#include <probabilistic/hash.hpp>
#include <probabilistic/hll.hpp>

#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace prob = probabilistic;

enum class Mode { kNone, kText, kBigint, kHll };

const char kUsage[] =
    "usage: bloom_check [-d CONNINFO] --text|--bigint QUERY < keys\n"
    "       bloom_check [-d CONNINFO] --hll QUERY\n";

// Anything that ends the program with a message; main prints it.
struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// libpq's messages end with a newline; ours do not.
std::string trimmed(const char* message) {
    std::string s = message;
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

struct Fetched {
    std::vector<std::uint8_t> bytes;
    std::string server_encoding;
};

Fetched fetch_value(const std::string& conninfo, const std::string& query) {
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(conninfo.c_str()), &PQfinish);
    if (!conn) throw Failure("out of memory");
    if (PQstatus(conn.get()) != CONNECTION_OK)
        throw Failure("could not connect: " + trimmed(PQerrorMessage(conn.get())));
    // Binary results: a bloom or hll value arrives as its format's bytes (doc/FORMAT.md), as does a bytea.
    std::unique_ptr<PGresult, decltype(&PQclear)> res(
        PQexecParams(conn.get(), query.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 1), &PQclear);
    if (PQresultStatus(res.get()) != PGRES_TUPLES_OK)
        throw Failure("query failed: " + trimmed(res ? PQresultErrorMessage(res.get()) : PQerrorMessage(conn.get())));
    if (PQntuples(res.get()) != 1 || PQnfields(res.get()) != 1)
        throw Failure("the query returned " + std::to_string(PQntuples(res.get())) + " rows of " +
                      std::to_string(PQnfields(res.get())) + " columns, not one value");
    if (PQgetisnull(res.get(), 0, 0)) throw Failure("the query returned NULL");
    const auto* data = reinterpret_cast<const std::uint8_t*>(PQgetvalue(res.get(), 0, 0));
    const char* encoding = PQparameterStatus(conn.get(), "server_encoding");
    return {{data, data + PQgetlength(res.get(), 0, 0)}, encoding ? encoding : ""};
}

// Answers a batch of keys at once: contains_many prefetches the blocks of the
// next keys of a blocked filter while it tests the current ones.
void answer(const prob::bloom::Sketch& filter, const std::vector<std::string>& lines,
            const std::vector<std::uint64_t>& hashes) {
    std::unique_ptr<bool[]> found(new bool[hashes.size()]);
    prob::bloom::contains_many(filter, hashes.data(), hashes.size(), found.get());
    for (std::size_t i = 0; i < lines.size(); i++) std::cout << (found[i] ? "maybe\t" : "no\t") << lines[i] << '\n';
}

void check_keys(const prob::bloom::Sketch& filter, Mode mode) {
    const std::uint64_t seed = filter.header.seed;
    constexpr std::size_t kBatch = 4096;
    std::vector<std::string> lines;
    std::vector<std::uint64_t> hashes;
    std::string line;
    for (unsigned long n = 1; std::getline(std::cin, line); n++) {
        std::uint64_t hash;
        if (mode == Mode::kBigint) {
            std::int64_t value = 0;
            const char* end = line.data() + line.size();
            auto [stop, ec] = std::from_chars(line.data(), end, value);
            if (line.empty() || ec != std::errc() || stop != end)
                throw Failure("line " + std::to_string(n) + " is not a bigint: \"" + line + "\"");
            hash = prob::hash_int64(value, seed);
        } else {
            hash = prob::hash_bytes(line.data(), line.size(), seed);
        }
        lines.push_back(line);
        hashes.push_back(hash);
        if (hashes.size() == kBatch) {
            answer(filter, lines, hashes);
            lines.clear();
            hashes.clear();
        }
    }
    answer(filter, lines, hashes);
    if (std::cin.bad()) throw Failure("could not read the keys from standard input");
}

int run(int argc, char** argv) {
    std::string conninfo, query;
    Mode mode = Mode::kNone;
    for (int i = 1; i < argc; i++) {
        std::string arg = argv[i];
        if ((arg == "-d" || arg == "--dbname") && i + 1 < argc) conninfo = argv[++i];
        else if (arg == "--text") mode = Mode::kText;
        else if (arg == "--bigint") mode = Mode::kBigint;
        else if (arg == "--hll") mode = Mode::kHll;
        else if (arg == "-h" || arg == "--help") { std::cout << kUsage; return 0; }
        else if (query.empty() && !arg.empty() && arg[0] != '-') query = arg;
        else { std::cerr << kUsage; return 2; }
    }
    if (mode == Mode::kNone || query.empty()) {
        std::cerr << kUsage;
        return 2;
    }

    Fetched value = fetch_value(conninfo, query);
    if (mode == Mode::kHll) {
        std::cout << prob::hll::cardinality(prob::hll::parse(value.bytes.data(), value.bytes.size())) << '\n';
    } else {
        if (mode == Mode::kText && value.server_encoding != "UTF8" && value.server_encoding != "SQL_ASCII")
            std::cerr << "bloom_check: warning: the database encoding is " << value.server_encoding
                      << "; keys are hashed as the bytes read, so they must be in that encoding\n";
        // Full validation: the bytes come from outside this program.
        check_keys(prob::bloom::parse(value.bytes.data(), value.bytes.size()), mode);
    }
    std::cout.flush();
    if (!std::cout) throw Failure("could not write the answers");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    try {
        return run(argc, argv);
    } catch (const prob::Error& e) {
        std::cerr << "bloom_check: " << e.what() << (e.detail().empty() ? "" : "\n") << e.detail() << '\n';
    } catch (const std::exception& e) {
        std::cerr << "bloom_check: " << e.what() << '\n';
    }
    return 1;
}
