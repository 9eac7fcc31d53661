#include "importers/traces/TraceImport.h"

#include "importers/bundle/RankFromPath.h"
#include "importers/traces/ChromeTraceDocument.h"
#include "importers/traces/TraceDecompression.h"
#include "importers/traces/TraceProblemLog.h"

#include <simdjson.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace rankscope {

namespace {

std::string overLimit(std::uint64_t maxBytes)
{
    return "the file is more than " + std::to_string(maxBytes) +
           " bytes, the limit per file; not read";
}

// Reads a whole file of at most `maxBytes`, leaving `padding` spare bytes of capacity. Empty
// string on success, otherwise why it failed.
std::string readWholeFile(const std::string &path, std::string &out, std::size_t padding,
                          std::uint64_t maxBytes)
{
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file)
        return "cannot open the file (" + std::string(std::strerror(errno)) + ")";
    std::string error;
    if (std::fseek(file, 0, SEEK_END) == 0) {
        const long size = std::ftell(file);
        std::fseek(file, 0, SEEK_SET);
        if (size > 0 && std::uint64_t(size) > maxBytes) {
            std::fclose(file);
            return overLimit(maxBytes);
        }
        if (size > 0)
            out.reserve(static_cast<std::size_t>(size) + padding);
    }
    char buffer[1 << 16];
    std::size_t got;
    // Counted as read too: a file that grows, or a device that never ends.
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
        if (out.size() + got > maxBytes) {
            std::fclose(file);
            out.clear();
            return overLimit(maxBytes);
        }
        out.append(buffer, got);
    }
    if (std::ferror(file))
        error = "cannot read the file (" + std::string(std::strerror(errno)) + ")";
    std::fclose(file);
    padJsonBuffer(out);
    return error;
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

TraceData finishImport(const std::string &json, std::string_view sourcePath,
                       std::string_view rankPath, TraceProblemLog &problems, TraceData data,
                       bool parse = true)
{
    if (parse)
        parseChromeTraceDocument(json, data, problems);
    settleRank(data, rankPath.empty() ? sourcePath : rankPath, problems);
    std::vector<TraceProblem> found = problems.take();
    data.problems.insert(data.problems.end(), std::make_move_iterator(found.begin()),
                         std::make_move_iterator(found.end()));
    return data;
}

// Decompresses when needed and parses. `bytes` must have the parser's padding as spare capacity
// when it is plain JSON (readWholeFile leaves it).
TraceData importBytes(std::string &bytes, TraceData data, std::string_view rankPath,
                      TraceProblemLog &problems, std::uint64_t maxBytes)
{
    data.stats.fileBytes = static_cast<std::int64_t>(bytes.size());
    const std::string sourcePath = data.sourcePath;
    const TraceCompression compression = detectTraceCompression(bytes);
    if (compression == TraceCompression::None)
        return finishImport(bytes, sourcePath, rankPath, problems, std::move(data));
    std::string json;
    const std::string error =
        decompressTrace(bytes, compression, json, simdjson::SIMDJSON_PADDING, maxBytes);
    if (!error.empty())
        problems.add("decompress", {}, error);
    bytes = std::string(); // the compressed bytes are no longer needed
    // Nothing came out: the decompression error is the file's problem, not also "the file is
    // empty".
    const bool parse = error.empty() || !json.empty();
    return finishImport(json, sourcePath, rankPath, problems, std::move(data), parse);
}

} // namespace

TraceData importTraceFile(const std::string &path, std::string_view rankPath,
                          std::uint64_t maxBytes)
{
    TraceData data;
    data.sourcePath = path;
    TraceProblemLog problems;
    std::string bytes;
    if (std::string error = readWholeFile(path, bytes, simdjson::SIMDJSON_PADDING, maxBytes);
        !error.empty()) {
        problems.add("io", {}, error);
        data.problems = problems.take();
        return data;
    }
    return importBytes(bytes, std::move(data), rankPath, problems, maxBytes);
}

TraceData importTraceBytes(std::string_view bytes, std::string_view sourcePath,
                           std::string_view rankPath, std::uint64_t maxBytes)
{
    TraceData data;
    data.sourcePath.assign(sourcePath);
    TraceProblemLog problems;
    std::string padded;
    padded.reserve(bytes.size() + simdjson::SIMDJSON_PADDING);
    padded.assign(bytes);
    padJsonBuffer(padded);
    return importBytes(padded, std::move(data), rankPath, problems, maxBytes);
}

TraceData parseChromeTrace(const std::string &json, std::string_view sourcePath)
{
    if (json.capacity() < json.size() + simdjson::SIMDJSON_PADDING)
        return parseChromeTrace(std::string_view(json), sourcePath);
    TraceData data;
    data.sourcePath.assign(sourcePath);
    data.stats.fileBytes = static_cast<std::int64_t>(json.size());
    TraceProblemLog problems;
    return finishImport(json, sourcePath, {}, problems, std::move(data));
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
