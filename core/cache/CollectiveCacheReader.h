#pragma once

#include "core/model/CollectiveProgress.h"

namespace rankscope {

class SqliteDatabase;

// Reading the collective-progress layer back from a bundle's cache (written by the import:
// importers/bundle/CollectiveCacheUpdate). docs/bundle-format.md lists the tables.

// True when the cache holds any collective record: a dump, a collective log line, a trace
// communication kernel with a sequence number.
bool hasCollectiveData(SqliteDatabase &db);

// Every record of the layer, groups and dump infos included, with dataset.worldSize set to the
// job's world size.
CollectiveDataset loadCollectiveDataset(SqliteDatabase &db);

} // namespace rankscope
