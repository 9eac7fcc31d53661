#pragma once

#include "importers/bundle/BundleImport.h"
#include "importers/bundle/ImportProgressThrottle.h"

namespace rankscope {

// Opens a rankscope cache given in place of a bundle (a merged JOB.rscache, a shard's partial
// cache, a bundle's cache copied off the machine that imported it) as it is: no bundle is
// scanned or read, nothing is written to it. Fills `result` as an import of an unchanged bundle
// would, with summary.cacheOnly set. Throws BundleError naming the file when it is not a
// finished cache of this version of rankscope.
void openCacheFile(const ImportOptions &options, ImportResult &result,
                   ImportProgressThrottle &progress);

} // namespace rankscope
