#include "importers/bundle/MergeParts.h"

#include "core/cache/CacheSchema.h"
#include "core/model/RankSet.h"
#include "importers/bundle/BundleImport.h"

namespace rankscope {

namespace fs = std::filesystem;

MergePart readPart(const fs::path &file)
{
    const std::string name = file.string();
    if (!looksLikeCacheFile(file))
        throw BundleError(name + " is not a rankscope cache (rankscope-cli import BUNDLE --shard "
                                 "K/N --out PART.rscache writes the parts to merge)");
    MergePart part;
    part.file = file;
    try {
        SqliteDatabase db(file, SqliteDatabase::Mode::ReadOnly);
        if (db.userVersion() != kStackCacheSchemaVersion)
            throw BundleError(name + " was written by another version of rankscope (cache schema " +
                              std::to_string(db.userVersion()) + ", this one writes " +
                              std::to_string(kStackCacheSchemaVersion) +
                              "): import the shard again with this version");
        part.meta = readCacheFileMeta(db);
    } catch (const SqliteError &error) {
        throw BundleError("cannot read " + name + ": " + error.what());
    }
    if (part.meta.kind != "shard" || !part.meta.shard)
        throw BundleError(name + " is a rankscope cache but not one shard of a sharded import "
                                 "(import --shard K/N --out PART writes those)");
    if (!part.meta.complete)
        throw BundleError(name + " is an unfinished shard import: run shard " +
                          std::to_string(part.meta.shard->index) + " again");
    if (part.meta.version != rankscopeVersion())
        throw BundleError(name + " was written by rankscope " + part.meta.version +
                          ", this is rankscope " + rankscopeVersion() +
                          ": import every shard with one version");
    return part;
}

std::string shardName(const MergePart &part)
{
    return "shard " + std::to_string(part.meta.shard->index) + "/" +
           std::to_string(part.meta.shard->count);
}

// Parts by shard index, checked to be of one bundle and one split; missing shards listed.
std::vector<const MergePart *> orderParts(const std::vector<MergePart> &parts,
                                          std::vector<int> &missing)
{
    const MergePart &first = parts.front();
    const int count = first.meta.shard->count;
    std::vector<const MergePart *> byIndex(std::size_t(count), nullptr);
    for (const MergePart &part : parts) {
        if (part.meta.fingerprint != first.meta.fingerprint)
            throw BundleError(part.file.string() + " (" + shardName(part) + " of " +
                              part.meta.bundlePath + ") and " + first.file.string() + " (" +
                              shardName(first) + " of " + first.meta.bundlePath +
                              ") are shards of different bundles, or of one bundle that "
                              "changed between their imports");
        if (part.meta.shard->count != count)
            throw BundleError(part.file.string() + " is " + shardName(part) + " and " +
                              first.file.string() + " is " + shardName(first) +
                              ": shards of different splits cannot be merged");
        const MergePart *&slot = byIndex[std::size_t(part.meta.shard->index)];
        if (slot)
            throw BundleError(part.file.string() + " and " + slot->file.string() + " are both " +
                              shardName(part));
        slot = &part;
    }
    for (int i = 0; i < count; ++i)
        if (!byIndex[std::size_t(i)])
            missing.push_back(i);
    std::erase(byIndex, nullptr);
    return byIndex;
}

std::string joinShards(const std::vector<int> &shards)
{
    std::string text;
    for (const int shard : shards)
        text += (text.empty() ? "" : ",") + std::to_string(shard);
    return text;
}

std::string missingRanksOf(const MergePart &part, const std::vector<int> &missing)
{
    RankSet ranks;
    for (const int shard : missing) {
        if (shard < int(part.meta.shardRanks.size()))
            if (const auto set = RankSet::parse(part.meta.shardRanks[std::size_t(shard)]))
                ranks |= *set;
    }
    return ranks.toString();
}

} // namespace rankscope
