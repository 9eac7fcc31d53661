#include "DemoBundle.h"

#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"

#include <QDir>
#include <QFileInfo>

namespace DemoBundle {

QString ensure(const QString &scenario, QString *error)
{
    constexpr int kRanks = 64;
    constexpr std::uint64_t kSeed = 7;
    const std::string name =
        scenario.isEmpty() ? std::string("hang-dataloader") : scenario.toStdString();
    // Bumped whenever the synthetic generator writes more (traces, logs): an older demo in the
    // cache would lack what this version shows.
    // 3: every demo comes with its healthy baseline, named in job.json.
    constexpr int kDemoVersion = 3;
    const std::string base =
        name + "-" + std::to_string(kRanks) + "-v" + std::to_string(kDemoVersion);
    const std::filesystem::path dir = rankscope::defaultCacheDir() / "demo" / base;
    const std::filesystem::path baselineDir =
        rankscope::defaultCacheDir() / "demo" / (base + "-baseline");
    const QString path = QString::fromStdString(dir.string());
    // ground_truth.json is written last: its presence means a complete earlier write.
    if (QFileInfo::exists(path + QStringLiteral("/ground_truth.json")))
        return path;
    try {
        QDir(path).removeRecursively();
        rankscope::SynthOptions options;
        options.scenario = name;
        options.ranks = kRanks;
        options.seed = kSeed;
        // The healthy twin first: the demo's ground_truth.json, written last, marks both done.
        options.outDir = baselineDir;
        options.healthyBaseline = true;
        rankscope::writeSyntheticBundle(options);
        options.outDir = dir;
        options.healthyBaseline = false;
        options.baselineDir = baselineDir;
        rankscope::writeSyntheticBundle(options);
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return {};
    }
    return path;
}

} // namespace DemoBundle
