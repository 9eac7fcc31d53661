#include "importers/bundle/StackFileReader.h"

#include "core/cache/StackInterner.h"
#include "importers/FileFailure.h"
#include "importers/bundle/ProcessRoles.h"
#include "importers/bundle/RankFromPath.h"
#include "importers/bundle/SampleTimeFromPath.h"
#include "importers/stacks/StackFormat.h"
#include "importers/traces/TraceDecompression.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rankscope {

namespace {

// How a file that is no stack dump starts, for the problem message: printable text only.
std::string openingOf(std::string_view bytes)
{
    std::string shown;
    for (char c : bytes.substr(0, 200)) {
        if (c == '\n' || c == '\r')
            break;
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 && c != '\t')
            return "binary data";
        shown.push_back(c);
        if (shown.size() >= 60) {
            shown += "...";
            break;
        }
    }
    return shown.empty() ? std::string("an empty line") : "\"" + shown + "\"";
}

// True when every byte is 1-127: checked eight bytes at a time.
bool isPlainAscii(std::string_view bytes)
{
    constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
    constexpr std::uint64_t kOnes = 0x0101010101010101ull;
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes.data() + i, 8);
        // High bit set in any byte, or any byte zero (the classic has-zero-byte test).
        if ((word & kHighBits) || ((word - kOnes) & ~word & kHighBits))
            return false;
    }
    for (; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c == 0 || c >= 0x80)
            return false;
    }
    return true;
}

void fail(StackFileRecord &record, std::string message)
{
    record.ok = false;
    record.problems.push_back({0, std::move(message)});
}

// Drops the processes whose rank is unknown (and what belongs to them).
void keepRankedProcesses(StackFileRecord &record, ProcessRankAssignment &assignment)
{
    std::size_t kept = 0;
    for (std::size_t p = 0; p < assignment.ranks.size(); ++p) {
        if (assignment.ranks[p] < 0)
            continue;
        if (kept != p) {
            record.parsed.processes[kept] = std::move(record.parsed.processes[p]);
            assignment.ranks[kept] = assignment.ranks[p];
            assignment.roles[kept] = std::move(assignment.roles[p]);
            assignment.mainThread[kept] = assignment.mainThread[p];
        }
        ++kept;
    }
    record.parsed.processes.resize(kept);
    assignment.ranks.resize(kept);
    assignment.roles.resize(kept);
    assignment.mainThread.resize(kept);
}

// Which rank each process is; false (the record failed) when none can be told.
bool assignRanks(StackFileRecord &record, const RankHints &hints)
{
    ProcessRankAssignment assignment = assignProcessRanks(record.parsed, record.rank, hints);
    record.ranksFromContent = assignment.fromContent;
    if (assignment.fromContent)
        keepRankedProcesses(record, assignment);
    if (!record.parsed.processes.empty()) {
        for (ParseProblem &problem : assignment.problems)
            record.problems.push_back(std::move(problem));
    } else {
        // No process has a rank: one problem for the file says how to give it one.
        fail(record, "cannot tell which rank this file belongs to; name it like "
                     "stacks/rank7/dump.txt or stacks/rank7.txt, or map its pids to ranks in "
                     "job.json (\"pids\": {\"12345\": 7})");
        return false;
    }
    int first = assignment.ranks.front();
    const bool oneRank = std::all_of(assignment.ranks.begin(), assignment.ranks.end(),
                                     [&](int rank) { return rank == first; });
    if (oneRank)
        record.rank = first;
    else
        record.processRanks = assignment.ranks;
    record.processRoles = std::move(assignment.roles);
    record.processMainThread = assignment.mainThread;
    for (std::size_t p = 0; p < assignment.mainThread.size(); ++p) {
        if (assignment.mainThread[p] >= 0 && record.mainProcess < 0) {
            record.mainProcess = int(p);
            record.mainThread = assignment.mainThread[p];
        }
    }
    return true;
}

int openRegularFile(const std::filesystem::path &path, std::uint64_t maxBytes, std::size_t &size,
                    std::string &error);
std::int64_t readUpTo(int fd, char *out, std::size_t size, std::string &error);

// A chunk of whole lines of a large folded profile: about this much text at a time.
constexpr std::size_t kFoldedChunkBytes = std::size_t(8) << 20;
// A single line longer than this is not a stack (a folded line is frames joined by ';').
constexpr std::size_t kMaxFoldedLineBytes = std::size_t(64) << 20;

// Whether a file too large to read whole is a folded profile: its first bytes say so, and it
// has no byte order mark (UTF-16 text cannot be split at newline bytes).
bool isLargeFoldedProfile(const std::filesystem::path &absolute, std::string_view name)
{
    std::string head;
    std::string error;
    const int fd = open(absolute.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return false;
    head.resize(64 << 10);
    const std::int64_t got = readUpTo(fd, head.data(), head.size(), error);
    close(fd);
    if (got <= 0)
        return false;
    head.resize(std::size_t(got));
    const bool bom = head.starts_with("\xEF\xBB\xBF") || head.starts_with("\xFF\xFE") ||
                     head.starts_with("\xFE\xFF");
    // The sniffed bytes may end inside a line: detect on the whole lines only.
    const std::size_t lastNewline = head.rfind('\n');
    if (lastNewline != std::string::npos)
        head.resize(lastNewline + 1);
    return !bom && detectStackFormat(head, name) == StackFormat::Folded;
}

// Reads a folded profile a chunk of whole lines at a time, interning every line's stack as it
// is read: a 500 MB profile costs its distinct frames and stacks and a few bytes per line.
bool readFoldedInChunks(StackFileRecord &record, const std::filesystem::path &absolute,
                        std::uint64_t maxFileBytes, SharedStackInterner &interner)
{
    std::string error;
    std::size_t size = 0;
    const int fd = openRegularFile(absolute, maxFileBytes, size, error);
    if (fd < 0) {
        fail(record, error);
        return false;
    }
    record.format = stackFormatName(StackFormat::Folded);
    record.stackIds.assign(1, {});
    FoldedStackStream stream(record.parsed);
    std::vector<StackId> &ids = record.stackIds.front();
    const auto intern = [&](ParsedThread &thread) {
        ids.push_back(interner.intern(thread.frames, hashFrames(thread.frames)));
        thread.frames = std::vector<Frame>(); // move-assigned: "= {}" would keep the capacity
    };
    std::string buffer;
    std::int64_t nextLine = 1;
    bool ended = false;
    while (!ended) {
        const std::size_t kept = buffer.size();
        const std::size_t want = std::max(kFoldedChunkBytes, kept);
        buffer.resize(kept + want);
        const std::int64_t got = readUpTo(fd, buffer.data() + kept, want, error);
        if (got < 0) {
            close(fd);
            fail(record, error);
            return false;
        }
        buffer.resize(kept + std::size_t(got));
        ended = std::size_t(got) < want;
        // Whole lines now, the last partial one carried over (all of it at the end).
        const std::size_t lastNewline = ended ? buffer.size() : buffer.rfind('\n');
        if (lastNewline == std::string::npos) {
            if (buffer.size() > kMaxFoldedLineBytes) {
                close(fd);
                fail(record, "line " + std::to_string(nextLine) + " is longer than " +
                                 std::to_string(kMaxFoldedLineBytes) +
                                 " bytes: not folded stacks; skipped");
                return false;
            }
            continue;
        }
        const std::size_t end = ended ? buffer.size() : lastNewline + 1;
        std::string_view lines(buffer.data(), end);
        std::string decoded;
        if (!isPlainAscii(lines)) {
            decoded = decodeStackText(lines, &record.problems);
            lines = decoded;
        }
        stream.feed(lines, nextLine, intern);
        nextLine += std::int64_t(std::count(lines.begin(), lines.end(), '\n'));
        buffer.erase(0, end);
    }
    close(fd);
    stream.finish();
    for (ParseProblem &problem : record.parsed.problems)
        record.problems.push_back(std::move(problem));
    record.parsed.problems.clear();
    return true;
}

void readContent(StackFileRecord &record, const std::filesystem::path &absolute,
                 std::uint64_t maxFileBytes, const RankHints &hints, SharedStackInterner *interner,
                 StackTextMemo *memo)
{
    std::string bytes;
    std::string error;
    const std::size_t slashAt = record.path.rfind('/');
    const std::string_view fileName =
        std::string_view(record.path).substr(slashAt == std::string::npos ? 0 : slashAt + 1);
    if (interner && record.size >= 0 && std::uint64_t(record.size) > kMaxStackFileBytes &&
        isLargeFoldedProfile(absolute, fileName)) {
        if (!readFoldedInChunks(record, absolute, maxFileBytes, *interner)) {
            record.parsed = {};
            record.stackIds.clear();
            return; // fail() said why
        }
        std::size_t threads = 0;
        for (const ParsedProcess &process : record.parsed.processes)
            threads += process.threads.size();
        if (threads == 0)
            return fail(record, "no thread stacks found in this folded file");
        if (!assignRanks(record, hints))
            return;
        if (record.parsed.processes.empty())
            record.stackIds.clear(); // its one process was dropped with its rank unknown
        record.ok = true;
        return;
    }
    if (record.size >= 0 && std::uint64_t(record.size) > kMaxStackFileBytes) {
        return fail(record, "is " + std::to_string(record.size) + " bytes, more than the " +
                                std::to_string(kMaxStackFileBytes) +
                                " bytes a stack dump may have (parsing takes about ten times a "
                                "dump's size in memory; only folded profiles are read in "
                                "pieces); skipped");
    }
    if (!readWholeFile(absolute, std::min(maxFileBytes, kMaxStackFileBytes), bytes, error))
        return fail(record, error);
    if (bytes.empty())
        return fail(record, "the file is empty; the dump probably failed on this rank");

    // decodeStackText promises UTF-8 out of BOMs, UTF-16 and invalid sequences; 7-bit ASCII
    // without NUL bytes has none of those, so its decoding is the identity. Nearly every dump is
    // such text, and skipping the copy saves a sixth of the import's CPU time.
    std::vector<ParseProblem> decodeProblems;
    const bool ascii = isPlainAscii(bytes);
    std::string decoded;
    if (!ascii)
        decoded = decodeStackText(bytes, &decodeProblems);
    const std::string_view text = ascii ? std::string_view(bytes) : std::string_view(decoded);
    const std::size_t slash = record.path.rfind('/');
    const std::string_view name =
        std::string_view(record.path).substr(slash == std::string::npos ? 0 : slash + 1);
    const StackFormat format = detectStackFormat(text, name);
    if (const TraceCompression compression = detectTraceCompression(bytes);
        format == StackFormat::Unknown && compression != TraceCompression::None) {
        return fail(record, std::string("is ") +
                                (compression == TraceCompression::Gzip ? "gzip" : "zstd") +
                                "-compressed: stack dumps are read as plain text; decompress it "
                                "and import again");
    }
    if (format == StackFormat::Unknown) {
        return fail(record, "not a stack dump rankscope can read (py-spy text or JSON, pystack, "
                            "folded stacks); it starts with " +
                                openingOf(bytes));
    }
    record.format = stackFormatName(format);
    record.problems = std::move(decodeProblems);
    record.parsed = parseStacks(format, text, interner ? memo : nullptr);
    for (ParseProblem &problem : record.parsed.problems)
        record.problems.push_back(std::move(problem));
    record.parsed.problems.clear();

    std::size_t threads = 0;
    for (const ParsedProcess &process : record.parsed.processes)
        threads += process.threads.size();
    if (threads == 0)
        return fail(record,
                    std::string("no thread stacks found in this ") + record.format + " file");

    if (!assignRanks(record, hints))
        return;
    // Not stored in the cache: release them here rather than on the thread that stores records.
    for (ParsedProcess &process : record.parsed.processes) {
        process.commandLine = {};
        process.pythonVersion = {};
    }
    record.ok = true;
    // Threads' frame-line texts are views of `text`: intern while it lives.
    if (interner)
        internStacks(record, *interner, memo);
}

} // namespace

namespace {

// Opens `path` for reading if it is a regular file of at most maxBytes; -1 with `error` set.
int openRegularFile(const std::filesystem::path &path, std::uint64_t maxBytes, std::size_t &size,
                    std::string &error)
{
    // O_NONBLOCK: if the file was swapped for a FIFO since the scan, open must not hang.
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        error = std::string("cannot read: ") + std::strerror(errno);
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        error = S_ISDIR(st.st_mode) ? "is a folder, expected a file" : "is not a regular file";
        return -1;
    }
    if (std::uint64_t(st.st_size) > maxBytes) {
        close(fd);
        error = "is " + std::to_string(st.st_size) + " bytes, more than the " +
                std::to_string(maxBytes) + "-byte limit per file; skipped";
        return -1;
    }
    size = std::size_t(st.st_size);
    return fd;
}

// Reads up to `size` bytes into `out`; the count read (less when the file shrank), or -1.
std::int64_t readUpTo(int fd, char *out, std::size_t size, std::string &error)
{
    std::size_t done = 0;
    while (done < size) {
        const ssize_t got = read(fd, out + done, size - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            error = std::string("cannot read: ") + std::strerror(errno);
            return -1;
        }
        if (got == 0)
            break; // shrank while reading: keep what is there
        done += std::size_t(got);
    }
    return std::int64_t(done);
}

} // namespace

bool readWholeFile(const std::filesystem::path &path, std::uint64_t maxBytes, std::string &content,
                   std::string &error)
{
    std::size_t size = 0;
    const int fd = openRegularFile(path, maxBytes, size, error);
    if (fd < 0)
        return false;
    content.resize(size);
    const std::int64_t done = readUpTo(fd, content.data(), size, error);
    close(fd);
    if (done < 0)
        return false;
    content.resize(std::size_t(done));
    return true;
}

bool readWholeFile(const std::filesystem::path &path, std::uint64_t maxBytes, FileBuffer &content,
                   std::string &error)
{
    std::size_t size = 0;
    const int fd = openRegularFile(path, maxBytes, size, error);
    if (fd < 0)
        return false;
    char *out = content.prepare(size);
    if (!out) {
        close(fd);
        error = "is " + std::to_string(size) + " bytes, more than there is memory for; skipped";
        return false;
    }
    const std::int64_t done = readUpTo(fd, out, size, error);
    close(fd);
    if (done < 0)
        return false;
    content.setSize(std::size_t(done));
    return true;
}

void internStacks(StackFileRecord &record, SharedStackInterner &interner, StackTextMemo *memo)
{
    if (!record.stackIds.empty())
        return; // interned while it was read (a folded profile read in chunks)
    record.stackIds.resize(record.parsed.processes.size());
    for (std::size_t p = 0; p < record.parsed.processes.size(); ++p) {
        for (ParsedThread &thread : record.parsed.processes[p].threads) {
            if (thread.known) {
                record.stackIds[p].push_back(thread.known->stack);
            } else {
                const StackId stack = interner.intern(thread.frames, hashFrames(thread.frames));
                record.stackIds[p].push_back(stack);
                if (memo && !thread.frameText.empty())
                    memo->remember(thread.frameText, stack, thread.frames);
                thread.frames = std::vector<Frame>(); // "= {}" would keep the capacity
            }
            thread.frameText = {}; // the file's text goes away
            thread.known = nullptr;
        }
    }
}

StackFileRecord readStackFile(const std::filesystem::path &bundleRoot, const BundleFile &file,
                              std::uint64_t maxFileBytes, const RankHints &hints,
                              SharedStackInterner *interner, StackTextMemo *memo)
{
    StackFileRecord record;
    record.path = file.path;
    record.size = file.size;
    record.mtimeNs = file.mtimeNs;
    record.changeStamp = file.changeStamp;
    record.timeNs = sampleTimeFromPath(file.path).value_or(file.mtimeNs);
    try {
        // The path's rank, if any; the content may still say otherwise (assignRanks).
        record.rank = rankFromPath(file.path);
        if (!record.rank && file.assumedRank >= 0)
            record.rank = file.assumedRank; // a dump opened on its own (content may still say)
        if (record.rank && *record.rank > kMaxSupportedRank) {
            fail(record, "rank " + std::to_string(*record.rank) + " is above the largest rank " +
                             "rankscope supports (" + std::to_string(kMaxSupportedRank) + ")");
            record.rank.reset();
            return record;
        }
        readContent(record, bundleRoot / file.path, maxFileBytes, hints, interner, memo);
    } catch (const std::exception &error) {
        record.parsed = {};
        record.stackIds.clear();
        fail(record, fileFailureMessage(error));
    }
    return record;
}

} // namespace rankscope
