#include "views/overview/CoverageStrip.h"

#include "views/common/CoverageText.h"
#include "views/overview/LayerColours.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace rankscope {

namespace {

constexpr int kStripRowHeight = 14;
constexpr int kStripRowGap = 3;
constexpr int kStripMarkHeight = 8;
constexpr int kStripAxisHeight = 16;
constexpr int kStripRows = 4;

struct CoverageRow
{
    FindingLayer layer;
    const RankSet RankLayers::*ranks;
};
constexpr std::array<CoverageRow, kStripRows> kCoverageRows{{
    {FindingLayer::Stacks, &RankLayers::stacks},
    {FindingLayer::Traces, &RankLayers::traces},
    {FindingLayer::Logs, &RankLayers::logs},
    {FindingLayer::Collectives, &RankLayers::dumps},
}};

// The share of ranks [first, last] in `set` (bins of a few thousand ranks: a count per bin).
double stripShareIn(const RankSet &set, int first, int last)
{
    int have = 0;
    for (int r = first; r <= last; ++r)
        have += set.contains(r) ? 1 : 0;
    return double(have) / double(last - first + 1);
}

QColor stripMixed(const QColor &from, const QColor &to, double t)
{
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * t),
                            float(from.greenF() + (to.greenF() - from.greenF()) * t),
                            float(from.blueF() + (to.blueF() - from.blueF()) * t));
}

} // namespace

CoverageStrip::CoverageStrip(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void CoverageStrip::setCoverage(const JobInfo &job, const RankSet &marked)
{
    m_job = job;
    m_marked = marked;
    m_nodes.clear();
    for (int r = 0; r < job.worldSize; ++r) {
        const std::string node = job.nodeOf(r);
        if (node.empty())
            continue;
        if (!m_nodes.empty() && m_nodes.back().last == r - 1 && job.nodeOf(r - 1) == node)
            m_nodes.back().last = r;
        else
            m_nodes.push_back({r, r});
    }
    updateGeometry();
    update();
}

void CoverageStrip::clear()
{
    setCoverage(JobInfo(), RankSet());
}

int CoverageStrip::labelWidth() const
{
    int width = 0;
    for (const CoverageRow &row : kCoverageRows)
        width = std::max(width, fontMetrics().horizontalAdvance(layerShortName(row.layer)));
    return width + 12;
}

QRect CoverageStrip::stripRect() const
{
    const int left = labelWidth();
    return QRect(left, 2, std::max(1, width() - left - 8),
                 kStripRows * (kStripRowHeight + kStripRowGap));
}

QSize CoverageStrip::sizeHint() const
{
    return QSize(640, minimumSizeHint().height());
}

QSize CoverageStrip::minimumSizeHint() const
{
    return QSize(labelWidth() + 120, 2 + kStripRows * (kStripRowHeight + kStripRowGap) +
                                         kStripMarkHeight + kStripAxisHeight + 2);
}

std::pair<int, int> CoverageStrip::ranksAt(int x) const
{
    const QRect strip = stripRect();
    const int n = m_job.worldSize;
    if (n <= 0 || x < strip.left() || x > strip.right())
        return {-1, -1};
    // Integer bounds, so the columns tile the ranks exactly: column c holds [c*n/w, (c+1)*n/w).
    const std::int64_t column = x - strip.left();
    const std::int64_t w = strip.width();
    const int first = int(std::min<std::int64_t>(n - 1, column * n / w));
    const int last =
        int(std::max<std::int64_t>(first, std::min<std::int64_t>(n - 1, (column + 1) * n / w - 1)));
    return {first, last};
}

QRect CoverageStrip::rankColumns(int first, int last) const
{
    const QRect strip = stripRect();
    const int n = m_job.worldSize;
    first = std::max(first, 0);
    last = std::min(last, n - 1);
    if (n <= 0 || first > last)
        return {};
    // The inverse of ranksAt: rank r starts at column r*w/n; a bin is at least one pixel.
    const std::int64_t w = strip.width();
    const int x0 = strip.left() + int(std::int64_t(first) * w / n);
    const int x1 = strip.left() + int(std::int64_t(last + 1) * w / n);
    return QRect(x0, strip.top(), std::max(1, x1 - x0), strip.height());
}

void CoverageStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRect strip = stripRect();
    const QColor none = palette().color(QPalette::Mid).lighter(150);
    const QColor text = palette().color(QPalette::WindowText);
    p.setPen(text);
    for (int row = 0; row < kStripRows; ++row) {
        const int y = strip.top() + row * (kStripRowHeight + kStripRowGap);
        p.drawText(QRect(0, y, strip.left() - 6, kStripRowHeight),
                   Qt::AlignRight | Qt::AlignVCenter,
                   layerShortName(kCoverageRows[std::size_t(row)].layer));
    }
    const int n = m_job.worldSize;
    if (n <= 0)
        return;
    // Columns of one rank or more: the fill of a bin is the share of its ranks that have it.
    const bool binned = n > strip.width();
    const int columns = binned ? strip.width() : n;
    for (int row = 0; row < kStripRows; ++row) {
        const CoverageRow &spec = kCoverageRows[std::size_t(row)];
        const RankSet &has = m_job.layers.*(spec.ranks);
        const QColor full = layerColour(spec.layer);
        const int y = strip.top() + row * (kStripRowHeight + kStripRowGap);
        for (int c = 0; c < columns; ++c) {
            const int x0 = strip.left() + int(double(c) * strip.width() / columns);
            const int x1 = strip.left() + int(double(c + 1) * strip.width() / columns);
            double share = 0;
            if (binned) {
                const auto [first, last] = ranksAt(x0);
                share = first < 0 ? 0 : stripShareIn(has, first, last);
            } else {
                share = has.contains(c) ? 1 : 0;
            }
            p.fillRect(QRect(x0, y, std::max(1, x1 - x0), kStripRowHeight),
                       share <= 0 ? none : stripMixed(none, full, 0.35 + 0.65 * share));
        }
    }
    // Node boundaries, when nodes are at least 4 px wide.
    if (!m_nodes.empty() && strip.width() / int(m_nodes.size()) >= 4) {
        p.setPen(QPen(palette().color(QPalette::Window), 1));
        for (std::size_t i = 1; i < m_nodes.size(); ++i) {
            const int x = strip.left() + int(double(m_nodes[i].first) * strip.width() / n);
            p.drawLine(x, strip.top(), x, strip.bottom());
        }
    }
    // The culprits' ranks: a red mark under the rows.
    const int markTop = strip.bottom() + 2;
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0xD5, 0x00, 0x00));
    for (int r : m_marked.toVector()) {
        if (r < 0 || r >= n)
            continue;
        const double x = strip.left() + (double(r) + 0.5) * strip.width() / n;
        const QPointF tri[3] = {{x, double(markTop)},
                                {x - 4, double(markTop + kStripMarkHeight)},
                                {x + 4, double(markTop + kStripMarkHeight)}};
        p.drawPolygon(tri, 3);
    }
    // The rank axis: first and last rank.
    p.setPen(palette().color(QPalette::PlaceholderText));
    const QRect axis(strip.left(), markTop + kStripMarkHeight, strip.width(), kStripAxisHeight);
    p.drawText(axis, Qt::AlignLeft | Qt::AlignVCenter, tr("rank 0"));
    p.drawText(axis, Qt::AlignRight | Qt::AlignVCenter, tr("rank %1").arg(n - 1));
    if (!m_nodes.empty())
        p.drawText(axis, Qt::AlignHCenter | Qt::AlignVCenter,
                   tr("%n node(s)", nullptr, int(m_nodes.size())));
}

QString CoverageStrip::toolTipAt(int x) const
{
    const auto [first, last] = ranksAt(x);
    if (first < 0)
        return QString();
    if (first == last) {
        const std::string node = m_job.nodeOf(first);
        const QString who = node.empty()
                                ? tr("Rank %1").arg(first)
                                : tr("Rank %1 (%2)").arg(first).arg(QString::fromStdString(node));
        return tr("%1: %2").arg(who, CoverageText::layersOf(m_job, first));
    }
    QStringList parts;
    for (const CoverageRow &row : kCoverageRows) {
        const RankSet &has = m_job.layers.*(row.ranks);
        int count = 0;
        for (int r = first; r <= last; ++r)
            count += has.contains(r) ? 1 : 0;
        parts << tr("%1 %2/%3").arg(layerShortName(row.layer)).arg(count).arg(last - first + 1);
    }
    return tr("Ranks %1-%2: %3").arg(first).arg(last).arg(parts.join(QStringLiteral(", ")));
}

bool CoverageStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos().x());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void CoverageStrip::mousePressEvent(QMouseEvent *event)
{
    const auto [first, last] = ranksAt(int(event->position().x()));
    if (first < 0)
        return QWidget::mousePressEvent(event);
    // A bin: its marked rank when it has one, else its first.
    int rank = first;
    for (int r = first; r <= last; ++r)
        if (m_marked.contains(r)) {
            rank = r;
            break;
        }
    emit rankActivated(rank);
}

void CoverageStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

} // namespace rankscope
