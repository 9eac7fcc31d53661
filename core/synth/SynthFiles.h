#pragma once

#include <string>
#include <string_view>

namespace rankscope {

// Thin POSIX file output for the synthetic bundle writer: tens of thousands of small files,
// where iostream construction and std::filesystem checks cost more than the writes themselves.
// Both throw std::runtime_error naming the path and the system error.
void makeDirectory(const std::string &path); // succeeds when it already exists
void writeWholeFile(const std::string &path, std::string_view content);

} // namespace rankscope
