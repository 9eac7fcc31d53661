#include "views/logs/LogFilterBar.h"
#include "views/common/CaptionLabel.h"
#include "views/common/ElidingComboBox.h"
#include "views/common/FlowLayout.h"

#include "views/logs/LogSeverityStyle.h"
#include "views/logs/LogTimeText.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace rankscope {

namespace {

constexpr int kTemplateChars = 70; // template list entries are cut here (tooltip: all of it)

std::optional<RankSet> parseRanks(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return RankSet();
    return RankSet::parse(trimmed.toStdString());
}

} // namespace

LogFilterBar::LogFilterBar(QWidget *parent)
    : QWidget(parent), m_ranks(new QLineEdit(this)), m_from(new QLineEdit(this)),
      m_to(new QLineEdit(this)), m_window(new QToolButton(this)), m_severity(new QComboBox(this)),
      m_text(new QLineEdit(this)), m_regex(new QToolButton(this)),
      m_template(new ElidingComboBox(16, this)), m_copies(new QToolButton(this)),
      m_clear(new QToolButton(this)), m_debounce(new QTimer(this))
{
    m_ranks->setPlaceholderText(tr("all, e.g. 0-7,12"));
    m_ranks->setToolTip(tr("Ranks whose lines are shown, as ranges: \"0-7,12\". Empty: all."));
    m_ranks->setClearButtonEnabled(true);
    m_ranks->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0-36,38-127,200")) +
                             40);
    const QString timeHelp =
        tr("A time (UTC) such as \"12:31:04\" or \"2024-05-01 12:31:04.250\", or epoch seconds. "
           "Empty: open.");
    m_from->setPlaceholderText(tr("start"));
    m_from->setToolTip(tr("Show lines from this time on.") + QLatin1Char('\n') + timeHelp);
    m_to->setPlaceholderText(tr("end"));
    m_to->setToolTip(tr("Show lines before this time.") + QLatin1Char('\n') + timeHelp);
    for (QLineEdit *edit : {m_from, m_to}) {
        edit->setClearButtonEnabled(true);
        edit->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("00:00:00.000")) + 40);
    }
    m_window->setText(tr("Heatmap window"));
    m_window->setToolTip(tr("Use the window selected in the heatmap (select a cell first)."));
    m_window->setEnabled(false);
    for (const LogSeverity s : {LogSeverity::Unknown, LogSeverity::Debug, LogSeverity::Info,
                                LogSeverity::Warning, LogSeverity::Error, LogSeverity::Fatal}) {
        QString text;
        switch (s) {
        case LogSeverity::Unknown:
            text = tr("All levels");
            break;
        case LogSeverity::Fatal:
            text = tr("Fatal only");
            break;
        default:
            text = tr("%1 and worse").arg(LogSeverityStyle::shortName(s));
        }
        m_severity->addItem(text, int(s));
    }
    m_severity->setToolTip(tr("The least severe level shown. Lines without a level are shown "
                              "only with \"All levels\"."));
    m_text->setPlaceholderText(tr("search text"));
    m_text->setClearButtonEnabled(true);
    m_text->setToolTip(tr("Lines containing this text (case-insensitive), or matching it as a "
                          "regular expression when \".*\" is on."));
    m_regex->setText(QStringLiteral(".*"));
    m_regex->setCheckable(true);
    m_regex->setToolTip(tr("Read the search text as a regular expression."));
    // Narrower than a template: the chosen one ends with "…", the list shows them whole. At
    // most 36 characters wide, so that the text field keeps a row with it in a laptop window.
    m_template->setMaximumWidth(m_template->minimumSizeHint().width() +
                                20 * fontMetrics().averageCharWidth());
    m_template->setToolTip(tr("Only the lines of one template (or click one in the table)."));
    setTemplates({});
    m_copies->setCheckable(true);
    setCopyCount(0);
    m_clear->setText(tr("Clear"));
    m_clear->setToolTip(tr("Remove every filter: show all lines."));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);

    // Two groups of controls (where and when; what), each wrapping onto more rows in a narrow
    // window: in one row the bar's minimum was 1,143 px, in two rows 565 px, and the window grew
    // to fit it. A caption stays with its control.
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(4, 2, 4, 2);
    rows->setSpacing(2);
    auto *where = new FlowLayout;
    auto *what = new FlowLayout;
    rows->addLayout(where);
    rows->addLayout(what);
    const auto group = [this](FlowLayout *flow, const QString &caption,
                              std::initializer_list<QWidget *> controls) {
        auto *row = new QHBoxLayout;
        row->setSpacing(4);
        row->addWidget(captionLabel(caption, this));
        for (QWidget *control : controls)
            row->addWidget(control);
        flow->addLayout(row);
    };
    group(where, tr("Ranks:"), {m_ranks});
    group(where, tr("From:"), {m_from});
    group(where, tr("To:"), {m_to});
    where->addWidget(m_window);
    group(where, tr("Level:"), {m_severity});
    group(what, tr("Text:"), {m_text, m_regex});
    group(what, tr("Template:"), {m_template});
    what->addWidget(m_copies);
    what->addWidget(m_clear);

    // Typing settles before the (possibly expensive) query; lists and buttons apply at once.
    for (QLineEdit *edit : {m_ranks, m_text}) {
        connect(edit, &QLineEdit::textChanged, this, [this] {
            validate();
            m_debounce->start();
        });
        connect(edit, &QLineEdit::returnPressed, this, &LogFilterBar::emitIfChanged);
    }
    for (QLineEdit *edit : {m_from, m_to}) {
        connect(edit, &QLineEdit::textEdited, this, &LogFilterBar::timeEdited);
        connect(edit, &QLineEdit::textChanged, this, [this] {
            validate();
            m_debounce->start();
        });
        connect(edit, &QLineEdit::returnPressed, this, &LogFilterBar::emitIfChanged);
    }
    connect(m_debounce, &QTimer::timeout, this, &LogFilterBar::emitIfChanged);
    connect(m_regex, &QToolButton::toggled, this, [this] {
        validate();
        emitIfChanged();
    });
    connect(m_severity, &QComboBox::currentIndexChanged, this, &LogFilterBar::emitIfChanged);
    connect(m_template, &QComboBox::currentIndexChanged, this, &LogFilterBar::emitIfChanged);
    connect(m_copies, &QToolButton::toggled, this, &LogFilterBar::emitIfChanged);
    connect(m_window, &QToolButton::clicked, this, &LogFilterBar::useSelectedWindow);
    connect(m_clear, &QToolButton::clicked, this, &LogFilterBar::clearFilters);
}

LogLineFilter LogFilterBar::filter() const
{
    LogLineFilter f;
    if (const auto ranks = parseRanks(m_ranks->text()))
        f.ranks = *ranks;
    f.fromNs = timeOf(m_from).value_or(LogLineFilter::kOpen);
    f.toNs = timeOf(m_to).value_or(LogLineFilter::kOpen);
    if (f.hasWindow())
        f.windowLabel = m_windowLabel;
    f.minSeverity = LogSeverity(m_severity->currentData().toInt());
    f.text = m_text->text();
    // "Regular expression" means nothing without a text: the same filter as without it.
    f.regex = m_regex->isChecked() && !f.text.isEmpty();
    if (f.regex && !QRegularExpression(f.text).isValid()) {
        f.text.clear();
        f.regex = false;
    }
    f.templ = TemplateId(m_template->currentData().toUInt());
    f.copies = m_copies->isChecked();
    return f;
}

bool LogFilterBar::isValid() const
{
    return m_valid;
}

void LogFilterBar::markField(QWidget *field, const QString &problem, const QString &help)
{
    // The tooltip keeps its help text; a problem is put in front of it.
    if (problem.isEmpty()) {
        field->setStyleSheet(QString());
        field->setToolTip(help);
        return;
    }
    m_valid = false;
    field->setStyleSheet(QStringLiteral("QLineEdit { background-color: #fbd9d6; color: black; }"));
    field->setToolTip(problem + QLatin1Char('\n') + help);
}

void LogFilterBar::validate()
{
    m_valid = true;
    const QString rankHelp = tr("Ranks whose lines are shown, as ranges: \"0-7,12\". Empty: all.");
    markField(m_ranks, parseRanks(m_ranks->text()) ? QString() : tr("Not a rank list."), rankHelp);
    const QString timeHelp =
        tr("A time (UTC) such as \"12:31:04\" or \"2024-05-01 12:31:04.250\", or epoch seconds. "
           "Empty: open.");
    const auto from = timeOf(m_from);
    const auto to = timeOf(m_to);
    const bool fromEmpty = m_from->text().trimmed().isEmpty();
    const bool toEmpty = m_to->text().trimmed().isEmpty();
    markField(m_from, fromEmpty || from ? QString() : tr("Not a time."),
              tr("Show lines from this time on.") + QLatin1Char('\n') + timeHelp);
    QString toProblem;
    if (!toEmpty && !to)
        toProblem = tr("Not a time.");
    else if (from && to && *to <= *from)
        toProblem = tr("The end is not after the start.");
    markField(m_to, toProblem, tr("Show lines before this time.") + QLatin1Char('\n') + timeHelp);
    QString textProblem;
    if (m_regex->isChecked()) {
        const QRegularExpression re(m_text->text());
        if (!re.isValid())
            textProblem = tr("Not a regular expression: %1").arg(re.errorString());
    }
    markField(m_text, textProblem,
              tr("Lines containing this text (case-insensitive), or matching it as a regular "
                 "expression when \".*\" is on."));
}

void LogFilterBar::emitIfChanged()
{
    m_debounce->stop();
    validate();
    if (!m_valid)
        return;
    const LogLineFilter f = filter();
    if (f == m_emitted)
        return;
    m_emitted = f;
    emit filterChanged(f);
}

void LogFilterBar::timeEdited()
{
    m_windowLabel.clear(); // typed by hand: no longer the heatmap's window
}

void LogFilterBar::setFilter(const LogLineFilter &f)
{
    const QSignalBlocker blockRanks(m_ranks), blockFrom(m_from), blockTo(m_to),
        blockSeverity(m_severity), blockText(m_text), blockRegex(m_regex),
        blockTemplate(m_template), blockCopies(m_copies);
    m_debounce->stop();
    m_ranks->setText(QString::fromStdString(f.ranks.toString()));
    showTime(m_from, f.fromNs);
    showTime(m_to, f.toNs);
    m_windowLabel = f.windowLabel;
    const int severity = m_severity->findData(int(f.minSeverity));
    m_severity->setCurrentIndex(severity >= 0 ? severity : 0);
    m_text->setText(f.text);
    m_regex->setChecked(f.regex);
    int templ = m_template->findData(uint(f.templ));
    if (templ < 0) {
        m_template->addItem(tr("template %1").arg(f.templ), uint(f.templ));
        templ = m_template->count() - 1;
    }
    m_template->setCurrentIndex(templ);
    m_copies->setChecked(f.copies);
    validate();
    m_emitted = m_valid ? filter() : f;
}

std::optional<qint64> LogFilterBar::timeOf(const QLineEdit *edit) const
{
    const QString text = edit->text().trimmed();
    if (text.isEmpty())
        return std::nullopt;
    const ExactTime &exact = edit == m_from ? m_exactFrom : m_exactTo;
    if (!exact.text.isEmpty() && text == exact.text)
        return exact.ns;
    return LogTimeText::parse(text, m_referenceNs);
}

void LogFilterBar::showTime(QLineEdit *edit, qint64 ns)
{
    ExactTime &exact = edit == m_from ? m_exactFrom : m_exactTo;
    if (ns == LogLineFilter::kOpen) {
        exact = {};
        edit->clear();
        return;
    }
    exact = {LogTimeText::editText(ns, m_referenceNs), ns};
    edit->setText(exact.text);
}

void LogFilterBar::setTemplates(const std::vector<std::pair<TemplateId, QString>> &templates)
{
    const TemplateId current = TemplateId(m_template->currentData().toUInt());
    const QSignalBlocker block(m_template);
    m_template->clear();
    m_template->addItem(tr("All templates"), uint(kNoTemplate));
    for (const auto &[id, text] : templates) {
        QString shown = text;
        shown.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
        if (shown.size() > kTemplateChars)
            shown = shown.left(kTemplateChars - 1) + QStringLiteral("…");
        m_template->addItem(shown, uint(id));
        m_template->setItemData(m_template->count() - 1, text, Qt::ToolTipRole);
    }
    const int index = m_template->findData(uint(current));
    m_template->setCurrentIndex(index >= 0 ? index : 0);
}

void LogFilterBar::setReferenceTime(qint64 ns)
{
    m_referenceNs = ns;
}

void LogFilterBar::setSelectedWindow(qint64 fromNs, qint64 toNs, const QString &label)
{
    const bool valid = fromNs < toNs;
    m_selectedFromNs = valid ? fromNs : 0;
    m_selectedToNs = valid ? toNs : 0;
    m_selectedLabel = valid ? label : QString();
    m_window->setEnabled(valid);
    m_window->setToolTip(
        valid ? tr("Show the lines of the window selected in the heatmap: %1 (%2 – %3).")
                    .arg(label.isEmpty() ? tr("selection") : label, LogTimeText::clock(fromNs),
                         LogTimeText::clock(toNs))
              : tr("Use the window selected in the heatmap (select a cell first)."));
}

void LogFilterBar::useSelectedWindow()
{
    if (m_selectedFromNs >= m_selectedToNs)
        return;
    LogLineFilter f = filter();
    f.fromNs = m_selectedFromNs;
    f.toNs = m_selectedToNs;
    f.windowLabel = m_selectedLabel;
    const LogLineFilter before = m_emitted;
    setFilter(f);
    // setFilter() shows without emitting; here the user asked for it, so it applies now.
    if (m_emitted != before)
        emit filterChanged(m_emitted);
}

void LogFilterBar::setCopyCount(qint64 copies)
{
    m_copies->setText(copies > 0 ? tr("Copies (%1)").arg(QLocale().toString(copies))
                                 : tr("Copies"));
    m_copies->setEnabled(copies > 0 || m_copies->isChecked());
    m_copies->setToolTip(
        copies > 0
            ? tr("Also show the %n lines that are copies of a line another file holds (the "
                 "same event in a rank's own log and in the launcher's output). Every count "
                 "takes the event once, from the rank's own file; copies are marked \"copy\".",
                 nullptr, int(std::min<qint64>(copies, INT_MAX)))
            : tr("No line of this job is a copy of another file's line."));
}

void LogFilterBar::clearFilters()
{
    const LogLineFilter before = m_emitted;
    LogLineFilter cleared;
    cleared.copies = m_copies->isChecked(); // showing copies is a view choice, not a filter
    setFilter(cleared);
    if (m_emitted != before)
        emit filterChanged(m_emitted);
}

} // namespace rankscope
