#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rankscope {

// The sampling time a path names, in ns since the Unix epoch, searching the file name first and
// then its folders upward. Recognized, anywhere in a component (times without a zone are UTC):
//   2024-05-01T12:30:05Z, 2024-05-01T12:30:05.250+02:00, 2024-05-01 12:30:05,
//   2024-05-01_12-30-05, 2024-05-01T12-30-05 (extended ISO 8601 and file-name-safe variants)
//   20240501T123005, 20240501T123005Z, 20240501_123005 (basic ISO 8601)
//   1714566605, 1714566605.25 (epoch seconds: exactly 10 digits, optional fraction)
//   1714566605250 (epoch milliseconds: exactly 13 digits)
// A number counts only when no digit touches it on either side, so pids and ranks are never
// read as times.
std::optional<std::int64_t> sampleTimeFromPath(std::string_view relativePath);

// Same, for one path component only.
std::optional<std::int64_t> sampleTimeFromName(std::string_view name);

} // namespace rankscope
