#include "app/cli/BenchSupport.h"

#include "app/cli/CliError.h"

#include <cstdlib>
#include <string>
#include <sys/resource.h>

namespace fs = std::filesystem;

namespace rankscope::cli {

double secondsSince(BenchClock::time_point start)
{
    return std::chrono::duration<double>(BenchClock::now() - start).count();
}

double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

TemporaryCacheDir::TemporaryCacheDir(bool keep) : m_keep(keep)
{
    std::string pattern = (fs::temp_directory_path() / "rankscope-bench-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
        throw CliInputError("cannot create a temporary cache directory in " +
                            fs::temp_directory_path().string());
    m_path = pattern;
}

TemporaryCacheDir::~TemporaryCacheDir()
{
    std::error_code ignored;
    if (!m_keep)
        fs::remove_all(m_path, ignored);
}

} // namespace rankscope::cli
