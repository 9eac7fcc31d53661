#pragma once

#include "core/model/StackDataset.h"
#include "core/model/ThreadState.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rankscope {

// One thread of a stack file as the cache stores it. The strings are views: into the parsed
// file while encoding, into the stored blob while decoding.
struct StoredStackSample
{
    std::optional<std::string_view> role; // none: the rank's own role (from the manifest)
    std::int64_t pid = 0;
    std::uint64_t threadId = 0;
    std::string_view threadName;
    ThreadState state = ThreadState::Unknown;
    bool isMain = false;
    StackId stack = 0;
    std::uint64_t weight = 1;
    std::optional<int> rank; // none: the file's rank; set when the file holds several ranks
    bool cut = false;        // the dump was cut inside this stack
};

// A stack file's samples are one blob of the cache (samples.data), not one row each: a row per
// thread made writing them half of a 16,384-rank import. Samples keep their file order.
class StackSampleEncoder
{
public:
    StackSampleEncoder();
    void add(const StoredStackSample &sample);
    std::size_t count() const { return m_count; }
    // The blob (the encoder may be used again after clear()).
    std::string finish() const;
    void clear();

private:
    std::string m_body;
    std::size_t m_count = 0;
};

// Calls `visit` for each sample of a blob, in file order; returns how many there were. Throws
// BlobFormatError when the blob does not decode (a damaged cache).
std::size_t forEachStoredStackSample(std::span<const std::byte> blob,
                                     const std::function<void(const StoredStackSample &)> &visit);

} // namespace rankscope
