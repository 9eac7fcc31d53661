#pragma once

#include <string>
#include <string_view>

namespace rankscope {

// `text` as a gzip member (what `gzip -1` writes): Kineto's tensorboard handler writes
// *.pt.trace.json.gz like this. Fast compression: the synthetic traces are large and repetitive.
// Throws std::runtime_error if zlib fails.
std::string gzipText(std::string_view text);

} // namespace rankscope
