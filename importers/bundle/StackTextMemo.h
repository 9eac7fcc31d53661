#pragma once

#include "core/model/StackDataset.h"
#include "importers/stacks/KnownStackTexts.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankscope {

// The frame-line texts of the stacks one import has interned, shared by its parser threads: a
// thread whose text is here is not parsed into frames, hashed and compared again. Keys are the
// whole texts (compared byte for byte, so two stacks can never be confused by their hash), up to
// kMaxBytes of them; past that texts are no longer remembered, only looked up.
class StackTextMemo final : public KnownStackTexts
{
public:
    static constexpr std::size_t kMaxBytes = std::size_t(64) << 20;

    const KnownStack *find(std::string_view frameLines) const override;
    // `frames` are the stack's, root first, as the text parsed into.
    void remember(std::string_view frameLines, StackId stack, const std::vector<Frame> &frames);

private:
    struct Entry
    {
        std::string text;
        KnownStack known;
    };

    mutable std::mutex m_mutex;
    std::unordered_multimap<std::uint64_t, std::unique_ptr<Entry>> m_byHash; // entries stay put
    std::size_t m_bytes = 0;
};

} // namespace rankscope
