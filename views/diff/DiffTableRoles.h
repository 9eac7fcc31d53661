#pragma once

#include <Qt>

namespace rankscope::DiffTableRoles {

// Item data roles shared by the Diff view's table models, their filter and their delegate.
enum Role
{
    Sort = Qt::UserRole, // the raw value a column sorts by
    ChangeIndex,         // int: the row's index in the diff (logs.changes, ops.ops)
    Significant,         // bool: the change passed its significance test
    ChipBackground,      // QColor: paint the cell's text as a chip of this colour
    ChipText,            // QColor: the chip's text colour
};

} // namespace rankscope::DiffTableRoles
