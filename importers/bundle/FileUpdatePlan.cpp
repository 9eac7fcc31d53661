#include "importers/bundle/FileUpdatePlan.h"

#include "core/cache/StackCacheReader.h"

#include <algorithm>

namespace rankscope {

FileUpdatePlan planFileUpdate(SqliteDatabase &db, const CacheUpdateRequest &request,
                              BundleFileKind kind, std::string_view storedKind)
{
    FileUpdatePlan plan;
    plan.complete =
        stackCacheIsComplete(db) && stackCacheMeta(db, "bundle_path") == request.bundleIdentity;
    std::vector<StoredFile> stored;
    if (plan.complete) {
        for (StoredFile &file : readStoredFiles(db)) {
            if (file.kind == storedKind)
                stored.push_back(std::move(file));
        }
    }
    std::sort(stored.begin(), stored.end(),
              [](const StoredFile &a, const StoredFile &b) { return a.path < b.path; });
    auto storedIt = stored.begin();
    const auto vanished = [&](const StoredFile &file) {
        plan.toDelete.push_back(file.id);
        ++plan.counts.removed;
    };
    // Both lists are sorted by path: one merge walk pairs them.
    for (const BundleFile &file : request.listing->files) {
        if (file.kind != kind)
            continue;
        while (storedIt != stored.end() && storedIt->path < file.path)
            vanished(*storedIt++);
        const StoredFile *match =
            storedIt != stored.end() && storedIt->path == file.path ? &*storedIt++ : nullptr;
        if (match && match->size == file.size && match->mtimeNs == file.mtimeNs &&
            match->changeStamp == file.changeStamp) {
            ++plan.counts.reused;
            if (!match->ok)
                ++plan.counts.failed;
            continue;
        }
        if (match)
            plan.toDelete.push_back(match->id);
        plan.toParse.push_back(file);
    }
    while (storedIt != stored.end())
        vanished(*storedIt++);
    return plan;
}

} // namespace rankscope
