// The main() that turns a fuzz target into an ordinary program: it feeds the target its
// hand-made hostile seeds (HostileSeeds.cpp), then every file under each path on the command
// line (the regression corpus tests/fuzz/regressions/<target>/). A crash, a sanitizer report or
// an exception fails the run, so CTest keeps every input that ever failed fixed.
//
//   fuzz_<target>_replay [--write-seeds DIR] [--no-hostile] [PATH...]
//
// --write-seeds writes the hostile seeds into DIR (for tests/fuzz/run.sh) and exits.
//
// Outside AddressSanitizer, the address space is capped (2 GiB, as libFuzzer's -rss_limit_mb
// in run.sh; RANKSCOPE_FUZZ_ADDRESS_LIMIT_MB overrides, 0 lifts it), so that an importer that
// trusts a declared size or reads a decompression bomb to the end fails with std::bad_alloc
// here rather than passing on a machine with memory to spare. Under ASan the same cap comes
// from ASAN_OPTIONS=max_allocation_size_mb (set by tests/fuzz/CMakeLists.txt).

#include "FuzzInput.h"
#include "HostileSeeds.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/resource.h>

#ifndef RANKSCOPE_FUZZ_TARGET
#error "RANKSCOPE_FUZZ_TARGET names the target (tests/fuzz/CMakeLists.txt)"
#endif

namespace {

namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

void limitAddressSpace()
{
    if (kAddressSanitizer)
        return; // ASan reserves terabytes of shadow memory up front
    std::uint64_t megabytes = 2048;
    if (const char *text = std::getenv("RANKSCOPE_FUZZ_ADDRESS_LIMIT_MB"))
        megabytes = std::strtoull(text, nullptr, 10);
    if (megabytes == 0)
        return;
    const rlimit limit{megabytes << 20, megabytes << 20};
    if (setrlimit(RLIMIT_AS, &limit) != 0)
        std::perror("setrlimit(RLIMIT_AS)");
}

std::string readFile(const fs::path &path)
{
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

struct Run
{
    int inputs = 0;
    double slowestSeconds = 0;
    std::string slowest;
};

void runOne(const std::string &name, const std::string &bytes, Run &run)
{
    // Named before it runs: if it crashes, this is the last line of the output.
    std::fprintf(stderr, "%s (%zu bytes)\n", name.c_str(), bytes.size());
    const auto start = std::chrono::steady_clock::now();
    // A copy of exactly its size, so ASan sees a read past the end.
    std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(data.data(), data.size());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++run.inputs;
    if (seconds > run.slowestSeconds) {
        run.slowestSeconds = seconds;
        run.slowest = name;
    }
}

void runPath(const fs::path &path, Run &run)
{
    std::error_code error;
    if (fs::is_regular_file(path, error)) {
        runOne(path.string(), readFile(path), run);
        return;
    }
    if (!fs::is_directory(path, error)) {
        std::fprintf(stderr, "%s: not there, nothing to run\n", path.c_str());
        return;
    }
    std::vector<fs::path> files;
    for (const fs::directory_entry &entry : fs::recursive_directory_iterator(path)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name != "README.md" && name.front() != '.')
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path &file : files)
        runOne(file.string(), readFile(file), run);
}

int writeSeeds(const fs::path &dir)
{
    fs::create_directories(dir);
    for (const rankscope_fuzz::HostileSeed &seed :
         rankscope_fuzz::hostileSeeds(RANKSCOPE_FUZZ_TARGET)) {
        std::ofstream file(dir / ("hostile-" + seed.name), std::ios::binary | std::ios::trunc);
        file.write(seed.bytes.data(), std::streamsize(seed.bytes.size()));
        if (!file) {
            std::fprintf(stderr, "cannot write %s\n", (dir / seed.name).c_str());
            return 1;
        }
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> paths;
    bool hostile = true;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--write-seeds" && i + 1 < argc)
            return writeSeeds(argv[++i]);
        if (arg == "--no-hostile")
            hostile = false;
        else
            paths.push_back(arg);
    }
    limitAddressSpace();
    Run run;
    if (hostile) {
        for (const rankscope_fuzz::HostileSeed &seed :
             rankscope_fuzz::hostileSeeds(RANKSCOPE_FUZZ_TARGET))
            runOne(std::string("hostile:") + seed.name, seed.bytes, run);
    }
    for (const std::string &path : paths)
        runPath(path, run);
    std::printf("%s: %d inputs, no crash; slowest %.2f s (%s)\n", RANKSCOPE_FUZZ_TARGET, run.inputs,
                run.slowestSeconds, run.slowest.c_str());
    return 0;
}
