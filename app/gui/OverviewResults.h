#pragma once

#include "core/collectives/CollectiveAnalysis.h"
#include "core/diff/BundleDiff.h"
#include "core/logs/LogAnalysis.h"
#include "core/stacks/StackAnalysis.h"
#include "core/traces/StragglerDetection.h"
#include "views/overview/OverviewData.h"

#include <QMetaType>
#include <QObject>

#include <memory>

// What the Overview joins: each layer's result as the window already holds it (the flame
// graph's analysis, the straggler report, the log analysis, the collectives' report, the
// baseline diff). Any may be null: the layer is then absent from the join, or not loaded yet.
struct OverviewInputs
{
    std::shared_ptr<const rankscope::StackDataset> stacks;
    std::shared_ptr<const rankscope::StackTree> tree;
    std::shared_ptr<const rankscope::StackAnalysis> stackAnalysis;
    std::shared_ptr<const rankscope::StragglerReport> stragglers;
    bool stragglersFromLogs = false; // the windows came from the logs' iteration lines
    std::shared_ptr<const rankscope::LogAnalysis> logs;
    std::shared_ptr<const rankscope::CollectiveReport> collectives;
    std::shared_ptr<const rankscope::BundleDiff> diff;
    rankscope::JobInfo job;
    std::vector<rankscope::ImportProblem> problems;
};

// The layers' findings joined into one verdict (core/findings), as `rankscope-cli findings`
// joins them. Runs on any thread.
rankscope::OverviewData computeOverview(const OverviewInputs &inputs);

// Joins on the thread pool. Each request makes the one before it stale (its result is
// dropped), so the Overview shows the newest state of the layers and the UI never waits.
class OverviewLoader : public QObject
{
    Q_OBJECT
public:
    explicit OverviewLoader(QObject *parent = nullptr);
    void request(OverviewInputs inputs);
    void cancel() { ++m_job; }
    bool isRunning() const { return m_running; }

signals:
    void ready(std::shared_ptr<const rankscope::OverviewData> data);

private:
    quint64 m_job = 0;
    bool m_running = false;
};

Q_DECLARE_METATYPE(std::shared_ptr<const rankscope::OverviewData>)
