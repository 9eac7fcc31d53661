#pragma once

#include "importers/bundle/ImportProgressThrottle.h"
#include "importers/bundle/StackCacheUpdate.h"

#include <atomic>
#include <string>

namespace rankscope {

// What the stack, trace and log cache updates do alike: report progress within their share of
// the import, and store what a parallel reader parsed.

inline bool updateCancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load();
}

// `share` (0..1) of this update done, mapped into [request.fractionFrom, request.fractionTo].
inline void reportUpdateProgress(ImportProgressThrottle &progress,
                                 const CacheUpdateRequest &request, const char *phase, double share,
                                 int filesDone, int filesTotal,
                                 const std::string &file = std::string())
{
    ImportProgress p;
    p.phase = phase;
    p.filesDone = filesDone;
    p.filesTotal = filesTotal;
    p.currentFile = file;
    p.fraction = request.fractionFrom + (request.fractionTo - request.fractionFrom) * share;
    progress.report(p);
}

// Drains a parallel reader (records in the order of its file list): writes each one, counts it
// as parsed (and failed when nothing in it was usable), then calls afterEach(done, path). Returns
// false with counts.cancelled set when *cancel turns true: the reader's destructor stops its
// workers and the caller rolls the transaction back.
template <typename Reader, typename Write, typename AfterEach>
bool storeParsedFiles(Reader &reader, Write &&write, CacheUpdateCounts &counts,
                      const std::atomic<bool> *cancel, AfterEach &&afterEach)
{
    int done = 0;
    while (auto record = reader.next()) {
        if (updateCancelled(cancel)) {
            counts.cancelled = true;
            return false;
        }
        write(*record);
        ++counts.parsed;
        if (!record->ok)
            ++counts.failed;
        afterEach(++done, record->path);
    }
    return true;
}

} // namespace rankscope
