#include "app/cli/CliHelp.h"

#ifndef RANKSCOPE_VERSION
#define RANKSCOPE_VERSION "unknown"
#endif

namespace rankscope::cli {

std::string programVersion()
{
    return std::string("rankscope-cli ") + RANKSCOPE_VERSION + "\n";
}

std::string programUsage()
{
    return R"(Usage: rankscope-cli COMMAND [OPTIONS]

Merges the stack dumps of every rank of a distributed training job into one tree and names
the ranks that the others wait for.

Commands:
  import BUNDLE        bring the bundle's cache up to date and print what was read
                       (--shard K/N --out PART: one shard of a sharded import)
  merge PART...        join the partial caches of a sharded import into one cache
                       (--out JOB.rscache), which every command opens like a bundle
  stacks BUNDLE        merged cross-rank stacks, verdict and suspects (text, json, folded)
  heatmap BUNDLE       one trace metric per rank and iteration (or time bin), CSV or JSON
  stragglers BUNDLE    ranks slower than their peers in the profiler traces, and who waits
  collectives BUNDLE   per process group who is behind, mismatches, is stuck or never dumped
                       (Flight Recorder dumps, NCCL watchdog and desync lines, traces)
  logs BUNDLE          log templates, which ranks have or lack them, suspect ranks and nodes
  templates FILE       Drain template id of every line of one log file (accuracy checks)
  diff BUNDLE --baseline BASE
                       what changed against a healthy run: stacks, logs, op timing, summary
  findings BUNDLE      one verdict: every layer joined into ranked culprits, their evidence
                       and effects, or what data would settle it (text, json, markdown)
  synth                write a synthetic bundle (healthy, hangs, mismatch, straggler, slow node)
  bench-stacks BUNDLE  time import, re-open and analysis; print peak memory
  bench-traces BUNDLE  time trace import, re-open, windows, heatmap and straggler analysis
  bench-diff BUNDLE --baseline BASE
                       time the comparison with a baseline once both are cached
  help [COMMAND]       this text, or the options of one command

Options:
  -h, --help           show help (also after a command: 'rankscope-cli stacks --help')
  -V, --version        show the version

A BUNDLE is a directory or a .tar, .tar.gz/.tgz or .tar.zst archive with per-rank stack dumps
(py-spy text or JSON, pystack, folded stacks) in stacks/, per-rank PyTorch profiler traces in
traces/, logs in logs/ or at the top (train.log, slurm-1234.out), PyTorch Flight Recorder
dumps in fr/ (nccl_trace_rank_0, ...), and optionally a job.json manifest. A single trace (x.pt.trace.json, .json.gz, .json.zst), py-spy dump or log file opens
as a bundle of that one file.

Exit status: 0 success, 2 unusable input (bad arguments, unreadable bundle), 1 internal error.
)";
}

std::string commandUsage(std::string_view command)
{
    if (command == "import")
        return R"(Usage: rankscope-cli import BUNDLE [--cache-dir DIR] [--force]
       rankscope-cli import BUNDLE --shard K/N|auto --out PART.rscache

Imports the bundle into its SQLite cache (only new or changed files are parsed) and prints a
summary: files seen, parsed, reused, failed and ignored, ranks with data, world size, samples,
trace files, ranks and events (traces/), the cache file and the time taken, then every problem
as FILE:LINE: MESSAGE. Given a cache file instead of a bundle (JOB.rscache), it opens it as it
is and prints the same summary.

  --cache-dir DIR   where the per-bundle caches live (default: $RANKSCOPE_CACHE_DIR, else
                    $XDG_CACHE_HOME/rankscope, else ~/.cache/rankscope)
  --force           parse every file again, even if unchanged
  --shard K/N       import only shard K of N (0 <= K < N): whole nodes per shard (a node's
                    files by the ranks or node their paths name, job.json's nodes), files that
                    name neither (a combined launcher log) whole to one shard; job.json to
                    every shard. auto: Slurm's SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, or
                    Kubernetes' JOB_COMPLETION_INDEX with RANKSCOPE_SHARD_COUNT
  --out PART        the partial cache to write (with --shard); it appears once complete
)";
    if (command == "merge")
        return R"(Usage: rankscope-cli merge PART... --out JOB.rscache [--allow-missing]
                           [--keep-events all|outliers|none]

Joins the partial caches of one bundle's sharded import (import --shard K/N --out PART) into
one cache that every command and the GUI open like the bundle (rankscope JOB.rscache). The
files' rows are copied as the shards read them; what depends on every rank at once is computed
again over all of them, as a single import does: clock alignment, windows, arrival order at
collectives, log templates (one set for the job), the log metrics. The output appears in one
rename once complete.

Refuses, naming the part: a file that is not a finished shard of this rankscope version, parts
of different bundles or splits, a shard given twice, a missing shard.

  --out FILE            the merged cache to write
  --allow-missing       merge without the missing shards: their ranks have no data, and the
                        cache says which shards and ranks are absent
  --keep-events KIND    how much of the traces' raw events the cache keeps for the rank
                        timeline: all (default), outliers (the straggler suspects' events from
                        the window before their first slow one, and four healthy peers), or
                        none. Windows, metrics, collectives and logs are kept whole.
)";
    if (command == "stacks")
        return R"(Usage: rankscope-cli stacks BUNDLE [OPTIONS]

Merges the selected stacks of every rank into one tree and prints, for each frame, the ranks
that have it and the ranks that miss it (took another path), the waiter/blocker verdict and the
suspects, most suspicious first. Imports the bundle first if its cache is not up to date.

  --frames function|file|line   what makes two frames the same (default: function)
  --source dumps|collectives    the py-spy (or other) stack dumps, or the call sites Flight
                                Recorder recorded for each rank's blocking collective
                                (default: dumps)
  --threads main|all|NAME       main thread of each rank, every thread, or the threads
                                with this exact name (default: main)
  --role ROLE|*                 compare this process type ("trainer", "dataloader", ...);
                                * merges all (default: the role of the ranks' main processes)
  --samples all|latest          every sampling moment, or each rank's latest (default: all)
  --format text|json|folded     output format (default: text)
  --cache-dir DIR               cache location (see 'help import')
  --force                       re-import every file first
  --annotate                    folded only: append @HAS|MISSING ranks to every frame
  --color auto|always|never     text only: ANSI colours (default: auto = when stdout is a
                                terminal and NO_COLOR is unset)
  --max-depth N                 text only: frames shown below the root (default: 64)
  --max-branches N              text only: branches shown per frame (default: 8)
  --max-lines N                 text only: tree lines in all (default: 400)
)";
    if (command == "synth")
        return R"(Usage: rankscope-cli synth --scenario NAME --ranks N --out DIR [OPTIONS]
       rankscope-cli synth --list

Writes a synthetic bundle: job.json, stacks/rank<N>/dump-<epoch>.txt (py-spy dump text of each
trainer with its helper threads and DataLoader workers) and ground_truth.json (the injected
fault and what the analysis should find). straggler-gpu and slow-node also write one PyTorch
profiler (Kineto) trace per rank, traces/rank<N>.pt.trace.json, with node clocks offset by up
to 40 ms; their stack dumps are taken inside the traced steps. The hang scenarios
(hang-dataloader, collective-mismatch, network-hang) also write a PyTorch Flight Recorder dump
per rank, fr/nccl_trace_rank_<N> (pickle), consistent with their NCCL watchdog lines. The same
seed always writes the same bundle.

  --scenario NAME       healthy, hang-dataloader, collective-mismatch, network-hang,
                        straggler-gpu or slow-node (see --list)
  --ranks N             world size, 1 to 262144 (every scenario but healthy needs at least 2;
                        the traced scenarios take at most 16384)
  --seed S              random seed (default: 1); picks the faulty rank or node, pids and lines
  --ranks-per-node K    ranks per node in job.json (default: 8)
  --samples K           dumps per rank, 3 s apart (default: 3); spread over the steps when traced
  --out DIR             output directory: new, empty, or an earlier synthetic bundle
  --list                list the scenarios
  --healthy-baseline    write the scenario's healthy baseline into --out instead: the same
                        seed, layout and options with no fault (no hang, 0% slowdown)
  --baseline-out DIR    write the scenario into --out and its healthy baseline into DIR;
                        --out's job.json gets "baseline": DIR (relative to --out)
  --grad-sync-phase     training ranks spend one phase in the gradient all_reduce, so a
                        healthy baseline has ranks in the collective a hang's waiters block in
Hang scenarios only:
  --fr-entries N        Flight Recorder ring buffer: the last N collectives per dump (default:
                        64; PyTorch's TORCH_NCCL_TRACE_BUFFER_SIZE default is 2000; 0 = no dumps)
  --fr-no-frames        dumps without the Python call site of each entry
  --fr-culprits-missing the culprit ranks (hang-dataloader, collective-mismatch) write no dump
Traced scenarios only:
  --iterations N        ProfilerStep#0 to #N-1 per rank (default: 60)
  --slowdown PERCENT    how much slower the faulty GPU or node is (default: 30; 0 = healthy)
  --fault-iteration K   first slow iteration (default: iterations / 2)
  --fault-period K      slow only every K-th iteration from there (a periodic stall such as GC
                        or a checkpoint; default: 0, every iteration)
  --compress            write traces/rank<N>.pt.trace.json.gz
  --nsys                profiled with Nsight Systems instead: nsys/rank_<N>.sqlite per rank (the
                        tables of `nsys export --type sqlite`, rank in the captured environment)
  --nsys-per-node       the same, one export per node: nsys/node_<K>.sqlite with a process per
                        local rank (`nsys profile torchrun ...`; nothing in the file names ranks)
)";
    if (command == "heatmap")
        return R"(Usage: rankscope-cli heatmap BUNDLE [--metric NAME] [OPTIONS]

Prints one metric of the profiler traces (traces/ folder) for every rank and window: the
numbers behind the GUI's heatmap. Windows are iterations (ProfilerStep#N) or fixed time bins on
the aligned clock. Values are whole nanoseconds inside the window (exact); empty (CSV) or null
(JSON) when the rank has no data there. Imports the bundle first if its cache is not up to date.

  --metric NAME          step_time, compute, communication, exposed_comm, collective_wait,
                         comm_transfer, caused_wait (the wait the rank made the others do at
                         the collectives it arrived at last), late_arrivals (a count of those
                         collectives), gpu_idle, cpu_op, launch_gap, log_problems (the
                         count of warning, error and fatal log lines), or what Megatron-LM
                         printed per rank: detector_rtt, detector_get_batch (its straggler
                         detector), timer_compute, timer_batch, timer_comm (its timers across
                         ranks), comm_per_gb (ns of communication kernel time per GB on the
                         bus: 1e9 / NCCL's bus bandwidth). Default: caused_wait when the
                         windows have it, else step_time
  --by iteration|time    columns are iterations or time bins (default: iteration)
  --level N              0 is the finest; level N merges 4^N windows (default: 0)
  --format csv|json      csv: rank,node,window,start_ns,end_ns,value_ns (count),source per line;
                         json: {metric, axis, unit, ranks, nodes, windows, values[rank][window],
                         sources[rank]} (source: kineto, nsight, nccl-inspector, logs, ...)
                         (default: csv)
  --cache-dir DIR        cache location (see 'help import')
  --force                re-import every file first
)";
    if (command == "stragglers")
        return R"(Usage: rankscope-cli stragglers BUNDLE [--format text|json] [--cache-dir DIR] [--force]

Compares every rank with its peers in each iteration of the profiler traces (time bins when the
traces have no ProfilerStep#N) and lists the ranks that are slower at their own work, most
suspicious first, with the first iteration it started, by how much, how sure (confirmed over
all windows, or tentative for a capture of one or two steps) and what it costs the job
("rank 137 (node-17): compute +38% over peer median from iteration 1498, confirmed in 502 of
2000 iterations; costs the job ~23 ms per step, 12 s over 502 steps"), the ranks that wait for
them, the arrival order at collectives (who arrived last, and how long the others waited for
it), the clock alignment's quality and the clock offset applied to each rank's trace. A trace
of fewer than 3 windows also prints every rank's breakdown against the peer median.

  --format text|json    json: {verdict, axis, summary, suspects: [{ranks, nodes, group, metric,
                        first_iteration, first_time_bin, magnitude, role, reason, score,
                        confidence, period, cost_per_step_ns, cost_total_ns, cost_windows,
                        cost_source}],
                        waiters, windows, breakdown: [{rank, group, metrics}],
                        arrival: {collectives, clear_last, no_clear_last,
                        ranks: [{rank, node, last_arrivals, collectives, share_last,
                        caused_wait_ns}]}, clock_alignment: {quality, uncertainty_ns, ...},
                        clock_offsets: [{rank, node, offset_ns, source, quality, ...}]}
                        (default: text)
  --cache-dir DIR       cache location (see 'help import')
  --force               re-import every file first
)";
    if (command == "collectives")
        return R"(Usage: rankscope-cli collectives BUNDLE [--format text|json] [--cache-dir DIR] [--force]

Lines up every rank along each process group's sequence of collectives, from PyTorch Flight
Recorder dumps (fr/nccl_trace_rank_N, pickle or JSON, read without executing anything), NCCL
watchdog timeouts and "last enqueued / last completed" lines, TORCH_DISTRIBUTED_DEBUG=DETAIL
desync reports, the Flight Recorder analyser's, Horovod's and NCCL RAS's reports in the logs,
and the profiler traces' collectives. Names the ranks behind the others (never reached the
collective the rest of the group waits in), the ones running a different collective at the
same sequence, the ones stuck in it, and the members that wrote no dump at all; follows the
group most ranks are blocked in and lists the others as consequences. When every rank sits in
the same collective it says the collectives cannot tell (a network or NCCL hang: see the logs
and nodes). docs/collectives.md has the rules.

  --format text|json    json: {world_size, verdict, summary, lead_group, dumps,
                        process_groups: [{id, desc, ranks, size, first_disagreement,
                        blocked_ranks, progress: [{rank, last_enqueued, last_started,
                        last_completed, has_records}]}],
                        suspects: [{ranks, kind (behind|mismatch|stuck|no_dump),
                        process_group, process_group_desc, seq, p2p, op, others_op,
                        waiting_ranks, decided, consequence, reason, call_site, source}],
                        notes} (default: text)
  --cache-dir DIR       cache location (see 'help import')
  --force               re-import every file first
)";
    if (command == "logs")
        return R"(Usage: rankscope-cli logs BUNDLE [--format text|json] [--limit N] [--baseline BASE] [--cache-dir DIR] [--force]

Compares the logs of every rank (logs/ folder): the templates mined from all lines, which ranks
have each and which of their role lack it, when and at which iteration each first appeared,
and the suspects, most suspicious first: templates (errors, warnings on a minority, new late,
bursts), ranks ("rank 37: nothing after iteration 1520 while others reached 1521", a rank
lacking the error all others logged) and nodes. Rank-0 and launcher chatter (downloads,
progress bars, HTTP, checkpoints) is compared only within its role.

  --format text|json    json: {summary, files, events, anchor: {time_ns, time, rank},
                        suspects: [{kind, template, ranks, node, score, reason}],
                        templates: [{id, text, severity, builtin, role, count, has, missing,
                        first_time_ns, first_time, first_iteration, first_rank, flags, score}],
                        last_iteration: {rank: iteration}} (default: text)
  --limit N             templates listed in text output (default: 40)
  --baseline BASE       a healthy run of the same job: templates it logs at a similar or
                        higher rate rank far lower ("also in the healthy baseline")
  --cache-dir DIR       cache location (see 'help import')
  --force               re-import every file first
)";
    if (command == "templates")
        return R"(Usage: rankscope-cli templates --log-format FMT [--regex R]... [--st X] [--depth D] FILE

Mines the templates of one plain-text log file with Drain, as the loghub benchmark does, and
prints one template id per input line (in input order; "-" for a line that does not fit the
header format), so that grouping accuracy can be computed against a ground truth. Two
templates with the same final text get the same id. The template texts follow on stderr.
FILE may be - for standard input.

  --log-format FMT      logparser header format; <Content> is the part mined, e.g.
                        "<Date> <Time> <Level> <Component>: <Content>" (required)
  --regex R             masking regex (PCRE2/Perl syntax), applied in the order given, each
                        match replaced by <*>; repeatable. Without any: the built-in masks
                        for training logs (numbers, hex, addresses, hosts, paths, ranks...)
  --st X                similarity threshold from 0 to 1 (default: 0.4)
  --depth D             tree depth, 3 to 32 (default: 4)
  --max-children N      children per tree node, 2 to 100000 (default: 100)
  --short-messages drain3|logparser
                        how messages shorter than depth-2 tokens are routed: Drain3's rule,
                        or logparser's (each starts its own cluster; reproduces the
                        published figures) (default: drain3)
  --builtins            let the built-in templates (NCCL, CUDA, Python exceptions...) claim
                        known events before Drain (default: off, Drain alone)
)";
    if (command == "bench-stacks")
        return R"(Usage: rankscope-cli bench-stacks BUNDLE [--frames MODE] [--threads SEL] [--format text|json] [--keep-cache]

Times the stack pipeline on a bundle: a full import into a fresh cache in a temporary
directory, a second import that reuses every file, and building the merged tree plus its
analysis. Prints the figures and the peak resident memory (getrusage ru_maxrss).

  --frames, --threads   as for 'stacks' (default: function, main)
  --format text|json    output format (default: text)
  --keep-cache          keep the temporary cache directory and print its path
)";
    if (command == "bench-traces")
        return R"(Usage: rankscope-cli bench-traces BUNDLE [--format text|json] [--keep-cache]

Times the profiler-trace pipeline on a bundle with traces/: a full import into a fresh cache in
a temporary directory, a second import that reuses every file, loading the overview and the
level-0 windows, one heatmap matrix (compute) with its spatial outliers, the straggler analysis,
and one rank's window of events. Prints the figures and the peak resident memory.

  --format text|json    output format (default: text)
  --keep-cache          keep the temporary cache directory and print its path
)";
    if (command == "diff")
        return R"(Usage: rankscope-cli diff BUNDLE --baseline BASE [--format text|json] [--limit N] [--cache-dir DIR] [--force]

Compares BUNDLE (the run that went wrong) with BASE (a healthy run of the same job) and prints
what changed, largest change first: a summary in plain words, then the merged-stack paths that
gained or lost ranks (shares of each run's ranks, so runs of different sizes compare; a path
only one run took is listed however few ranks took it), the log templates that are new, gone
or significantly more or less frequent per rank and iteration, and the ops (kernels, CPU ops)
that got slower or faster per iteration at the median over ranks, with the step-time
distributions. Imports both bundles first when their caches are not up to date.

  --baseline BASE       the healthy run: a directory or archive like BUNDLE (required)
  --format text|json    json: {baseline: {name, ranks}, target: {name, ranks},
                        summary: [{text, weight, evidence: {kind, index, metric}}],
                        stacks: [{frames, kind, baseline_ranks, target_ranks, baseline_share,
                        target_share, change}], logs: {compared, unit, new, gone, changed,
                        ...}, ops: {compared, unit, changes, step_times, ...}} (default: text)
  --limit N             text only: lines per section (default: 15)
  --color auto|always|never
                        text only: ANSI colours (default: auto)
  --cache-dir DIR       cache location for both bundles (see 'help import')
  --force               re-import every file of both bundles first
)";
    if (command == "findings")
        return R"(Usage: rankscope-cli findings BUNDLE [--baseline BASE] [--format text|json|markdown] [--cache-dir DIR] [--force]

Joins what every layer of the bundle found on the same ranks, nodes and windows into one
verdict: the stacks (blockers, ranks in another collective), the profiler traces (stragglers),
the logs (errors only some ranks logged, ranks that stopped early), the collective records
(who never joined which collective) and, with --baseline, what changed against a healthy run.
Culprits come most likely first: layers that agree raise the confidence, layers that point at
other ranks are listed beside them and said to disagree, and what only follows from a culprit
(the ranks waiting for it, watchdog timeouts, an all-reduce slower because its ranks wait) is
listed as its effects, not as evidence. All ranks of a node together are named by the node.
The earliest anomaly is the job's time anchor. When no layer can tell, it says so and which
data would settle it (more stack samples, a Flight Recorder dump, two more profiler steps,
the nodes' logs). docs/findings.md has the rules.

  --baseline BASE       a healthy run of the same job: its differences join as one more layer
  --format text|json|markdown
                        json: {verdict, world_size, culprits: [{ranks, nodes, whole_nodes,
                        subject, sentence, window, confidence, confidence_label, layers,
                        disagreeing_layers, evidence: [{layer, kind, role, sentence, ref,
                        ranks, nodes, strength, window}], effects, would_confirm}],
                        effects: [{..., culprit}], context, anchor, undecided: {kind, reason,
                        would_settle: [{need, sentence}]}, layers: [{layer, present,
                        summary}]}; markdown: for an incident ticket (default: text)
  --cache-dir DIR       cache location for both bundles (see 'help import')
  --force               re-import every file first
)";
    if (command == "bench-diff")
        return R"(Usage: rankscope-cli bench-diff BUNDLE --baseline BASE [--repeat N] [--format text|json] [--cache-dir DIR] [--force]

Times the comparison of BUNDLE with BASE once both caches are up to date (the imports first
are not timed): the whole diff (stacks, logs and op timing in parallel) N times, then each
section alone N times. Prints the minimum and median wall seconds of each and the peak
resident memory.

  --baseline BASE       the healthy run (required)
  --repeat N            runs of each measurement (default: 5)
  --format text|json    output format (default: text)
  --cache-dir DIR       cache location for both bundles (see 'help import')
  --force               re-import every file of both bundles first
)";
    if (command == "help")
        return "Usage: rankscope-cli help [COMMAND]\n\nShows the options of COMMAND, or the "
               "list of commands.\n";
    return {};
}

} // namespace rankscope::cli
