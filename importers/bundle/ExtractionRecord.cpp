#include "importers/bundle/ExtractionRecord.h"

#include "importers/bundle/BundleImport.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace rankscope {

namespace fs = std::filesystem;

void syncFolder(const fs::path &folder)
{
    // A rename or a new file is durable once its folder is synced; a failure here loses
    // nothing that was promised, so it is not an error.
    const int fd =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

ArchiveIdentity identifyArchive(const fs::path &archive)
{
    struct stat st;
    if (stat(archive.c_str(), &st) != 0)
        throw BundleError("cannot read " + archive.string() + ": " + std::strerror(errno));
    return {archive.string(), std::int64_t(st.st_size),
            std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
            std::int64_t(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec,
            std::int64_t(st.st_ino)};
}

fs::path extractionRecordPath(const fs::path &targetDir)
{
    return fs::path(targetDir.string() + ".json");
}

bool readExtractionRecord(const fs::path &targetDir, const ArchiveIdentity &identity,
                          std::vector<ImportProblem> &problems, bool &truncated,
                          MemberHashes &hashes)
{
    std::ifstream in(extractionRecordPath(targetDir));
    if (!in)
        return false;
    const auto record = nlohmann::json::parse(in, nullptr, false);
    if (!record.is_object() || record.value("archive", "") != identity.path ||
        record.value("size", std::int64_t(-1)) != identity.size ||
        record.value("mtime_ns", std::int64_t(-1)) != identity.mtimeNs ||
        !record.value("complete", false) || !fs::is_directory(targetDir))
        return false;
    truncated = record.value("truncated", false);
    // Reused only while it is exactly the same file: rewriting or completing it in place
    // changes its status-change time even when its size and mtime are put back.
    if (record.value("ctime_ns", std::int64_t(-1)) != identity.ctimeNs ||
        record.value("inode", std::int64_t(-1)) != identity.inode)
        return false;
    const auto stored = record.find("hashes");
    if (stored == record.end() || !stored->is_object())
        return false; // written before members had hashes: extract again
    for (const auto &[path, hash] : stored->items()) {
        if (hash.is_number_unsigned())
            hashes.emplace(path, hash.get<std::uint64_t>());
    }
    for (const auto &problem : record.value("problems", nlohmann::json::array())) {
        problems.push_back({problem.value("file", ""), problem.value("line", std::int64_t(0)),
                            problem.value("message", "")});
    }
    return true;
}

void writeExtractionRecord(const fs::path &targetDir, const ArchiveIdentity &identity,
                           const std::vector<ImportProblem> &problems, bool truncated,
                           const MemberHashes &hashes)
{
    // "complete": the extraction ran to its end (a cancelled one writes no record).
    nlohmann::json record = {{"archive", identity.path},     {"size", identity.size},
                             {"mtime_ns", identity.mtimeNs}, {"complete", true},
                             {"truncated", truncated},       {"problems", nlohmann::json::array()}};
    record["ctime_ns"] = identity.ctimeNs;
    record["inode"] = identity.inode;
    nlohmann::json stored = nlohmann::json::object();
    for (const auto &[path, hash] : hashes)
        stored[path] = hash;
    record["hashes"] = std::move(stored);
    for (const ImportProblem &problem : problems) {
        record["problems"].push_back(
            {{"file", problem.file}, {"line", problem.line}, {"message", problem.message}});
    }
    // Written to a temporary file, synced, then renamed over the record and the folder synced:
    // a crash or a full disk leaves the old record or none, never a half-written one.
    const fs::path temporary = extractionRecordPath(targetDir).string() + ".tmp";
    const std::string text = record.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
    const auto fail = [&](const std::string &what, int error) {
        std::error_code ignored;
        fs::remove(temporary, ignored);
        throw BundleError("cannot write to the cache directory " +
                          targetDir.parent_path().string() + ": " + what + ": " +
                          std::strerror(error));
    };
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        fail("creating " + temporary.filename().string(), errno);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int error = n < 0 ? errno : EIO;
            ::close(fd);
            fail("writing " + temporary.filename().string(), error);
        }
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0) {
        const int error = errno;
        ::close(fd);
        fail("syncing " + temporary.filename().string(), error);
    }
    if (::close(fd) != 0)
        fail("closing " + temporary.filename().string(), errno);
    if (::rename(temporary.c_str(), extractionRecordPath(targetDir).c_str()) != 0)
        fail("renaming " + temporary.filename().string(), errno);
    syncFolder(targetDir.parent_path());
}

} // namespace rankscope
