#pragma once

#include "core/model/CollectiveProgress.h"

namespace rankscope {

// One job's logs say the same thing several times: the launcher's combined output and each
// rank's own log carry the same watchdog line, and a rank prints its timeout two or three times.
// Counting each copy would make one rank's timeout look like many ranks' evidence. This keeps
// one record per (source kind, rank, group, sequence, op, state) among the log-made entries,
// statuses and claims (dump and trace records are one per rank already), and merges the
// membership lists logs give partially (one slot per group rank, -1 where a file does not say)
// into one per group name and size, dropped when a complete list of that group agrees with it.
// Returns the records dropped.
std::size_t mergeCollectiveCopies(CollectiveDataset &data);

} // namespace rankscope
