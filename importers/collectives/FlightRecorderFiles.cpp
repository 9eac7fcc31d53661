// Which bundle files are Flight Recorder dumps, and their ranks: by path (PyTorch's dump file
// names) and by content (a sniff of the first bytes, for dumps outside fr/ and flight_recorder/).

#include "importers/collectives/FlightRecorderDump.h"

#include "importers/bundle/RankFromPath.h"

#include <array>
#include <cctype>

namespace rankscope {

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

bool endsWithIgnoringCase(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() &&
           equalsIgnoringCase(text.substr(text.size() - suffix.size()), suffix);
}

// The file name without the extensions dump writers and users add (".pkl", ".pickle", ".json").
std::string_view withoutDumpExtension(std::string_view name)
{
    for (std::string_view ext : {".pkl", ".pickle", ".json"})
        if (endsWithIgnoringCase(name, ext))
            return name.substr(0, name.size() - ext.size());
    return name;
}

std::string_view baseName(std::string_view path)
{
    const auto slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The reference analyser's rule for dump names, `[\w-]*?\d+$`: a prefix of word characters and
// dashes, then the rank.
bool isPrefixAndNumber(std::string_view stem)
{
    std::size_t digits = 0;
    while (digits < stem.size() &&
           std::isdigit(static_cast<unsigned char>(stem[stem.size() - 1 - digits])))
        ++digits;
    if (digits == 0)
        return false;
    for (std::size_t i = 0; i + digits < stem.size(); ++i) {
        const auto c = static_cast<unsigned char>(stem[i]);
        if (!std::isalnum(c) && c != '_' && c != '-')
            return false;
    }
    return true;
}

bool isDumpFolder(std::string_view component)
{
    return equalsIgnoringCase(component, "fr") ||
           equalsIgnoringCase(component, "flight_recorder") ||
           equalsIgnoringCase(component, "flight-recorder");
}

// Keys of the dump dict (FlightRecorder::dump_dict and dump_json upstream).
constexpr std::array<std::string_view, 7> kDumpKeys = {
    "version",      "pg_config",        "pg_status",      "entries",
    "nccl_version", "comm_lib_version", "nccl_comm_state"};

bool isDumpKey(std::string_view key)
{
    for (std::string_view k : kDumpKeys)
        if (k == key)
            return true;
    return false;
}

// The first key of a pickled top-level dict: PROTO, [FRAME], EMPTY_DICT, [memo store], [MARK],
// then a string opcode.
bool pickleStartsWithDumpKey(std::string_view head)
{
    const auto *b = reinterpret_cast<const unsigned char *>(head.data());
    const std::size_t n = head.size();
    if (n < 4 || b[0] != 0x80 || b[1] < 2 || b[1] > 5)
        return false;
    std::size_t i = 2;
    if (i < n && b[i] == 0x95) // FRAME
        i += 9;
    if (i >= n || b[i] != '}') // EMPTY_DICT
        return false;
    ++i;
    if (i < n && b[i] == 'q') // BINPUT
        i += 2;
    else if (i < n && b[i] == 'r') // LONG_BINPUT
        i += 5;
    else if (i < n && b[i] == 0x94) // MEMOIZE
        i += 1;
    if (i < n && b[i] == '(') // MARK
        ++i;
    if (i >= n)
        return false;
    std::size_t length = 0;
    if (b[i] == 0x8c && i + 1 < n) { // SHORT_BINUNICODE
        length = b[i + 1];
        i += 2;
    } else if (b[i] == 'X' && i + 4 < n) { // BINUNICODE
        length = std::size_t(b[i + 1]) | std::size_t(b[i + 2]) << 8 | std::size_t(b[i + 3]) << 16 |
                 std::size_t(b[i + 4]) << 24;
        i += 5;
    } else {
        return false;
    }
    if (length > 32 || i + length > n)
        return false;
    return isDumpKey(head.substr(i, length));
}

// A JSON object whose first key is a dump key and whose head names one of the keys only a dump
// has (nlohmann writes keys sorted, so "version" comes last; "comm_lib_version" or "entries"
// usually first).
bool jsonStartsWithDumpKey(std::string_view head)
{
    std::size_t i = 0;
    if (head.substr(0, 3) == "\xEF\xBB\xBF")
        i = 3;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    if (i >= head.size() || head[i] != '{')
        return false;
    ++i;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    if (i >= head.size() || head[i] != '"')
        return false;
    const auto close = head.find('"', i + 1);
    if (close == std::string_view::npos || !isDumpKey(head.substr(i + 1, close - i - 1)))
        return false;
    for (std::string_view marker : {"\"pg_config\"", "\"entries\"", "\"pg_status\"",
                                    "\"comm_lib_version\"", "\"nccl_version\""})
        if (head.find(marker) != std::string_view::npos)
            return true;
    return false;
}

} // namespace

bool looksLikeFlightRecorderDump(std::string_view head)
{
    return pickleStartsWithDumpKey(head) || jsonStartsWithDumpKey(head);
}

int flightRecorderRankFromName(std::string_view fileName)
{
    const std::string_view stem = withoutDumpExtension(baseName(fileName));
    std::size_t digits = 0;
    while (digits < stem.size() &&
           std::isdigit(static_cast<unsigned char>(stem[stem.size() - 1 - digits])))
        ++digits;
    if (digits == 0 || digits > 7)
        return -1;
    int rank = 0;
    for (char c : stem.substr(stem.size() - digits))
        rank = rank * 10 + (c - '0');
    return rank <= kMaxSupportedRank ? rank : -1;
}

bool isFlightRecorderPath(std::string_view relativePath)
{
    const std::string_view name = baseName(relativePath);
    const std::string_view stem = withoutDumpExtension(name);
    if (stem.size() == name.size() && name.find('.') != std::string_view::npos)
        return false; // another extension (.log, .txt, .gz): not a dump name
    if (!isPrefixAndNumber(stem) || flightRecorderRankFromName(name) < 0)
        return false;
    // PyTorch's default name (TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/tmp/nccl_trace_rank_) counts
    // anywhere; other names only inside a dump folder.
    if (stem.substr(0, 16) == "nccl_trace_rank_")
        return true;
    std::string_view folders = relativePath.substr(0, relativePath.size() - name.size());
    while (!folders.empty()) {
        const auto slash = folders.find_first_of("/\\");
        const std::string_view component = folders.substr(0, slash);
        if (isDumpFolder(component))
            return true;
        if (slash == std::string_view::npos)
            break;
        folders.remove_prefix(slash + 1);
    }
    return false;
}

} // namespace rankscope
