#include "importers/logs/NcclProcessRanks.h"
#include "core/model/AsciiText.h"

#include <algorithm>
#include <charconv>

namespace rankscope {

namespace {

bool isHostChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '-' || c == '.' ||
           c == '_';
}

// Digits at *at, advancing it; false when there are none.
bool readNumber(std::string_view text, std::size_t *at, std::int64_t *value)
{
    const auto result = std::from_chars(text.data() + *at, text.data() + text.size(), *value);
    if (result.ec != std::errc())
        return false;
    *at = std::size_t(result.ptr - text.data());
    return true;
}

// 1-12 digits at *at, advancing it (pids and thread ids: a plain loop beats from_chars here).
bool readDigits(std::string_view text, std::size_t *at, std::int64_t *value)
{
    std::size_t i = *at;
    std::int64_t v = 0;
    while (i < text.size() && isDigit(text[i]) && i - *at < 12)
        v = v * 10 + (text[i++] - '0');
    if (i == *at)
        return false;
    *value = v;
    *at = i;
    return true;
}

// The number after " word " in `text`.
bool numberAfter(std::string_view text, std::string_view word, std::int64_t *value)
{
    const std::size_t at = text.find(word);
    if (at == std::string_view::npos)
        return false;
    std::size_t pos = at + word.size();
    return readNumber(text, &pos, value);
}

} // namespace

bool parseNcclLineOrigin(std::string_view text, NcclLineOrigin *origin)
{
    std::size_t at = 0;
    while (at < text.size() && isHostChar(text[at]))
        ++at;
    if (at == 0 || at >= text.size() || text[at] != ':')
        return false;
    origin->host = text.substr(0, at);
    ++at;
    std::int64_t pid = 0;
    if (!readDigits(text, &at, &pid) || at >= text.size() || text[at] != ':')
        return false;
    origin->key = text.substr(0, at);
    ++at;
    std::int64_t tid = 0;
    if (!readDigits(text, &at, &tid) || text.substr(at, 2) != " [")
        return false;
    const std::size_t close = text.find("] ", at);
    if (close == std::string_view::npos || close - at > 8)
        return false;
    // INFO: "] NCCL INFO"; WARN: "] init.cc:1234 NCCL WARN" (the source location); TRACE:
    // "] 12.345 file.cc:45 NCCL TRACE" (ms since NCCL's start, then the location).
    std::size_t level = close + 2;
    for (int tokens = 0; tokens < 3 && text.substr(level, 5) != "NCCL "; ++tokens) {
        const std::size_t space = text.find(' ', level);
        if (space == std::string_view::npos || space - level > 120)
            return false;
        level = space + 1;
    }
    if (text.substr(level, 5) != "NCCL ")
        return false;
    origin->pid = pid;
    origin->message = text.substr(level + 5);
    return true;
}

std::int64_t NcclProcessRanks::observe(std::string_view text)
{
    if (text.empty() || !isHostChar(text[0]))
        return -1;
    NcclLineOrigin origin;
    if (!parseNcclLineOrigin(text, &origin))
        return -1;
    // A small cache by pid spares most lines the hash of their "host:pid".
    RecentProcess &recent = m_recent[std::size_t(origin.pid) % m_recent.size()];
    std::int64_t index = recent.index;
    if (index < 0 || origin.key != recent.key) {
        auto it = m_keys.find(origin.key);
        if (it == m_keys.end()) {
            const std::string &key = m_keyTexts.emplace_back(origin.key);
            it = m_keys.emplace(std::string_view(key), std::int64_t(m_processes.size())).first;
            m_processes.push_back({std::string(origin.host), origin.pid, -1, 0});
        }
        index = it->second;
        recent = {it->first, index};
    }
    Process &process = m_processes[std::size_t(index)];

    const std::string_view message = origin.message;
    if (message.substr(0, 10) == "INFO comm ") {
        std::int64_t rank = -1;
        std::int64_t worldSize = 0;
        if (numberAfter(message, " rank ", &rank) && numberAfter(message, " nranks ", &worldSize) &&
            rank >= 0 && rank < worldSize && worldSize > process.worldSize) {
            process.rank = int(rank);
            process.worldSize = int(worldSize);
            m_worldSize = std::max(m_worldSize, process.worldSize);
        }
    }
    return index;
}

int NcclProcessRanks::rankOf(std::int64_t processKey) const
{
    if (processKey < 0 || std::size_t(processKey) >= m_processes.size())
        return -1;
    // Only ranks in the largest communicator are global ranks.
    const Process &process = m_processes[std::size_t(processKey)];
    return process.worldSize == m_worldSize ? process.rank : -1;
}

int NcclProcessRanks::rankOfPid(std::int64_t pid, std::string_view host) const
{
    int found = -1;
    int matches = 0;
    for (const Process &process : m_processes) {
        if (process.pid != pid || (!host.empty() && process.host != host))
            continue;
        ++matches;
        found = process.worldSize == m_worldSize ? process.rank : -1;
    }
    return matches == 1 ? found : -1;
}

std::vector<LogRankNode> NcclProcessRanks::rankNodes() const
{
    // Only ranks of the largest communicator seen anywhere: a process whose world
    // communicator line was lost would otherwise report its rank in a sub-group.
    const int world = m_worldSize;
    std::vector<LogRankNode> nodes;
    for (const Process &process : m_processes) {
        if (process.rank >= 0 && process.worldSize == world)
            nodes.push_back({process.rank, process.host, process.pid});
    }
    std::sort(nodes.begin(), nodes.end(),
              [](const LogRankNode &a, const LogRankNode &b) { return a.rank < b.rank; });
    return nodes;
}

} // namespace rankscope
