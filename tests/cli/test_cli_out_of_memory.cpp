// Out of memory is not a crash (issue 13, class 4): rankscope-cli run with its address space
// capped reads a bundle whose one trace needs more than that; the trace is a problem, "out of
// memory while reading this file", and the rest of the bundle is imported with status 0.
#include "CliTestSupport.h"

#include <QTemporaryDir>

#include <filesystem>
#include <fstream>

#include <sys/resource.h>

using namespace cli_test;

namespace {

constexpr rlim_t kAddressSpaceBytes = 400ull << 20;

} // namespace

class CliOutOfMemoryTest : public QObject
{
    Q_OBJECT

private slots:
    void aFileThatRunsOutOfMemoryIsAProblem()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("AddressSanitizer reserves terabytes of shadow address space: no cap fits it");
#endif
        QTemporaryDir dir;
        const std::string bundle = dir.path().toStdString() + "/bundle";
        std::filesystem::create_directories(bundle + "/traces");
        std::filesystem::create_directories(bundle + "/stacks");
        {
            // 160 MB of JSON: its text, the parser's index (about four bytes per structural
            // character) and the events need far more than 400 MiB of address space.
            std::ofstream trace(bundle + "/traces/rank0.json", std::ios::binary);
            trace << "{\"traceEvents\":[";
            std::string block;
            for (int i = 0; i < 10000; ++i)
                block += "{\"ph\":\"X\",\"name\":\"a\",\"pid\":0,\"tid\":1,\"ts\":1,\"dur\":1},";
            for (int i = 0; i < 300; ++i)
                trace << block;
            trace << "{\"ph\":\"i\",\"name\":\"e\",\"pid\":0,\"tid\":1,\"ts\":1}]}";
        }
        std::ofstream(bundle + "/stacks/rank0.txt")
            << "Thread 0x1 (idle): \"MainThread\"\n    f (a.py:1)\n";

        QProcess process;
        process.setProgram(QString::fromUtf8(RANKSCOPE_CLI_BINARY));
        process.setArguments({QStringLiteral("import"), QString::fromStdString(bundle),
                              QStringLiteral("--cache-dir"),
                              dir.path() + QStringLiteral("/cache")});
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        // glibc reserves 64 MiB of address space per malloc arena and thread: two arenas keep
        // the cap about the data, not the thread count of the machine.
        environment.insert(QStringLiteral("MALLOC_ARENA_MAX"), QStringLiteral("2"));
        process.setProcessEnvironment(environment);
        process.setChildProcessModifier([] {
            const rlimit limit{kAddressSpaceBytes, kAddressSpaceBytes};
            ::setrlimit(RLIMIT_AS, &limit);
        });
        process.start();
        QVERIFY(process.waitForFinished(120000));
        const std::string out = process.readAllStandardOutput().toStdString();
        const std::string err = process.readAllStandardError().toStdString();
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QVERIFY2(process.exitCode() == 0, err.c_str());
        QVERIFY2(out.find("traces/rank0.json: out of memory while reading this file; it was "
                          "skipped, the rest of the bundle was imported") != std::string::npos,
                 out.c_str());
        QVERIFY2(out.find("samples    1\n") != std::string::npos, out.c_str());
    }
};

QTEST_GUILESS_MAIN(CliOutOfMemoryTest)
#include "test_cli_out_of_memory.moc"
