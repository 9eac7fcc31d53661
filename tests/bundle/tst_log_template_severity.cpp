// A mined template's severity in the cache is the level of its lines (the highest level at
// least half of its levelled events reach), whatever header shape carried the level; a
// built-in template keeps its own.
#include "BundleTestSupport.h"
#include "TraceBundleSupport.h"

#include "core/cache/LogCacheReader.h"
#include "importers/bundle/BundleImport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace rankscope;
using namespace bundle_test;

namespace {

constexpr qint64 kMtime = 1764417600;

const LogTemplate *templateContaining(const std::vector<LogTemplate> &templates,
                                      std::string_view needle)
{
    for (const LogTemplate &templ : templates) {
        if (templ.text.find(needle) != std::string::npos)
            return &templ;
    }
    return nullptr;
}

} // namespace

class TestLogTemplateSeverity : public QObject
{
    Q_OBJECT

private slots:
    void minedTemplatesTakeTheLevelOfTheirLines()
    {
        QByteArray text;
        // torchrun's elastic agent: the level sits after the logger's name.
        for (int i = 0; i < 6; ++i)
            text += "[2025-10-14 12:04:49,079] torch.distributed.run: [WARNING] Setting "
                    "OMP_NUM_THREADS environment variable for each process to be " +
                    QByteArray::number(i + 1) + " in default\n";
        // Twenty INFO lines and one ERROR line of one template: the template is INFO.
        for (int i = 0; i < 20; ++i)
            text += "2026-11-29 12:31:04,000 INFO shard " + QByteArray::number(i) +
                    " verified on disk in " + QByteArray::number(i + 3) + " ms\n";
        text += "2026-11-29 12:31:05,000 ERROR shard 21 verified on disk in 4 ms\n";
        // c10's letter after a Python time.
        for (int i = 0; i < 3; ++i)
            text += "2026-11-29 12:31:06,751 [W1129 12:31:06.531613433 ProcessGroupNCCL.cpp:616] "
                    "heartbeat monitor missed beat " +
                    QByteArray::number(i) + "\n";
        // A built-in: NCCL WARN keeps the built-in's warning even under an ERROR header.
        text += "2026-11-29 12:31:07,000 ERROR node-1:37339:37601 [0] misc/socket.cc:484 NCCL WARN "
                "socketStartConnect: Connect to 10.1.2.4<45117> failed\n";

        QTemporaryDir bundle;
        QTemporaryDir cache;
        writeFile(bundle.path(), QStringLiteral("logs/launcher.out"), text, kMtime);
        const ImportResult result = importBundle(options(bundle.path(), cache.path()));
        QCOMPARE(result.summary.logFiles, 1);
        auto db = openCache(result);
        const std::vector<LogTemplate> templates = loadLogTemplates(*db);

        const LogTemplate *omp = templateContaining(templates, "OMP_NUM_THREADS");
        QVERIFY(omp);
        QCOMPARE(omp->builtin, -1);
        QCOMPARE(omp->severity, LogSeverity::Warning);
        const LogTemplate *shard = templateContaining(templates, "verified on disk");
        QVERIFY(shard);
        QCOMPARE(shard->size, std::int64_t(21));
        QCOMPARE(shard->severity, LogSeverity::Info);
        const LogTemplate *heartbeat = templateContaining(templates, "heartbeat monitor");
        QVERIFY(heartbeat);
        QCOMPARE(heartbeat->severity, LogSeverity::Warning);
        const LogTemplate *nccl = nullptr;
        for (const LogTemplate &templ : templates) {
            if (templ.builtin >= 0 && templ.text.find("NCCL WARN") != std::string::npos)
                nccl = &templ;
        }
        QVERIFY(nccl);
        QCOMPARE(nccl->severity, LogSeverity::Warning);
    }
};

QTEST_GUILESS_MAIN(TestLogTemplateSeverity)
#include "tst_log_template_severity.moc"
