#include "core/collectives/CollectiveAnalysis.h"

namespace rankscope {

const char *collectiveSuspectKindKey(CollectiveSuspectKind kind)
{
    switch (kind) {
    case CollectiveSuspectKind::Behind:
        return "behind";
    case CollectiveSuspectKind::Mismatch:
        return "mismatch";
    case CollectiveSuspectKind::Stuck:
        return "stuck";
    case CollectiveSuspectKind::NoDump:
        return "no_dump";
    case CollectiveSuspectKind::Failed:
        return "failed";
    }
    return "behind";
}

const char *collectiveVerdictKindKey(CollectiveVerdictKind kind)
{
    switch (kind) {
    case CollectiveVerdictKind::NoData:
        return "no_data";
    case CollectiveVerdictKind::Progressing:
        return "progressing";
    case CollectiveVerdictKind::Suspects:
        return "suspects";
    case CollectiveVerdictKind::CannotTell:
        return "cannot_tell";
    case CollectiveVerdictKind::Inconclusive:
        return "inconclusive";
    }
    return "no_data";
}

} // namespace rankscope
