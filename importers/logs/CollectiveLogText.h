#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// Small readers shared by the collective-evidence log parsers (CollectiveLogLines,
// CollectiveReportLines): c10d's log prefixes, numbers after a label, rank sets.

// What c10d's log prefix says about the process group a line is about. The forms, newest first
// (ProcessGroupNCCL::createLogPrefix and WorkNCCL::logPrefix):
//   "[PG ID 2 PG GUID 3(DATA_PARALLEL_GROUP) Rank 5] ", "[PG ID 2 PG GUID 3 Rank 5] ",
//   "[PG 1 (default_pg) Rank 0] ", "[PG 1 Rank 0] ", "[Rank 7] ".
// "Rank" is the rank inside the group.
struct PgPrefix
{
    bool found = false;
    int pgId = -1;         // "PG ID 2": the rank-local id
    std::string_view name; // "PG GUID 3" or "PG 1": the group's name (pg_config key)
    std::string_view desc; // "(DATA_PARALLEL_GROUP)"
    int groupRank = -1;
    std::size_t begin = 0; // where the '[' is
    std::size_t end = 0;   // just past the "] "
};

// The prefix that starts exactly at `at` in `text` (after spaces), or found == false.
PgPrefix parsePgPrefix(std::string_view text, std::size_t at = 0);

// The nearest prefix that ends at or before `at` ("... [Rank 7] Watchdog caught ..."), within
// 512 bytes; found == false when none.
PgPrefix pgPrefixBefore(std::string_view text, std::size_t at);

// The integer right after `label` (first occurrence at or after `from`); false when none.
bool integerAfter(std::string_view text, std::string_view label, std::int64_t *value,
                  std::size_t from = 0);

// Reads an optionally signed decimal integer at *at, advancing it; false when none.
bool readInteger(std::string_view text, std::size_t *at, std::int64_t *value);

// Ranks listed in `text`: "{1, 2}", "1,3", "[0, 3]", "0-3,7", "set()" (empty). Stops at the first
// character that cannot belong to such a list; at most `limit` ranks (hostile input).
std::vector<int> parseRankList(std::string_view text, std::size_t limit = 1 << 20);

// "4096x1x5120" from "[4096, 1, 5120]" or "[[4096, 1, 5120]]" (several tensors ';'-separated).
std::string shapeText(std::string_view bracketed);

// Whether `needle` occurs in `text`, found by memchr on its byte at `pivot` (pick its rarest:
// the 'v' of "ollective", the 'k' of "anks"): several times faster than a substring search on
// lines that lack that byte, which is most lines.
bool containsAt(std::string_view text, std::string_view needle, std::size_t pivot);

// `text` without leading and trailing spaces, tabs and a trailing '.'.
std::string_view trimmed(std::string_view text);

// A hexadecimal communicator hash in one spelling: "0x00ab12" and "ab12" both give "ab12".
std::string normalisedCommHash(std::string_view hex);

} // namespace rankscope
