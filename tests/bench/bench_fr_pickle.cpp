// Flight Recorder dump reading throughput against python3's pickle on the same bytes.
//
// usage: bench_fr_pickle [FILES=512] [PARSES=16384] [DIR]
// Writes FILES synthetic dumps of 2,000 entries (make_fr_dumps.py, ~375 KB each) into DIR
// (default: a folder in the system temp dir, reused across runs), loads them into memory, then
// times, from memory: the restricted pickle reader alone, and readFlightRecorderDump (reader +
// records), each for PARSES dumps (cycling over the files) on 1 and 2 threads; and python3's
// pickle.loads over every file once. Prints the figures and the per-dump ratio.
//
// Not a Google Benchmark program: the Python half runs once per invocation, in the same run.

#include "importers/collectives/FlightRecorderDump.h"
#include "importers/collectives/PickleReader.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

using namespace rankscope;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

std::string readAll(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct Timing
{
    double wall = 0; // seconds
    double cpu = 0;  // CPU seconds of all threads (what a loaded machine does not inflate)
};

// Runs job(i) for i in [0, parses) on `threads` threads.
template <typename Job> Timing timed(int threads, std::size_t parses, Job job)
{
    std::atomic<std::size_t> next{0};
    std::atomic<long long> cpuNs{0};
    const auto start = Clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            const double begin = threadCpuSeconds();
            for (std::size_t i = next++; i < parses; i = next++)
                job(i);
            cpuNs += (long long)((threadCpuSeconds() - begin) * 1e9);
        });
    for (auto &th : pool)
        th.join();
    return {std::chrono::duration<double>(Clock::now() - start).count(), double(cpuNs) * 1e-9};
}

// The floor of any reader that decodes a pickle one opcode at a time: a walk over the opcodes
// these dumps use that keeps a stack of words and the memo and builds nothing (dispatch the
// same way as the reader's fast loop). Returns the opcode count, 0 when an opcode outside that
// set shows up.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
std::size_t walkOpcodes(const std::string &input, std::vector<std::uint64_t> &stack,
                        std::vector<std::uint64_t> &memo)
{
    static void *labels[256];
    static bool ready = false;
    if (!ready) {
        for (void *&l : labels)
            l = &&other;
        labels['h'] = &&binGet;
        labels['j'] = &&longBinGet;
        labels['a'] = &&append;
        labels['q'] = &&binPut;
        labels['r'] = &&longBinPut;
        labels['K'] = &&int1;
        labels['M'] = &&int2;
        labels['J'] = &&int4;
        labels[0x8a] = &&long1;
        labels['('] = &&mark;
        labels[']'] = labels['}'] = labels['N'] = labels[0x88] = labels[0x89] = &&one;
        labels['e'] = labels['u'] = &&toMark;
        labels[0x86] = &&tuple2;
        labels['G'] = &&binFloat;
        labels['X'] = &&binUnicode;
        labels[0x8c] = &&shortBinUnicode;
        labels['.'] = &&stop;
        ready = true;
    }
    const auto *b = reinterpret_cast<const unsigned char *>(input.data());
    const std::size_t end = input.size() > 16 ? input.size() - 16 : 0;
    std::size_t pos = 2; // after PROTO
    std::size_t ops = 0;
    std::size_t memoSize = 0;
    std::uint64_t *sp = stack.data();
    const std::uint64_t kMark = ~std::uint64_t(0);
    if (stack.size() < input.size() || memo.size() < input.size())
        return 0;
#define WALK_NEXT()                                                                                \
    do {                                                                                           \
        if (pos >= end)                                                                            \
            return ops; /* the last bytes: STOP and what precedes it */                            \
        ++ops;                                                                                     \
        goto *labels[b[pos]];                                                                      \
    } while (0)
    WALK_NEXT();
binGet:
    *sp++ = memo[b[pos + 1]];
    pos += 2;
    WALK_NEXT();
longBinGet : {
    std::uint32_t index;
    std::memcpy(&index, b + pos + 1, 4);
    if (index >= memo.size())
        return 0;
    *sp++ = memo[index];
    pos += 5;
    WALK_NEXT();
}
append:
    --sp;
    pos += 1;
    WALK_NEXT();
binPut:
    memo[memoSize++] = sp[-1];
    pos += 2;
    WALK_NEXT();
longBinPut:
    memo[memoSize++] = sp[-1];
    pos += 5;
    WALK_NEXT();
int1:
    *sp++ = b[pos + 1];
    pos += 2;
    WALK_NEXT();
int2:
    *sp++ = std::uint64_t(b[pos + 1] | b[pos + 2] << 8);
    pos += 3;
    WALK_NEXT();
int4 : {
    std::int32_t v;
    std::memcpy(&v, b + pos + 1, 4);
    *sp++ = std::uint64_t(v);
    pos += 5;
    WALK_NEXT();
}
long1 : {
    std::uint64_t v = 0;
    std::memcpy(&v, b + pos + 2, 8);
    *sp++ = v;
    pos += 2 + b[pos + 1];
    WALK_NEXT();
}
mark:
    *sp++ = kMark;
    pos += 1;
    WALK_NEXT();
one:
    *sp++ = pos;
    pos += 1;
    WALK_NEXT();
toMark:
    while (*--sp != kMark) {
    }
    *sp++ = pos;
    pos += 1;
    WALK_NEXT();
tuple2:
    sp -= 1;
    pos += 1;
    WALK_NEXT();
binFloat:
    *sp++ = 1;
    pos += 9;
    WALK_NEXT();
binUnicode : {
    std::uint32_t n;
    std::memcpy(&n, b + pos + 1, 4);
    *sp++ = pos;
    pos += 5 + n;
    WALK_NEXT();
}
shortBinUnicode:
    *sp++ = pos;
    pos += 2 + b[pos + 1];
    WALK_NEXT();
stop:
    return ops;
other:
    return 0;
#undef WALK_NEXT
}
#pragma GCC diagnostic pop
#endif

} // namespace

int main(int argc, char **argv)
{
    const std::size_t files = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 512;
    const std::size_t parses = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 16384;
    const fs::path dir =
        argc > 3 ? fs::path(argv[3]) : fs::temp_directory_path() / "rankscope-bench-fr-dumps";
    const std::string script = RANKSCOPE_BENCH_DIR "/make_fr_dumps.py";
    const std::string make =
        "python3 '" + script + "' '" + dir.string() + "' " + std::to_string(files);
    if (std::system(make.c_str()) != 0) {
        std::fprintf(stderr, "could not write the dumps (%s)\n", make.c_str());
        return 1;
    }

    std::vector<std::string> bytes;
    std::vector<std::string> names;
    std::size_t total = 0;
    for (std::size_t r = 0; r < files; ++r) {
        names.push_back("fr/nccl_trace_rank_" + std::to_string(r));
        bytes.push_back(readAll(dir / ("nccl_trace_rank_" + std::to_string(r))));
        total += bytes.back().size();
    }
    std::printf("input: %zu dumps of 2000 entries, %.1f MB (%.0f KB each); %zu parses\n", files,
                double(total) / 1e6, double(total) / double(files) / 1e3, parses);

    std::atomic<std::size_t> entries{0};
    std::atomic<int> failures{0};
    auto pickleOnly = [&](std::size_t i) {
        const std::size_t f = i % files;
        const PickleReadResult r = readPickle(bytes[f]);
        if (r.status != PickleStatus::Complete)
            ++failures;
    };
    auto records = [&](std::size_t i) {
        const std::size_t f = i % files;
        const FlightRecorderReadResult r = readFlightRecorderDump(bytes[f], names[f], int(f));
        if (!r.ok)
            ++failures;
        entries += r.records.entries.size();
    };
    FlightRecorderReadOptions tail;
    tail.tail = CollectiveTailLimits();
    std::atomic<std::size_t> tailEntries{0};
    auto tailRecords = [&](std::size_t i) {
        const std::size_t f = i % files;
        const FlightRecorderReadResult r = readFlightRecorderDump(bytes[f], names[f], int(f), tail);
        if (!r.ok)
            ++failures;
        tailEntries += r.records.entries.size();
    };
#if defined(__GNUC__)
    auto walk = [&](std::size_t i) {
        thread_local std::vector<std::uint64_t> stack(1 << 20), memo(1 << 20);
        if (walkOpcodes(bytes[i % files], stack, memo) == 0)
            ++failures;
    };
    const Timing walk1 = timed(1, parses, walk);
#endif
    const Timing reader1 = timed(1, parses, pickleOnly);
    const Timing reader2 = timed(2, parses, pickleOnly);
    const Timing records1 = timed(1, parses, records);
    entries = 0;
    const Timing records2 = timed(2, parses, records);
    const Timing tail1 = timed(1, parses, tailRecords);
    tailEntries = 0;
    const Timing tail2 = timed(2, parses, tailRecords);
    const double perDump = 1e6 / double(parses);
    auto row = [&](const char *what, const Timing &one, const Timing &two) {
        std::printf("%-30s %8.1f us/dump CPU (1 thread: %6.2f s wall; 2 threads: %6.2f s wall)\n",
                    what, one.cpu * perDump, one.wall, two.wall);
    };
#if defined(__GNUC__)
    std::printf("%-30s %8.1f us/dump CPU (1 thread: %6.2f s wall)\n", "opcode walk (floor)",
                walk1.cpu * perDump, walk1.wall);
#endif
    row("restricted reader", reader1, reader2);
    row("reader + all records", records1, records2);
    row("reader + lane tails", tail1, tail2);
    std::printf("records: %zu entries (all), %zu (lane tails)\n", entries.load(),
                tailEntries.load());
    if (failures.load() > 0)
        std::printf("FAILED: %d dumps did not read\n", failures.load());

    // python3 pickle.loads over the same files, from memory, once each.
    const fs::path out = dir / "python_seconds.txt";
    const std::string python =
        "python3 -c \"import pickle,sys,time,os\n"
        "d=sys.argv[1]; n=int(sys.argv[2])\n"
        "data=[open(os.path.join(d,'nccl_trace_rank_%d'%r),'rb').read() for r in range(n)]\n"
        "t=time.perf_counter(); c=time.process_time()\n"
        "for b in data: pickle.loads(b)\n"
        "open(sys.argv[3],'w').write('%f %f'%(time.perf_counter()-t,time.process_time()-c))\" '" +
        dir.string() + "' " + std::to_string(files) + " '" + out.string() + "'";
    if (std::system(python.c_str()) != 0) {
        std::printf("python3 pickle: not measured\n");
        return failures.load() > 0;
    }
    double pyWall = 0;
    double pyCpu = 0;
    std::sscanf(readAll(out).c_str(), "%lf %lf", &pyWall, &pyCpu);
    const double pyPerDump = pyCpu / double(files) * 1e6;
    std::printf("%-30s %8.1f us/dump CPU (%zu dumps once: %6.2f s wall)\n", "python3 pickle.loads",
                pyPerDump, files, pyWall);
    std::printf("ratio, CPU per dump: python / restricted reader %.1fx; python / (reader + all "
                "records) %.1fx; python / (reader + lane tails) %.1fx\n",
                pyPerDump / (reader1.cpu * perDump), pyPerDump / (records1.cpu * perDump),
                pyPerDump / (tail1.cpu * perDump));
    std::printf("16384 dumps on 2 cores, from CPU per dump: reader %.2f s, reader + all records "
                "%.2f s, reader + lane tails %.2f s\n",
                reader1.cpu / double(parses) * 16384 / 2, records1.cpu / double(parses) * 16384 / 2,
                tail1.cpu / double(parses) * 16384 / 2);
    return failures.load() > 0;
}
