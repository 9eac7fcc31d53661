#include "OverviewResults.h"

#include "core/findings/CollectiveFindings.h"
#include "core/findings/DiffFindings.h"
#include "core/findings/LogFindings.h"
#include "core/findings/StackFindings.h"
#include "core/findings/TraceFindings.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

using namespace rankscope;

OverviewData computeOverview(const OverviewInputs &in)
{
    std::vector<LayerFindings> layers;
    if (in.stacks && in.tree && in.stackAnalysis && !in.stacks->samples.empty())
        layers.push_back(stackFindings(*in.stackAnalysis, *in.stacks, *in.tree));
    else
        layers.push_back(absentLayer(FindingLayer::Stacks));

    std::optional<LayerFindings> timing;
    if (in.stragglers)
        timing = traceFindings(*in.stragglers, in.stragglersFromLogs);
    layers.push_back(timing && !in.stragglersFromLogs ? std::move(*timing)
                                                      : absentLayer(FindingLayer::Traces));
    if (in.logs) {
        LayerFindings layer = logFindings(*in.logs);
        // Step times from the logs' iteration lines are the logs' evidence (as the CLI has it).
        if (timing && in.stragglersFromLogs)
            for (Finding &f : timing->findings)
                layer.findings.push_back(std::move(f));
        layers.push_back(std::move(layer));
    } else {
        layers.push_back(absentLayer(FindingLayer::Logs));
    }
    layers.push_back(in.collectives ? collectiveFindings(*in.collectives)
                                    : absentLayer(FindingLayer::Collectives));
    layers.push_back(in.diff ? baselineFindings(*in.diff, in.logs.get())
                             : absentLayer(FindingLayer::Baseline));

    OverviewData data;
    data.verdict = joinFindings(layers, FindingsJob::fromJob(in.job));
    data.job = in.job;
    data.problems = in.problems;
    data.hasBaseline = in.diff != nullptr;
    return data;
}

OverviewLoader::OverviewLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const OverviewData>>();
}

void OverviewLoader::request(OverviewInputs inputs)
{
    const quint64 job = ++m_job;
    m_running = true;
    using Result = std::shared_ptr<const OverviewData>;
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, job] {
        watcher->deleteLater();
        if (job != m_job)
            return; // a newer state of the layers is being joined
        m_running = false;
        emit ready(watcher->future().result());
    });
    watcher->setFuture(QtConcurrent::run([inputs = std::move(inputs)]() -> Result {
        try {
            return std::make_shared<const OverviewData>(computeOverview(inputs));
        } catch (const std::exception &) {
            return nullptr; // out of memory: the Overview says it has nothing
        }
    }));
}
