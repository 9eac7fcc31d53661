#include "importers/bundle/BundleScanner.h"

#include "core/model/AsciiText.h"
#include "core/model/UsableCores.h"
#include "importers/bundle/FolderQueue.h"
#include "importers/traces/NcclInspectorImport.h"

#include "importers/collectives/FlightRecorderDump.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <exception>
#include <fcntl.h>
#include <iterator>
#include <optional>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace rankscope {

namespace {

// Deeper trees are not bundles a person made; the limit also stops pathological archives.
constexpr int kMaxDepth = 32;

// NCCL Inspector's dump folder, "nccl-inspector-<jobid>", beside the bundle's other folders (or
// alone: a job that kept only that). The first entries are enough: it is a top-level name.
bool hasInspectorFolder(const std::filesystem::path &dir)
{
    std::error_code error;
    int seen = 0;
    for (std::filesystem::directory_iterator it(dir, error), end;
         !error && it != end && seen < 4096; it.increment(error), ++seen)
        if (it->path().filename().string().rfind("nccl-inspector", 0) == 0 &&
            it->is_directory(error))
            return true;
    return false;
}

bool hasBundleContent(const std::filesystem::path &dir)
{
    std::error_code error;
    return std::filesystem::is_regular_file(dir / "job.json", error) ||
           std::filesystem::is_directory(dir / "stacks", error) ||
           std::filesystem::is_directory(dir / "traces", error) ||
           std::filesystem::is_directory(dir / "nsys", error) ||
           std::filesystem::is_directory(dir / "logs", error) ||
           std::filesystem::is_directory(dir / "fr", error) ||
           std::filesystem::is_directory(dir / "flight_recorder", error) ||
           std::filesystem::is_directory(dir / "inspector", error) || hasInspectorFolder(dir);
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Chrome trace JSON as the PyTorch profiler writes it (rank0.json,
// worker3_step_12.1694128201545.pt.trace.json.gz); the content decides gzip or zstd.
// Also Nsight Systems SQLite exports (rank3.sqlite, report_rank_3.sqlite) and the reports they
// are exported from (.nsys-rep, read only to say how to export them).
bool hasTraceName(std::string_view name)
{
    return endsWith(name, ".json") || endsWith(name, ".json.gz") || endsWith(name, ".json.zst") ||
           endsWith(name, ".sqlite") || endsWith(name, ".nsys-rep");
}

// A log by its name, plain or compressed (the content decides gzip or zstd): rank3.log,
// node-2.out, slurm-1234.out.gz, job.5678.err, launcher.txt.zst (under logs/ only).
bool hasLogName(std::string_view name, bool underLogs)
{
    if (endsWith(name, ".gz"))
        name.remove_suffix(3);
    else if (endsWith(name, ".zst"))
        name.remove_suffix(4);
    return endsWith(name, ".log") || endsWith(name, ".out") || endsWith(name, ".err") ||
           (underLogs && endsWith(name, ".txt"));
}

// A file at the top of a traces-only folder that is a trace: not hidden, not the synthetic
// bundles' answer key.
bool isTopLevelTraceName(std::string_view name)
{
    return !name.empty() && name.front() != '.' && name != "ground_truth.json" &&
           hasTraceName(name);
}

// True when `dir` holds a profiler trace directly: a regular file (or a link to one) with a
// trace name.
bool hasTopLevelTraces(const std::filesystem::path &dir)
{
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator(dir, error)) {
        if (isTopLevelTraceName(entry.path().filename().string()) && entry.is_regular_file(error))
            return true;
    }
    return false;
}

// True when `dir` holds a log directly (train.log, slurm-1234.out): a folder of what a job
// wrote, without the bundle layout.
bool hasTopLevelLogs(const std::filesystem::path &dir)
{
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator(dir, error)) {
        const std::string name = entry.path().filename().string();
        if (!name.empty() && name.front() != '.' && hasLogName(name, false) &&
            entry.is_regular_file(error))
            return true;
    }
    return false;
}

bool hasLooseFiles(const std::filesystem::path &dir)
{
    return hasTopLevelTraces(dir) || hasTopLevelLogs(dir);
}

// The one sub-folder of `dir` (not hidden) for which `holds` is true, else an empty path.
template <typename Holds>
std::filesystem::path onlySubFolderThat(const std::filesystem::path &dir, Holds holds)
{
    std::error_code error;
    std::filesystem::path found;
    int candidates = 0;
    for (const auto &entry : std::filesystem::directory_iterator(dir, error)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.front() == '.' || !entry.is_directory(error))
            continue;
        if (holds(entry.path())) {
            found = entry.path();
            ++candidates;
        }
    }
    return candidates == 1 ? found : std::filesystem::path();
}

BundleFileKind classify(std::string_view path, bool tracesOnlyFolder)
{
    const std::size_t slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    if (name.empty() || name.front() == '.')
        return BundleFileKind::Quiet;
    if (path == "job.json")
        return BundleFileKind::Manifest;
    if (startsWith(path, "stacks/"))
        return BundleFileKind::Stacks;
    if (startsWith(path, "traces/") || startsWith(path, "nsys/"))
        return hasTraceName(name) ? BundleFileKind::Trace : BundleFileKind::Ignored;
    // NCCL Inspector's dump folder: "<host>-pid<pid>.log" (JSON lines), or .jsonl.
    if (isNcclInspectorPath(path))
        return hasLogName(name, false) || endsWith(name, ".jsonl") || endsWith(name, ".jsonl.gz") ||
                       endsWith(name, ".jsonl.zst")
                   ? BundleFileKind::Trace
                   : BundleFileKind::Ignored;
    if (tracesOnlyFolder && slash == std::string_view::npos && isTopLevelTraceName(name))
        return BundleFileKind::Trace;
    if (startsWith(path, "logs/"))
        return hasLogName(name, true) ? BundleFileKind::Log : BundleFileKind::Ignored;
    if (isFlightRecorderPath(path))
        return BundleFileKind::CollectiveDump;
    if (slash == std::string_view::npos) {
        if (name == "ground_truth.json" || startsWith(name, "README") || endsWith(name, ".md"))
            return BundleFileKind::Quiet;
        // What a launcher leaves beside the bundle's folders (train.log, slurm-1234.out,
        // launcher.out): read like logs/. Not *.txt, which at the top is as often notes.
        if (hasLogName(name, false))
            return BundleFileKind::Log;
    }
    return BundleFileKind::Ignored;
}

std::int64_t mtimeNs(const struct stat &st)
{
    return std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

std::int64_t changeStampOf(const struct stat &st)
{
    const std::uint64_t ctime = std::uint64_t(st.st_ctim.tv_sec) * 1000000000u + st.st_ctim.tv_nsec;
    return std::int64_t(ctime ^ (std::uint64_t(st.st_ino) * 0x9E3779B97F4A7C15ull));
}

const char *describeType(mode_t mode)
{
    if (S_ISFIFO(mode))
        return "a named pipe";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    return "not a regular file";
}

// Reads folders into its own listing (one walker per thread); the folders it finds go to the
// shared queue, or are read at once when the queue is full.
class Walker
{
public:
    Walker(BundleListing &listing, FolderQueue &queue) : m_listing(listing), m_queue(queue) {}

    void walk(int dirFd, const std::string &prefix, int depth)
    {
        DIR *dir = fdopendir(dirFd);
        if (!dir) {
            problem(prefix, std::string("cannot read this folder: ") + std::strerror(errno));
            close(dirFd);
            return;
        }
        while (dirent *entry = readdir(dir)) {
            const std::string_view name = entry->d_name;
            if (name == "." || name == "..")
                continue;
            visit(dirfd(dir), prefix.empty() ? std::string(name) : prefix + "/" + std::string(name),
                  entry->d_name, depth);
        }
        closedir(dir);
    }

private:
    void problem(const std::string &path, std::string message)
    {
        m_listing.problems.push_back({path.empty() ? "." : path, 0, std::move(message)});
    }

    void visit(int parentFd, const std::string &path, const char *name, int depth)
    {
        struct stat st;
        if (fstatat(parentFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            problem(path, std::string("cannot read: ") + std::strerror(errno));
            return;
        }
        const bool hidden = name[0] == '.';
        if (S_ISLNK(st.st_mode)) {
            if (fstatat(parentFd, name, &st, 0) != 0) {
                if (!hidden)
                    problem(path, "broken symbolic link; skipped");
                return;
            }
            if (S_ISDIR(st.st_mode)) {
                if (!hidden)
                    problem(path, "symbolic link to a folder; not followed");
                return;
            }
        }
        if (S_ISDIR(st.st_mode)) {
            if (path == "job.json")
                problem(path, "is a folder, expected a file; importing without the manifest");
            if (hidden)
                return;
            if (depth >= kMaxDepth) {
                problem(path, "folders nested deeper than " + std::to_string(kMaxDepth) +
                                  " levels; not read");
                return;
            }
            if (path == "stacks")
                m_listing.hasStacksFolder = true;
            if (path == "traces" || path == "nsys" || isNcclInspectorPath(path + "/"))
                m_listing.hasTracesFolder = true;
            if (path == "logs")
                m_listing.hasLogsFolder = true;
            const int fd = openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (fd < 0) {
                problem(path, std::string("cannot open this folder: ") + std::strerror(errno));
                return;
            }
            if (!m_queue.offer(QueuedFolder{fd, path, depth + 1}))
                walk(fd, path, depth + 1);
            return;
        }
        const BundleFileKind kind = classify(path, m_listing.tracesOnlyFolder);
        if (!S_ISREG(st.st_mode)) {
            if (kind == BundleFileKind::Stacks || kind == BundleFileKind::Manifest ||
                kind == BundleFileKind::Trace || kind == BundleFileKind::Log ||
                kind == BundleFileKind::CollectiveDump)
                problem(path, std::string("is ") + describeType(st.st_mode) + "; skipped");
            return;
        }
        if (kind == BundleFileKind::Log && path.find('/') == std::string::npos)
            m_listing.hasRootLogs = true;
        if (kind == BundleFileKind::CollectiveDump)
            m_listing.hasCollectiveDumps = true;
        m_listing.files.push_back(BundleFile{path, std::int64_t(st.st_size), mtimeNs(st), kind});
        m_listing.files.back().changeStamp = changeStampOf(st);
    }

    BundleListing &m_listing;
    FolderQueue &m_queue;
};

void walkQueuedFolders(FolderQueue &queue, BundleListing &listing)
{
    Walker walker(listing, queue);
    while (std::optional<QueuedFolder> folder = queue.take()) {
        struct GiveBack
        {
            FolderQueue &queue;
            ~GiveBack() { queue.done(); }
        } giveBack{queue};
        walker.walk(folder->fd, folder->prefix, folder->depth);
    }
}

// What each thread's walk found, as one listing. Problems are put in path order: the order in
// which folders are read is the file system's and the threads'.
void joinWalks(std::vector<BundleListing> &parts, BundleListing &listing)
{
    for (BundleListing &part : parts) {
        listing.files.insert(listing.files.end(), std::make_move_iterator(part.files.begin()),
                             std::make_move_iterator(part.files.end()));
        listing.problems.insert(listing.problems.end(),
                                std::make_move_iterator(part.problems.begin()),
                                std::make_move_iterator(part.problems.end()));
        listing.hasStacksFolder |= part.hasStacksFolder;
        listing.hasTracesFolder |= part.hasTracesFolder;
        listing.hasLogsFolder |= part.hasLogsFolder;
        listing.hasCollectiveDumps |= part.hasCollectiveDumps;
        listing.hasRootLogs |= part.hasRootLogs;
    }
    std::stable_sort(
        listing.problems.begin(), listing.problems.end(),
        [](const ImportProblem &a, const ImportProblem &b) { return a.file < b.file; });
}

} // namespace

std::filesystem::path findBundleRoot(const std::filesystem::path &dir)
{
    if (hasBundleContent(dir))
        return dir;
    if (std::filesystem::path found = onlySubFolderThat(dir, hasBundleContent); !found.empty())
        return found;
    // A folder of loose traces or logs ranks below every folder laid out as a bundle, so a
    // stray JSON or log next to a wrapped bundle changes nothing.
    if (hasLooseFiles(dir))
        return dir;
    if (std::filesystem::path found = onlySubFolderThat(dir, hasLooseFiles); !found.empty())
        return found;
    return dir;
}

BundleListing listSingleFile(const std::filesystem::path &file, BundleFileKind kind)
{
    BundleListing listing;
    listing.singleFile = true;
    const std::string name = file.filename().string();
    struct stat st;
    if (stat(file.c_str(), &st) != 0) {
        listing.problems.push_back({name, 0, std::string("cannot read: ") + std::strerror(errno)});
        return listing;
    }
    BundleFile entry{name, std::int64_t(st.st_size), mtimeNs(st), kind};
    entry.changeStamp = changeStampOf(st);
    // One trace or dump on its own is one rank; its content or name may still say which.
    if (kind == BundleFileKind::Trace || kind == BundleFileKind::Stacks)
        entry.assumedRank = 0;
    listing.hasStacksFolder = kind == BundleFileKind::Stacks;
    listing.hasTracesFolder = kind == BundleFileKind::Trace;
    listing.hasLogsFolder = kind == BundleFileKind::Log;
    listing.hasCollectiveDumps = kind == BundleFileKind::CollectiveDump;
    listing.files.push_back(std::move(entry));
    return listing;
}

void promoteFlightRecorderDumps(const std::filesystem::path &root, BundleListing &listing)
{
    // Enough for a bundle of loose dumps of a few thousand ranks; beyond it a bundle is a
    // file dump of something else, and opening every file would slow each reopening.
    constexpr int kMaxSniffed = 20000;
    constexpr std::size_t kHead = 512;
    int sniffed = 0;
    for (BundleFile &file : listing.files) {
        if (file.kind != BundleFileKind::Ignored || file.size < 16)
            continue;
        if (++sniffed > kMaxSniffed)
            return;
        const int fd = open((root / file.path).c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0)
            continue;
        char head[kHead];
        const ssize_t got = read(fd, head, sizeof head);
        close(fd);
        if (got > 0 && looksLikeFlightRecorderDump(std::string_view(head, std::size_t(got)))) {
            file.kind = BundleFileKind::CollectiveDump;
            listing.hasCollectiveDumps = true;
        }
    }
}

BundleListing scanBundle(const std::filesystem::path &root)
{
    BundleListing listing;
    if (!hasBundleContent(root) && hasTopLevelTraces(root)) {
        listing.tracesOnlyFolder = true;
        listing.hasTracesFolder = true; // the root is the traces folder
    }
    const int fd = open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        listing.problems.push_back(
            {".", 0, "cannot open the bundle folder: " + std::string(std::strerror(errno))});
        return listing;
    }
    // Tens of thousands of rank folders and files take longer to stat than to read (reopening
    // checks every one), so the folders are read on every core, as the files are.
    constexpr unsigned kMaxWalkThreads = 4;
    const unsigned threads = std::clamp(usableCores(), 1u, kMaxWalkThreads);
    FolderQueue queue(QueuedFolder{fd, std::string(), 0});
    std::vector<BundleListing> parts(threads);
    std::vector<std::exception_ptr> failures(threads);
    for (BundleListing &part : parts)
        part.tracesOnlyFolder = listing.tracesOnlyFolder;
    const auto walkPart = [&](unsigned index) {
        try {
            walkQueuedFolders(queue, parts[index]);
        } catch (...) {
            failures[index] = std::current_exception();
        }
    };
    std::vector<std::thread> helpers;
    for (unsigned index = 1; index < threads; ++index)
        helpers.emplace_back(walkPart, index);
    walkPart(0);
    for (std::thread &helper : helpers)
        helper.join();
    for (const std::exception_ptr &failure : failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
    joinWalks(parts, listing);
    std::sort(listing.files.begin(), listing.files.end(),
              [](const BundleFile &a, const BundleFile &b) { return a.path < b.path; });
    return listing;
}

} // namespace rankscope
