#include "core/synth/SyntheticFlightRecorder.h"
#include "core/synth/SynthTime.h"

#include "core/synth/PickleWriter.h"
#include "core/synth/SynthFiles.h"
#include "core/synth/SyntheticProcessGroups.h"
#include "core/synth/SyntheticRankIdentity.h"
#include "core/synth/SyntheticRankLog.h"
#include "core/synth/SyntheticRankStacks.h"

#include <algorithm>
#include <array>
#include <exception>
#include <thread>

namespace rankscope {

namespace {

constexpr std::int64_t kUs = 1000;
constexpr int kStartupBarriers = 6;       // default_pg's collectives before the first iteration
constexpr int kDefaultPgPerIteration = 3; // two gradient buckets and the grad norm
constexpr int kLayers = 32;               // --num-layers of the synthetic command line

// What one ring-buffer entry is; everything else follows from it and the iteration.
enum class EntryKind : std::uint8_t
{
    StartupBarrier,
    TensorForward,
    TensorBackward,
    GradBucket,
    Loss,
    GradNorm,
    MismatchedBroadcast,
};
constexpr int kEntryKinds = 7;

SyntheticCallSite callSiteOf(EntryKind kind)
{
    switch (kind) {
    case EntryKind::StartupBarrier:
        return SyntheticCallSite::StartupBarrier;
    case EntryKind::TensorForward:
        return SyntheticCallSite::TensorParallelForward;
    case EntryKind::TensorBackward:
        return SyntheticCallSite::TensorParallelBackward;
    case EntryKind::GradBucket:
        return SyntheticCallSite::GradientAllReduce;
    case EntryKind::Loss:
        return SyntheticCallSite::LossAllReduce;
    case EntryKind::GradNorm:
        return SyntheticCallSite::GradNormAllReduce;
    case EntryKind::MismatchedBroadcast:
        break;
    }
    return SyntheticCallSite::MismatchedBroadcast;
}

struct Entry
{
    EntryKind kind = EntryKind::StartupBarrier;
    int pg = kSyntheticDefaultPg;
    std::int64_t seq = 0;
    std::int64_t createdNs = 0;
    std::int64_t durationNs = 0;
    bool completed = true;
};

// The collectives of one rank in order: the start-up barriers, then per iteration the
// tensor-parallel all_reduces of every layer (forward and backward), the two gradient buckets
// and the grad norm on default_pg and the loss on the data-parallel group; then the hang's
// collective on the ranks that reach it.
class EntrySchedule
{
public:
    EntrySchedule(const SyntheticScenario &scenario, const SyntheticLogPlan &plan, int rank)
        : m_plan(plan)
    {
        const SyntheticLayout &layout = scenario.layout;
        m_tensorOps = layout.tensorParallel > 1 ? 4 * kLayers : 0;
        m_hasLoss = layout.dataParallel > 1;
        m_perIteration = m_tensorOps + kDefaultPgPerIteration + (m_hasLoss ? 1 : 0);
        m_iterations = static_cast<std::int64_t>(plan.steps.size());
        m_reachesHang = enqueuesHangCollective(scenario, rank);
        m_broadcasts = scenario.collectiveFault == SyntheticCollectiveFault::Mismatch &&
                       scenario.isFaultRank(rank);
        m_jitterNs =
            static_cast<std::int64_t>(syntheticLogHash(scenario.seed, 0xF119, rank) % 3000) * kUs;
        m_hangCreatedNs = syntheticWatchdogMoment(scenario, plan, rank).enqueuedNs;
    }

    std::int64_t size() const
    {
        return kStartupBarriers + m_iterations * m_perIteration + (m_reachesHang ? 1 : 0);
    }
    std::int64_t tensorSeq() const { return m_iterations * m_tensorOps; }
    std::int64_t lossSeq() const { return m_hasLoss ? m_iterations : -1; }
    bool reachesHang() const { return m_reachesHang; }

    Entry at(std::int64_t index) const
    {
        Entry entry;
        if (index < kStartupBarriers) {
            entry.kind = EntryKind::StartupBarrier;
            entry.seq = index + 1;
            entry.createdNs = m_plan.trainingStartNs - 30 * kSecond + index * 1500 * kMs;
            entry.durationNs = 2 * kMs;
            entry.createdNs += m_jitterNs;
            return entry;
        }
        const std::int64_t rest = index - kStartupBarriers;
        const std::int64_t iteration = rest / m_perIteration;
        if (iteration >= m_iterations) {
            entry.kind = m_broadcasts ? EntryKind::MismatchedBroadcast : EntryKind::GradBucket;
            entry.seq = m_plan.hangSeqNum;
            entry.createdNs = m_hangCreatedNs;
            entry.completed = false;
            return entry;
        }
        const int op = static_cast<int>(rest % m_perIteration);
        const SyntheticLoggedStep &step = m_plan.steps[static_cast<std::size_t>(iteration)];
        const std::int64_t span = step.endNs - step.startNs;
        double at = 0;
        if (op < m_tensorOps) {
            const int half = m_tensorOps / 2;
            const bool forward = op < half;
            entry.kind = forward ? EntryKind::TensorForward : EntryKind::TensorBackward;
            entry.pg = kSyntheticTensorParallelPg;
            entry.seq = iteration * m_tensorOps + op + 1;
            at = forward ? 0.05 + 0.30 * op / half : 0.40 + 0.40 * (op - half) / half;
            entry.durationNs = 350 * kUs;
        } else {
            int k = op - m_tensorOps; // 0, 1: buckets, then the loss (if any), the grad norm
            const std::int64_t base = kStartupBarriers + iteration * kDefaultPgPerIteration;
            if (k < 2) {
                entry.kind = EntryKind::GradBucket;
                entry.seq = base + k + 1;
                at = 0.84 + 0.03 * k;
                entry.durationNs = 9 * kMs;
            } else if (m_hasLoss && k == 2) {
                entry.kind = EntryKind::Loss;
                entry.pg = kSyntheticDataParallelPg;
                entry.seq = iteration + 1;
                at = 0.92;
                entry.durationNs = 40 * kUs;
            } else {
                entry.kind = EntryKind::GradNorm;
                entry.seq = base + 3;
                at = 0.95;
                entry.durationNs = 40 * kUs;
            }
        }
        entry.createdNs = step.startNs + static_cast<std::int64_t>(at * double(span)) + m_jitterNs;
        return entry;
    }

private:
    const SyntheticLogPlan &m_plan;
    int m_tensorOps = 0;
    bool m_hasLoss = false;
    int m_perIteration = 1;
    std::int64_t m_iterations = 0;
    bool m_reachesHang = true;
    bool m_broadcasts = false;
    std::int64_t m_jitterNs = 0;
    std::int64_t m_hangCreatedNs = 0;
};

// Python's file names in the frames: absolute, where the job's image has them.
std::string absoluteFileName(std::string_view file)
{
    if (file.starts_with("torch/"))
        return "/usr/local/lib/python3.10/dist-packages/" + std::string(file);
    if (file.starts_with("megatron/") || file == "pretrain_gpt.py")
        return "/workspace/megatron-lm/" + std::string(file);
    return "/usr/lib/python3.10/" + std::string(file);
}

// The strings of a dump, interned once per file in the order a dump first writes them (their
// memo numbers follow from that, as in PyTorch's own pickler).
struct DumpStrings
{
    using Id = PickleWriter::StringId;
    Id recordId, pgId, processGroup, threadName, threadId, collectiveSeqId, p2pSeqId, opId,
        profilingName, timeCreated, durationMs, inputSizes, inputDtypes, outputSizes, outputDtypes,
        state, timeStarted, timeCompleted, retired, timeoutMs, isP2p, frames, name, filename, line;
    Id threadNameValue, threadIdValue;
    Id bfloat16, float32, started, completed;
    std::array<Id, kEntryKinds> profiling{};
    std::array<Id, 3> groupName{}, groupDesc{};
    // Per entry kind: the frames, innermost first.
    struct Frame
    {
        Id name, filename;
        int line;
    };
    std::array<std::vector<Frame>, kEntryKinds> callSites;
};

const char *profilingNameOf(EntryKind kind)
{
    switch (kind) {
    case EntryKind::StartupBarrier:
        return "nccl:all_reduce_barrier";
    case EntryKind::MismatchedBroadcast:
        return "nccl:broadcast";
    default:
        return "nccl:all_reduce";
    }
}

class DumpWriter
{
public:
    DumpWriter(std::string &out, const SyntheticScenario &scenario, const SyntheticLogPlan &plan,
               const SyntheticFlightRecorderOptions &options, int rank)
        : m_pickle(out), m_scenario(scenario), m_plan(plan), m_options(options), m_rank(rank),
          m_schedule(scenario, plan, rank),
          m_groups(syntheticProcessGroupsOf(scenario.layout, rank))
    {}

    void write(const std::string &worldRanksText)
    {
        m_pickle.begin();
        m_pickle.beginDict();
        m_pickle.string("version");
        m_pickle.string("2.9");
        writeConfig(worldRanksText);
        m_pickle.string("nccl_version");
        m_pickle.string("2.21.5");
        writeStatus();
        internEntryStrings();
        m_pickle.string("entries");
        m_pickle.beginList();
        const std::int64_t total = m_schedule.size();
        const std::int64_t first = std::max<std::int64_t>(0, total - m_options.entries);
        for (std::int64_t index = first; index < total; ++index)
            writeEntry(index, m_schedule.at(index));
        m_pickle.endList();
        m_pickle.endDict();
        m_pickle.end();
    }

private:
    void writeConfig(const std::string &worldRanksText)
    {
        m_pickle.string("pg_config");
        m_pickle.beginDict();
        const auto name = m_pickle.intern("name");
        const auto desc = m_pickle.intern("desc");
        const auto ranks = m_pickle.intern("ranks");
        for (const SyntheticProcessGroup &group : m_groups) {
            const auto groupName = m_pickle.intern(group.name);
            const auto groupDesc = m_pickle.intern(group.desc);
            m_strings.groupName[static_cast<std::size_t>(group.localId)] = groupName;
            m_strings.groupDesc[static_cast<std::size_t>(group.localId)] = groupDesc;
            m_pickle.string(groupName);
            m_pickle.beginDict();
            m_pickle.key(name);
            m_pickle.string(groupName);
            m_pickle.key(desc);
            m_pickle.string(groupDesc);
            m_pickle.key(ranks);
            if (group.localId == kSyntheticDefaultPg)
                m_pickle.uniqueString(worldRanksText);
            else
                m_pickle.uniqueString(group.ranksText());
            m_pickle.endDict();
        }
        m_pickle.endDict();
    }

    void writeStatus()
    {
        m_pickle.string("pg_status");
        m_pickle.beginDict();
        const auto enqueued = m_pickle.intern("last_enqueued_collective");
        const auto started = m_pickle.intern("last_started_collective");
        const auto completed = m_pickle.intern("last_completed_collective");
        for (const SyntheticProcessGroup &group : m_groups) {
            std::int64_t last = -1;
            std::int64_t done = -1;
            switch (group.localId) {
            case kSyntheticDefaultPg:
                done = m_plan.hangSeqNum - 1;
                last = m_schedule.reachesHang() ? m_plan.hangSeqNum : done;
                break;
            case kSyntheticDataParallelPg:
                last = done = m_schedule.lossSeq();
                break;
            default:
                last = done = m_schedule.tensorSeq();
                break;
            }
            m_pickle.string(std::to_string(group.localId));
            m_pickle.beginDict();
            m_pickle.key(enqueued);
            m_pickle.integer(last);
            m_pickle.key(started);
            m_pickle.integer(last);
            m_pickle.key(completed);
            m_pickle.integer(done);
            m_pickle.endDict();
        }
        m_pickle.endDict();
    }

    void internEntryStrings()
    {
        DumpStrings &s = m_strings;
        PickleWriter &p = m_pickle;
        s.recordId = p.intern("record_id");
        s.pgId = p.intern("pg_id");
        s.processGroup = p.intern("process_group");
        s.threadName = p.intern("thread_name");
        s.threadId = p.intern("thread_id");
        s.collectiveSeqId = p.intern("collective_seq_id");
        s.p2pSeqId = p.intern("p2p_seq_id");
        s.opId = p.intern("op_id");
        s.profilingName = p.intern("profiling_name");
        s.timeCreated = p.intern("time_created_ns");
        s.durationMs = p.intern("duration_ms");
        s.inputSizes = p.intern("input_sizes");
        s.inputDtypes = p.intern("input_dtypes");
        s.outputSizes = p.intern("output_sizes");
        s.outputDtypes = p.intern("output_dtypes");
        s.state = p.intern("state");
        s.timeStarted = p.intern("time_discovered_started_ns");
        s.timeCompleted = p.intern("time_discovered_completed_ns");
        s.retired = p.intern("retired");
        s.timeoutMs = p.intern("timeout_ms");
        s.isP2p = p.intern("is_p2p");
        s.frames = p.intern("frames");
        s.name = p.intern("name");
        s.filename = p.intern("filename");
        s.line = p.intern("line");
        // The main thread: PyTorch names it, its id is the process id (the stacks' pid).
        s.threadNameValue = p.intern("pt_main_thread");
        s.threadIdValue =
            p.intern(std::to_string(syntheticRankIdentity(m_scenario, m_rank).ids.pid));
        s.bfloat16 = p.intern("BFloat16");
        s.float32 = p.intern("Float");
        s.started = p.intern("started");
        s.completed = p.intern("completed");
        SynthStack stack;
        for (int k = 0; k < kEntryKinds; ++k) {
            const auto kind = static_cast<EntryKind>(k);
            s.profiling[static_cast<std::size_t>(k)] = p.intern(profilingNameOf(kind));
            if (!m_options.frames)
                continue;
            stack.clear();
            SyntheticRankStacks::appendCallSite(m_scenario.layout, callSiteOf(kind), stack);
            std::vector<DumpStrings::Frame> &frames = s.callSites[static_cast<std::size_t>(k)];
            for (auto frame = stack.rbegin(); frame != stack.rend(); ++frame)
                frames.push_back({p.intern(frame->function),
                                  p.intern(absoluteFileName(frame->file)), frame->line});
        }
    }

    void writeSizes(EntryKind kind)
    {
        static constexpr std::int64_t kActivation[3] = {4096, 1, 4096};
        static constexpr std::int64_t kOne[1] = {1};
        static constexpr std::int64_t kBucket[1] = {kSyntheticGradBucketNumel};
        m_pickle.beginList();
        switch (kind) {
        case EntryKind::TensorForward:
        case EntryKind::TensorBackward:
            m_pickle.intList(kActivation, 3);
            break;
        case EntryKind::GradBucket:
        case EntryKind::MismatchedBroadcast:
            m_pickle.intList(kBucket, 1);
            break;
        default:
            m_pickle.intList(kOne, 1);
            break;
        }
        m_pickle.endList(); // output as input: all of these collectives keep their shape
    }

    void writeDtypes(EntryKind kind)
    {
        const bool wide = kind == EntryKind::TensorForward || kind == EntryKind::TensorBackward ||
                          kind == EntryKind::GradBucket || kind == EntryKind::MismatchedBroadcast;
        m_pickle.beginList();
        m_pickle.string(wide ? m_strings.bfloat16 : m_strings.float32);
        m_pickle.endList();
    }

    void writeEntry(std::int64_t index, const Entry &entry)
    {
        const DumpStrings &s = m_strings;
        PickleWriter &p = m_pickle;
        const auto kind = static_cast<std::size_t>(entry.kind);
        const auto pg = static_cast<std::size_t>(entry.pg);
        const std::int64_t startedNs = entry.createdNs + 30 * kUs;
        p.beginDict();
        p.key(s.recordId);
        p.integer(index);
        p.key(s.pgId);
        p.integer(entry.pg);
        p.key(s.processGroup);
        p.beginTuple(2);
        p.string(s.groupName[pg]);
        p.string(s.groupDesc[pg]);
        p.endTuple();
        p.key(s.threadName);
        p.string(s.threadNameValue);
        p.key(s.threadId);
        p.string(s.threadIdValue);
        p.key(s.collectiveSeqId);
        p.integer(entry.seq);
        p.key(s.p2pSeqId);
        p.integer(0);
        p.key(s.opId);
        p.integer(entry.seq);
        p.key(s.profilingName);
        p.string(s.profiling[kind]);
        p.key(s.timeCreated);
        p.integer(entry.createdNs);
        if (entry.completed) {
            p.key(s.durationMs);
            p.real(double(entry.durationNs) / 1e6);
        }
        p.key(s.inputSizes);
        writeSizes(entry.kind);
        p.key(s.inputDtypes);
        writeDtypes(entry.kind);
        p.key(s.outputSizes);
        writeSizes(entry.kind);
        p.key(s.outputDtypes);
        writeDtypes(entry.kind);
        p.key(s.state);
        p.string(entry.completed ? s.completed : s.started);
        p.key(s.timeStarted);
        p.integer(startedNs);
        p.key(s.timeCompleted);
        if (entry.completed)
            p.integer(startedNs + entry.durationNs);
        else
            p.none();
        p.key(s.retired);
        p.boolean(entry.completed);
        p.key(s.timeoutMs);
        p.integer(SyntheticLogPlan::kWatchdogTimeoutMs);
        p.key(s.isP2p);
        p.boolean(false);
        if (m_options.frames) {
            p.key(s.frames);
            p.beginList();
            for (const DumpStrings::Frame &frame : s.callSites[kind]) {
                p.beginDict();
                p.key(s.name);
                p.string(frame.name);
                p.key(s.filename);
                p.string(frame.filename);
                p.key(s.line);
                p.integer(frame.line);
                p.endDict();
            }
            p.endList();
        }
        p.endDict();
    }

    PickleWriter m_pickle;
    const SyntheticScenario &m_scenario;
    const SyntheticLogPlan &m_plan;
    const SyntheticFlightRecorderOptions &m_options;
    int m_rank;
    EntrySchedule m_schedule;
    std::vector<SyntheticProcessGroup> m_groups;
    DumpStrings m_strings;
};

} // namespace

bool writesFlightRecorder(const SyntheticScenario &scenario, const SyntheticLogPlan &plan)
{
    return scenario.collectiveFault != SyntheticCollectiveFault::None && plan.hangIteration > 0;
}

bool enqueuesHangCollective(const SyntheticScenario &scenario, int rank)
{
    return !(scenario.collectiveFault == SyntheticCollectiveFault::Behind &&
             scenario.isFaultRank(rank));
}

bool isCollectiveCulprit(const SyntheticScenario &scenario, int rank)
{
    return (scenario.collectiveFault == SyntheticCollectiveFault::Behind ||
            scenario.collectiveFault == SyntheticCollectiveFault::Mismatch) &&
           scenario.isFaultRank(rank);
}

const char *hangOpTypeOf(const SyntheticScenario &scenario, int rank)
{
    return scenario.collectiveFault == SyntheticCollectiveFault::Mismatch &&
                   scenario.isFaultRank(rank)
               ? "BROADCAST"
               : "ALLREDUCE";
}

std::string syntheticFlightRecorderFileName(int rank)
{
    return "nccl_trace_rank_" + std::to_string(rank);
}

void appendSyntheticFlightRecorderDump(std::string &out, const SyntheticScenario &scenario,
                                       const SyntheticLogPlan &plan,
                                       const SyntheticFlightRecorderOptions &options, int rank,
                                       const std::string &worldRanksText)
{
    DumpWriter writer(out, scenario, plan, options, rank);
    writer.write(worldRanksText);
}

void writeSyntheticFlightRecorderDumps(const SyntheticScenario &scenario,
                                       const SyntheticLogPlan &plan,
                                       const SyntheticFlightRecorderOptions &options,
                                       const std::string &outDir)
{
    const std::string dir = outDir + "/" + kSyntheticFlightRecorderDir;
    makeDirectory(dir);
    SyntheticProcessGroup world;
    world.count = scenario.layout.worldSize;
    const std::string worldRanks = world.ranksText();
    const int ranks = scenario.layout.worldSize;
    auto writeRanks = [&](int first, int end) {
        std::string bytes;
        std::string path;
        for (int rank = first; rank < end; ++rank) {
            if (options.culpritsMissing && isCollectiveCulprit(scenario, rank))
                continue;
            bytes.clear();
            appendSyntheticFlightRecorderDump(bytes, scenario, plan, options, rank, worldRanks);
            path = dir;
            path += '/';
            path += syntheticFlightRecorderFileName(rank);
            writeWholeFile(path, bytes);
        }
    };
    const int threadCount =
        ranks < 64 ? 1 : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 4u));
    if (threadCount == 1) {
        writeRanks(0, ranks);
        return;
    }
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threadCount));
    std::vector<std::thread> threads;
    for (int t = 0; t < threadCount; ++t) {
        const int first = static_cast<int>(static_cast<std::int64_t>(ranks) * t / threadCount);
        const int end = static_cast<int>(static_cast<std::int64_t>(ranks) * (t + 1) / threadCount);
        threads.emplace_back([&, t, first, end] {
            try {
                writeRanks(first, end);
            } catch (...) {
                failures[static_cast<std::size_t>(t)] = std::current_exception();
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const std::exception_ptr &failure : failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
}

} // namespace rankscope
