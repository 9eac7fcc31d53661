#pragma once

#include "core/model/CollectiveProgress.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace rankscope {

// The collective records of one file (a dump, a log, a trace) as one zstd blob of the
// collective_files table. Sources keep their line and offset; their file is the row's path,
// restored by the reader. decodeCollectiveRecords throws BlobFormatError on damaged data.
// `withGroups` false leaves the groups out (the cache keeps them once, in collective_groups).
std::string encodeCollectiveProgress(const CollectiveRecords &records, bool withGroups = true);
CollectiveRecords decodeCollectiveProgress(std::span<const std::byte> compressed,
                                           const std::string &file);

// A group's member list as the collective_groups table keeps it (zstd; varint count, then the
// ranks). The decoder throws BlobFormatError on damaged data.
std::string encodeGroupMembers(const std::vector<int> &ranks);
std::vector<int> decodeGroupMembers(std::span<const std::byte> compressed);

} // namespace rankscope
