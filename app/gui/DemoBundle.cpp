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
    constexpr int kDemoVersion = 2;
    const std::filesystem::path dir =
        rankscope::defaultCacheDir() / "demo" /
        (name + "-" + std::to_string(kRanks) + "-v" + std::to_string(kDemoVersion));
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
        options.outDir = dir;
        rankscope::writeSyntheticBundle(options);
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return {};
    }
    return path;
}

} // namespace DemoBundle
