#include "core/cache/CacheLocation.h"

#include "core/cache/StableHash.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace rankscope {

namespace {

std::filesystem::path fromEnvironment(const char *name)
{
    const char *value = std::getenv(name);
    return (value && *value) ? std::filesystem::path(value) : std::filesystem::path();
}

std::string withoutArchiveExtensions(std::string name)
{
    // Archives, and the single traces and logs that open as bundles of one file.
    for (std::string_view ext :
         {".tar.gz", ".tar.zst", ".tar.zstd", ".tar.xz", ".tar.bz2", ".tgz", ".tzst", ".tar",
          ".pt.trace.json.gz", ".pt.trace.json.zst", ".pt.trace.json", ".json.gz", ".json.zst",
          ".json", ".log.gz", ".log.zst", ".log", ".out", ".txt"}) {
        if (name.size() > ext.size() &&
            name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
            return name.substr(0, name.size() - ext.size());
    }
    return name;
}

} // namespace

std::filesystem::path defaultCacheDirectory()
{
    if (auto dir = fromEnvironment("RANKSCOPE_CACHE_DIR"); !dir.empty())
        return dir;
    if (auto dir = fromEnvironment("XDG_CACHE_HOME"); !dir.empty())
        return dir / "rankscope";
    if (auto home = fromEnvironment("HOME"); !home.empty())
        return home / ".cache" / "rankscope";
    return std::filesystem::temp_directory_path() / "rankscope-cache";
}

std::string bundleCacheStem(const std::filesystem::path &canonicalBundlePath)
{
    std::filesystem::path withoutSlash = canonicalBundlePath;
    if (!withoutSlash.has_filename())
        withoutSlash = withoutSlash.parent_path();
    std::string stem = withoutArchiveExtensions(withoutSlash.filename().string());
    for (char &c : stem) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (!plain)
            c = '_';
    }
    if (stem.size() > 40)
        stem.resize(40);
    if (stem.empty() || stem.front() == '.')
        stem.insert(0, "bundle");
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx",
                  static_cast<unsigned long long>(stableHash64(canonicalBundlePath.string())));
    return stem + "-" + digits;
}

} // namespace rankscope
