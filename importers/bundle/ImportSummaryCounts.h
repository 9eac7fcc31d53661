#pragma once

#include "core/cache/SqliteDatabase.h"
#include "importers/bundle/BundleImport.h"

namespace rankscope {

// The summary's trace, log and Flight Recorder figures, read from a finished cache: an import
// and the opening of a merged cache report the same ones.
void countCachedTraces(SqliteDatabase &db, ImportSummary &summary);
void countCachedLogs(SqliteDatabase &db, ImportSummary &summary);
void countCachedCollectiveDumps(SqliteDatabase &db, ImportSummary &summary);

} // namespace rankscope
