// The SQLite stack cache on its own: RAII wrappers, schema versioning, writing records and
// loading them back, rollback of an unfinished update.
#include "core/cache/CacheLocation.h"
#include "core/cache/CacheSchema.h"
#include "core/cache/FileRanks.h"
#include "core/cache/SqliteStatement.h"
#include "core/cache/SqliteTransaction.h"
#include "core/cache/StackCacheReader.h"
#include "core/cache/StackCacheWriter.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

using namespace rankscope;

namespace {

Frame py(const char *function, const char *file, int line)
{
    return Frame{function, file, line, "", FrameKind::Python};
}

StackFileRecord record(const std::string &path, int rank, std::int64_t timeNs,
                       std::vector<std::vector<Frame>> threadStacks)
{
    StackFileRecord r;
    r.path = path;
    r.size = 100;
    r.mtimeNs = timeNs;
    r.format = "py-spy-text";
    r.rank = rank;
    r.timeNs = timeNs;
    r.ok = true;
    ParsedProcess process;
    process.pid = 1000 + rank;
    for (std::size_t i = 0; i < threadStacks.size(); ++i) {
        ParsedThread thread;
        thread.threadId = i == 0 ? std::uint64_t(process.pid) : 0xfffffffffffff000ull + i;
        thread.threadName = i == 0 ? "MainThread" : "Thread-" + std::to_string(i);
        thread.state = i == 0 ? ThreadState::Idle : ThreadState::ActiveGil;
        thread.frames = threadStacks[i];
        process.threads.push_back(thread);
    }
    r.parsed.processes.push_back(process);
    r.processRoles = {std::string()};
    r.mainProcess = 0;
    r.mainThread = 0;
    return r;
}

const std::vector<Frame> kWait = {py("main", "train.py", 10), py("train", "loop.py", 20),
                                  Frame{"all_reduce", "", 0, "libnccl.so", FrameKind::Native}};
const std::vector<Frame> kLoad = {py("main", "train.py", 10), py("next", "dataloader.py", 631)};
const std::vector<Frame> kIdle = {py("_bootstrap", "threading.py", 973)};

} // namespace

class TestStackCache : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::filesystem::path dbPath(const char *name)
    {
        return std::filesystem::path(m_dir.path().toStdString()) / name;
    }

private slots:
    void statementRoundTrip()
    {
        SqliteDatabase db(dbPath("plain.sqlite"));
        db.exec("CREATE TABLE t(a INTEGER, b TEXT, c BLOB, d REAL)");
        const std::byte bytes[] = {std::byte(1), std::byte(0), std::byte(255)};
        db.prepare("INSERT INTO t VALUES(?,?,?,?)")
            .bind(1, std::int64_t(-5))
            .bind(2, std::string_view("h\0llo", 5))
            .bindBlob(3, bytes)
            .bind(4, 2.5)
            .run();
        SqliteStatement select = db.prepare("SELECT a, b, c, d FROM t");
        QVERIFY(select.step());
        QCOMPARE(select.columnInt64(0), std::int64_t(-5));
        QCOMPARE(select.columnText(1), std::string_view("h\0llo", 5));
        QCOMPARE(select.columnBlob(2).size(), std::size_t(3));
        QCOMPARE(select.columnBlob(2)[2], std::byte(255));
        QCOMPARE(select.columnDouble(3), 2.5);
        QVERIFY(!select.step());
    }

    void errorsNameTheDatabase()
    {
        SqliteDatabase db(dbPath("errors.sqlite"));
        try {
            db.exec("SELECT * FROM no_such_table");
            QFAIL("expected an error");
        } catch (const SqliteError &error) {
            QVERIFY(QString::fromUtf8(error.what()).contains(QLatin1String("errors.sqlite")));
            QVERIFY(QString::fromUtf8(error.what()).contains(QLatin1String("no_such_table")));
        }
        QVERIFY_THROWS_EXCEPTION(SqliteError, db.prepare("NOT SQL"));
    }

    void transactionRollsBackUnlessCommitted()
    {
        SqliteDatabase db(dbPath("tx.sqlite"));
        db.exec("CREATE TABLE t(a)");
        {
            SqliteTransaction tx(db);
            db.exec("INSERT INTO t VALUES(1)");
        }
        {
            SqliteTransaction tx(db);
            db.exec("INSERT INTO t VALUES(2)");
            tx.commit();
        }
        SqliteStatement select = db.prepare("SELECT group_concat(a) FROM t");
        QVERIFY(select.step());
        QCOMPARE(select.columnText(0), std::string_view("2"));
    }

    void cacheStemIsReadableAndDistinct()
    {
        const std::string a = bundleCacheStem("/data/jobs/run 42.tar.gz");
        const std::string b = bundleCacheStem("/other/jobs/run 42.tar.gz");
        QVERIFY(a.rfind("run_42-", 0) == 0);
        QCOMPARE(a.size(), std::string("run_42-").size() + 16);
        QVERIFY(a != b);
        QCOMPARE(bundleCacheStem("/data/jobs/run 42.tar.gz"), a); // stable
    }

    void defaultCacheDirFollowsEnvironment()
    {
        const QByteArray saved = qgetenv("RANKSCOPE_CACHE_DIR");
        qputenv("RANKSCOPE_CACHE_DIR", "/tmp/somewhere");
        QCOMPARE(defaultCacheDirectory(), std::filesystem::path("/tmp/somewhere"));
        qunsetenv("RANKSCOPE_CACHE_DIR");
        qputenv("XDG_CACHE_HOME", "/tmp/xdg");
        QCOMPARE(defaultCacheDirectory(), std::filesystem::path("/tmp/xdg/rankscope"));
        qunsetenv("XDG_CACHE_HOME");
        QVERIFY(defaultCacheDirectory().string().find(".cache/rankscope") != std::string::npos);
        qputenv("RANKSCOPE_CACHE_DIR", saved);
    }

    void writeAndLoad()
    {
        auto db = openStackCache(dbPath("stacks.sqlite"), false);
        StackInterner interner;
        {
            SqliteTransaction tx(*db);
            StackCacheWriter writer(*db, interner);
            // Written out of time order: sample indices come from time_ns, not write order.
            QCOMPARE(writer.writeStackFile(record("stacks/rank1/b.txt", 1, 300, {kWait, kIdle})),
                     std::int64_t(2));
            writer.writeStackFile(record("stacks/rank1/a.txt", 1, 200, {kLoad, kIdle}));
            writer.writeStackFile(record("stacks/rank0.txt", 0, 100, {kWait}));
            StackFileRecord broken;
            broken.path = "stacks/rank2.txt";
            broken.rank = 2;
            broken.problems = {{0, "the file is empty"}};
            QCOMPARE(writer.writeStackFile(broken), std::int64_t(0));
            ManifestRecord manifest;
            manifest.path = "job.json";
            manifest.ok = true;
            manifest.job.jobId = "j";
            manifest.job.ranks.resize(2);
            manifest.job.ranks[1] = RankInfo{1, "node-7", 3, "actor", {{"dp", 4}}};
            manifest.problems = {{0, "job.json: something odd"}};
            writer.writeManifest(&manifest);
            writer.replaceBundleProblems({{"x.tar", 0, "entry skipped"}});
            writer.setMeta("complete", "1");
            tx.commit();
        }
        QVERIFY(stackCacheIsComplete(*db));
        QCOMPARE(interner.stackCount(), std::size_t(3));
        QCOMPARE(interner.frameCount(), std::size_t(5)); // "main" is shared

        const StackDataset data = loadStackDataset(*db);
        QCOMPARE(data.frames.size(), std::size_t(5));
        QCOMPARE(data.stacks.size(), std::size_t(3));
        QCOMPARE(data.job.worldSize, 3); // no world_size in the manifest: highest rank 2 + 1
        QCOMPARE(data.job.ranks[1].node, std::string("node-7"));
        QCOMPARE(data.job.ranks[1].groups.at("dp"), 4);
        QCOMPARE(data.job.ranks[0].rank, 0); // seen only in a path
        QCOMPARE(data.job.ranks[0].role, std::string("trainer"));
        QCOMPARE(data.job.ranks[2].rank, 2); // a failed file still says the rank exists
        QCOMPARE(data.sourceFiles.size(), std::size_t(4));

        QCOMPARE(data.samples.size(), std::size_t(5));
        QCOMPARE(data.samples[0].rank, 0);
        QCOMPARE(data.samples[1].rank, 1);
        QCOMPARE(data.samples[1].sampleIndex, 0);
        QCOMPARE(data.samples[1].timeNs, std::int64_t(200));
        QCOMPARE(data.sourceFiles[data.samples[1].sourceFile], std::string("stacks/rank1/a.txt"));
        QCOMPARE(data.samples[3].sampleIndex, 1);
        QCOMPARE(data.samples[3].role, std::string("actor")); // the rank's role, from job.json
        QCOMPARE(data.samples[0].role, std::string("trainer"));
        QVERIFY(data.samples[3].isMainThread);
        QVERIFY(!data.samples[4].isMainThread);
        QCOMPARE(data.samples[4].threadId, 0xfffffffffffff001ull); // uint64 survives int64 column
        QCOMPARE(data.samples[4].state, ThreadState::ActiveGil);
        QCOMPARE(data.samples[4].threadName, std::string("Thread-1"));
        const std::vector<FrameId> &wait = data.stacks[data.samples[0].stack];
        QCOMPARE(wait.size(), std::size_t(3));
        QCOMPARE(data.frames[wait[2]].module, std::string("libnccl.so"));
        QCOMPARE(data.frames[wait[2]].kind, FrameKind::Native);
        QCOMPARE(data.frames[wait[0]].function, std::string("main"));

        QCOMPARE(data.problems.size(), std::size_t(3));
        QCOMPARE(data.problems[0].file, std::string("x.tar")); // bundle problems first
    }

    void internerReloadsStoredStacks()
    {
        auto db = openStackCache(dbPath("stacks.sqlite"), false);
        StackInterner interner;
        loadStoredStacks(*db, interner);
        QCOMPARE(interner.stackCount(), std::size_t(3));
        const auto again = interner.intern(kLoad, hashFrames(kLoad));
        QVERIFY(!again.newStack);
        QCOMPARE(again.firstNewFrame, FrameId(interner.frameCount()));
        const std::vector<Frame> other = {py("main", "train.py", 11)};
        const auto fresh = interner.intern(other, hashFrames(other));
        QVERIFY(fresh.newStack);
        QCOMPARE(fresh.stack, StackId(3));
    }

    void removeFileDeletesItsRows()
    {
        auto db = openStackCache(dbPath("stacks.sqlite"), false);
        StackInterner interner;
        loadStoredStacks(*db, interner);
        std::vector<StoredFile> files = readStoredFiles(*db);
        QCOMPARE(files.size(), std::size_t(5)); // 4 stack files + job.json
        auto rank1b = std::find_if(files.begin(), files.end(), [](const StoredFile &f) {
            return f.path == "stacks/rank1/b.txt";
        });
        QVERIFY(rank1b != files.end());
        {
            SqliteTransaction tx(*db);
            StackCacheWriter writer(*db, interner);
            writer.removeFile(rank1b->id);
            tx.commit();
        }
        const StackDataset data = loadStackDataset(*db);
        QCOMPARE(data.samples.size(), std::size_t(3));
        QCOMPARE(data.sourceFiles.size(), std::size_t(3));
    }

    void unfinishedUpdateLeavesNoTrace()
    {
        auto db = openStackCache(dbPath("stacks.sqlite"), false);
        const std::size_t before = loadStackDataset(*db).samples.size();
        StackInterner interner;
        loadStoredStacks(*db, interner);
        try {
            SqliteTransaction tx(*db);
            StackCacheWriter writer(*db, interner);
            writer.clearAll();
            writer.writeStackFile(record("stacks/rank9.txt", 9, 1, {kWait}));
            throw std::runtime_error("interrupted");
        } catch (const std::runtime_error &) {
        }
        QVERIFY(stackCacheIsComplete(*db));
        QCOMPARE(loadStackDataset(*db).samples.size(), before);
    }

    // A file of several ranks' processes keeps each sample's rank in its blob; a blob that does
    // not decode is a damaged cache (rebuilt by the CLI), never a crash or a wrong sample.
    void sampleBlobsKeepRanksAndRefuseDamage()
    {
        auto db = openStackCache(dbPath("blobs.sqlite"), false);
        StackInterner interner;
        {
            SqliteTransaction tx(*db);
            StackCacheWriter writer(*db, interner);
            StackFileRecord shared = record("stacks/all.txt", 0, 50, {kWait, kIdle});
            shared.rank.reset();
            shared.parsed.processes.push_back(shared.parsed.processes.front());
            shared.parsed.processes[1].pid = 2002;
            shared.processRanks = {4, 2};
            shared.processRoles = {std::string(), "dataloader"};
            shared.processMainThread = {0, -1};
            shared.parsed.processes[1].threads[1].truncated = true;
            QCOMPARE(writer.writeStackFile(shared), std::int64_t(4));
            // As the import says what the file holds (the job's shape comes from these rows).
            writeFileRanks(*db, "stacks/all.txt",
                           {RankSet::fromVector({2, 4}), FileRankSource::Content, 0});
            writer.setMeta("complete", "1");
            tx.commit();
        }
        const StackDataset data = loadStackDataset(*db);
        QCOMPARE(data.job.worldSize, 5);
        QCOMPARE(data.samples.size(), std::size_t(4));
        std::map<int, int> perRank;
        for (const StackSample &sample : data.samples)
            ++perRank[sample.rank];
        QCOMPARE(perRank, (std::map<int, int>{{2, 2}, {4, 2}}));
        const auto rank2 = std::find_if(data.samples.begin(), data.samples.end(),
                                        [](const StackSample &s) { return s.rank == 2; });
        QCOMPARE(rank2->role, std::string("dataloader"));
        QCOMPARE(rank2->pid, std::int64_t(2002));
        QVERIFY(!rank2->isMainThread);
        QVERIFY(std::any_of(data.samples.begin(), data.samples.end(),
                            [](const StackSample &s) { return s.rank == 2 && s.cut; }));

        // Cut short, an unknown layout, an unknown thread state, a stack that does not exist.
        SqliteStatement original = db->prepare("SELECT data FROM samples");
        QVERIFY(original.step());
        const std::span<const std::byte> blob = original.columnBlob(0);
        const std::string good(reinterpret_cast<const char *>(blob.data()), blob.size());
        original.reset();
        std::string badState = good;
        badState[3] = char(9); // the first sample's state byte (layout, count, flags, state)
        const std::vector<std::string> damaged = {good.substr(0, good.size() - 3),
                                                  std::string("\x02") + good.substr(1), badState,
                                                  good + "x"};
        for (const std::string &bytes : damaged) {
            SqliteStatement update = db->prepare("UPDATE samples SET data = ?");
            update.bindBlob(1, bytes).run();
            QVERIFY_THROWS_EXCEPTION(CacheDamagedError, loadStackDataset(*db));
        }
        SqliteStatement restore = db->prepare("UPDATE samples SET data = ?");
        restore.bindBlob(1, good).run();
        QCOMPARE(loadStackDataset(*db).samples.size(), std::size_t(4));
        db->exec("DELETE FROM stacks WHERE id = 1");
        QVERIFY_THROWS_EXCEPTION(SqliteError, loadStackDataset(*db));
    }

    void otherSchemaVersionIsRebuilt()
    {
        const auto path = dbPath("stacks.sqlite");
        {
            auto db = openStackCache(path, false);
            QVERIFY(!readStoredFiles(*db).empty());
            db->setUserVersion(kStackCacheSchemaVersion + 1);
        }
        auto db = openStackCache(path, false);
        QCOMPARE(db->userVersion(), kStackCacheSchemaVersion);
        QVERIFY(readStoredFiles(*db).empty());
        QVERIFY(!stackCacheIsComplete(*db));
    }

    void garbageFileIsReplaced()
    {
        const auto path = dbPath("garbage.sqlite");
        {
            std::ofstream out(path);
            out << "this is not a database, just text that happens to be here\n";
        }
        auto db = openStackCache(path, false);
        QCOMPARE(db->userVersion(), kStackCacheSchemaVersion);
        QVERIFY(!stackCacheIsComplete(*db));
    }

    void discardStartsOver()
    {
        const auto path = dbPath("discard.sqlite");
        {
            auto db = openStackCache(path, false);
            db->exec("INSERT INTO meta VALUES('complete', '1')");
        }
        QVERIFY(stackCacheIsComplete(*openStackCache(path, false)));
        QVERIFY(!stackCacheIsComplete(*openStackCache(path, true)));
    }
};

QTEST_GUILESS_MAIN(TestStackCache)
#include "tst_stack_cache.moc"
