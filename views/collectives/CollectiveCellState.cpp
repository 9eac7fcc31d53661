#include "views/collectives/CollectiveCellState.h"

namespace rankscope {

QColor CollectiveCellStyle::colour(CollectiveCellState state)
{
    switch (state) {
    case CollectiveCellState::Empty:
        return QColor(0xf4, 0xf5, 0xf7);
    case CollectiveCellState::Completed:
        return QColor(0x8c, 0xc8, 0x96);
    case CollectiveCellState::Unknown:
        return QColor(0xb8, 0xbf, 0xc9);
    case CollectiveCellState::Scheduled:
        return QColor(0xf2, 0xc1, 0x4e);
    case CollectiveCellState::Started:
        return QColor(0x4a, 0x86, 0xc8);
    case CollectiveCellState::NoRecord:
        return QColor(0x4d, 0x52, 0x5a);
    case CollectiveCellState::Missing:
        return QColor(0xd6, 0x32, 0x2b);
    case CollectiveCellState::Mismatched:
        return QColor(0x8e, 0x3c, 0xc2);
    }
    return QColor(Qt::white);
}

QString CollectiveCellStyle::name(CollectiveCellState state)
{
    switch (state) {
    case CollectiveCellState::Empty:
        return tr("no entry");
    case CollectiveCellState::Completed:
        return tr("completed");
    case CollectiveCellState::Unknown:
        return tr("state unknown");
    case CollectiveCellState::Scheduled:
        return tr("scheduled");
    case CollectiveCellState::Started:
        return tr("started");
    case CollectiveCellState::NoRecord:
        return tr("no record");
    case CollectiveCellState::Missing:
        return tr("missing (behind)");
    case CollectiveCellState::Mismatched:
        return tr("mismatched");
    }
    return {};
}

QString CollectiveCellStyle::description(CollectiveCellState state)
{
    switch (state) {
    case CollectiveCellState::Empty:
        return tr("The rank has no entry at this sequence number (before its first recorded "
                  "entry, or beyond every member's progress).");
    case CollectiveCellState::Completed:
        return tr("The rank completed this collective.");
    case CollectiveCellState::Unknown:
        return tr("The rank recorded this collective but its source does not say its state.");
    case CollectiveCellState::Scheduled:
        return tr("The rank enqueued this collective; it was not seen starting.");
    case CollectiveCellState::Started:
        return tr("The collective started on the rank's GPU and was not seen completing.");
    case CollectiveCellState::NoRecord:
        return tr("A member of the group that left no record at all (no dump, no log line): "
                  "often the rank that hung.");
    case CollectiveCellState::Missing:
        return tr("The rank never reached this sequence number while other members of the "
                  "group are in it: it is behind.");
    case CollectiveCellState::Mismatched:
        return tr("The rank runs a different op, sizes or dtypes than the other members at this "
                  "sequence number.");
    }
    return {};
}

std::array<CollectiveCellState, kCollectiveCellStateCount - 1> CollectiveCellStyle::legendStates()
{
    return {CollectiveCellState::Completed,  CollectiveCellState::Started,
            CollectiveCellState::Scheduled,  CollectiveCellState::Missing,
            CollectiveCellState::Mismatched, CollectiveCellState::NoRecord,
            CollectiveCellState::Unknown};
}

} // namespace rankscope
