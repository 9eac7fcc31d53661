#include "views/logs/LogTemplateDelegate.h"

#include "views/logs/LogChip.h"
#include "views/logs/LogSeverityStyle.h"
#include "views/logs/LogTemplateModel.h"

#include <QApplication>
#include <QPainter>
#include <QRegularExpression>

namespace rankscope {

namespace {

constexpr int kCellPadding = 4;
constexpr int kChipGap = 4;

QColor anomalyChip()
{
    return QColor(0xfd, 0xd8, 0xb5);
}
QColor anomalyChipText()
{
    return QColor(0x7a, 0x33, 0x00);
}
QColor roleChip()
{
    return QColor(0xe6, 0xe6, 0xe6);
}
QColor roleChipText()
{
    return QColor(0x50, 0x50, 0x50);
}

} // namespace

std::vector<LogTemplateDelegate::Segment> LogTemplateDelegate::segments(const QString &text)
{
    // Drain's "<*>" and the masker's kinds ("<NUM>", "<HEX>", "<IP>", "<PATH>", "<RANK>" …).
    static const QRegularExpression wildcard(QStringLiteral("<(?:\\*|[A-Z][A-Z0-9_]*)>"));
    QString flat = text;
    flat.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
    std::vector<Segment> result;
    qsizetype at = 0;
    for (auto it = wildcard.globalMatch(flat); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.capturedStart() > at)
            result.push_back({flat.mid(at, m.capturedStart() - at), false});
        result.push_back({m.captured(), true});
        at = m.capturedEnd();
    }
    if (at < flat.size())
        result.push_back({flat.mid(at), false});
    return result;
}

QColor LogTemplateDelegate::wildcardColour()
{
    return QColor(0x8e, 0x3c, 0xb0);
}

LogTemplateDelegate::LogTemplateDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

void LogTemplateDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                const QModelIndex &index) const
{
    switch (index.column()) {
    case LogTemplateModel::TemplateColumn:
        paintTemplate(painter, option, index);
        return;
    case LogTemplateModel::SeverityColumn:
        paintSeverity(painter, option, index);
        return;
    case LogTemplateModel::FlagsColumn:
        paintFlags(painter, option, index);
        return;
    }
    QStyledItemDelegate::paint(painter, option, index);
}

void LogTemplateDelegate::paintBackground(QPainter *painter, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
}

void LogTemplateDelegate::paintTemplate(QPainter *painter, const QStyleOptionViewItem &option,
                                        const QModelIndex &index) const
{
    paintBackground(painter, option, index);
    const bool selected = option.state & QStyle::State_Selected;
    QFont font = index.data(Qt::FontRole).value<QFont>();
    QFont bold = font;
    bold.setBold(true);
    const QColor text = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    const QRect area = option.rect.adjusted(kCellPadding, 0, -kCellPadding, 0);
    const QString ellipsis = QStringLiteral("…");

    painter->save();
    painter->setClipRect(option.rect);
    int x = area.left();
    const int right = area.right();
    for (const Segment &segment : segments(index.data(Qt::DisplayRole).toString())) {
        const QFont &f = segment.wildcard ? bold : font;
        const QFontMetrics metrics(f);
        painter->setFont(f);
        painter->setPen(segment.wildcard && !selected ? wildcardColour() : text);
        const int w = metrics.horizontalAdvance(segment.text);
        if (x + w > right) {
            const QString cut = metrics.elidedText(segment.text, Qt::ElideRight, right - x);
            painter->drawText(QRect(x, area.top(), right - x + 1, area.height()),
                              Qt::AlignLeft | Qt::AlignVCenter, cut.isEmpty() ? ellipsis : cut);
            break;
        }
        painter->drawText(QRect(x, area.top(), w + 1, area.height()),
                          Qt::AlignLeft | Qt::AlignVCenter, segment.text);
        x += w;
    }
    painter->restore();
}

void LogTemplateDelegate::paintSeverity(QPainter *painter, const QStyleOptionViewItem &option,
                                        const QModelIndex &index) const
{
    paintBackground(painter, option, index);
    const auto severity = LogSeverity(index.data(LogTemplateModel::SeverityRole).toInt());
    painter->save();
    QFont font = option.font;
    font.setPointSizeF(font.pointSizeF() * 0.85);
    font.setBold(true);
    painter->setFont(font);
    LogChip::paint(painter, option.rect.adjusted(kCellPadding, 0, 0, 0),
                   LogSeverityStyle::shortName(severity), LogSeverityStyle::chipColour(severity),
                   LogSeverityStyle::chipTextColour(severity));
    painter->restore();
}

void LogTemplateDelegate::paintFlags(QPainter *painter, const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    paintBackground(painter, option, index);
    const std::uint32_t flags = index.data(LogTemplateModel::FlagsRole).toUInt();
    painter->save();
    painter->setClipRect(option.rect);
    QFont font = option.font;
    font.setPointSizeF(font.pointSizeF() * 0.9);
    painter->setFont(font);
    QRect cell = option.rect.adjusted(kCellPadding, 0, 0, 0);
    for (std::uint32_t bit = 1; bit <= LogTemplateFlag::Echo; bit <<= 1) {
        if (!(flags & bit))
            continue;
        const QString word = LogTemplateModel::flagWords(bit).value(0);
        if (word.isEmpty())
            continue;
        const bool anomaly = bit & (LogTemplateModel::kAnomalyFlags | LogTemplateFlag::Cause);
        const int w = LogChip::paint(painter, cell, word, anomaly ? anomalyChip() : roleChip(),
                                     anomaly ? anomalyChipText() : roleChipText());
        cell.setLeft(cell.left() + w + kChipGap);
    }
    painter->restore();
}

QSize LogTemplateDelegate::sizeHint(const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == LogTemplateModel::FlagsColumn) {
        QFont font = option.font;
        font.setPointSizeF(font.pointSizeF() * 0.9);
        const QFontMetrics metrics(font);
        int w = 2 * kCellPadding;
        for (const QString &word :
             LogTemplateModel::flagWords(index.data(LogTemplateModel::FlagsRole).toUInt()))
            w += LogChip::width(metrics, word) + kChipGap;
        size.setWidth(w);
    } else if (index.column() == LogTemplateModel::SeverityColumn) {
        QFont font = option.font;
        font.setPointSizeF(font.pointSizeF() * 0.85);
        font.setBold(true);
        size.setWidth(
            LogChip::width(QFontMetrics(font), LogSeverityStyle::shortName(LogSeverity::Fatal)) +
            3 * kCellPadding);
    }
    return size;
}

} // namespace rankscope
