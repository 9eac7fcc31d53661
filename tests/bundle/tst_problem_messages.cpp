// Problem messages say the file and the place once (issue 13, class 9): every importer's
// problem carries its file (and line) as fields, and its sentence repeats neither; a corrupt
// gzip or zstd file is one problem, the decompression error, not also "empty".
#include "BundleTestSupport.h"

#include "importers/bundle/BundleImport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace rankscope;
using namespace bundle_test;

namespace {

const QByteArray kZstdMagic("\x28\xb5\x2f\xfd", 4);
const QByteArray kGzipMagic("\x1f\x8b\x08\x00", 4);

QByteArray junk()
{
    QByteArray bytes;
    for (int i = 0; i < 1024; ++i)
        bytes.append(char(i % 256));
    return bytes;
}

} // namespace

class ProblemMessagesTest : public QObject
{
    Q_OBJECT

private slots:
    void corruptCompressedFilesAreOneProblem()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        const QString root = bundle.path();
        writeFile(root, QStringLiteral("logs/rank0.log.zst"), kZstdMagic + junk());
        writeFile(root, QStringLiteral("logs/rank1.log.gz"), kGzipMagic + junk());
        writeFile(root, QStringLiteral("traces/rank0.json.zst"), kZstdMagic + junk());
        writeFile(root, QStringLiteral("traces/rank1.json.gz"), kGzipMagic + junk());
        writeFile(root, QStringLiteral("stacks/rank0.txt.gz"), kGzipMagic + junk());
        writeFile(root, QStringLiteral("stacks/rank2.txt"),
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n");
        const ImportResult result = importBundle(options(root, cache.path()));
        std::map<std::string, int> perFile;
        for (const ImportProblem &p : result.stacks.problems)
            ++perFile[p.file];
        const QString all = problemsText(result.stacks.problems);
        for (const char *file : {"logs/rank0.log.zst", "logs/rank1.log.gz", "traces/rank0.json.zst",
                                 "traces/rank1.json.gz", "stacks/rank0.txt.gz"})
            QVERIFY2(perFile[file] == 1,
                     qPrintable(QString::fromUtf8(file) + QLatin1Char('\n') + all));
        for (const ImportProblem &p : result.stacks.problems) {
            QVERIFY2(p.message.find("empty") == std::string::npos, qPrintable(all));
            QVERIFY2(p.line == 0, qPrintable(all)); // nothing was read: no line to point at
        }
        const ImportProblem *log = problemFor(result.stacks.problems, "logs/rank1.log.gz");
        QVERIFY(log);
        QVERIFY2(log->message.find("gzip data is corrupt") != std::string::npos &&
                     log->message.find("nothing could be read") != std::string::npos,
                 log->message.c_str());
        const ImportProblem *stack = problemFor(result.stacks.problems, "stacks/rank0.txt.gz");
        QVERIFY(stack);
        QVERIFY2(stack->message.find("gzip-compressed") != std::string::npos,
                 stack->message.c_str());
    }

    // One file of each importer with a problem at a place: the sentence names neither the file
    // nor the line again (printed "FILE:LINE: MESSAGE" they would appear twice).
    void placeIsSaidOnce()
    {
        QTemporaryDir bundle;
        QTemporaryDir cache;
        const QString root = bundle.path();
        writeFile(root, QStringLiteral("logs/rank0.log"),
                  QByteArray("2024-05-01 12:00:00,000 INFO ok\ncaf\xe9 latin-1\n"));
        writeFile(root, QStringLiteral("traces/rank0.json"),
                  "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":0,\"tid\":1,\"ts\":1}]}");
        writeFile(root, QStringLiteral("stacks/rank0.txt"),
                  "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n    g (b.py:2)");
        writeFile(root, QStringLiteral("fr/nccl_trace_rank_0"),
                  QByteArray("\x80\x02"
                             "cposix\nsystem\n",
                             16));
        writeFile(root, QStringLiteral("job.json"), "{\"world_size\": 1,");
        const ImportResult result = importBundle(options(root, cache.path()));
        const QString all = problemsText(result.stacks.problems);
        std::map<std::string, int> perFile;
        for (const ImportProblem &p : result.stacks.problems) {
            ++perFile[p.file];
            QVERIFY2(p.message.find(p.file) == std::string::npos, qPrintable(all));
            const std::size_t slash = p.file.rfind('/');
            const std::string name = slash == std::string::npos ? p.file : p.file.substr(slash + 1);
            QVERIFY2(p.message.rfind(name, 0) != 0, qPrintable(all));
            if (p.line > 0)
                QVERIFY2(p.message.find("line " + std::to_string(p.line) + ":") ==
                             std::string::npos,
                         qPrintable(all));
        }
        for (const char *file :
             {"logs/rank0.log", "traces/rank0.json", "fr/nccl_trace_rank_0", "job.json"})
            QVERIFY2(perFile[file] >= 1,
                     qPrintable(QString::fromUtf8(file) + QLatin1Char('\n') + all));
        const ImportProblem *log = problemFor(result.stacks.problems, "logs/rank0.log");
        QCOMPARE(log->line, std::int64_t(2));
        QCOMPARE(log->message, std::string("1 byte of invalid UTF-8 replaced by U+FFFD."));
        const ImportProblem *dump = problemFor(result.stacks.problems, "fr/nccl_trace_rank_0");
        QVERIFY2(dump->message.rfind("byte 2: opcode GLOBAL", 0) == 0, dump->message.c_str());
        const ImportProblem *manifest = problemFor(result.stacks.problems, "job.json");
        QVERIFY2(manifest->message.rfind("not valid JSON (", 0) == 0, manifest->message.c_str());
    }
};

QTEST_GUILESS_MAIN(ProblemMessagesTest)
#include "tst_problem_messages.moc"
