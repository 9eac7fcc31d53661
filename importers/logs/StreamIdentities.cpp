#include "importers/logs/StreamIdentities.h"

#include "importers/bundle/RankFromPath.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace rankscope {

namespace {

// More identities than this in one file is not a job's processes but something mistaken for
// prefixes; later ones share the last slot rather than growing without bound.
constexpr std::size_t kMaxIdentities = 65536;

void appendNumber(std::string *key, std::int64_t value)
{
    char digits[24];
    const auto result = std::to_chars(digits, digits + sizeof digits, value);
    key->append(digits, result.ptr);
    key->push_back(',');
}

int numberAt(std::string_view text, std::size_t at)
{
    int value = -1;
    const auto result = std::from_chars(text.data() + at, text.data() + text.size(), value);
    return result.ec == std::errc() && value >= 0 && value <= kMaxSupportedRank ? value : -1;
}

} // namespace

int statedGlobalRank(std::string_view body)
{
    if (body.substr(0, 5) == "rank ") {
        const std::size_t world = body.find(" in world size ");
        if (world != std::string_view::npos && world < 16 &&
            body.find(" is assigned as ") != std::string_view::npos)
            return numberAt(body, 5);
        return -1;
    }
    if (body.substr(0, 11) == "world_size=") {
        const std::size_t rank = body.find(" rank=");
        if (rank != std::string_view::npos && rank < 24)
            return numberAt(body, rank + 6);
    }
    return -1;
}

int StreamIdentities::find(ProcessIdentity::Kind kind, const ProcessIdentity &fill)
{
    m_key.clear();
    m_key.push_back(char('a' + int(kind)));
    m_key.append(fill.node);
    m_key.push_back('\0');
    switch (kind) {
    case ProcessIdentity::Kind::Process:
        appendNumber(&m_key, fill.pid);
        break;
    case ProcessIdentity::Kind::Coordinates:
        appendNumber(&m_key, fill.tag.dp);
        appendNumber(&m_key, fill.tag.pp);
        appendNumber(&m_key, fill.tag.tp);
        appendNumber(&m_key, fill.tag.unknownDimension);
        break;
    case ProcessIdentity::Kind::HetTask:
        appendNumber(&m_key, fill.component);
        appendNumber(&m_key, fill.task);
        break;
    case ProcessIdentity::Kind::LocalRank:
        appendNumber(&m_key, fill.task);
        appendNumber(&m_key, fill.localRank);
        break;
    case ProcessIdentity::Kind::Node:
        break;
    }
    if (const auto it = m_byKey.find(std::string_view(m_key)); it != m_byKey.end())
        return it->second;
    if (m_identities.size() >= kMaxIdentities)
        return int(m_identities.size()) - 1;
    const std::string &stored = m_keys.emplace_back(m_key);
    const int index = int(m_identities.size());
    m_byKey.emplace(std::string_view(stored), index);
    ProcessIdentity identity = fill;
    identity.kind = kind;
    m_identities.push_back(std::move(identity));
    return index;
}

LineOwner StreamIdentities::ownerOf(const LinePrefix &prefix, const LineHeader &header)
{
    ProcessIdentity fill;
    fill.node = std::string(prefix.node);
    fill.pid = prefix.pid;

    // A rank prefix, before the header or after its time.
    RankPrefixForm form = prefix.rankForm;
    int rank = prefix.rank;
    bool local = prefix.localRank;
    if (form == RankPrefixForm::None && header.rank.form != RankPrefixForm::None) {
        form = header.rank.form;
        rank = header.rank.rank;
        local = header.rank.localRank;
    }
    if (form == RankPrefixForm::SrunHetLabel) {
        // Even component 0's: its size is the offset of component 1's tasks.
        fill.component = prefix.hetComponent;
        fill.task = rank;
        return {-1, find(ProcessIdentity::Kind::HetTask, fill)};
    }
    if (form != RankPrefixForm::None) {
        // torchrun's "[default3]:" is a local rank: the global one only on a single node.
        if (local && (prefix.outerTask >= 0 || !prefix.node.empty())) {
            fill.task = prefix.outerTask;
            if (prefix.outerTask >= 0)
                fill.node.clear();
            fill.localRank = rank;
            return {-1, find(ProcessIdentity::Kind::LocalRank, fill)};
        }
        return {rank, -1};
    }

    // A worker tag: a stated rank, else the process or its coordinates.
    const WorkerTag &tag = prefix.hasWorker ? prefix.worker : header.worker;
    if (prefix.hasWorker || header.hasWorker) {
        if (tag.rank >= 0)
            return {tag.rank, -1};
        fill.tag = tag;
        if (tag.pid >= 0) {
            fill.pid = tag.pid;
            return {-1, find(ProcessIdentity::Kind::Process, fill)};
        }
        return {-1, find(ProcessIdentity::Kind::Coordinates, fill)};
    }
    if (prefix.nodeForm == LauncherPrefixForm::Compose) {
        if (const int composeRank = rankFromComposeName(prefix.node); composeRank >= 0)
            return {composeRank, -1};
    }
    if (prefix.pid >= 0)
        return {-1, find(ProcessIdentity::Kind::Process, fill)};
    if (!prefix.node.empty())
        return {-1, find(ProcessIdentity::Kind::Node, fill)};
    return {};
}

void StreamIdentities::noteBody(int identity, std::string_view body)
{
    ProcessIdentity &process = m_identities[std::size_t(identity)];
    if (process.statedRank >= 0 || body.size() < 16)
        return;
    if (body[0] != 'r' && body[0] != 'w')
        return;
    process.statedRank = statedGlobalRank(body);
}

void StreamIdentities::resolve(const NcclProcessRanks &nccl)
{
    // The parallel layout: sizes from the largest indexes; DP inside TP (SGLang's DP attention)
    // when no TP index appears under two DP indexes.
    int maxTp = -1, maxPp = -1;
    std::map<int, std::set<int>> dpOfTp;
    bool dpAndTp = false;
    for (const ProcessIdentity &process : m_identities) {
        const WorkerTag &tag = process.tag;
        maxTp = std::max(maxTp, tag.tp);
        maxPp = std::max(maxPp, tag.pp);
        if (tag.dp >= 0 && tag.tp >= 0) {
            dpAndTp = true;
            dpOfTp[tag.tp].insert(tag.dp);
        }
    }
    m_layout.tpSize = maxTp + 1 > 0 ? maxTp + 1 : 1;
    m_layout.ppSize = maxPp + 1 > 0 ? maxPp + 1 : 1;
    bool distinctDp = false;
    std::set<int> dps;
    for (const auto &[tp, dpSet] : dpOfTp) {
        distinctDp = distinctDp || dpSet.size() > 1;
        dps.insert(dpSet.begin(), dpSet.end());
    }
    m_layout.dpInsideTp = dpAndTp && !distinctDp && dps.size() > 1;

    // srun heterogeneous components: each one's tasks follow the previous components' tasks.
    std::map<int, int> tasksOfComponent;
    std::set<int> srunTasks;
    std::set<std::string> localNodes;
    int maxLocal = -1;
    for (const ProcessIdentity &process : m_identities) {
        if (process.kind == ProcessIdentity::Kind::HetTask)
            tasksOfComponent[process.component] =
                std::max(tasksOfComponent[process.component], process.task + 1);
        if (process.kind == ProcessIdentity::Kind::LocalRank) {
            if (process.task >= 0)
                srunTasks.insert(process.task);
            else
                localNodes.insert(process.node);
            maxLocal = std::max(maxLocal, process.localRank);
        }
    }
    const auto hetOffset = [&](int component) {
        std::int64_t offset = 0;
        for (int c = 0; c < component; ++c) {
            const auto it = tasksOfComponent.find(c);
            if (it == tasksOfComponent.end())
                return std::int64_t(-1); // a component before it printed nothing
            offset += it->second;
        }
        return offset;
    };
    const int procsPerNode = maxLocal + 1;

    for (ProcessIdentity &process : m_identities) {
        int rank = process.statedRank;
        switch (process.kind) {
        case ProcessIdentity::Kind::Process:
            if (rank < 0)
                rank = nccl.rankOfPid(process.pid, {});
            if (rank < 0)
                rank = m_layout.rankOf(process.tag);
            break;
        case ProcessIdentity::Kind::Coordinates:
            if (rank < 0)
                rank = m_layout.rankOf(process.tag);
            break;
        case ProcessIdentity::Kind::HetTask:
            if (rank < 0) {
                const std::int64_t offset = hetOffset(process.component);
                if (offset >= 0 && offset + process.task <= kMaxSupportedRank)
                    rank = int(offset + process.task);
            }
            break;
        case ProcessIdentity::Kind::LocalRank:
            if (rank >= 0)
                break;
            if (process.task >= 0) {
                // One torchrun per srun task: task t's local rank l is t * nproc + l.
                const std::int64_t global =
                    srunTasks.size() > 1
                        ? std::int64_t(process.task) * procsPerNode + process.localRank
                        : process.localRank;
                rank = global <= kMaxSupportedRank ? int(global) : -1;
            } else if (localNodes.size() == 1) {
                rank = process.localRank; // one node: local ranks are the ranks
            }
            // Several pods or containers: their order, which would say the offsets, is unknown.
            break;
        case ProcessIdentity::Kind::Node:
            break;
        }
        process.rank = rank;
    }
}

} // namespace rankscope
