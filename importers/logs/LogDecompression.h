#pragma once

#include <string>
#include <string_view>

namespace rankscope {

// The text of a log file: the bytes themselves when plain, else the gzip members / zstd frames
// decompressed into *storage (recognised by content, not by name: "train.log.gz" files that are
// plain text are common). A truncated or corrupt stream sets *error to a sentence and the part
// before the cut is returned, so a log cut by a crash still yields its lines.
std::string_view logTextOf(std::string_view bytes, std::string *storage, std::string *error);

} // namespace rankscope
