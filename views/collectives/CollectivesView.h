#pragma once

#include "views/collectives/CollectiveFindingsPanel.h"
#include "views/collectives/CollectiveStripWidget.h"
#include "views/export/ViewExporter.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTextBrowser;

namespace rankscope {

struct NoteLayer;

// The Collectives tab: a process-group selector (the group most ranks are blocked in first),
// the group's ranks x sequence strip, the findings of the collective analysis, and the details
// of the chosen entry or finding (op, sizes, dtypes, state, times, timeout, call site, source).
// Choosing a finding shows its group, selects its ranks and sequence, and emits ranksSelected
// for the other views (the shared selection).
class CollectivesView : public QWidget
{
    Q_OBJECT

public:
    explicit CollectivesView(QWidget *parent = nullptr);

    void setData(std::shared_ptr<const CollectiveViewData> data);
    void clear(const QString &message = QString());
    const CollectiveViewData *data() const { return m_data.get(); }
    bool hasData() const { return m_data && !m_data->strips.empty(); }

    // Shows a group's strip (an index into CollectiveViewData::strips), as the selector does.
    void showGroup(int strip);
    int currentGroup() const;
    // Does what clicking finding `index` (CollectiveReport::suspects) does, signal included.
    void activateFinding(int index);
    int activeFinding() const { return m_activeFinding; }
    // Follows a rank selected elsewhere: marks it in the strip; emits nothing.
    void selectRanks(const RankSet &ranks);

    // The picture of the current strip, its selection and a caption naming the group and the
    // finding, as PNG or SVG (by suffix). `job` is the job id or bundle name; `notes` (optional)
    // the user's notes of the Collectives view, drawn over it.
    bool exportImage(const QString &file, const QString &job, QString *error = nullptr,
                     const NoteLayer *notes = nullptr) const;
    // The same for a strip without a widget (rankscope --export-view collectives).
    static bool writeImage(std::shared_ptr<const CollectiveViewData> data, int strip, int finding,
                           QSize size, const QString &job, const QString &file,
                           QString *error = nullptr, const NoteLayer *notes = nullptr);
    static ExportCaption caption(const CollectiveViewData &data, int strip, int finding,
                                 const QString &job);

    QComboBox *groupCombo() const { return m_groups; }
    CollectiveStripWidget *strip() const { return m_strip; }
    CollectiveFindingsPanel *findings() const { return m_findings; }
    QTextBrowser *details() const { return m_details; }

signals:
    // Ranks the user chose here (a finding's, a clicked cell's): the shared selection.
    void ranksSelected(const rankscope::RankSet &ranks);

private:
    void showEntry(std::int64_t entry, int rank, std::int64_t seq);
    void showFinding(int index);
    void updateStatus();

    std::shared_ptr<const CollectiveViewData> m_data;
    int m_activeFinding = -1;
    QComboBox *m_groups = nullptr;
    QLabel *m_status = nullptr;
    CollectiveStripWidget *m_strip = nullptr;
    CollectiveFindingsPanel *m_findings = nullptr;
    QTextBrowser *m_details = nullptr;
};

} // namespace rankscope
