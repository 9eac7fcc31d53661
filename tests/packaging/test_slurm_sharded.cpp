// The sharded import on a real Slurm cluster, as packaging/slurm/submit.sh runs it: a throwaway
// single-node cluster (tests/packaging/slurm/local_cluster.sh: munged, slurmctld and slurmd in a
// temporary folder, on free ports), a 256-rank bundle with stacks, traces, logs and Flight
// Recorder dumps, a job array of 8 shard imports and the merge that depends on it. The merged
// cache must answer every analysis command's JSON byte for byte like the bundle imported on
// this machine. A shard that fails leaves the merge unrun (afterok), `merge` then refuses
// naming the shard, and --allow-missing merges the rest and says which shard is absent.
//
// Skips when Slurm cannot run here (not root, slurm-wlm or munge missing, a daemon does not come
// up), unless CI is set: CI installs both, so there it fails instead.
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <algorithm>
#include <utility>

#include <unistd.h>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// One array task or job as scontrol reports it.
struct JobRecord
{
    QString state;
    QString exitCode;
    QString reason;
};

// A job no longer pending or running (scontrol's base states).
bool isFinished(const QString &state)
{
    static const QStringList finished = {
        QStringLiteral("COMPLETED"), QStringLiteral("FAILED"),    QStringLiteral("CANCELLED"),
        QStringLiteral("TIMEOUT"),   QStringLiteral("NODE_FAIL"), QStringLiteral("OUT_OF_MEMORY"),
        QStringLiteral("PREEMPTED"), QStringLiteral("BOOT_FAIL"), QStringLiteral("DEADLINE")};
    return finished.contains(state);
}

QString field(const QString &line, const QString &name)
{
    const QRegularExpression pattern(QStringLiteral("(?:^|\\s)%1=(\\S*)").arg(name));
    return pattern.match(line).captured(1);
}

// The lines of two outputs from the first that differs: "line N: ... / ...".
QString firstDifference(const QByteArray &a, const QByteArray &b)
{
    const QList<QByteArray> left = a.split('\n');
    const QList<QByteArray> right = b.split('\n');
    for (qsizetype i = 0; i < std::max(left.size(), right.size()); ++i) {
        const QByteArray l = i < left.size() ? left[i] : QByteArray("(end)");
        const QByteArray r = i < right.size() ? right[i] : QByteArray("(end)");
        if (l != r)
            return QStringLiteral("line %1:\n  merged: %2\n  bundle: %3")
                .arg(i + 1)
                .arg(QString::fromUtf8(l.left(300)), QString::fromUtf8(r.left(300)));
    }
    return QString();
}

const QStringList kJsonCommands = {QStringLiteral("stacks"),  QStringLiteral("stragglers"),
                                   QStringLiteral("heatmap"), QStringLiteral("collectives"),
                                   QStringLiteral("logs"),    QStringLiteral("findings")};
constexpr int kShards = 8;
constexpr int kRanks = 256;
// A guard against a hung cluster, not a performance bound: the jobs take seconds here.
constexpr int kJobDeadlineSeconds = 1200;

} // namespace

// Without Slurm here the test skips, but CI must run it.
#define SLURM_UNAVAILABLE(reason)                                                                  \
    do {                                                                                           \
        const QByteArray why = QByteArray("Slurm cannot run here: ") + (reason);                   \
        if (qEnvironmentVariableIsSet("CI"))                                                       \
            QFAIL(why.constData());                                                                \
        QSKIP(why.constData());                                                                    \
    } while (false)

class TestSlurmSharded : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_source = QStringLiteral(RANKSCOPE_SOURCE_DIR);
    QString m_cli = QStringLiteral(RANKSCOPE_CLI_BINARY);
    QString m_cluster;
    QString m_bundle;
    bool m_clusterStarted = false;
    QMap<QString, QByteArray> m_bundleJson; // command -> stdout on the bundle itself

    QString path(const QString &name) const { return m_tmp.filePath(name); }
    QString localCache() const { return path(QStringLiteral("local-cache")); }
    QString clusterScript() const
    {
        return m_source + QStringLiteral("/tests/packaging/slurm/local_cluster.sh");
    }

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), m_cluster + QStringLiteral("/slurm.conf"));
        env.insert(QStringLiteral("PATH"),
                   env.value(QStringLiteral("PATH")) + QStringLiteral(":/usr/sbin:/sbin"));
        return env;
    }

    Run run(const QString &program, const QStringList &args, const QString &workDir = {},
            int timeoutMs = 300000) const
    {
        QProcess process;
        process.setProcessEnvironment(environment());
        process.setWorkingDirectory(workDir.isEmpty() ? m_tmp.path() : workDir);
        process.start(program, args);
        Run result;
        if (!process.waitForStarted(10000)) {
            result.err = process.errorString().toUtf8();
            return result;
        }
        if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
            result.err = "timed out: " + program.toUtf8() + ' ' + args.join(u' ').toUtf8();
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        result.out = process.readAllStandardOutput();
        result.err = process.readAllStandardError();
        return result;
    }

    Run cli(const QStringList &args) const { return run(m_cli, args); }

    static QByteArray describe(const QString &what, const Run &r)
    {
        return what.toUtf8() + " exited with " + QByteArray::number(r.exitCode) + ":\n" + r.err +
               r.out.left(3000);
    }

    static QString findProgram(const QString &name)
    {
        const QString onPath = QStandardPaths::findExecutable(name);
        if (!onPath.isEmpty())
            return onPath;
        return QStandardPaths::findExecutable(
            name,
            {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"), QStringLiteral("/usr/bin")});
    }

    static bool copyTree(const QString &from, const QString &to)
    {
        QDirIterator it(from, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            const QString target = to + u'/' + QDir(from).relativeFilePath(file);
            if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(file, target))
                return false;
        }
        return true;
    }

    // Submits the bundle with packaging/slurm/submit.sh; returns {array job, merge job}.
    std::pair<QString, QString> submit(const QString &runDir, const QStringList &options)
    {
        const Run r =
            run(QStringLiteral("bash"),
                QStringList{m_source + QStringLiteral("/packaging/slurm/submit.sh"), m_bundle,
                            runDir + QStringLiteral("/job.rscache"), QStringLiteral("--shards"),
                            QString::number(kShards), QStringLiteral("--cli"), m_cli} +
                    options +
                    // The node has as many CPUs as this machine, maybe two.
                    QStringList{QStringLiteral("--"), QStringLiteral("--cpus-per-task=1")},
                runDir);
        if (r.exitCode != 0) {
            qWarning("%s", describe(QStringLiteral("submit.sh"), r).constData());
            return {};
        }
        const QRegularExpressionMatch ids =
            QRegularExpression(QStringLiteral("^array_job=(\\d+) merge_job=(\\d+)$"),
                               QRegularExpression::MultilineOption)
                .match(QString::fromUtf8(r.out));
        if (!ids.hasMatch()) {
            qWarning("submit.sh printed no 'array_job=N merge_job=M' line: %s", r.out.constData());
            return {};
        }
        return {ids.captured(1), ids.captured(2)};
    }

    // scontrol's records of a job: one per array task (key: its ArrayTaskId, "" for a job that
    // is no array). Empty when scontrol does not know the job.
    QMap<QString, JobRecord> jobRecords(const QString &job) const
    {
        QMap<QString, JobRecord> records;
        const Run r =
            run(QStringLiteral("scontrol"),
                {QStringLiteral("show"), QStringLiteral("job"), QStringLiteral("-o"), job});
        if (r.exitCode != 0)
            return records;
        for (const QString &line : QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts))
            records.insert(field(line, QStringLiteral("ArrayTaskId")),
                           {field(line, QStringLiteral("JobState")),
                            field(line, QStringLiteral("ExitCode")),
                            field(line, QStringLiteral("Reason"))});
        return records;
    }

    // Waits until every record of both jobs is finished (polling scontrol). False on the
    // deadline, with what scontrol last said.
    bool waitForJobs(const QString &arrayJob, const QString &mergeJob)
    {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < kJobDeadlineSeconds * 1000LL) {
            bool done = true;
            for (const QString &job : {arrayJob, mergeJob}) {
                const QMap<QString, JobRecord> records = jobRecords(job);
                done = done && !records.isEmpty();
                for (const JobRecord &record : records)
                    done = done && isFinished(record.state);
            }
            if (done)
                return true;
            QThread::msleep(1000);
        }
        qWarning("the jobs did not finish in %d s: %s", kJobDeadlineSeconds,
                 run(QStringLiteral("scontrol"), {QStringLiteral("show"), QStringLiteral("job")})
                     .out.constData());
        return false;
    }

    static QByteArray lastLine(const QString &file)
    {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            return "(no file " + file.toUtf8() + ')';
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        return lines.isEmpty() ? QByteArray() : lines.last();
    }

    // A run folder whose parts folder holds a directory where shard `blocked`'s import writes
    // its unfinished part: that task's import fails, the others do not.
    QString runDirBlockingShard(const QString &name, int blocked)
    {
        const QString dir = path(name);
        const QString blocker =
            dir + QStringLiteral("/job.parts/shard-%1.rscache.incomplete/x").arg(blocked);
        if (!QDir().mkpath(blocker))
            return QString();
        return dir;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        if (geteuid() != 0)
            SLURM_UNAVAILABLE("not root (the throwaway cluster's daemons run as SlurmUser=root)");
        QStringList missing;
        for (const char *program : {"munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol",
                                    "scancel", "sinfo", "bash"})
            if (findProgram(QString::fromLatin1(program)).isEmpty())
                missing << QString::fromLatin1(program);
        if (!missing.isEmpty())
            SLURM_UNAVAILABLE(
                QByteArray(missing.join(QStringLiteral(", ")).toUtf8() +
                           " not installed (Debian: apt-get install slurm-wlm munge)"));

        m_cluster = path(QStringLiteral("cluster"));
        m_clusterStarted = true; // from here on cleanupTestCase stops whatever runs
        // --stop-with: the cluster also stops when this process dies without cleaning up.
        const Run started =
            run(QStringLiteral("bash"),
                {clusterScript(), QStringLiteral("start"), m_cluster, QStringLiteral("--stop-with"),
                 QString::number(QCoreApplication::applicationPid())});
        if (started.exitCode != 0) {
            qWarning("%s", describe(QStringLiteral("local_cluster.sh start"), started).constData());
            SLURM_UNAVAILABLE(QByteArray("the throwaway cluster did not start: " +
                                         started.err.trimmed().split('\n').first() +
                                         " (the daemons' logs are printed above)"));
        }
        qInfo("%s", started.out.trimmed().constData());

        // The slow-node bundle (stacks, traces, logs) with the network-hang bundle's Flight
        // Recorder dumps: all four layers.
        m_bundle = path(QStringLiteral("bundle"));
        const QString hang = path(QStringLiteral("hang"));
        Run r =
            cli({QStringLiteral("synth"), QStringLiteral("--scenario"), QStringLiteral("slow-node"),
                 QStringLiteral("--ranks"), QString::number(kRanks), QStringLiteral("--iterations"),
                 QStringLiteral("20"), QStringLiteral("--out"), m_bundle});
        QVERIFY2(r.exitCode == 0, describe(QStringLiteral("synth slow-node"), r).constData());
        r = cli({QStringLiteral("synth"), QStringLiteral("--scenario"),
                 QStringLiteral("network-hang"), QStringLiteral("--ranks"), QString::number(kRanks),
                 QStringLiteral("--out"), hang});
        QVERIFY2(r.exitCode == 0, describe(QStringLiteral("synth network-hang"), r).constData());
        QVERIFY(copyTree(hang + QStringLiteral("/fr"), m_bundle + QStringLiteral("/fr")));

        // The same bundle imported once on this machine: what the merged cache must equal.
        r = cli({QStringLiteral("import"), m_bundle, QStringLiteral("--cache-dir"), localCache()});
        QVERIFY2(r.exitCode == 0, describe(QStringLiteral("import"), r).constData());
        QVERIFY2(r.out.contains("flight recorder dumps"), r.out.constData());
        for (const QString &command : kJsonCommands) {
            r = cli({command, m_bundle, QStringLiteral("--format"), QStringLiteral("json"),
                     QStringLiteral("--cache-dir"), localCache()});
            QVERIFY2(r.exitCode == 0,
                     describe(command + QStringLiteral(" on the bundle"), r).constData());
            m_bundleJson.insert(command, r.out);
        }
    }

    void cleanupTestCase()
    {
        if (!m_clusterStarted)
            return;
        const Run stopped =
            run(QStringLiteral("bash"), {clusterScript(), QStringLiteral("stop"), m_cluster});
        if (stopped.exitCode != 0)
            qWarning("%s", describe(QStringLiteral("local_cluster.sh stop"), stopped).constData());
    }

    void mergedCacheAnswersLikeTheBundle()
    {
        const QString runDir = path(QStringLiteral("run-ok"));
        QVERIFY(QDir().mkpath(runDir));
        const auto [arrayJob, mergeJob] = submit(runDir, {});
        QVERIFY(!arrayJob.isEmpty());
        QVERIFY(waitForJobs(arrayJob, mergeJob));

        // Every task ran and succeeded: scontrol's state and exit code, and the task's own
        // last line, in the output file submit.sh put beside the parts.
        const QString parts = runDir + QStringLiteral("/job.parts");
        const QMap<QString, JobRecord> tasks = jobRecords(arrayJob);
        QCOMPARE(tasks.size(), kShards);
        for (int k = 0; k < kShards; ++k) {
            const QString task = QString::number(k);
            QVERIFY2(tasks.contains(task), qPrintable(QStringLiteral("no array task ") + task));
            QCOMPARE(tasks[task].state, QStringLiteral("COMPLETED"));
            QCOMPARE(tasks[task].exitCode, QStringLiteral("0:0"));
            QCOMPARE(
                lastLine(parts + QStringLiteral("/rankscope-shard-%1_%2.out").arg(arrayJob, task)),
                QByteArray("rankscope-shard: task " + task.toUtf8() + " exit 0"));
            QVERIFY(QFileInfo(parts + QStringLiteral("/shard-%1.rscache").arg(k)).isFile());
        }
        const JobRecord merge = jobRecords(mergeJob).value(QString());
        QCOMPARE(merge.state, QStringLiteral("COMPLETED"));
        QCOMPARE(merge.exitCode, QStringLiteral("0:0"));
        QCOMPARE(lastLine(parts + QStringLiteral("/rankscope-merge-%1.out").arg(mergeJob)),
                 QByteArray("rankscope-merge: exit 0"));
        const QString merged = runDir + QStringLiteral("/job.rscache");
        QVERIFY(QFileInfo(merged).isFile());

        Run r =
            cli({QStringLiteral("import"), merged, QStringLiteral("--cache-dir"), localCache()});
        QVERIFY2(r.exitCode == 0,
                 describe(QStringLiteral("import of the merged cache"), r).constData());
        QVERIFY2(r.out.contains("a merge of the shards of"), r.out.constData());
        QVERIFY2(!r.out.contains("missing"), r.out.constData());

        QStringList differences;
        for (const QString &command : kJsonCommands) {
            r = cli({command, merged, QStringLiteral("--format"), QStringLiteral("json"),
                     QStringLiteral("--cache-dir"), localCache()});
            QVERIFY2(r.exitCode == 0,
                     describe(command + QStringLiteral(" on the merged cache"), r).constData());
            if (r.out != m_bundleJson[command])
                differences << command + QStringLiteral(" --format json differs at ") +
                                   firstDifference(r.out, m_bundleJson[command]);
        }
        QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u'\n')));
    }

    void failedShardStopsTheMerge()
    {
        constexpr int failing = 5;
        const QString runDir = runDirBlockingShard(QStringLiteral("run-failing"), failing);
        QVERIFY(!runDir.isEmpty());
        const auto [arrayJob, mergeJob] = submit(runDir, {});
        QVERIFY(!arrayJob.isEmpty());
        QVERIFY(waitForJobs(arrayJob, mergeJob));

        const QString parts = runDir + QStringLiteral("/job.parts");
        const QMap<QString, JobRecord> tasks = jobRecords(arrayJob);
        QCOMPARE(tasks.size(), kShards);
        QStringList finishedParts;
        for (int k = 0; k < kShards; ++k) {
            const QString task = QString::number(k);
            const QString part = parts + QStringLiteral("/shard-%1.rscache").arg(k);
            const QByteArray last =
                lastLine(parts + QStringLiteral("/rankscope-shard-%1_%2.out").arg(arrayJob, task));
            if (k == failing) {
                QCOMPARE(tasks[task].state, QStringLiteral("FAILED"));
                QVERIFY2(tasks[task].exitCode != QStringLiteral("0:0"),
                         qPrintable(tasks[task].exitCode));
                QVERIFY2(last.startsWith(
                             QByteArray("rankscope-shard: task " + task.toUtf8() + " exit ")) &&
                             !last.endsWith(" exit 0"),
                         last.constData());
                QVERIFY(!QFileInfo::exists(part));
            } else {
                QCOMPARE(tasks[task].state, QStringLiteral("COMPLETED"));
                QCOMPARE(last, QByteArray("rankscope-shard: task " + task.toUtf8() + " exit 0"));
                QVERIFY(QFileInfo(part).isFile());
                finishedParts << part;
            }
        }
        // afterok: the merge never started; submit.sh asks Slurm to cancel it then.
        const JobRecord merge = jobRecords(mergeJob).value(QString());
        QCOMPARE(merge.state, QStringLiteral("CANCELLED"));
        QCOMPARE(merge.reason, QStringLiteral("DependencyNeverSatisfied"));
        QVERIFY(
            !QFileInfo::exists(parts + QStringLiteral("/rankscope-merge-%1.out").arg(mergeJob)));
        const QString merged = runDir + QStringLiteral("/job.rscache");
        QVERIFY(!QFileInfo::exists(merged));

        // By hand, the merge refuses in one line naming the missing shard...
        Run r = cli(QStringList{QStringLiteral("merge")} + finishedParts +
                    QStringList{QStringLiteral("--out"), merged});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
        QVERIFY2(r.err.contains(QByteArray("shard " + QByteArray::number(failing) + '/' +
                                           QByteArray::number(kShards))),
                 r.err.constData());
        QVERIFY(!QFileInfo::exists(merged));

        // ...and merges the other seven with --allow-missing, whose cache says what is absent.
        r = cli(QStringList{QStringLiteral("merge")} + finishedParts +
                QStringList{QStringLiteral("--out"), merged, QStringLiteral("--allow-missing")});
        QVERIFY2(r.exitCode == 0, describe(QStringLiteral("merge --allow-missing"), r).constData());
        r = cli({QStringLiteral("import"), merged, QStringLiteral("--cache-dir"), localCache()});
        QVERIFY2(r.exitCode == 0,
                 describe(QStringLiteral("import of the merged cache"), r).constData());
        QVERIFY2(QRegularExpression(QStringLiteral("\\n\\s+missing\\s+shards? %1\\b").arg(failing))
                     .match(QString::fromUtf8(r.out))
                     .hasMatch(),
                 r.out.constData());
    }

    void allowMissingMergesWhatTheShardsLeft()
    {
        constexpr int failing = 2;
        const QString runDir = runDirBlockingShard(QStringLiteral("run-allow-missing"), failing);
        QVERIFY(!runDir.isEmpty());
        const auto [arrayJob, mergeJob] = submit(runDir, {QStringLiteral("--allow-missing")});
        QVERIFY(!arrayJob.isEmpty());
        QVERIFY(waitForJobs(arrayJob, mergeJob));

        const QMap<QString, JobRecord> tasks = jobRecords(arrayJob);
        QCOMPARE(tasks.size(), kShards);
        QCOMPARE(tasks[QString::number(failing)].state, QStringLiteral("FAILED"));
        // afterany: the merge ran anyway and merged the seven parts.
        const JobRecord merge = jobRecords(mergeJob).value(QString());
        QCOMPARE(merge.state, QStringLiteral("COMPLETED"));
        QCOMPARE(merge.exitCode, QStringLiteral("0:0"));
        const QString merged = runDir + QStringLiteral("/job.rscache");
        const Run r =
            cli({QStringLiteral("import"), merged, QStringLiteral("--cache-dir"), localCache()});
        QVERIFY2(r.exitCode == 0,
                 describe(QStringLiteral("import of the merged cache"), r).constData());
        QVERIFY2(QRegularExpression(QStringLiteral("\\n\\s+missing\\s+shards? %1\\b").arg(failing))
                     .match(QString::fromUtf8(r.out))
                     .hasMatch(),
                 r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestSlurmSharded)
#include "test_slurm_sharded.moc"
