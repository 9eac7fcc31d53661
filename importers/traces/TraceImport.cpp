#include "importers/traces/TraceImport.h"

#include "importers/bundle/RankFromPath.h"
#include "importers/logs/LogTextSource.h"
#include "importers/traces/ChromeTraceDocument.h"
#include "importers/traces/TraceProblemLog.h"

#include <simdjson.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <sys/stat.h>

namespace rankscope {

namespace {

std::string overLimit(std::uint64_t maxBytes)
{
    return "the file is more than " + std::to_string(maxBytes) +
           " bytes, the limit per file; not read";
}

// distributedInfo.rank, else a rank in the path, else a problem.
void settleRank(TraceData &data, std::string_view rankPath, TraceProblemLog &problems)
{
    if (data.rank >= 0) {
        data.rankSource = TraceRankSource::DistributedInfo;
        return;
    }
    if (auto rank = rankFromPath(rankPath)) {
        data.rank = *rank;
        data.rankSource = TraceRankSource::FilePath;
        return;
    }
    problems.add("rank", {},
                 "no rank: the trace has no distributedInfo.rank and its path names no rank "
                 "(\"rank3\", \"worker3\")");
}

TraceData finishImport(std::string_view sourcePath, std::string_view rankPath,
                       TraceProblemLog &problems, TraceData data)
{
    settleRank(data, rankPath.empty() ? sourcePath : rankPath, problems);
    std::vector<TraceProblem> found = problems.take();
    data.problems.insert(data.problems.end(), std::make_move_iterator(found.begin()),
                         std::make_move_iterator(found.end()));
    return data;
}

// Reads the text of `source` (decompressed as it is read, up to `maxBytes`) and parses it.
TraceData importSource(LogTextSource &source, TraceData data, std::string_view rankPath,
                       TraceProblemLog &problems, std::uint64_t maxBytes,
                       const ChromeTraceWindowLimits &limits)
{
    source.setMaxTextBytes(maxBytes);
    const bool compressed = source.compression() != TraceCompression::None;
    const auto sourceEnded = [&] {
        if (source.reachedCap()) {
            problems.add(
                "decompress", {},
                (compressed ? "the trace unpacks to more than " : "the file is more than ") +
                    std::to_string(maxBytes) + " bytes, the limit per file; the first " +
                    std::to_string(maxBytes) + " bytes were read");
        } else if (!source.textError().empty()) {
            problems.add("decompress", {}, source.textError());
        } else if (!source.readError().empty()) {
            problems.add("io", {}, "the file " + source.readError());
        } else {
            return false;
        }
        return true;
    };
    readChromeTraceText(source, data, problems, limits, sourceEnded);
    const std::string sourcePath = data.sourcePath;
    return finishImport(sourcePath, rankPath, problems, std::move(data));
}

} // namespace

TraceData importTraceFile(const std::string &path, std::string_view rankPath,
                          std::uint64_t maxBytes, const ChromeTraceWindowLimits &limits)
{
    TraceData data;
    data.sourcePath = path;
    TraceProblemLog problems;
    struct stat status
    {
    };
    if (::stat(path.c_str(), &status) != 0) {
        problems.add("io", {}, "cannot open the file (" + std::string(std::strerror(errno)) + ")");
        data.problems = problems.take();
        return data;
    }
    if (S_ISREG(status.st_mode) && std::uint64_t(status.st_size) > maxBytes) {
        problems.add("io", {}, overLimit(maxBytes));
        data.problems = problems.take();
        return data;
    }
    data.stats.fileBytes = static_cast<std::int64_t>(status.st_size);
    LogTextSource source{std::filesystem::path(path)};
    return importSource(source, std::move(data), rankPath, problems, maxBytes, limits);
}

TraceData importTraceBytes(std::string_view bytes, std::string_view sourcePath,
                           std::string_view rankPath, std::uint64_t maxBytes,
                           const ChromeTraceWindowLimits &limits)
{
    TraceData data;
    data.sourcePath.assign(sourcePath);
    data.stats.fileBytes = static_cast<std::int64_t>(bytes.size());
    TraceProblemLog problems;
    LogTextSource source(bytes);
    return importSource(source, std::move(data), rankPath, problems, maxBytes, limits);
}

TraceData parseChromeTrace(const std::string &json, std::string_view sourcePath)
{
    if (json.capacity() < json.size() + simdjson::SIMDJSON_PADDING)
        return parseChromeTrace(std::string_view(json), sourcePath);
    TraceData data;
    data.sourcePath.assign(sourcePath);
    data.stats.fileBytes = static_cast<std::int64_t>(json.size());
    TraceProblemLog problems;
    parseChromeTraceDocument(json, data, problems);
    return finishImport(sourcePath, {}, problems, std::move(data));
}

TraceData parseChromeTrace(std::string_view json, std::string_view sourcePath)
{
    std::string copy;
    copy.reserve(json.size() + simdjson::SIMDJSON_PADDING);
    copy.assign(json);
    padJsonBuffer(copy);
    return parseChromeTrace(copy, sourcePath);
}

} // namespace rankscope
