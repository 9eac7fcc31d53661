#include "core/analysis/CollectiveAnalysisSteps.h"

#include <cctype>

namespace rankscope {

std::string collectiveRanksText(const RankSet &ranks)
{
    const int count = ranks.count();
    if (count == 0)
        return "no rank";
    if (count == 1)
        return "rank " + std::to_string(ranks.first());
    if (count == 2)
        return "ranks " + std::to_string(ranks.first()) + " and " + std::to_string(ranks.last());
    return "ranks " + ranks.toString();
}

std::string capitalised(std::string text)
{
    if (!text.empty())
        text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

std::string collectiveGroupText(const std::string &name, const std::string &desc)
{
    if (!name.empty() && !desc.empty() && name != desc)
        return "pg " + name + " (" + desc + ")";
    if (!name.empty())
        return "pg " + name;
    if (!desc.empty())
        return desc;
    return "an unnamed process group";
}

std::string collectiveOpText(const std::string &op, std::int64_t seq, bool p2p)
{
    const std::string name = op.empty() ? std::string("the collective") : op;
    if (seq < 0)
        return name;
    return name + (p2p ? " p2p #" : " #") + std::to_string(seq);
}

namespace {

// "the other 510 ranks of that group" when every other member waits, else "ranks 0-3 (4 of
// the group's 8)".
std::string waitersText(const CollectiveSuspect &s, int groupSize)
{
    const int waiting = s.waitingRanks.count();
    if (groupSize > 0 && waiting + s.ranks.count() == groupSize)
        return waiting == 1 ? "the other rank of that group"
                            : "the other " + std::to_string(waiting) + " ranks of that group";
    return collectiveRanksText(s.waitingRanks) +
           (groupSize > 0 ? " (" + std::to_string(waiting) + " of the group's " +
                                std::to_string(groupSize) + ")"
                          : std::string());
}

std::string lastCompletedText(const SuspectWording &w, bool one)
{
    if (w.suspectsLastCompleted == kNoSeq)
        return {};
    const std::string whose = one ? "its" : "their";
    if (w.suspectsLastCompletedMax != kNoSeq &&
        w.suspectsLastCompletedMax != w.suspectsLastCompleted)
        return "; " + whose + " last completed collectives are #" +
               std::to_string(w.suspectsLastCompleted) + " to #" +
               std::to_string(w.suspectsLastCompletedMax);
    return "; " + whose + " last completed collective is #" +
           std::to_string(w.suspectsLastCompleted);
}

std::string behindReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const bool one = s.ranks.count() == 1;
    const std::string group = collectiveGroupText(s.pgName, s.pgDesc);
    if (s.p2p)
        return capitalised(collectiveRanksText(s.ranks)) + (one ? " has" : " have") +
               " posted no send or recv toward " + collectiveRanksText(s.waitingRanks) + " in " +
               group + ", which " + (s.waitingRanks.count() == 1 ? "waits" : "wait") + " for " +
               (one ? "it" : "them") + " in " + collectiveOpText(s.op, s.seq, true) + ".";
    std::string text = capitalised(collectiveRanksText(s.ranks)) + " did not join " +
                       collectiveOpText(s.op, s.seq, false) + " of " + group + ", which " +
                       waitersText(s, w.groupSize) +
                       (s.waitingRanks.count() == 1 ? " is" : " are") + " waiting in";
    if (w.suspectsHaveNoRecord)
        text += "; " + std::string(one ? "its dump holds" : "their dumps hold") +
                " no pending entry of that group";
    else
        text += lastCompletedText(w, one);
    return text + ".";
}

std::string stuckReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const bool one = s.ranks.count() == 1;
    std::string text = capitalised(collectiveRanksText(s.ranks)) +
                       (w.startedSeen ? " started " : " never completed ") +
                       collectiveOpText(s.op, s.seq, false) + " of " +
                       collectiveGroupText(s.pgName, s.pgDesc) +
                       (w.startedSeen ? " and never completed it, " : ", ") + "which " +
                       collectiveRanksText(s.waitingRanks) + " completed";
    if (w.othersLastCompleted != kNoSeq && w.othersLastCompleted > s.seq)
        text += " (" + std::string(s.waitingRanks.count() == 1 ? "it" : "they") +
                " went on to complete #" + std::to_string(w.othersLastCompleted) + ")";
    text += lastCompletedText(w, one);
    return text + ".";
}

std::string mismatchReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const std::string group = collectiveGroupText(s.pgName, s.pgDesc);
    const std::string at = "#" + std::to_string(s.seq) + " of " + group;
    const std::string differs = w.differs.empty() ? std::string() : " (" + w.differs + ")";
    if (s.decided)
        return capitalised(collectiveRanksText(s.ranks)) +
               (s.ranks.count() == 1 ? " runs " : " run ") + s.op + " at " + at + " where " +
               collectiveRanksText(s.waitingRanks) + " run " + s.othersOp + differs + ".";
    return "Mismatch at " + at + ": " + collectiveRanksText(s.ranks) + " run " + s.op + ", " +
           collectiveRanksText(s.waitingRanks) + " run " + s.othersOp + differs +
           "; with no majority on either side the data cannot tell which one is at fault.";
}

std::string noDumpReason(const CollectiveSuspect &s, const SuspectWording &w)
{
    const std::string group = collectiveGroupText(s.pgName, s.pgDesc);
    std::string text = capitalised(collectiveRanksText(s.ranks)) +
                       " wrote no Flight Recorder dump and left no record of " + group +
                       ", where " + waitersText(s, w.groupSize) +
                       (s.waitingRanks.count() == 1 ? " waits" : " wait") + " in " +
                       collectiveOpText(s.op, s.seq, s.p2p);
    return text + "; a rank that wrote nothing is often the one that hung.";
}

} // namespace

std::string collectiveSuspectReason(const CollectiveSuspect &suspect, const SuspectWording &w)
{
    std::string text;
    switch (suspect.kind) {
    case CollectiveSuspectKind::Behind:
        text = behindReason(suspect, w);
        break;
    case CollectiveSuspectKind::Stuck:
        text = stuckReason(suspect, w);
        break;
    case CollectiveSuspectKind::Mismatch:
        text = mismatchReason(suspect, w);
        break;
    case CollectiveSuspectKind::NoDump:
        text = noDumpReason(suspect, w);
        break;
    case CollectiveSuspectKind::Failed: // only from claims, worded where they are weighed
        text = suspect.reason;
        break;
    }
    if (suspect.consequence && !w.consequenceOf.empty())
        text += std::string(suspect.ranks.count() == 1 ? " It is itself" : " They are themselves") +
                " waiting in " + w.consequenceOf + ": a consequence, not a cause.";
    return text;
}

} // namespace rankscope
