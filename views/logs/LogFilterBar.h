#pragma once

#include "views/logs/LogLineFilter.h"

#include <QWidget>

#include <optional>

#include <utility>
#include <vector>

class QComboBox;
class QLineEdit;
class QTimer;
class QToolButton;

namespace rankscope {

// The line view's filters in one row: ranks ("0-7,12"), a time window (from/to, or the window
// selected in the heatmap), minimum severity, text (substring or regular expression),
// template, and whether copies of lines another file holds are shown. Emits the whole LogLineFilter
// whenever a valid change settles (typing is debounced; a field that does not parse is marked and
// holds the emission back).
class LogFilterBar : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kDebounceMs = 300;

    explicit LogFilterBar(QWidget *parent = nullptr);

    LogLineFilter filter() const; // what the fields say (parts that do not parse are left out)
    bool isValid() const;         // every field parses
    // Shows a filter without emitting (links from other views go through LogsView::setFilter).
    void setFilter(const LogLineFilter &filter);
    // The templates offered in the template list, in the order given.
    void setTemplates(const std::vector<std::pair<TemplateId, QString>> &templates);
    // The day times without a date are read on ("12:31" = 12:31 on that day).
    void setReferenceTime(qint64 ns);
    // The window selected in the heatmap, offered by the "Heatmap window" button; label such
    // as "iteration 1498". from >= to: none.
    void setSelectedWindow(qint64 fromNs, qint64 toNs, const QString &label);
    // How many lines of the job copy another file's: the "Copies" switch says it and is
    // enabled only when there are some.
    void setCopyCount(qint64 copies);

    QLineEdit *ranksEdit() const { return m_ranks; }
    QLineEdit *fromEdit() const { return m_from; }
    QLineEdit *toEdit() const { return m_to; }
    QToolButton *windowButton() const { return m_window; }
    QComboBox *severityCombo() const { return m_severity; }
    QLineEdit *textEdit() const { return m_text; }
    QToolButton *regexButton() const { return m_regex; }
    QComboBox *templateCombo() const { return m_template; }
    QToolButton *clearButton() const { return m_clear; }
    QToolButton *copiesButton() const { return m_copies; }

public slots:
    void clearFilters(); // everything back to "all lines", emitted at once
    void useSelectedWindow();
    // Emits now if the fields are valid and differ from the last emitted filter.
    void emitIfChanged();

signals:
    void filterChanged(const rankscope::LogLineFilter &filter);

private:
    void validate();
    void markField(QWidget *field, const QString &problem, const QString &help);
    void timeEdited();
    // The time in a field: the exact ns it was set to while its text is unchanged (the text
    // shows milliseconds), else what the text parses to.
    std::optional<qint64> timeOf(const QLineEdit *edit) const;
    void showTime(QLineEdit *edit, qint64 ns);

    QLineEdit *m_ranks = nullptr;
    QLineEdit *m_from = nullptr;
    QLineEdit *m_to = nullptr;
    QToolButton *m_window = nullptr;
    QComboBox *m_severity = nullptr;
    QLineEdit *m_text = nullptr;
    QToolButton *m_regex = nullptr;
    QComboBox *m_template = nullptr;
    QToolButton *m_copies = nullptr;
    QToolButton *m_clear = nullptr;
    QTimer *m_debounce = nullptr;

    LogLineFilter m_emitted;
    struct ExactTime
    {
        QString text;
        qint64 ns = 0;
    };
    ExactTime m_exactFrom, m_exactTo;
    QString m_windowLabel; // of the window currently in from/to; "" when typed by hand
    qint64 m_referenceNs = 0;
    qint64 m_selectedFromNs = 0;
    qint64 m_selectedToNs = 0;
    QString m_selectedLabel;
    bool m_valid = true;
};

} // namespace rankscope
