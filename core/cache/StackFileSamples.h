#pragma once

#include "core/cache/StackFileRecord.h"
#include "core/model/StackDataset.h"

#include <cstddef>
#include <functional>

namespace rankscope {

// A parsed stack file's samples as the cache stores them (StackSampleCodec.h), one per thread in
// file order. `stackOf(p, t)` is the interned stack of thread t of process p.
EncodedStackSamples
encodeStackFileSamples(const StackFileRecord &record,
                       const std::function<StackId(std::size_t p, std::size_t t)> &stackOf);

// Encodes an interned record's samples on the thread that parsed it and releases what only that
// needed (its processes and stack ids), so that the thread storing records copies one blob per
// file and frees no parsed threads. No-op for a failed record or one not yet interned.
void encodeInternedSamples(StackFileRecord &record);

} // namespace rankscope
