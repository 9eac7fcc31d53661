#include "views/diff/DiffPalette.h"

namespace rankscope::DiffPalette {

namespace {

const QColor kDarkRed(0xb2, 0x18, 0x2b);
const QColor kLightRed(0xf4, 0xa5, 0x82);
const QColor kDarkBlue(0x21, 0x66, 0xac);
const QColor kLightBlue(0x92, 0xc5, 0xde);
const QColor kGrey(0xdd, 0xe1, 0xe6);
const QColor kInk(0x1d, 0x23, 0x2b);

} // namespace

Chip logChange(LogTemplateChangeKind kind)
{
    switch (kind) {
    case LogTemplateChangeKind::New:
        return {kDarkRed, Qt::white};
    case LogTemplateChangeKind::Gone:
        return {kDarkBlue, Qt::white};
    case LogTemplateChangeKind::MoreFrequent:
        return {kLightRed, kInk};
    case LogTemplateChangeKind::LessFrequent:
        return {kLightBlue, kInk};
    case LogTemplateChangeKind::Unchanged:
        break;
    }
    return {kGrey, kInk};
}

Chip opChange(OpChangeKind kind)
{
    switch (kind) {
    case OpChangeKind::New:
        return {kDarkRed, Qt::white};
    case OpChangeKind::Gone:
        return {kDarkBlue, Qt::white};
    case OpChangeKind::Slower:
        return {kLightRed, kInk};
    case OpChangeKind::Faster:
        return {kLightBlue, kInk};
    case OpChangeKind::Unchanged:
        break;
    }
    return {kGrey, kInk};
}

QColor opRowTint(OpChangeKind kind)
{
    switch (kind) {
    case OpChangeKind::New:
    case OpChangeKind::Slower:
        return QColor(0xfd, 0xdb, 0xc7);
    case OpChangeKind::Gone:
    case OpChangeKind::Faster:
        return QColor(0xd1, 0xe5, 0xf0);
    case OpChangeKind::Unchanged:
        break;
    }
    return {};
}

QColor baseline()
{
    return QColor(0x6b, 0x7b, 0x8c);
}

QColor target()
{
    return kDarkRed;
}

} // namespace rankscope::DiffPalette
