#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// The lines one process of a synthetic job writes - a rank, or the torchrun agent of a node -
// in the order it writes them, each with its moment on the aligned (true) clock. The text has
// neither timestamp nor rank prefix: the log files add both, on the clock of the node.
class SyntheticLogStream
{
public:
    // `rank` is -1 for a node's agent.
    SyntheticLogStream(int rank, int node, std::int64_t clockOffsetNs)
        : m_rank(rank), m_node(node), m_clockOffsetNs(clockOffsetNs)
    {}

    // Starts a line written at `alignedNs` and returns the buffer its text is appended to (no
    // newline). Lines may come in any order: finish() puts them in time order, keeping the
    // order of lines with the same time.
    std::string &line(std::int64_t alignedNs);
    // One line per '\n'-separated part of `text`, all at `alignedNs`: a multi-line record such
    // as a traceback, which a timestamping collector stamps line by line.
    void lines(std::int64_t alignedNs, std::string_view text);

    // Sorts the lines by time; text() and the accessors below need it.
    void finish();

    int rank() const { return m_rank; }
    int node() const { return m_node; }
    // Local clock = aligned clock + this offset (the node's).
    std::int64_t clockOffsetNs() const { return m_clockOffsetNs; }
    std::size_t size() const { return m_entries.size(); }
    std::int64_t alignedNs(std::size_t index) const { return m_entries[index].alignedNs; }
    std::int64_t localNs(std::size_t index) const
    {
        return m_entries[index].alignedNs + m_clockOffsetNs;
    }
    std::string_view text(std::size_t index) const;

private:
    struct Entry
    {
        std::int64_t alignedNs = 0;
        std::uint32_t begin = 0; // [begin, end) of m_text
        std::uint32_t end = 0;
    };
    void closeLastLine();
    int m_rank;
    int m_node;
    std::int64_t m_clockOffsetNs;
    std::vector<Entry> m_entries;
    std::string m_text;
    bool m_open = false; // the last entry added still grows
};

} // namespace rankscope
