#include "core/collectives/CollectiveAnalysisSteps.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace rankscope {

namespace {

// Several "stuck" points in one group mean a mess, not several causes; the first few are kept.
constexpr std::size_t kMaxStuckFindings = 4;

class GroupClassifier
{
public:
    GroupClassifier(const CollectiveDataset &data, const ResolvedRecords &resolved,
                    const GroupAlignment &alignment, bool anyDumps)
        : m_data(data), m_resolved(resolved), m_a(alignment),
          m_group(resolved.groups[std::size_t(alignment.group)]), m_anyDumps(anyDumps)
    {}

    GroupFindings run()
    {
        for (const MemberState &st : m_a.members) {
            if (st.hasRecords && st.lastCompleted != kNoSeq)
                m_maxCompleted = std::max(m_maxCompleted, st.lastCompleted);
            if (st.pending()) {
                m_blocked.insert(st.rank);
                noteAnchor(st.firstPendingEntry);
            }
        }
        stuck();
        behindAndNoDump();
        mismatch();
        p2p();
        m_out.blockedRanks = (m_blocked | m_p2pBlocked).count();
        for (const CollectiveFinding &f : m_out.findings)
            if (!f.suspect.p2p &&
                (m_out.firstDisagreement == kNoSeq || f.suspect.seq < m_out.firstDisagreement))
                m_out.firstDisagreement = f.suspect.seq;
        return std::move(m_out);
    }

private:
    const CollectiveEntry *entry(int index) const
    {
        return index >= 0 ? &m_data.entries[std::size_t(index)] : nullptr;
    }

    void noteAnchor(int index)
    {
        if (const CollectiveEntry *e = entry(index); e && e->createdNs > 0)
            if (m_out.anchorNs < 0 || e->createdNs < m_out.anchorNs)
                m_out.anchorNs = e->createdNs;
    }

    CollectiveFinding newFinding(CollectiveSuspectKind kind, std::int64_t seq, bool p2p) const
    {
        CollectiveFinding f;
        f.group = m_a.group;
        f.suspect.kind = kind;
        f.suspect.pgName = m_group.name;
        f.suspect.pgDesc = m_group.desc;
        f.suspect.seq = seq;
        f.suspect.p2p = p2p;
        f.wording.groupSize = int(m_group.sorted.size());
        return f;
    }

    // The op most of `ranks` run at `seq`, with one entry of it for frames and source.
    int representative(const RankSet &ranks, std::int64_t seq) const
    {
        const std::vector<int> at = collectiveEntriesAt(m_a, seq);
        std::map<std::string, std::pair<int, int>> ops; // op -> (count, an entry)
        for (int i : at) {
            if (!ranks.contains(m_resolved.entryRank[std::size_t(i)]))
                continue;
            auto &slot = ops[m_data.entries[std::size_t(i)].op];
            if (slot.first++ == 0 || (m_data.entries[std::size_t(slot.second)].frames.empty() &&
                                      !m_data.entries[std::size_t(i)].frames.empty()))
                slot.second = i;
        }
        int best = -1, count = 0;
        for (const auto &[op, slot] : ops)
            if (slot.first > count) {
                count = slot.first;
                best = slot.second;
            }
        return best;
    }

    void anchorFinding(CollectiveFinding &f, const RankSet &waiting, std::int64_t seq) const
    {
        if (const int i = representative(waiting, seq); i >= 0)
            f.anchorNs = m_data.entries[std::size_t(i)].createdNs;
    }

    // Started (or enqueued) and never completed while other members completed it.
    void stuck()
    {
        if (m_maxCompleted == kNoSeq)
            return;
        std::map<std::int64_t, RankSet> byFirstOpen;
        for (const MemberState &st : m_a.members)
            if (st.pending() && st.lastCompleted < m_maxCompleted)
                byFirstOpen[st.lastCompleted + 1].insert(st.rank);
        std::size_t kept = 0;
        for (const auto &[seq, ranks] : byFirstOpen) {
            if (kept++ == kMaxStuckFindings)
                break;
            CollectiveFinding f = newFinding(CollectiveSuspectKind::Stuck, seq, false);
            f.suspect.ranks = ranks;
            std::int64_t othersMin = kNoSeq;
            for (const MemberState &st : m_a.members) {
                if (st.lastCompleted == kNoSeq || st.lastCompleted < seq)
                    continue;
                f.suspect.waitingRanks.insert(st.rank);
                othersMin =
                    othersMin == kNoSeq ? st.lastCompleted : std::min(othersMin, st.lastCompleted);
            }
            f.wording.othersLastCompleted = othersMin;
            f.wording.suspectsLastCompleted = seq - 1;
            const int mine = representative(ranks, seq);
            if (const CollectiveEntry *e = entry(mine)) {
                f.suspect.op = e->op;
                f.suspect.callSite = e->frames;
                f.suspect.source = e->source;
                f.wording.startedSeen = e->state == CollectiveState::Started;
                f.anchorNs = e->createdNs;
            }
            if (const CollectiveEntry *e = entry(representative(f.suspect.waitingRanks, seq))) {
                if (f.suspect.op.empty())
                    f.suspect.op = e->op;
                f.suspect.othersCallSite = e->frames;
            }
            m_stuck |= ranks;
            m_out.findings.push_back(std::move(f));
        }
    }

    // The members that never reached the sequence the others wait in, and those that left no
    // record at all.
    void behindAndNoDump()
    {
        // The waiters: pending members that completed everything before the frontier.
        bool someoneWaits = false;
        for (const MemberState &st : m_a.members)
            someoneWaits |= st.pending() && st.lastCompleted == m_maxCompleted;
        if (!someoneWaits)
            return;
        const std::int64_t seq = m_maxCompleted + 1;
        CollectiveFinding behind = newFinding(CollectiveSuspectKind::Behind, seq, false);
        CollectiveFinding noDump = newFinding(CollectiveSuspectKind::NoDump, seq, false);
        RankSet waiting;
        RankSet withoutRecord;
        std::int64_t lowest = kNoSeq, highest = kNoSeq;
        int lastOfBehind = -1;
        for (const MemberState &st : m_a.members) {
            if (st.lastEnqueued != kNoSeq && st.lastEnqueued >= seq) {
                waiting.insert(st.rank);
                continue;
            }
            if (st.hasRecords && st.lastEnqueued == kNoSeq)
                continue; // only p2p records here: nothing to say on this axis
            if (st.hasRecords || st.dumped) {
                behind.suspect.ranks.insert(st.rank);
                if (!st.hasRecords)
                    withoutRecord.insert(st.rank);
                if (st.lastCompleted != kNoSeq) {
                    lowest =
                        lowest == kNoSeq ? st.lastCompleted : std::min(lowest, st.lastCompleted);
                    highest = std::max(highest, st.lastCompleted);
                }
                if (lastOfBehind < 0)
                    lastOfBehind = st.lastEntry;
            } else if (m_anyDumps && !m_data.uncollected.contains(st.rank)) {
                noDump.suspect.ranks.insert(st.rank);
            }
        }
        const CollectiveEntry *waited = entry(representative(waiting, seq));
        for (CollectiveFinding *f : {&behind, &noDump}) {
            if (f->suspect.ranks.empty())
                continue;
            f->suspect.waitingRanks = waiting;
            if (waited) {
                f->suspect.op = waited->op;
                f->suspect.othersCallSite = waited->frames;
                f->anchorNs = waited->createdNs;
                f->suspect.source = waited->source;
            }
        }
        if (!behind.suspect.ranks.empty()) {
            behind.wording.suspectsLastCompleted = lowest;
            behind.wording.suspectsLastCompletedMax = highest;
            behind.wording.suspectsHaveNoRecord = withoutRecord == behind.suspect.ranks;
            if (const CollectiveEntry *e = entry(lastOfBehind)) {
                behind.suspect.callSite = e->frames;
                behind.suspect.source = e->source;
            }
            m_out.findings.push_back(std::move(behind));
        }
        if (!noDump.suspect.ranks.empty())
            m_out.findings.push_back(std::move(noDump));
    }

    void mismatch()
    {
        const SequenceMismatch &mm = m_a.mismatch;
        if (mm.seq == kNoSeq || mm.sides.size() < 2)
            return;
        int total = 0;
        for (const auto &side : mm.sides)
            total += int(side.size());
        CollectiveFinding f = newFinding(CollectiveSuspectKind::Mismatch, mm.seq, false);
        f.suspect.decided = 2 * int(mm.sides[0].size()) > total;
        for (int i : mm.sides[0])
            f.suspect.waitingRanks.insert(m_resolved.entryRank[std::size_t(i)]);
        for (std::size_t s = 1; s < mm.sides.size(); ++s)
            for (int i : mm.sides[s])
                f.suspect.ranks.insert(m_resolved.entryRank[std::size_t(i)]);
        const CollectiveEntry &mine = m_data.entries[std::size_t(mm.sides[1].front())];
        const CollectiveEntry &theirs = m_data.entries[std::size_t(mm.sides[0].front())];
        f.suspect.op = mine.op;
        f.suspect.othersOp = theirs.op;
        f.suspect.callSite = mine.frames;
        f.suspect.othersCallSite = theirs.frames;
        f.suspect.source = mine.source;
        f.anchorNs = theirs.createdNs;
        f.wording.differs = mm.what;
        m_out.findings.push_back(std::move(f));
    }

    // A pending send or recv whose peer posted nothing toward it: the peer is behind. Pipeline
    // stages count their p2p ops differently, so p2p sequences are never compared across ranks.
    void p2p()
    {
        if (m_a.p2p.empty())
            return;
        std::unordered_set<std::uint64_t> posted; // (rank, peer)
        auto key = [](int rank, int peer) {
            return (std::uint64_t(std::uint32_t(rank)) << 32) | std::uint32_t(peer);
        };
        for (const PendingP2p &op : m_a.p2p) {
            m_p2pBlocked.insert(op.rank);
            noteAnchor(op.entry);
            if (op.peer >= 0)
                posted.insert(key(op.rank, op.peer));
        }
        CollectiveFinding behind = newFinding(CollectiveSuspectKind::Behind, kNoSeq, true);
        CollectiveFinding noDump = newFinding(CollectiveSuspectKind::NoDump, kNoSeq, true);
        for (const PendingP2p &op : m_a.p2p) {
            if (op.peer < 0 || posted.count(key(op.peer, op.rank)))
                continue;
            const int m = m_group.memberIndex(op.peer);
            if (m < 0)
                continue;
            const MemberState &peer = m_a.members[std::size_t(m)];
            CollectiveFinding *f = peer.hasRecords || peer.dumped                        ? &behind
                                   : m_anyDumps && !m_data.uncollected.contains(op.peer) ? &noDump
                                                                                         : nullptr;
            if (!f)
                continue;
            const CollectiveEntry &e = m_data.entries[std::size_t(op.entry)];
            f->suspect.ranks.insert(op.peer);
            f->suspect.waitingRanks.insert(op.rank);
            f->p2pPairs.emplace_back(op.rank, op.peer);
            if (f->suspect.seq == kNoSeq || e.p2pSeq < f->suspect.seq) {
                f->suspect.seq = e.p2pSeq;
                f->suspect.op = e.op;
                f->suspect.othersCallSite = e.frames;
                f->suspect.source = e.source;
                f->anchorNs = e.createdNs;
            }
        }
        for (CollectiveFinding *f : {&behind, &noDump})
            if (!f->suspect.ranks.empty())
                m_out.findings.push_back(std::move(*f));
    }

    const CollectiveDataset &m_data;
    const ResolvedRecords &m_resolved;
    const GroupAlignment &m_a;
    const ResolvedGroup &m_group;
    bool m_anyDumps;
    std::int64_t m_maxCompleted = kNoSeq;
    RankSet m_blocked;
    RankSet m_p2pBlocked;
    RankSet m_stuck;
    GroupFindings m_out;
};

} // namespace

GroupFindings classifyGroup(const CollectiveDataset &data, const ResolvedRecords &resolved,
                            const GroupAlignment &alignment, bool anyDumps)
{
    return GroupClassifier(data, resolved, alignment, anyDumps).run();
}

} // namespace rankscope
