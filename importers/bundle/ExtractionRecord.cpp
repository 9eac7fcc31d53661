#include "importers/bundle/ExtractionRecord.h"

#include "importers/bundle/BundleImport.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

namespace rankscope {

namespace fs = std::filesystem;

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
                          std::vector<ImportProblem> &problems, bool &truncated)
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
    // A cut archive is reused only while it is exactly the same file: being completed in place
    // changes its status-change time even when its size and mtime are put back.
    if (truncated && (record.value("ctime_ns", std::int64_t(-1)) != identity.ctimeNs ||
                      record.value("inode", std::int64_t(-1)) != identity.inode))
        return false;
    for (const auto &problem : record.value("problems", nlohmann::json::array())) {
        problems.push_back({problem.value("file", ""), problem.value("line", std::int64_t(0)),
                            problem.value("message", "")});
    }
    return true;
}

void writeExtractionRecord(const fs::path &targetDir, const ArchiveIdentity &identity,
                           const std::vector<ImportProblem> &problems, bool truncated)
{
    // "complete": the extraction ran to its end (a cancelled one writes no record).
    nlohmann::json record = {{"archive", identity.path},     {"size", identity.size},
                             {"mtime_ns", identity.mtimeNs}, {"complete", true},
                             {"truncated", truncated},       {"problems", nlohmann::json::array()}};
    if (truncated) {
        record["ctime_ns"] = identity.ctimeNs;
        record["inode"] = identity.inode;
    }
    for (const ImportProblem &problem : problems) {
        record["problems"].push_back(
            {{"file", problem.file}, {"line", problem.line}, {"message", problem.message}});
    }
    const fs::path temporary = extractionRecordPath(targetDir).string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        // Entry names may be any bytes: replace invalid UTF-8 rather than throw.
        out << record.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (!out)
            throw BundleError("cannot write to the cache directory " +
                              targetDir.parent_path().string());
    }
    std::error_code error;
    fs::rename(temporary, extractionRecordPath(targetDir), error);
    if (error)
        throw BundleError("cannot write to the cache directory " +
                          targetDir.parent_path().string() + ": " + error.message());
}

} // namespace rankscope
