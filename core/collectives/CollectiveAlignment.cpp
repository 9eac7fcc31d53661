#include "core/collectives/CollectiveAnalysisSteps.h"

#include <algorithm>
#include <cmath>

namespace rankscope {

namespace {

// Sequence numbers past this are damage, not sequences (and W = C + 1 must not overflow).
constexpr std::int64_t kMaxSeq = std::int64_t(1) << 60;

std::int64_t saneSeq(std::int64_t seq)
{
    return seq >= 0 && seq < kMaxSeq ? seq : kNoSeq;
}

bool isPendingState(CollectiveState state)
{
    return state == CollectiveState::Scheduled || state == CollectiveState::Started;
}

// How much a source says about an op: a dump entry has sizes, dtypes and frames; a watchdog
// line sizes as counts; a desync fingerprint the op and shapes; a trace kernel the op.
int evidenceWeight(CollectiveEvidence evidence)
{
    switch (evidence) {
    case CollectiveEvidence::FlightRecorder:
        return 4;
    case CollectiveEvidence::DesyncReport:
        return 3;
    case CollectiveEvidence::WatchdogTimeout:
        return 2;
    case CollectiveEvidence::Trace:
        return 1;
    default:
        return 0;
    }
}

// Element count of "4096x1x5120;16" (several tensors summed); -1 when unknown or absurd.
std::int64_t numelOf(const std::string &sizes, std::int64_t given)
{
    if (given >= 0 || sizes.empty())
        return given;
    constexpr std::int64_t kLimit = std::int64_t(1) << 50;
    std::int64_t total = 0, product = 1, value = 0;
    bool digits = false;
    for (std::size_t k = 0; k <= sizes.size(); ++k) {
        const char c = k < sizes.size() ? sizes[k] : ';';
        if (c >= '0' && c <= '9') {
            if (value > kLimit / 10)
                return -1;
            value = value * 10 + (c - '0');
            digits = true;
        } else if (c == 'x' || c == ';') {
            if (!digits || (value != 0 && product > kLimit / value))
                return -1;
            product *= value;
            value = 0;
            digits = false;
            if (c == ';') {
                total += product;
                product = 1;
            }
        } else if (c != ' ') {
            return -1;
        }
    }
    return total;
}

// The reference analyser's own-entry checks (tools/flight_recorder/components/types.py
// Op.match): an all_reduce writes what it reads, an all_gather writes size x its input, a
// reduce_scatter reads size x its output. An entry failing them mismatches on its own.
bool selfConsistent(const CollectiveEntry &e, std::size_t groupSize)
{
    if (e.op != "all_reduce" && e.op != "all_gather" && e.op != "reduce_scatter")
        return true;
    const std::int64_t in = numelOf(e.inputSizes, e.inputNumel);
    const std::int64_t out = numelOf(e.outputSizes, e.outputNumel);
    if (in < 0 || out < 0)
        return true;
    const auto size = std::int64_t(groupSize);
    if (e.op == "all_reduce")
        return in == out;
    if (e.op == "all_gather" && size > 0)
        return out == in * size;
    if (e.op == "reduce_scatter" && size > 0)
        return in == out * size;
    return true;
}

struct FieldPresence
{
    bool in = true, out = true, inNumel = true, outNumel = true, inType = true, outType = true;
};

FieldPresence presenceOf(const CollectiveDataset &data, const std::vector<int> &at)
{
    FieldPresence p;
    for (int i : at) {
        const CollectiveEntry &e = data.entries[std::size_t(i)];
        p.in &= !e.inputSizes.empty();
        p.out &= !e.outputSizes.empty();
        p.inNumel &= !e.inputSizes.empty() || e.inputNumel >= 0;
        p.outNumel &= !e.outputSizes.empty() || e.outputNumel >= 0;
        p.inType &= !e.inputDtypes.empty();
        p.outType &= !e.outputDtypes.empty();
    }
    return p;
}

Message sizesThatDoNotFit(const std::string &op, std::size_t groupSize)
{
    return {RANKSCOPE_MESSAGE("collective.differs.sizesDoNotFit",
                              "sizes that do not fit %1 over %2 ranks"),
            {op, groupSize}};
}

// The first field two entries at one seq differ in ("" when they agree), by the rules of the
// reference analyser: all_to_all sizes may differ, a gather's output and a scatter's input too.
Message difference(const CollectiveEntry &a, const CollectiveEntry &b, const FieldPresence &p,
                   std::size_t groupSize, bool checkSelf = true)
{
    if (a.op != b.op)
        return {RANKSCOPE_MESSAGE("collective.differs.op", "op %1 vs %2"), {a.op, b.op}};
    const bool sizesFree = a.op == "all_to_all";
    const bool checkIn = !sizesFree && a.op != "scatter";
    const bool checkOut = !sizesFree && a.op != "gather";
    if (checkIn && p.in && a.inputSizes != b.inputSizes)
        return {RANKSCOPE_MESSAGE("collective.differs.inputSizes", "input sizes %1 vs %2"),
                {a.inputSizes, b.inputSizes}};
    if (checkIn && !p.in && p.inNumel &&
        numelOf(a.inputSizes, a.inputNumel) != numelOf(b.inputSizes, b.inputNumel))
        return {RANKSCOPE_MESSAGE("collective.differs.inputCounts", "input counts %1 vs %2"),
                {numelOf(a.inputSizes, a.inputNumel), numelOf(b.inputSizes, b.inputNumel)}};
    if (checkOut && p.out && a.outputSizes != b.outputSizes)
        return {RANKSCOPE_MESSAGE("collective.differs.outputSizes", "output sizes %1 vs %2"),
                {a.outputSizes, b.outputSizes}};
    if (checkOut && !p.out && p.outNumel &&
        numelOf(a.outputSizes, a.outputNumel) != numelOf(b.outputSizes, b.outputNumel))
        return {RANKSCOPE_MESSAGE("collective.differs.outputCounts", "output counts %1 vs %2"),
                {numelOf(a.outputSizes, a.outputNumel), numelOf(b.outputSizes, b.outputNumel)}};
    if (p.inType && a.inputDtypes != b.inputDtypes)
        return {RANKSCOPE_MESSAGE("collective.differs.dtypes", "dtypes %1 vs %2"),
                {a.inputDtypes, b.inputDtypes}};
    if (p.outType && a.outputDtypes != b.outputDtypes)
        return {RANKSCOPE_MESSAGE("collective.differs.outputDtypes", "output dtypes %1 vs %2"),
                {a.outputDtypes, b.outputDtypes}};
    if (!checkSelf)
        return {};
    const bool okA = selfConsistent(a, groupSize);
    if (okA != selfConsistent(b, groupSize))
        return sizesThatDoNotFit(okA ? b.op : a.op, groupSize);
    return {};
}

// Classes of equal fingerprints at one seq, largest first; one class when all agree.
std::vector<std::vector<int>> fingerprintClasses(const CollectiveDataset &data,
                                                 const std::vector<int> &at, std::size_t groupSize,
                                                 Message &what)
{
    const FieldPresence p = presenceOf(data, at);
    const CollectiveEntry &first = data.entries[std::size_t(at.front())];
    const bool firstFits = selfConsistent(first, groupSize);
    bool allAgree = firstFits;
    for (std::size_t k = 1; k < at.size() && allAgree; ++k) {
        const CollectiveEntry &e = data.entries[std::size_t(at[k])];
        allAgree =
            difference(first, e, p, groupSize, false).empty() && selfConsistent(e, groupSize);
    }
    if (allAgree)
        return {at};
    // Rare: compare each entry with one representative per class so far.
    std::vector<std::vector<int>> classes;
    for (int i : at) {
        const CollectiveEntry &e = data.entries[std::size_t(i)];
        bool placed = false;
        for (auto &c : classes) {
            if (difference(data.entries[std::size_t(c.front())], e, p, groupSize).empty() &&
                selfConsistent(data.entries[std::size_t(c.front())], groupSize) ==
                    selfConsistent(e, groupSize)) {
                c.push_back(i);
                placed = true;
                break;
            }
        }
        if (!placed) {
            if (classes.size() >= 16) { // chaos: keep the first sixteen fingerprints apart
                classes.back().push_back(i);
                continue;
            }
            classes.push_back({i});
        }
    }
    std::stable_sort(classes.begin(), classes.end(),
                     [](const auto &a, const auto &b) { return a.size() > b.size(); });
    if (classes.size() > 1) {
        what = difference(data.entries[std::size_t(classes[0].front())],
                          data.entries[std::size_t(classes[1].front())], p, groupSize);
        if (what.empty())
            what = sizesThatDoNotFit(first.op, groupSize);
    } else if (classes.size() == 1 && !selfConsistent(first, groupSize)) {
        classes.clear(); // all ranks alike: nobody is the odd one out
    }
    return classes;
}

} // namespace

std::vector<int> collectiveEntriesAt(const GroupAlignment &alignment, std::int64_t seq)
{
    SeqRecord probe;
    probe.seq = seq;
    probe.rank = -1;
    std::vector<int> at;
    int lastRank = -1;
    for (auto it =
             std::lower_bound(alignment.collectives.begin(), alignment.collectives.end(), probe);
         it != alignment.collectives.end() && it->seq == seq; ++it) {
        if (it->rank == lastRank)
            continue; // a second source for the same rank: the first is the most complete
        lastRank = it->rank;
        at.push_back(it->entry);
    }
    return at;
}

namespace {

// Which counter a pg_status is: PyTorch sets last_enqueued from the work's sequence number,
// the p2p one for a send or recv, so a group that mixes both mixes its counters. The rank's
// newest entry of the group says which; without one, the axis whose values it is nearest.
bool statusIsP2p(const CollectiveDataset &data, const CollectiveGroupStatus &status,
                 const MemberState &member, std::int64_t collectiveMedian, std::int64_t p2pMedian)
{
    if (member.newestEntry >= 0)
        return data.entries[std::size_t(member.newestEntry)].isP2p;
    if (p2pMedian < 0)
        return false;
    if (collectiveMedian < 0)
        return true;
    const std::int64_t value = saneSeq(status.lastEnqueued);
    return std::llabs(value - p2pMedian) < std::llabs(value - collectiveMedian);
}

std::int64_t medianOfValues(std::vector<std::int64_t> &values)
{
    if (values.empty())
        return -1;
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace

std::vector<GroupAlignment> alignCollectiveGroups(const CollectiveDataset &data,
                                                  const ResolvedRecords &resolved)
{
    std::vector<GroupAlignment> out(resolved.groups.size());
    RankSet dumped;
    for (const CollectiveDumpInfo &dump : data.dumps)
        if (dump.rank >= 0 && dump.rank < (1 << 22))
            dumped.insert(dump.rank);
    for (std::size_t g = 0; g < out.size(); ++g) {
        out[g].group = int(g);
        out[g].members.resize(resolved.groups[g].sorted.size());
        for (std::size_t m = 0; m < out[g].members.size(); ++m) {
            out[g].members[m].rank = resolved.groups[g].sorted[m];
            out[g].members[m].dumped = dumped.contains(out[g].members[m].rank);
        }
    }

    // Entries: counters, the newest entry, the oldest kept, pending p2p ops.
    std::vector<std::vector<int>> p2pEntries(out.size());
    for (std::size_t i = 0; i < data.entries.size(); ++i) {
        const int g = resolved.entryGroup[i];
        const int rank = resolved.entryRank[i];
        if (g < 0 || rank < 0)
            continue;
        const ResolvedGroup &group = resolved.groups[std::size_t(g)];
        const int m = group.memberIndex(rank);
        if (m < 0)
            continue;
        const CollectiveEntry &e = data.entries[i];
        MemberState &st = out[std::size_t(g)].members[std::size_t(m)];
        st.hasRecords = true;
        const bool newest = st.newestEntry < 0 || (e.recordId >= 0 && st.newestRecordId >= 0
                                                       ? e.recordId > st.newestRecordId
                                                       : e.createdNs > st.newestCreatedNs);
        if (newest) {
            st.newestEntry = int(i);
            st.newestRecordId = e.recordId;
            st.newestCreatedNs = e.createdNs;
        }
        if (e.isP2p || (e.collectiveSeq < 0 && e.p2pSeq >= 0)) {
            st.hasP2p = true;
            p2pEntries[std::size_t(g)].push_back(int(i));
            continue;
        }
        if (saneSeq(e.collectiveSeq) == kNoSeq)
            continue;
        SeqRecord record;
        record.seq = e.collectiveSeq;
        record.entry = int(i);
        record.rank = rank;
        record.member = m;
        // A watchdog timeout names the op the rank was stuck in: pending, whatever it says.
        record.state =
            e.state == CollectiveState::Unknown && e.evidence == CollectiveEvidence::WatchdogTimeout
                ? CollectiveState::Started
                : e.state;
        record.weight = std::uint8_t(evidenceWeight(e.evidence));
        out[std::size_t(g)].collectives.push_back(record);
        st.lastEnqueued = std::max(st.lastEnqueued, e.collectiveSeq);
        if (e.state == CollectiveState::Completed)
            st.lastCompleted = std::max(st.lastCompleted, e.collectiveSeq);
        if (e.state == CollectiveState::Started ||
            e.evidence == CollectiveEvidence::WatchdogTimeout)
            st.lastStarted = std::max(st.lastStarted, e.collectiveSeq);
        if (st.lastEntry < 0 || e.collectiveSeq > st.lastEntrySeq) {
            st.lastEntry = int(i);
            st.lastEntrySeq = e.collectiveSeq;
        }
        if (e.evidence == CollectiveEvidence::FlightRecorder)
            st.oldestKept = st.oldestKept == kNoSeq ? e.collectiveSeq
                                                    : std::min(st.oldestKept, e.collectiveSeq);
    }

    // Statuses, on the axis they count.
    std::vector<std::vector<int>> statusesOf(out.size());
    for (std::size_t i = 0; i < data.statuses.size(); ++i)
        if (resolved.statusGroup[i] >= 0 && resolved.statusRank[i] >= 0)
            statusesOf[std::size_t(resolved.statusGroup[i])].push_back(int(i));
    for (std::size_t g = 0; g < out.size(); ++g) {
        GroupAlignment &a = out[g];
        const ResolvedGroup &group = resolved.groups[g];
        std::int64_t collectiveMedian = -1;
        std::int64_t p2pMedian = -1;
        if (!p2pEntries[g].empty() && !statusesOf[g].empty()) {
            std::vector<std::int64_t> c, p;
            for (const MemberState &st : a.members)
                if (st.lastEnqueued != kNoSeq)
                    c.push_back(st.lastEnqueued);
            for (int i : p2pEntries[g])
                p.push_back(saneSeq(data.entries[std::size_t(i)].p2pSeq));
            collectiveMedian = medianOfValues(c);
            p2pMedian = medianOfValues(p);
        }
        for (int i : statusesOf[g]) {
            const CollectiveGroupStatus &s = data.statuses[std::size_t(i)];
            const int m = group.memberIndex(resolved.statusRank[std::size_t(i)]);
            if (m < 0)
                continue;
            MemberState &st = a.members[std::size_t(m)];
            st.hasRecords = true;
            if (statusIsP2p(data, s, st, collectiveMedian, p2pMedian)) {
                st.hasP2p = true;
                continue;
            }
            st.lastEnqueued = std::max(st.lastEnqueued, saneSeq(s.lastEnqueued));
            st.lastCompleted = std::max(st.lastCompleted, saneSeq(s.lastCompleted));
            st.lastStarted = std::max(st.lastStarted, saneSeq(s.lastStarted));
        }

        // The oldest collective each member has not completed; collectives complete in order
        // on a group's stream, so an unknown "last completed" is the one before it.
        std::sort(a.collectives.begin(), a.collectives.end());
        std::vector<std::int64_t> firstPendingSeq(a.members.size(), kNoSeq);
        for (const SeqRecord &r : a.collectives) {
            MemberState &st = a.members[std::size_t(r.member)];
            if (!isPendingState(r.state) || r.seq <= st.lastCompleted)
                continue;
            if (st.firstPendingEntry < 0 || r.seq < firstPendingSeq[std::size_t(r.member)]) {
                st.firstPendingEntry = r.entry;
                firstPendingSeq[std::size_t(r.member)] = r.seq;
            }
        }
        for (MemberState &st : a.members)
            if (st.lastCompleted == kNoSeq && st.firstPendingEntry >= 0)
                st.lastCompleted =
                    data.entries[std::size_t(st.firstPendingEntry)].collectiveSeq - 1;

        // The ring buffer: compare only sequences every dumping member still holds.
        for (const MemberState &st : a.members)
            if (st.oldestKept != kNoSeq)
                a.windowStart = std::max(a.windowStart, st.oldestKept);

        // Pending p2p ops and their peers.
        for (int i : p2pEntries[g]) {
            const CollectiveEntry &e = data.entries[std::size_t(i)];
            if (!isPendingState(e.state) || (e.op != "send" && e.op != "recv"))
                continue;
            PendingP2p op;
            op.entry = i;
            op.rank = resolved.entryRank[std::size_t(i)];
            op.send = e.op == "send";
            if (group.configured && e.peerGroupRank >= 0 &&
                std::size_t(e.peerGroupRank) < group.ranks.size())
                op.peer = group.ranks[std::size_t(e.peerGroupRank)];
            a.p2p.push_back(op);
        }

        // The first sequence where members' fingerprints differ, within the window.
        const std::size_t groupSize = group.configured ? group.ranks.size() : 0;
        std::vector<int> at;
        for (std::size_t k = 0; k < a.collectives.size();) {
            const std::int64_t seq = a.collectives[k].seq;
            std::size_t end = k;
            at.clear();
            int lastRank = -1;
            for (; end < a.collectives.size() && a.collectives[end].seq == seq; ++end)
                if (a.collectives[end].rank != lastRank) {
                    lastRank = a.collectives[end].rank;
                    at.push_back(a.collectives[end].entry);
                }
            k = end;
            if (seq < a.windowStart || at.size() < 2)
                continue;
            Message what;
            auto classes = fingerprintClasses(data, at, groupSize, what);
            if (classes.size() > 1) {
                a.mismatch.seq = seq;
                a.mismatch.sides = std::move(classes);
                a.mismatch.what = what;
                break;
            }
        }
    }
    return out;
}

} // namespace rankscope
