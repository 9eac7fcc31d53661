#!/usr/bin/env python3
"""Writes N synthetic Flight Recorder dumps of 2,000 entries each (bench_fr_pickle's input).

Shaped as FlightRecorderDetail.hpp dump_dict writes them (2.10 keys, nccl_version as in the
NVRx 2.9 dumps), pickled at protocol 2 as PyTorch's C++ pickler does. Each rank is in the
COUNT-rank world and, within blocks of 16 ranks, tensor/pipeline/data parallel groups and a mix of collectives and p2p ops.

usage: make_fr_dumps.py OUT_DIR COUNT [ENTRIES]  (COUNT a multiple of 16)
"""
import os
import pickle
import random
import sys

OPS = ["nccl:all_reduce", "nccl:_all_gather_base", "nccl:_reduce_scatter_base",
       "nccl:broadcast", "nccl:all_to_all"]


def dump(rank, entries, world):
    rnd = random.Random(rank)
    base = rank - rank % 16  # blocks of 16 ranks: 2-way TP, 4-stage PP, 8-way DP
    local = rank % 16
    groups = {
        "0": ("default_pg", list(range(world))),
        "35": ("TENSOR_MODEL_PARALLEL_GROUP", [rank - rank % 2, rank - rank % 2 + 1]),
        "43": ("PIPELINE_MODEL_PARALLEL_GROUP", [base + local % 4 + 4 * k for k in range(4)]),
        "55": ("DATA_PARALLEL_GROUP", [base + k for k in range(local % 2, 16, 2)]),
    }
    pg_ids = {"0": 0, "35": 5, "43": 6, "55": 9}
    seq = {name: 1000 + rnd.randrange(50) for name in groups}
    p2p = 5000
    out = []
    t = 1_760_000_000_000_000_000 + rank * 1000
    for i in range(entries):
        name = rnd.choice(["35", "35", "55", "43", "0"])
        desc, ranks = groups[name]
        is_p2p = name == "43"
        if is_p2p:
            me = ranks.index(rank)
            peer = (me + 1) % len(ranks)
            prof = f"nccl:send {me}->{peer}" if i % 2 else f"nccl:recv {me}<-{peer}"
            p2p += 1
        else:
            seq[name] += 1
            prof = rnd.choice(OPS)
        t += rnd.randrange(1_000_000)
        done = i < entries - 20
        out.append({
            "record_id": 80000 + i,
            "pg_id": pg_ids[name],
            "process_group": (name, desc),
            "thread_name": "pt_main_thread",
            "thread_id": "140095163402048",
            "collective_seq_id": seq[name],
            "p2p_seq_id": p2p if is_p2p else 0,
            "op_id": seq[name] + p2p,
            "profiling_name": prof,
            "time_created_ns": t,
            "input_sizes": [[4096, 1, 5120]],
            "input_dtypes": ["BFloat16"],
            "output_sizes": [[8192, 1, 5120]],
            "output_dtypes": ["BFloat16"],
            "state": "completed" if done else "scheduled",
            "time_discovered_started_ns": t + 5000 if done else None,
            "time_discovered_completed_ns": t + 90000 if done else None,
            "retired": done,
            "timeout_ms": 600000,
            "is_p2p": is_p2p,
        })
    return {
        "version": "2.10",
        "pg_config": {n: {"name": n, "desc": d, "ranks": "[" + ", ".join(map(str, r)) + "]"}
                      for n, (d, r) in groups.items()},
        "nccl_version": "2.27.3",
        "pg_status": {str(pg_ids[n]): {"last_enqueued_collective": seq[n],
                                       "last_started_collective": -1,
                                       "last_completed_collective": seq[n] - 1}
                      for n in groups},
        "entries": out,
    }


def main():
    out_dir, count = sys.argv[1], int(sys.argv[2])
    entries = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    os.makedirs(out_dir, exist_ok=True)
    for rank in range(count):
        path = os.path.join(out_dir, f"nccl_trace_rank_{rank}")
        if os.path.exists(path):
            continue
        with open(path, "wb") as f:
            pickle.dump(dump(rank, entries, max(count, 16)), f, protocol=2)


if __name__ == "__main__":
    main()
