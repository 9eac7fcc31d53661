#include "importers/bundle/ArchiveExtractor.h"

#include "importers/bundle/BundleImport.h"

#include <archive.h>
#include <archive_entry.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace rankscope {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxListedProblems = 200;

struct ArchiveIdentity
{
    std::string path;
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
};

ArchiveIdentity identify(const fs::path &archive)
{
    struct stat st;
    if (stat(archive.c_str(), &st) != 0)
        throw BundleError("cannot read " + archive.string() + ": " + std::strerror(errno));
    return {archive.string(), std::int64_t(st.st_size),
            std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

fs::path recordPath(const fs::path &targetDir)
{
    return fs::path(targetDir.string() + ".json");
}

// The problems of an earlier complete extraction of the same archive, or false.
bool readRecord(const fs::path &targetDir, const ArchiveIdentity &identity,
                std::vector<ImportProblem> &problems)
{
    std::ifstream in(recordPath(targetDir));
    if (!in)
        return false;
    const auto record = nlohmann::json::parse(in, nullptr, false);
    if (!record.is_object() || record.value("archive", "") != identity.path ||
        record.value("size", std::int64_t(-1)) != identity.size ||
        record.value("mtime_ns", std::int64_t(-1)) != identity.mtimeNs ||
        !record.value("complete", false) || !fs::is_directory(targetDir))
        return false;
    for (const auto &problem : record.value("problems", nlohmann::json::array())) {
        problems.push_back({problem.value("file", ""), problem.value("line", std::int64_t(0)),
                            problem.value("message", "")});
    }
    return true;
}

void writeRecord(const fs::path &targetDir, const ArchiveIdentity &identity,
                 const std::vector<ImportProblem> &problems)
{
    nlohmann::json record = {{"archive", identity.path},
                             {"size", identity.size},
                             {"mtime_ns", identity.mtimeNs},
                             {"complete", true},
                             {"problems", nlohmann::json::array()}};
    for (const ImportProblem &problem : problems) {
        record["problems"].push_back(
            {{"file", problem.file}, {"line", problem.line}, {"message", problem.message}});
    }
    const fs::path temporary = recordPath(targetDir).string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        // Entry names may be any bytes: replace invalid UTF-8 rather than throw.
        out << record.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (!out)
            throw BundleError("cannot write to the cache directory " +
                              targetDir.parent_path().string());
    }
    std::error_code error;
    fs::rename(temporary, recordPath(targetDir), error);
    if (error)
        throw BundleError("cannot write to the cache directory " +
                          targetDir.parent_path().string() + ": " + error.message());
}

struct ArchiveDeleter
{
    void operator()(archive *a) const { archive_read_free(a); }
};

// The entry's path as components, or an empty list with `why` set when it must be refused.
std::vector<std::string> safeComponents(std::string_view name, std::string &why)
{
    std::vector<std::string> components;
    if (!name.empty() && name.front() == '/') {
        why = "has an absolute path; skipped";
        return {};
    }
    std::size_t begin = 0;
    while (begin <= name.size()) {
        std::size_t end = name.find('/', begin);
        if (end == std::string_view::npos)
            end = name.size();
        const std::string_view part = name.substr(begin, end - begin);
        if (part == "..") {
            why = "has a \"..\" component that would leave the bundle; skipped";
            return {};
        }
        if (!part.empty() && part != ".")
            components.emplace_back(part);
        begin = end + 1;
    }
    return components;
}

const char *describeSpecial(mode_t type)
{
    switch (type) {
    case AE_IFLNK:
        return "is a symbolic link; links are never extracted, skipped";
    case AE_IFCHR:
    case AE_IFBLK:
        return "is a device file; skipped";
    case AE_IFIFO:
        return "is a named pipe; skipped";
    case AE_IFSOCK:
        return "is a socket; skipped";
    default:
        return "is not a regular file or folder; skipped";
    }
}

class Extraction
{
public:
    Extraction(const fs::path &archivePath, const fs::path &targetDir,
               const ExtractionLimits &limits, const ExtractionProgress &progress,
               const std::atomic<bool> *cancel, std::int64_t archiveSize)
        : m_archivePath(archivePath), m_target(targetDir), m_limits(limits), m_progress(progress),
          m_cancel(cancel), m_archiveSize(archiveSize)
    {}

    // Returns false when cancelled.
    bool run()
    {
        std::unique_ptr<archive, ArchiveDeleter> reader(archive_read_new());
        m_archive = reader.get();
        archive_read_support_filter_all(m_archive);
        archive_read_support_format_tar(m_archive);
        if (archive_read_open_filename(m_archive, m_archivePath.c_str(), 1 << 16) != ARCHIVE_OK)
            throw notAnArchive();

        bool first = true;
        std::string previous;
        while (true) {
            if (m_cancel && m_cancel->load())
                return false;
            archive_entry *entry = nullptr;
            const int rc = archive_read_next_header(m_archive, &entry);
            if (rc == ARCHIVE_EOF)
                break;
            if (rc == ARCHIVE_FATAL || (rc == ARCHIVE_FAILED && !entry)) {
                if (first)
                    throw notAnArchive();
                damaged(previous.empty() ? std::string("(start)") : previous, "after this entry");
                break;
            }
            first = false;
            const char *name = archive_entry_pathname_utf8(entry);
            if (!name)
                name = archive_entry_pathname(entry);
            previous = name ? name : "";
            if (rc == ARCHIVE_FAILED || rc == ARCHIVE_WARN) {
                const char *message = archive_error_string(m_archive);
                problem(previous, std::string("archive warning: ") + (message ? message : "?"));
                if (rc == ARCHIVE_FAILED)
                    continue;
            }
            if (!extractEntry(entry, previous))
                break;
            if (m_progress && m_archiveSize > 0) {
                m_progress(double(archive_filter_bytes(m_archive, -1)) / double(m_archiveSize),
                           previous);
            }
        }
        return true;
    }

    std::vector<ImportProblem> takeProblems()
    {
        if (m_unlistedProblems > 0) {
            m_problems.push_back({m_archivePath.filename().string(), 0,
                                  std::to_string(m_unlistedProblems) +
                                      " more entries skipped or damaged (not listed)"});
        }
        return std::move(m_problems);
    }

private:
    BundleError notAnArchive() const
    {
        const char *message = archive_error_string(m_archive);
        return BundleError(m_archivePath.string() +
                           " is not a folder or a readable tar archive (.tar, .tar.gz, .tgz, "
                           ".tar.zst): " +
                           (message ? message : "unknown format"));
    }

    void problem(const std::string &entry, std::string message)
    {
        // A hostile archive can hold millions of refused entries: list the first ones only.
        if (m_problems.size() >= kMaxListedProblems) {
            ++m_unlistedProblems;
            return;
        }
        m_problems.push_back({entry.empty() ? "(unnamed entry)" : entry, 0, std::move(message)});
    }

    void damaged(const std::string &entry, const char *where)
    {
        const char *message = archive_error_string(m_archive);
        problem(entry, std::string("the archive is truncated or damaged ") + where + " (" +
                           (message ? message : "read error") +
                           "); entries read before it were kept");
    }

    // Returns false when the archive cannot be read further.
    bool extractEntry(archive_entry *entry, const std::string &name)
    {
        if (name.empty()) {
            problem(name, "entry without a readable name; skipped");
            return true;
        }
        std::string why;
        const std::vector<std::string> components = safeComponents(name, why);
        if (!why.empty()) {
            problem(name, why);
            return true;
        }
        if (components.empty())
            return true; // "./" itself
        if (archive_entry_hardlink(entry)) {
            problem(name, "is a hard link; links are never extracted, skipped");
            return true;
        }
        const mode_t type = archive_entry_filetype(entry);
        fs::path target = m_target;
        for (const std::string &part : components)
            target /= part;
        if (type == AE_IFDIR) {
            std::error_code error;
            fs::create_directories(target, error);
            if (error)
                problem(name, "cannot create this folder: " + error.message());
            return true;
        }
        if (type != AE_IFREG) {
            problem(name, describeSpecial(type));
            return true;
        }
        if (archive_entry_size_is_set(entry) &&
            std::uint64_t(archive_entry_size(entry)) > m_limits.maxFileBytes) {
            problem(name, "is " + std::to_string(archive_entry_size(entry)) +
                              " bytes, more than the " + std::to_string(m_limits.maxFileBytes) +
                              "-byte limit per file; skipped");
            return true;
        }
        return writeFile(entry, name, target);
    }

    bool writeFile(archive_entry *entry, const std::string &name, const fs::path &target)
    {
        std::error_code error;
        fs::create_directories(target.parent_path(), error);
        if (error) {
            problem(name, "cannot create its folder: " + error.message());
            return true;
        }
        // O_NOFOLLOW: the folder holds no links (none are extracted), but never trust that.
        const int fd =
            open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            problem(name, std::string("cannot be written: ") + std::strerror(errno));
            return true;
        }
        std::uint64_t written = 0;
        bool keep = true;
        bool readable = true;
        while (true) {
            const void *block = nullptr;
            size_t size = 0;
            la_int64_t offset = 0;
            const int rc = archive_read_data_block(m_archive, &block, &size, &offset);
            if (rc == ARCHIVE_EOF)
                break;
            if (rc < ARCHIVE_WARN) {
                damaged(name, "inside this entry");
                keep = false;
                readable = rc != ARCHIVE_FATAL;
                break;
            }
            written += size;
            m_totalBytes += size;
            if (m_totalBytes > m_limits.maxTotalBytes) {
                close(fd);
                throw BundleError(m_archivePath.string() + " unpacks to more than " +
                                  std::to_string(m_limits.maxTotalBytes) +
                                  " bytes, the limit for archives; unpack it yourself and open "
                                  "the folder if it is really that large");
            }
            if (written > m_limits.maxFileBytes) {
                problem(name, "is more than the " + std::to_string(m_limits.maxFileBytes) +
                                  "-byte limit per file; skipped");
                keep = false;
                break;
            }
            if (size > 0 && pwrite(fd, block, size, offset) != ssize_t(size)) {
                problem(name, std::string("cannot be written: ") + std::strerror(errno));
                keep = false;
                break;
            }
        }
        if (keep && archive_entry_mtime_is_set(entry)) {
            const timespec times[2] = {
                {archive_entry_mtime(entry), archive_entry_mtime_nsec(entry)},
                {archive_entry_mtime(entry), archive_entry_mtime_nsec(entry)}};
            futimens(fd, times);
        }
        close(fd);
        if (!keep)
            fs::remove(target, error);
        return readable;
    }

    fs::path m_archivePath;
    fs::path m_target;
    ExtractionLimits m_limits;
    const ExtractionProgress &m_progress;
    const std::atomic<bool> *m_cancel;
    std::int64_t m_archiveSize;
    archive *m_archive = nullptr;
    std::uint64_t m_totalBytes = 0;
    std::vector<ImportProblem> m_problems;
    std::size_t m_unlistedProblems = 0;
};

} // namespace

ExtractionResult extractArchive(const fs::path &archive, const fs::path &targetDir,
                                const ExtractionLimits &limits, const ExtractionProgress &progress,
                                const std::atomic<bool> *cancel)
{
    const ArchiveIdentity identity = identify(archive);
    ExtractionResult result;
    result.dir = targetDir;
    if (readRecord(targetDir, identity, result.problems)) {
        result.reused = true;
        return result;
    }

    std::error_code error;
    fs::remove(recordPath(targetDir), error);
    fs::remove_all(targetDir, error);
    fs::create_directories(targetDir, error);
    if (error)
        throw BundleError("cannot create the extraction folder " + targetDir.string() + ": " +
                          error.message());
    fs::permissions(targetDir, fs::perms::owner_all, error);

    Extraction extraction(archive, targetDir, limits, progress, cancel, identity.size);
    bool finished = false;
    try {
        finished = extraction.run();
    } catch (...) {
        fs::remove_all(targetDir, error);
        throw;
    }
    if (!finished) {
        fs::remove_all(targetDir, error);
        result.cancelled = true;
        return result;
    }
    result.problems = extraction.takeProblems();
    writeRecord(targetDir, identity, result.problems);
    return result;
}

} // namespace rankscope
