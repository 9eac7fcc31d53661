#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace rankscope {

// Where NCCL Inspector logs live in a bundle: a folder named as the plugin names its dump
// folder ("nccl-inspector-<jobid>", NCCL_INSPECTOR_DUMP_DIR set to anything starting so), or
// "inspector/"; files "<host>-pid<pid>.log" (or .jsonl), plain, gzip or zstd.
bool isNcclInspectorPath(std::string_view bundlePath);

// Imports one NCCL Inspector log (the NCCL profiler plugin's JSON lines, one object per
// completed collective or point-to-point op per communicator: header {id, comm_name, rank,
// n_ranks, nnodes}, metadata {dump_timestamp_us, hostname, pid}, coll_perf {coll, coll_sn,
// coll_msg_size_bytes, coll_exec_time_us, coll_timing_source, coll_algobw_gbs, coll_busbw_gbs,
// event_trace_ts} or p2p_perf) into the trace model: each op becomes a communication kernel on
// one GPU-stream track per communicator, with its collective (op, the communicator's hash as the
// group, its sequence number, the group size), so the windows, the communication metrics, the
// clock alignment and the arrival order work on it as on profiler traces.
//
// When an op is timed: its kernels' first start and last stop (event_trace_ts, verbose mode);
// else it ends at the record's dump time and lasted coll_exec_time_us (the dump thread writes
// every NCCL_INSPECTOR_DUMP_THREAD_INTERVAL_MICROSECONDS, 500 us by default: the end is that
// late at most), and a problem says the times are approximate.
//
// The rank: the process's rank in its largest communicator (the world), else a rank in the path.
// Lines that are not such records are counted in one problem per kind; a line longer than 1 MiB,
// or nesting deeper than 64 levels, is skipped unread. Never throws.
TraceData importNcclInspectorLog(const std::string &path, std::string_view rankPath = {},
                                 std::uint64_t maxBytes = std::uint64_t(1) << 30);

} // namespace rankscope
