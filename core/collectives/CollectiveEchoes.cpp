// A finding of a group the records could not name, said again by a named group's finding.

#include "core/collectives/CollectiveAnalysisSteps.h"

namespace rankscope {

namespace {

bool sameFinding(const CollectiveSuspect &a, const CollectiveSuspect &b)
{
    return a.kind == b.kind && a.ranks == b.ranks && a.seq == b.seq && a.p2p == b.p2p &&
           a.op == b.op && a.othersOp == b.othersOp;
}

std::string placeOf(const CollectiveSource &source)
{
    return source.line >= 0 ? source.file + ":" + std::to_string(source.line) : source.file;
}

} // namespace

// A DETAIL desync report or a watchdog line without "[PG x]" lands in one unnamed group. When
// its finding is a named group's finding again (the same kind, ranks, sequence and ops: the
// launcher log repeating what the dumps show), it is that finding's echo: it joins it as
// support, instead of standing beside it as a second suspect the user has to rule out.
void foldUnnamedEchoes(std::vector<CollectiveFinding> &findings, const ResolvedRecords &resolved)
{
    auto unnamed = [&](const CollectiveFinding &f) {
        return f.group >= 0 && std::size_t(f.group) < resolved.groups.size() &&
               resolved.groups[std::size_t(f.group)].name.empty() &&
               !resolved.groups[std::size_t(f.group)].configured;
    };
    std::vector<bool> folded(findings.size(), false);
    for (std::size_t i = 0; i < findings.size(); ++i) {
        if (!unnamed(findings[i]))
            continue;
        for (std::size_t j = 0; j < findings.size(); ++j) {
            if (j == i || folded[j] || unnamed(findings[j]) ||
                !sameFinding(findings[i].suspect, findings[j].suspect))
                continue;
            addCollectiveClaim(findings[j].suspect,
                               {RANKSCOPE_MESSAGE("collective.claim.sameWithoutGroup",
                                                  "%1 shows the same without naming the group"),
                                {placeOf(findings[i].suspect.source)}});
            folded[i] = true;
            break;
        }
    }
    std::size_t out = 0;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        if (folded[i])
            continue;
        if (out != i) // a self-move would empty the finding's vectors
            findings[out] = std::move(findings[i]);
        ++out;
    }
    findings.resize(out);
}

} // namespace rankscope
