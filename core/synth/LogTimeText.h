#pragma once

#include <cstdint>
#include <string>

namespace rankscope {

// Wall-clock text of synthetic log lines, from ns since the Unix epoch (UTC). Written by hand
// rather than with strftime: a large bundle formats a few hundred thousand of them.

// "2025-11-29 12:31:04,123": Python logging's asctime, what the log lines start with.
void appendLogTimestamp(std::string &out, std::int64_t timeNs);
// "1129 12:31:04.123456": the month, day and time of a glog line ("[E1129 12:31:04.123456 ...").
void appendGlogTime(std::string &out, std::int64_t timeNs);
// "2025-11-29 12:31:04": Megatron's "datetime: ..." lines.
void appendDateTime(std::string &out, std::int64_t timeNs);
// "2025-11-29_12:31:04": torchrun's failure summary ("time : ...").
void appendUnderscoreDateTime(std::string &out, std::int64_t timeNs);

} // namespace rankscope
