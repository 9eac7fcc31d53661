#include "importers/bundle/ArchiveExtractor.h"

#include "importers/bundle/ArchiveByteStream.h"
#include "importers/bundle/BundleImport.h"
#include "importers/bundle/ContentHash.h"
#include "importers/bundle/ExtractionRecord.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace rankscope {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxListedProblems = 200;
// Free space is checked every so many written bytes; the extraction stops while the disk still
// has a reserve left, so that a huge archive does not fill the disk other programs need.
constexpr std::uint64_t kFreeSpaceCheckBytes = 64ull << 20;
constexpr std::uint64_t kMinFreeReserveBytes = 1ull << 30;

// Errors of the disk or the folder, not of one member: the extraction as a whole fails (and is
// not recorded), where a member's own trouble (a name the file system refuses) only skips it.
bool isStorageFailure(int error)
{
    return error == ENOSPC || error == EDQUOT || error == EIO || error == EROFS ||
           error == ENOMEM || error == EMFILE || error == ENFILE;
}

std::string megabytes(std::uint64_t bytes)
{
    return std::to_string((bytes + (1u << 19)) >> 20) + " MB";
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

std::string countOfMembers(int count)
{
    return count == 1 ? std::string("the 1 member before it was")
                      : "the " + std::to_string(count) + " members before it were";
}

la_ssize_t readArchiveBytes(archive *, void *clientData, const void **buffer)
{
    const std::string_view bytes = static_cast<ArchiveByteStream *>(clientData)->read();
    *buffer = bytes.data();
    return la_ssize_t(bytes.size()); // 0 at the end, also after a cut: the tar reader sees it
}

class Extraction
{
public:
    Extraction(const fs::path &archivePath, const fs::path &targetDir,
               const ExtractionLimits &limits, const ExtractionProgress &progress,
               const std::atomic<bool> *cancel, std::int64_t archiveSize)
        : m_archivePath(archivePath), m_target(targetDir), m_limits(limits), m_progress(progress),
          m_cancel(cancel), m_archiveSize(archiveSize), m_stream(archivePath)
    {}

    // Returns false when cancelled.
    bool run()
    {
        if (!m_stream.damage().empty() && m_stream.decodedOffset() == 0 &&
            m_stream.fileOffset() == 0)
            throw BundleError("cannot read " + m_archivePath.string() + ": " + m_stream.damage());
        std::unique_ptr<archive, ArchiveDeleter> reader(archive_read_new());
        m_archive = reader.get();
        // gzip and zstd are decoded by m_stream; anything else (xz, bzip2) by libarchive.
        if (m_stream.encoding() == ArchiveByteStream::Encoding::Raw)
            archive_read_support_filter_all(m_archive);
        archive_read_support_format_tar(m_archive);
        if (archive_read_open(m_archive, &m_stream, nullptr, readArchiveBytes, nullptr) !=
            ARCHIVE_OK)
            throw unreadable();

        while (true) {
            if (m_cancel && m_cancel->load())
                return false;
            archive_entry *entry = nullptr;
            const int rc = archive_read_next_header(m_archive, &entry);
            if (rc == ARCHIVE_EOF) {
                endOfArchive();
                break;
            }
            if (rc == ARCHIVE_FATAL || (rc == ARCHIVE_FAILED && !entry)) {
                if (m_entries == 0)
                    throw unreadable();
                stoppedAt(m_lastEntry.empty()
                              ? std::string(" inside the first member's header")
                              : " inside the header of the member after " + m_lastEntry);
                break;
            }
            if (std::uint64_t(++m_entries) > m_limits.maxEntries) {
                m_cutProblem = {
                    m_archivePath.filename().string(), 0,
                    "the archive holds more than " + std::to_string(m_limits.maxEntries) +
                        " entries, the most read from one archive: " + countOfMembers(m_complete) +
                        " extracted, the rest of the archive was not read"};
                break;
            }
            const char *name = archive_entry_pathname_utf8(entry);
            if (!name)
                name = archive_entry_pathname(entry);
            m_lastEntry = name ? name : "";
            const la_int64_t dataStart = archive_filter_bytes(m_archive, 0);
            m_lastEntryEnd =
                archive_entry_size_is_set(entry) && archive_entry_sparse_count(entry) == 0
                    ? dataStart + (archive_entry_size(entry) + 511) / 512 * 512
                    : -1;
            if (rc == ARCHIVE_FAILED || rc == ARCHIVE_WARN) {
                const char *message = archive_error_string(m_archive);
                problem(m_lastEntry, std::string("archive warning: ") + (message ? message : "?"));
                if (rc == ARCHIVE_FAILED)
                    continue;
            }
            if (!extractEntry(entry, m_lastEntry))
                break;
            if (m_progress && m_archiveSize > 0)
                m_progress(double(m_stream.fileOffset()) / double(m_archiveSize), m_lastEntry);
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
        if (!m_cutProblem.message.empty())
            m_problems.push_back(m_cutProblem); // always listed, after any cap
        return std::move(m_problems);
    }

    bool truncated() const { return !m_cutProblem.message.empty(); }
    std::unordered_map<std::string, std::uint64_t> takeHashes() { return std::move(m_hashes); }

    // Everything written reaches the disk before the extraction is recorded as done: a full
    // disk reported late (delayed allocation, NFS) fails the extraction here, not a later read.
    void syncWritten()
    {
        const int fd = ::open(m_target.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0)
            storageFailure("", errno, "opening the extraction folder");
        const int rc = ::syncfs(fd);
        const int error = errno;
        ::close(fd);
        if (rc != 0)
            storageFailure("", error, "syncing the extracted files");
    }

private:
    [[noreturn]] void storageFailure(const std::string &member, int error,
                                     const std::string &doing) const
    {
        std::string message = "cannot extract " + m_archivePath.string() +
                              " into the cache folder " + m_target.parent_path().string() + ": ";
        message += error == ENOSPC || error == EDQUOT ? "the disk holding it is full"
                                                      : std::string(std::strerror(error));
        message += " (" + doing + (member.empty() ? std::string() : " " + member) + ", after " +
                   megabytes(m_totalBytes) +
                   " extracted); nothing of it is kept. Free space "
                   "there or choose another cache folder (--cache-dir)";
        throw BundleError(message);
    }

    // Stops before the disk is full: at least 1 GiB (or 5% of a smaller disk) stays free. The
    // next check comes after a quarter of what is left above that reserve (at most 64 MiB), so
    // the disk cannot fill up between two checks. False when the reserve is reached.
    bool hasFreeSpace()
    {
        struct statvfs fs;
        if (::statvfs(m_target.c_str(), &fs) != 0) {
            m_nextSpaceCheck = m_totalBytes + kFreeSpaceCheckBytes;
            return true;
        }
        const std::uint64_t total = std::uint64_t(fs.f_blocks) * fs.f_frsize;
        m_freeBytes = std::uint64_t(fs.f_bavail) * fs.f_frsize;
        const std::uint64_t reserve = std::min(kMinFreeReserveBytes, total / 20);
        if (m_freeBytes < reserve)
            return false;
        m_nextSpaceCheck = m_totalBytes + std::clamp<std::uint64_t>((m_freeBytes - reserve) / 4,
                                                                    1u << 20, kFreeSpaceCheckBytes);
        return true;
    }

    [[noreturn]] void outOfSpace(const std::string &member) const
    {
        throw BundleError("stopped extracting " + m_archivePath.string() +
                          " into the cache folder " + m_target.parent_path().string() +
                          " at member " + member + ": the disk holding it has only " +
                          megabytes(m_freeBytes) + " free (after " + megabytes(m_totalBytes) +
                          " extracted); nothing of it is kept. Free space there or choose "
                          "another cache folder (--cache-dir)");
    }

    BundleError unreadable() const
    {
        if (!m_stream.damage().empty() && m_stream.encoding() != ArchiveByteStream::Encoding::Raw)
            return BundleError(
                m_archivePath.string() + " is cut or damaged at byte " +
                std::to_string(m_stream.fileOffset()) + " (" + m_stream.damage() +
                ") before its first member is complete: nothing in it can be read" +
                (m_stream.encoding() == ArchiveByteStream::Encoding::Zstd
                     ? " (zstd decodes whole blocks of up to 128 KiB, so a cut loses the block "
                       "it falls in)"
                     : ""));
        const char *message = archive_error_string(m_archive);
        return BundleError(m_archivePath.string() +
                           " is not a folder, a readable tar archive (.tar, .tar.gz, .tgz, "
                           ".tar.zst), a trace, a stack dump or a log: " +
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

    // Where the archive stops, as a byte of the archive file: where the compressed stream or
    // the file ended, else where the tar reader was.
    std::int64_t stopOffset() const
    {
        if (m_stream.ended())
            return m_stream.fileOffset();
        return std::int64_t(archive_filter_bytes(m_archive, 0));
    }

    // The one problem that says where the archive stops being readable: `where` says in which
    // member ("inside member x (10 of its 50 bytes are there)", " after member x"), the rest
    // what was kept.
    void stoppedAt(const std::string &where, bool everyMember = false)
    {
        const bool corrupt = !m_stream.damage().empty() ? !m_stream.cut() : !m_stream.ended();
        std::string message =
            corrupt ? "the archive is damaged at byte " : "the archive is cut at byte ";
        message += std::to_string(stopOffset());
        std::vector<std::string> details;
        if (m_stream.encoding() != ArchiveByteStream::Encoding::Raw)
            details.push_back("byte " + std::to_string(m_stream.decodedOffset()) + " of the " +
                              m_stream.encodingName() + "-decoded tar data");
        if (!m_stream.damage().empty()) {
            details.push_back(m_stream.damage());
        } else if (corrupt) {
            const char *why = archive_error_string(m_archive);
            details.push_back(why ? why : "read error");
        }
        for (std::size_t i = 0; i < details.size(); ++i)
            message += (i == 0 ? " (" : "; ") + details[i] + (i + 1 == details.size() ? ")" : "");
        message += where + ": " +
                   (everyMember ? std::string("all ") + std::to_string(m_complete) +
                                      " members were extracted"
                                : countOfMembers(m_complete) +
                                      " extracted, anything after it is missing; open the "
                                      "archive again once it is complete");
        m_cutProblem = {m_archivePath.filename().string(), 0, std::move(message)};
    }

    // The tar reader saw the end. A compressed stream that was cut or damaged there, or a plain
    // archive that ends right after a member without tar's end-of-archive blocks, was cut at a
    // member boundary; the members are whole but later ones may be missing.
    void endOfArchive()
    {
        const la_int64_t end = archive_filter_bytes(m_archive, 0);
        const bool noEndMarker = m_entries > 0 && m_lastEntryEnd >= 0 && end == m_lastEntryEnd;
        drainStream();
        if (!m_stream.damage().empty()) {
            if (noEndMarker)
                stoppedAt(" after member " + m_lastEntry);
            else
                stoppedAt(" after the end of the tar data", true);
        } else if (noEndMarker) {
            // `tar c | gzip` killed part-way leaves exactly this inside a complete stream.
            stoppedAt(" right after member " + m_lastEntry +
                      ", without tar's end-of-archive blocks (it was probably cut there)");
        }
    }

    // The tar reader stops at the end-of-archive blocks; what follows (record padding, then
    // the gzip or zstd trailer) is read here, so a stream cut in its trailer is still noticed.
    // A hostile stream that goes on decoding stops counting at the archive limit.
    void drainStream()
    {
        std::uint64_t drained = 0;
        while (!m_stream.ended() && drained < m_limits.maxTotalBytes)
            drained += m_stream.read().size();
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
            if (error && isStorageFailure(error.value()))
                storageFailure(name, error.value(), "creating folder");
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
        std::string relative;
        for (const std::string &part : components)
            relative += (relative.empty() ? "" : "/") + part;
        return writeFile(entry, name, target, relative);
    }

    bool writeFile(archive_entry *entry, const std::string &name, const fs::path &target,
                   const std::string &relative)
    {
        ContentHash hash;
        std::int64_t hashedTo = 0; // sparse members: the holes' offsets go into the hash
        std::error_code error;
        fs::create_directories(target.parent_path(), error);
        if (error && isStorageFailure(error.value()))
            storageFailure(name, error.value(), "creating the folder of");
        if (error) {
            problem(name, "cannot create its folder: " + error.message());
            return true;
        }
        // O_NOFOLLOW: the folder holds no links (none are extracted), but never trust that.
        const int fd =
            open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            if (isStorageFailure(errno))
                storageFailure(name, errno, "creating");
            problem(name, std::string("cannot be written: ") + std::strerror(errno));
            return true;
        }
        std::uint64_t written = 0;
        bool keep = true;
        bool cut = false;
        while (true) {
            const void *block = nullptr;
            size_t size = 0;
            la_int64_t offset = 0;
            const int rc = archive_read_data_block(m_archive, &block, &size, &offset);
            if (rc == ARCHIVE_EOF)
                break;
            if (rc < ARCHIVE_WARN) {
                cut = true;
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
            if (offset != hashedTo) {
                hash.add(&offset, sizeof offset);
                hashedTo = offset;
            }
            hash.add(block, size);
            hashedTo += la_int64_t(size);
            if (size > 0) {
                const ssize_t wrote = pwrite(fd, block, size, offset);
                if (wrote != ssize_t(size)) {
                    // A short write is the disk filling up between two blocks.
                    const int error = wrote < 0 ? errno : ENOSPC;
                    close(fd);
                    storageFailure(name, error, "writing");
                }
            }
            if (m_totalBytes >= m_nextSpaceCheck && !hasFreeSpace()) {
                close(fd);
                outOfSpace(name);
            }
        }
        if (keep && archive_entry_mtime_is_set(entry)) {
            const timespec times[2] = {
                {archive_entry_mtime(entry), archive_entry_mtime_nsec(entry)},
                {archive_entry_mtime(entry), archive_entry_mtime_nsec(entry)}};
            futimens(fd, times);
        }
        if (close(fd) != 0 && isStorageFailure(errno))
            storageFailure(name, errno, "writing");
        if (cut) {
            // The cut member is kept as what it is, a truncated file: a log or a stack dump cut
            // by a crash reads the same way, and every importer says what it made of the end.
            // A member of which only the header arrived is not worth an "empty file" problem.
            const std::string size = archive_entry_size_is_set(entry)
                                         ? std::to_string(archive_entry_size(entry))
                                         : std::string("?");
            const std::string there = std::to_string(written) + " of its " + size + " bytes";
            if (written == 0)
                fs::remove(target, error);
            problem(name, "cut short by the end of the archive: " + there +
                              (written == 0 ? " arrived; skipped"
                                            : " were extracted; imported as a truncated file"));
            stoppedAt(" inside member " + name + " (" + there + " are there)");
            return false;
        }
        if (!keep) {
            fs::remove(target, error);
        } else {
            ++m_complete;
            m_hashes[relative] = hash.value();
        }
        return true;
    }

    fs::path m_archivePath;
    fs::path m_target;
    ExtractionLimits m_limits;
    const ExtractionProgress &m_progress;
    const std::atomic<bool> *m_cancel;
    std::int64_t m_archiveSize;
    ArchiveByteStream m_stream;
    archive *m_archive = nullptr;
    std::uint64_t m_totalBytes = 0;
    std::uint64_t m_nextSpaceCheck = 0;
    std::uint64_t m_freeBytes = 0;
    std::unordered_map<std::string, std::uint64_t> m_hashes;
    std::vector<ImportProblem> m_problems;
    std::size_t m_unlistedProblems = 0;
    ImportProblem m_cutProblem;
    int m_entries = 0;  // headers read
    int m_complete = 0; // regular files extracted whole
    std::string m_lastEntry;
    la_int64_t m_lastEntryEnd = -1; // decoded offset where the last entry's data ends
};

} // namespace

ExtractionResult extractArchive(const fs::path &archive, const fs::path &targetDir,
                                const ExtractionLimits &limits, const ExtractionProgress &progress,
                                const std::atomic<bool> *cancel)
{
    const ArchiveIdentity identity = identifyArchive(archive);
    ExtractionResult result;
    result.dir = targetDir;
    if (readExtractionRecord(targetDir, identity, result.problems, result.truncated,
                             result.memberHashes)) {
        result.reused = true;
        return result;
    }

    std::error_code error;
    fs::remove(extractionRecordPath(targetDir), error);
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
    result.truncated = extraction.truncated();
    result.problems = extraction.takeProblems();
    try {
        extraction.syncWritten();
        result.memberHashes = extraction.takeHashes();
        writeExtractionRecord(targetDir, identity, result.problems, result.truncated,
                              result.memberHashes);
    } catch (...) {
        fs::remove_all(targetDir, error);
        throw;
    }
    return result;
}

} // namespace rankscope
