#pragma once

#include "core/logs/LogModel.h"

#include <cstddef>
#include <string_view>

namespace rankscope {

struct LevelMatch
{
    LogSeverity severity = LogSeverity::Unknown;
    std::size_t length = 0; // bytes to remove: the token, its brackets or colon, spaces
};

// A level token at the start of a line's header: "INFO", "WARNING", "WARN", "ERROR",
// "CRITICAL", "FATAL", "DEBUG", "TRACE", "NOTICE", also as "[INFO]", "INFO:" (Python logging's
// default "INFO:root:...") and "[INFO|trainer.py:1339]" (Hugging Face, whole tag removed).
// Also c10's timeless "[E ProcessGroupNCCL.cpp:475] " (only "[E " is removed).
LevelMatch matchLeadingLevel(std::string_view text);

// A level after the logger's name, where Python formats put it in the middle of the header:
// torchrun's "torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process ...",
// "__main__ - INFO - ...", "trainer | WARNING | ...". Nothing is removed (`length` says where
// the level ends); the caller only takes the severity.
LevelMatch matchLevelAfterLoggerName(std::string_view text);

// The severity a line's content implies when its header has none: "Traceback (most recent call
// last):" and "FooError: ..." are errors, "NCCL WARN" and "UserWarning:" warnings, "NCCL INFO"
// info, "terminate called after throwing", "Segmentation fault" and "Fatal Python error" fatal.
LogSeverity severityFromContent(std::string_view text);

} // namespace rankscope
