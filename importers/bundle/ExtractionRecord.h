#pragma once

#include "core/model/StackDataset.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace rankscope {

// Which archive file an extraction folder holds: path, size and modification time, and for an
// archive that was cut also its inode and status-change time, so that an archive completed in
// place (a download that preallocated its size, a copy that kept the mtime) is never taken for
// the cut one it replaced.
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
bool readExtractionRecord(const std::filesystem::path &targetDir, const ArchiveIdentity &identity,
                          std::vector<ImportProblem> &problems, bool &truncated);
void writeExtractionRecord(const std::filesystem::path &targetDir, const ArchiveIdentity &identity,
                           const std::vector<ImportProblem> &problems, bool truncated);
std::filesystem::path extractionRecordPath(const std::filesystem::path &targetDir);

// fsync() of a folder, so that the names created or renamed in it survive a crash.
void syncFolder(const std::filesystem::path &folder);

} // namespace rankscope
