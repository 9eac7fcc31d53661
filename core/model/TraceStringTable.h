#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankscope {

using TraceStringId = std::uint32_t;

// Id 0 is always the empty string, so a zero-initialised id means "none".
inline constexpr TraceStringId kEmptyTraceString = 0;

// The distinct strings of one trace file (event names, categories, thread names), each stored
// once and named by a dense id. A Kineto trace repeats a few thousand names across hundreds of
// thousands of events, so events carry 4-byte ids instead of strings. The characters live in
// large blocks that never move, so the views handed out stay valid as the table grows and when
// the table is moved; the table cannot be copied.
class TraceStringTable
{
public:
    TraceStringTable();
    TraceStringTable(TraceStringTable &&) noexcept = default;
    TraceStringTable &operator=(TraceStringTable &&) noexcept = default;
    TraceStringTable(const TraceStringTable &) = delete;
    TraceStringTable &operator=(const TraceStringTable &) = delete;

    static constexpr TraceStringId kNotFound = 0xFFFFFFFFu;

    TraceStringId intern(std::string_view text);
    // The id of `text`, or kNotFound when it was never interned.
    TraceStringId find(std::string_view text) const;

    std::string_view view(TraceStringId id) const { return m_views[id]; }
    std::size_t size() const { return m_views.size(); }
    // Bytes held for characters (not counting the index), for memory accounting.
    std::size_t characterBytes() const { return m_blockBytes; }

private:
    std::string_view store(std::string_view text);

    std::vector<std::unique_ptr<char[]>> m_blocks;
    std::size_t m_blockUsed = 0;
    std::size_t m_blockCapacity = 0;
    std::size_t m_blockBytes = 0;
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, TraceStringId> m_index;
};

} // namespace rankscope
