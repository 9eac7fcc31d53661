#pragma once

#include "core/model/ParsedStacks.h"

#include <string_view>

namespace rankscope {

// Stacks whose dump text was read before. Thousands of ranks print the same frame lines for
// the same stack, so a parser given this looks a thread's frame lines up and, when they were
// seen (in another rank's dump), takes the stack id found instead of building its frames again.
class KnownStackTexts
{
public:
    virtual ~KnownStackTexts() = default;
    // The stack the exact text `frameLines` was interned as, or nullptr. What it points to
    // lives as long as this object.
    virtual const KnownStack *find(std::string_view frameLines) const = 0;
};

} // namespace rankscope
