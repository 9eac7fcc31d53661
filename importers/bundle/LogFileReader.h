#pragma once

#include "core/cache/LogFileRecord.h"
#include "importers/bundle/BundleScanner.h"

#include <cstdint>
#include <filesystem>

namespace rankscope {

// Imports one log file of logs/ (importLogFile) and encodes its events into text blocks, ready
// for LogCacheWriter. Never throws: failures become the record's problems.
LogFileRecord readLogFile(const std::filesystem::path &bundleRoot, const BundleFile &file,
                          std::uint64_t maxFileBytes);

} // namespace rankscope
