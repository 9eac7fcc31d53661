// Argument parsing and the error contract of rankscope-cli: bad input exits 2 with exactly one
// line "rankscope-cli: <reason>" on stderr and nothing on stdout.
#include "CliTestSupport.h"

#include "app/cli/CliArguments.h"
#include "app/cli/CliError.h"
#include "app/cli/CliHelp.h"

#include <QTemporaryDir>

using namespace cli_test;
using rankscope::cli::CliArguments;
using rankscope::cli::CliInputError;

class TestCliArguments : public QObject
{
    Q_OBJECT

private:
    static void verifyUnusableInput(const CliRun &run, const char *mentions)
    {
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(lineCount(run.err), 1);
        QVERIFY2(run.err.rfind("rankscope-cli: ", 0) == 0, run.err.c_str());
        QVERIFY2(run.err.find(mentions) != std::string::npos, run.err.c_str());
        QVERIFY2(run.out.empty(), run.out.c_str());
    }

private slots:
    void parsesOptionsWithSpaceOrEquals()
    {
        const CliArguments args = CliArguments::parse(
            {"stacks", "/b", "--frames", "line", "--threads=all", "--force", "--format=json"});
        QCOMPARE(args.command(), std::string("stacks"));
        QCOMPARE(args.positional().size(), std::size_t(1));
        QCOMPARE(args.positional()[0], std::string("/b"));
        QCOMPARE(args.valueOr("--frames", ""), std::string("line"));
        QCOMPARE(args.valueOr("--threads", ""), std::string("all"));
        QCOMPARE(args.valueOr("--format", ""), std::string("json"));
        QVERIFY(args.has("--force"));
        QVERIFY(!args.has("--annotate"));
        QCOMPARE(args.valueOr("--role", "fallback"), std::string("fallback"));
    }

    void doubleDashEndsOptions()
    {
        const CliArguments args = CliArguments::parse({"import", "--", "--odd-bundle-name"});
        QCOMPARE(args.positional().at(0), std::string("--odd-bundle-name"));
    }

    void rejectsBadCommandLines_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("nothing") << QStringList{} << QStringLiteral("no command");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")}
                                         << QStringLiteral("unknown command 'frobnicate'");
        QTest::newRow("unknown global option")
            << QStringList{QStringLiteral("--frames")} << QStringLiteral("unknown option");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("stacks"), QStringLiteral("/b"),
                           QStringLiteral("--bogus")}
            << QStringLiteral("unknown option '--bogus' for 'stacks'");
        QTest::newRow("missing value")
            << QStringList{QStringLiteral("stacks"), QStringLiteral("/b"),
                           QStringLiteral("--frames")}
            << QStringLiteral("'--frames' needs a value");
        QTest::newRow("no bundle")
            << QStringList{QStringLiteral("import")} << QStringLiteral("needs a bundle path");
        QTest::newRow("two bundles")
            << QStringList{QStringLiteral("import"), QStringLiteral("/a"), QStringLiteral("/b")}
            << QStringLiteral("unexpected argument '/b'");
        QTest::newRow("flag with value")
            << QStringList{QStringLiteral("import"), QStringLiteral("/a"),
                           QStringLiteral("--force=1")}
            << QStringLiteral("takes no value");
        QTest::newRow("bad frames") << QStringList{QStringLiteral("stacks"), QStringLiteral("/b"),
                                                   QStringLiteral("--frames"), QStringLiteral("pc")}
                                    << QStringLiteral("must be one of function, file, line");
        QTest::newRow("bad format") << QStringList{QStringLiteral("stacks"), QStringLiteral("/b"),
                                                   QStringLiteral("--format=xml")}
                                    << QStringLiteral("'--format' must be one of");
        QTest::newRow("bad samples") << QStringList{QStringLiteral("stacks"), QStringLiteral("/b"),
                                                    QStringLiteral("--samples=first")}
                                     << QStringLiteral("'--samples' must be one of all, latest");
        QTest::newRow("bad depth") << QStringList{QStringLiteral("stacks"), QStringLiteral("/b"),
                                                  QStringLiteral("--max-depth=0")}
                                   << QStringLiteral("'--max-depth' needs a whole number");
        QTest::newRow("help unknown") << QStringList{QStringLiteral("help"), QStringLiteral("nope")}
                                      << QStringLiteral("unknown command 'nope'");
        QTest::newRow("synth without scenario")
            << QStringList{QStringLiteral("synth"), QStringLiteral("--ranks=4"),
                           QStringLiteral("--out=/tmp/x")}
            << QStringLiteral("needs --scenario");
        QTest::newRow("synth without ranks")
            << QStringList{QStringLiteral("synth"), QStringLiteral("--scenario=healthy"),
                           QStringLiteral("--out=/tmp/x")}
            << QStringLiteral("needs --ranks");
        QTest::newRow("synth ranks not a number")
            << QStringList{QStringLiteral("synth"), QStringLiteral("--scenario=healthy"),
                           QStringLiteral("--ranks=12x"), QStringLiteral("--out=/tmp/x")}
            << QStringLiteral("'--ranks' needs a whole number from 1 to 262144, not '12x'");
        QTest::newRow("synth zero ranks")
            << QStringList{QStringLiteral("synth"), QStringLiteral("--scenario=healthy"),
                           QStringLiteral("--ranks=0"), QStringLiteral("--out=/tmp/x")}
            << QStringLiteral("'--ranks' needs a whole number");
        QTest::newRow("synth negative seed")
            << QStringList{QStringLiteral("synth"), QStringLiteral("--scenario=healthy"),
                           QStringLiteral("--ranks=2"), QStringLiteral("--seed=-3"),
                           QStringLiteral("--out=/tmp/x")}
            << QStringLiteral("'--seed' needs a whole number");
    }

    void rejectsBadCommandLines()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        std::vector<std::string> argv;
        for (const QString &arg : args)
            argv.push_back(arg.toStdString());
        verifyUnusableInput(runInProcess(argv), mentions.toUtf8().constData());
    }

    void missingBundleIsUnusableInput()
    {
        QTemporaryDir dir;
        const std::string missing = dir.path().toStdString() + "/no-such-bundle";
        verifyUnusableInput(runInProcess({"import", missing}), "no-such-bundle");
        verifyUnusableInput(runInProcess({"stacks", missing, "--format", "json"}),
                            "no-such-bundle");
    }

    void synthInputErrorsAreUnusableInput()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString() + "/bundle";
        verifyUnusableInput(
            runInProcess({"synth", "--scenario", "nope", "--ranks", "4", "--out", out}),
            "unknown scenario 'nope'");
        verifyUnusableInput(
            runInProcess({"synth", "--scenario", "hang-dataloader", "--ranks", "1", "--out", out}),
            "at least 2 ranks");
        // A directory with someone else's files is never written into.
        QFile foreign(dir.path() + QStringLiteral("/notes.txt"));
        QVERIFY(foreign.open(QIODevice::WriteOnly));
        foreign.write("mine");
        foreign.close();
        verifyUnusableInput(runInProcess({"synth", "--scenario", "healthy", "--ranks", "2", "--out",
                                          dir.path().toStdString()}),
                            "not empty");
        QVERIFY(QFile::exists(dir.path() + QStringLiteral("/notes.txt")));
    }

    void helpAndVersionSucceed()
    {
        CliRun run = runInProcess({"--version"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.rfind("rankscope-cli ", 0) == 0);
        QVERIFY(run.err.empty());

        run = runInProcess({"--help"});
        QCOMPARE(run.exitCode, 0);
        for (const char *command : {"import", "stacks", "synth", "bench-stacks", "help"})
            QVERIFY2(run.out.find(command) != std::string::npos, command);

        for (const char *command : {"import", "stacks", "synth", "bench-stacks", "help"}) {
            run = runInProcess({"help", command});
            QCOMPARE(run.exitCode, 0);
            QVERIFY(run.out.rfind(std::string("Usage: rankscope-cli ") + command, 0) == 0);
        }
        // "COMMAND --help" needs none of the command's required arguments.
        run = runInProcess({"stacks", "--help"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.find("--frames function|file|line") != std::string::npos);
    }

    void everyOptionOfTheTableIsDocumented()
    {
        for (const rankscope::cli::CliCommandSpec &spec : rankscope::cli::cliCommands()) {
            const std::string usage = rankscope::cli::commandUsage(spec.name);
            QVERIFY2(!usage.empty(), spec.name.c_str());
            for (const rankscope::cli::CliOptionSpec &option : spec.options)
                QVERIFY2(usage.find(option.name) != std::string::npos,
                         (spec.name + " " + option.name).c_str());
        }
    }

    void integerValuesAreRangeChecked()
    {
        const CliArguments args = CliArguments::parse({"synth", "--ranks", "70000"});
        QCOMPARE(args.integer("--ranks", 0, 1, 262144), std::int64_t(70000));
        QCOMPARE(args.integer("--seed", 5, 0, 9), std::int64_t(5));
        QVERIFY_THROWS_EXCEPTION(CliInputError, args.integer("--ranks", 0, 1, 100));
    }
};

QTEST_GUILESS_MAIN(TestCliArguments)
#include "test_cli_arguments.moc"
