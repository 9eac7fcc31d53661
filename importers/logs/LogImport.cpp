#include "importers/logs/LogImport.h"

#include "importers/logs/LogDecompression.h"
#include "importers/logs/LogEventBuilder.h"
#include "importers/logs/LogLineSplitter.h"
#include "importers/logs/LogProblemList.h"
#include "importers/logs/RankFromLogPath.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

namespace rankscope {

namespace {

// Reads a whole file; false with a sentence in *error when it cannot.
bool readWholeFile(const std::string &path, std::string *bytes, std::string *error)
{
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file) {
        *error = std::string("cannot be opened (") + std::strerror(errno) + ")";
        return false;
    }
    // The whole size up front: grown by doubling, a 328 MB launcher log was copied a dozen
    // times into ever larger strings, up to 512 MiB of address space (heaptrack's largest
    // peak consumer on a 16k-rank bundle; RSS did not move: the untouched tail is not resident).
    struct stat st;
    if (fstat(fileno(file), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        bytes->reserve(bytes->size() + std::size_t(st.st_size));
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        bytes->append(buffer, n);
    const bool failed = std::ferror(file);
    std::fclose(file);
    if (failed) {
        *error = "could not be read to the end; the part before the error was kept";
        return false;
    }
    return true;
}

ParsedLog parse(std::string_view bytes, std::string_view relativePath, LogProblemList *problems)
{
    ParsedLog log;
    log.info.path = std::string(relativePath);
    const LogPathIdentity identity = logIdentityFromPath(relativePath);
    log.info.node = identity.node;

    std::string decompressed;
    std::string compressionError;
    const std::string_view text = logTextOf(bytes, &decompressed, &compressionError);
    log.info.bytes = std::int64_t(text.size());

    LogEventBuilder builder(&log, surveyLogText(text), identity.rank.value_or(-1));
    log.events.reserve(text.size() / 96);
    LogLineSplitter splitter(text, problems);
    RawLogLine line;
    while (splitter.next(&line))
        builder.add(line);
    builder.finish();
    log.info.lines = splitter.linesRead();

    if (!compressionError.empty()) {
        problems->add(LogProblemList::Compression, splitter.linesRead(),
                      compressionError + " (the text stops in this line)");
    }
    return log;
}

} // namespace

ParsedLog importLogBytes(std::string_view bytes, std::string_view relativePath)
{
    LogProblemList problems{std::string(relativePath)};
    ParsedLog log = parse(bytes, relativePath, &problems);
    log.problems = problems.take();
    return log;
}

ParsedLog importLogFile(const std::string &path, std::string_view relativePath)
{
    LogProblemList problems{
        std::string(relativePath.empty() ? std::string_view(path) : relativePath)};
    std::string bytes;
    std::string error;
    const bool complete = readWholeFile(path, &bytes, &error);
    if (!error.empty())
        problems.add(LogProblemList::Unreadable, 0, "the file " + error);
    ParsedLog log;
    if (complete || !bytes.empty()) {
        log = parse(bytes, relativePath, &problems);
    } else {
        log.info.path = std::string(relativePath);
        log.info.node = logIdentityFromPath(relativePath).node;
    }
    log.problems = problems.take();
    return log;
}

} // namespace rankscope
