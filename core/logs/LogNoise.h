#pragma once

#include <string_view>

namespace rankscope {

// True for templates of control-plane chatter rather than training: progress bars, HTTP
// requests, downloads, checkpoint and tokenizer metadata, experiment trackers. Such lines
// differ between ranks by design (rank 0 downloads, the launcher polls), so they are compared
// only within their role and never make a trainer an outlier. `builtinName` is the built-in
// template's name ("" for mined ones).
bool isControlPlaneTemplate(std::string_view text, std::string_view builtinName);

} // namespace rankscope
