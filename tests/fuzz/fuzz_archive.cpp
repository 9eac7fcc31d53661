// Fuzz target: a bundle archive (.tar, .tar.gz, .tar.zst, or whatever libarchive recognises)
// unpacked by extractArchive. It takes a path, so each input is written to a file in a private
// temporary folder and unpacked beside it; the folder is emptied after every input and removed
// at exit. Anything that appears outside the extraction folder is an escape, and aborts.

#include "FuzzInput.h"

#include "importers/bundle/ArchiveExtractor.h"
#include "importers/bundle/BundleImport.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

// The private folder ($TMPDIR or /tmp), made on first use and removed at exit.
const fs::path &workDir()
{
    static const fs::path dir = [] {
        const char *tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/rankscope-fuzz-XXXXXX";
        if (!mkdtemp(pattern.data())) {
            std::perror("mkdtemp");
            std::abort();
        }
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(workDir(), ignored);
        });
        return fs::path(pattern);
    }();
    return dir;
}

// Small caps: an input of a few kilobytes may unpack to gigabytes, and the fuzzer should
// exercise the caps rather than the disk.
constexpr rankscope::ExtractionLimits kLimits{64ull << 20, 16ull << 20};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > rankscope_fuzz::kMaxInputBytes)
        return 0;
    const fs::path &dir = workDir();
    const fs::path input = dir / "bundle.tar";
    const fs::path target = dir / "out";
    {
        std::ofstream file(input, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char *>(data), std::streamsize(size));
        if (!file) {
            std::perror("writing the fuzz input");
            std::abort();
        }
    }
    try {
        (void)rankscope::extractArchive(input, target, kLimits);
    } catch (const rankscope::BundleError &) {
        // Not an archive, or over the caps: a message for the user, as it should be.
    }
    // Only the input, the extraction folder and its record may be there.
    for (const fs::directory_entry &entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name != "bundle.tar" && name != "out" && name != "out.json") {
            std::fprintf(stderr, "archive extraction wrote %s outside its folder\n",
                         entry.path().c_str());
            std::abort();
        }
    }
    if (fs::exists(target)) {
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(target)) {
            if (entry.is_symlink()) {
                std::fprintf(stderr, "archive extraction made a link: %s\n", entry.path().c_str());
                std::abort();
            }
        }
    }
    std::error_code ignored;
    fs::remove_all(target, ignored);
    fs::remove(dir / "out.json", ignored);
    fs::remove(input, ignored);
    return 0;
}
