#pragma once

#include "core/cache/SqliteDatabase.h"
#include "core/model/JobInfo.h"
#include "core/model/StackDataset.h"

#include <vector>

namespace rankscope {

// Gives a node to every rank job.json gives none, from what the logs name (the log_rank_nodes
// table: NCCL's "host:pid:tid" lines, launcher and container prefixes, a per-node file's path)
// and the traces name (trace_rank_nodes: NCCL Inspector's hostname, an Nsight export's Hostname),
// so that a finding about every rank of one node can name it without a manifest. job.json's
// node wins over the logs'; a rank the logs put on two nodes gets none. Either disagreement is
// a problem (one per kind, with the first rank and a count), never a guess.
void completeNodesFromLogs(SqliteDatabase &db, JobInfo &job, std::vector<ImportProblem> &problems);

} // namespace rankscope
