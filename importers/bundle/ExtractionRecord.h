#pragma once

#include "core/model/StackDataset.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankscope {

// Which archive file an extraction folder holds: path, size, modification time, inode and
// status-change time, so that an archive rewritten or completed in place (a download that
// preallocated its size, a copy that kept the mtime, a deterministic tar of the same size) is
// never taken for the one it replaced.
struct ArchiveIdentity
{
    std::string path;
    std::int64_t size = 0;
    std::int64_t mtimeNs = 0;
    std::int64_t ctimeNs = 0;
    std::int64_t inode = 0;
};

// Throws BundleError when the archive cannot be stat()ed.
ArchiveIdentity identifyArchive(const std::filesystem::path &archive);

// The record beside an extraction folder (targetDir + ".json"), written once extraction ended.
// readExtractionRecord is true when it describes `identity` and the folder is there; it then
// fills the remembered problems and whether the archive was cut.
// `hashes` holds each extracted file's content hash (ContentHash) by its path in the folder.
using MemberHashes = std::unordered_map<std::string, std::uint64_t>;
bool readExtractionRecord(const std::filesystem::path &targetDir, const ArchiveIdentity &identity,
                          std::vector<ImportProblem> &problems, bool &truncated,
                          MemberHashes &hashes);
void writeExtractionRecord(const std::filesystem::path &targetDir, const ArchiveIdentity &identity,
                           const std::vector<ImportProblem> &problems, bool truncated,
                           const MemberHashes &hashes);
std::filesystem::path extractionRecordPath(const std::filesystem::path &targetDir);

// fsync() of a folder, so that the names created or renamed in it survive a crash.
void syncFolder(const std::filesystem::path &folder);

} // namespace rankscope
