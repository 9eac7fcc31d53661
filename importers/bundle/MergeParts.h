#pragma once

#include "importers/bundle/CacheFileMeta.h"

#include <filesystem>
#include <string>
#include <vector>

namespace rankscope {

// One partial cache given to the merge, with what it says about itself.
struct MergePart
{
    std::filesystem::path file;
    CacheFileMeta meta;
};

// Reads and checks one part: a finished shard of this rankscope and cache schema. Throws
// BundleError naming the file when it is not one.
MergePart readPart(const std::filesystem::path &file);

// "shard 3/8"
std::string shardName(const MergePart &part);

// The parts by shard index, checked to be of one bundle and one split, no shard twice (else
// BundleError naming both parts); the shards no part was given for go to `missing`.
std::vector<const MergePart *> orderParts(const std::vector<MergePart> &parts,
                                          std::vector<int> &missing);

// "3,5"
std::string joinShards(const std::vector<int> &shards);

// What the `missing` shards would have held: their ranks by path, as `part`'s plan records
// every shard's (RankSet text).
std::string missingRanksOf(const MergePart &part, const std::vector<int> &missing);

} // namespace rankscope
