#pragma once

#include <chrono>
#include <filesystem>

namespace rankscope::cli {

// What the bench-* commands share: a clock, the peak memory, and a fresh cache to import into.
using BenchClock = std::chrono::steady_clock;

double secondsSince(BenchClock::time_point start);

// Peak resident set of this process so far, in MiB (Linux reports ru_maxrss in KiB).
double peakRssMiB();

// A new empty cache directory under the system's temporary folder, so the first import parses
// everything; removed again on destruction unless kept (its path is then worth printing).
class TemporaryCacheDir
{
public:
    explicit TemporaryCacheDir(bool keep); // throws CliInputError when it cannot be created
    ~TemporaryCacheDir();
    TemporaryCacheDir(const TemporaryCacheDir &) = delete;
    TemporaryCacheDir &operator=(const TemporaryCacheDir &) = delete;

    const std::filesystem::path &path() const { return m_path; }
    bool kept() const { return m_keep; }

private:
    std::filesystem::path m_path;
    bool m_keep;
};

} // namespace rankscope::cli
