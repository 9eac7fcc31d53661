// The notes database beside a bundle's cache: round trip of every kind of note, merging without
// duplicates, a newer or broken database, and a re-import (after files changed, and a forced
// one that deletes the cache) that keeps the notes attached to the same frame and log line.
#include "core/cache/CacheSchema.h"
#include "core/cache/LogCacheReader.h"
#include "core/cache/SqliteDatabase.h"
#include "core/notes/NoteAnchors.h"
#include "core/notes/NoteStore.h"
#include "core/stacks/StackTree.h"
#include "core/synth/SyntheticBundle.h"
#include "importers/bundle/BundleImport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace rankscope;

namespace {

std::filesystem::path pathOf(const QTemporaryDir &dir, const char *name)
{
    return std::filesystem::path(dir.path().toStdString()) / name;
}

std::vector<Note> everyKind()
{
    std::vector<Note> notes;
    NoteAnchor frame;
    frame.target = NoteTarget::Frame;
    frame.path = {{"<module>", "pretrain_gpt.py", 12}, {"__next__", "dataloader.py", 631}};
    Note pin = makeNote(NoteView::FlameGraph, NoteKind::Pin, frame);
    pin.text = "NFS mount on node-4 hung, see INC-2291 — 挂载";
    pin.label = "__next__";
    notes.push_back(pin);

    NoteAnchor rows;
    rows.target = NoteTarget::View;
    Note box = makeNote(NoteView::Heatmap, NoteKind::Highlight, rows);
    box.shape = NoteShape{{1.7644e18, 32.0}, {1.7645e18, 39.999}};
    box.text = "node-4";
    notes.push_back(box);

    NoteAnchor collective;
    collective.target = NoteTarget::Collective;
    collective.group = "0";
    collective.seq = 20417;
    collective.name = "all_reduce";
    collective.scope = "0";
    Note arrow = makeNote(NoteView::Collectives, NoteKind::Arrow, collective);
    arrow.shape = NoteShape{{20410, 3.5}, {20417, 130.5}};
    notes.push_back(arrow);

    Note ranks = makeNote(NoteView::Logs, NoteKind::Ranks, {});
    ranks.ranks = RankSet::parse("130-131,37").value();
    ranks.text = "never joined";
    notes.push_back(ranks);
    return notes;
}

} // namespace

class TestNoteStore : public QObject
{
    Q_OBJECT
private slots:
    void storesEveryKindAndReadsItBack()
    {
        QTemporaryDir dir;
        const auto file = pathOf(dir, "job.notes.sqlite");
        const std::vector<Note> notes = everyKind();
        {
            NoteStore store(file);
            QVERIFY(!store.readOnly());
            QVERIFY(store.all().empty());
            for (const Note &note : notes)
                store.put(note);
        }
        NoteStore again(file);
        const std::vector<Note> read = again.all();
        QCOMPARE(read.size(), notes.size());
        for (const Note &note : notes) {
            const auto found = again.find(note.id);
            QVERIFY(found);
            QVERIFY(*found == note);
        }

        // Editing replaces the note with its id; removing deletes only it.
        Note edited = notes.front();
        edited.text = "NFS mount hung";
        edited.modifiedMs += 1000;
        again.put(edited);
        QCOMPARE(again.find(edited.id)->text, std::string("NFS mount hung"));
        QCOMPARE(again.all().size(), notes.size());
        QVERIFY(again.remove(notes[1].id));
        QVERIFY(!again.remove(notes[1].id));
        QCOMPARE(again.all().size(), notes.size() - 1);
    }

    void fileSitsBesideTheCache()
    {
        QCOMPARE(NoteStore::fileFor("/c/job-0123456789abcdef.sqlite").string(),
                 std::string("/c/job-0123456789abcdef.notes.sqlite"));
    }

    void mergesWithoutDuplicates()
    {
        QTemporaryDir dir;
        NoteStore store(pathOf(dir, "merge.notes.sqlite"));
        const std::vector<Note> notes = everyKind();
        NoteMergePlan first = store.merge(notes);
        QCOMPARE(first.added.size(), notes.size());
        // The same file imported again adds nothing.
        NoteMergePlan second = store.merge(notes);
        QCOMPARE(second.added.size(), std::size_t(0));
        QCOMPARE(second.unchanged, int(notes.size()));
        // A later edit of a note wins; an older copy does not.
        Note newer = notes[0];
        newer.text = "edited by a colleague";
        newer.modifiedMs += 5000;
        Note older = notes[2];
        older.text = "an old copy";
        older.modifiedMs -= 5000;
        // The same note made again (another id, same content) is no new note, and a file
        // listing one note twice adds it once.
        Note remade = notes[3];
        remade.id = newNoteId();
        Note fresh = makeNote(NoteView::FlameGraph, NoteKind::Pin, notes[0].anchor);
        fresh.text = "second thought";
        NoteMergePlan third = store.merge({newer, older, remade, fresh, fresh});
        QCOMPARE(third.updated.size(), std::size_t(1));
        QCOMPARE(third.added.size(), std::size_t(1));
        QCOMPARE(third.unchanged, 3);
        QCOMPARE(store.all().size(), notes.size() + 1);
        QCOMPARE(store.find(notes[0].id)->text, std::string("edited by a colleague"));
        QCOMPARE(store.find(notes[2].id)->text, notes[2].text);

        // A note deleted here stays deleted when the file it came from is merged again, unless
        // someone edited it after that.
        QVERIFY(store.remove(notes[1].id));
        NoteMergePlan again = store.merge(notes);
        QCOMPARE(again.added.size(), std::size_t(0));
        QVERIFY(!store.find(notes[1].id));
        Note revived = notes[1];
        revived.modifiedMs = noteClockMs() + 60000;
        QCOMPARE(store.merge({revived}).added.size(), std::size_t(1));
        QVERIFY(store.find(notes[1].id));

        // Small facts beside the notes (the sidecar last merged).
        QCOMPARE(store.meta("sidecar_hash"), std::string());
        store.setMeta("sidecar_hash", "123");
        QCOMPARE(store.meta("sidecar_hash"), std::string("123"));
    }

    void newerSchemaIsRefusedNotDeleted()
    {
        QTemporaryDir dir;
        const auto file = pathOf(dir, "newer.notes.sqlite");
        {
            NoteStore store(file);
            store.put(everyKind().front());
        }
        {
            SqliteDatabase db(file);
            db.setUserVersion(kNotesSchemaVersion + 1);
        }
        QVERIFY_THROWS_EXCEPTION(NoteStoreError, NoteStore{file});
        // The user's notes are still there for the rankscope that wrote them.
        SqliteDatabase db(file);
        QCOMPARE(db.userVersion(), kNotesSchemaVersion + 1);
    }

    void brokenFileIsMovedAside()
    {
        QTemporaryDir dir;
        const auto file = pathOf(dir, "broken.notes.sqlite");
        {
            std::ofstream out(file, std::ios::binary);
            out << std::string(8192, 'x');
        }
        NoteStore store(file);
        QVERIFY(!store.movedAside().empty());
        QVERIFY(std::filesystem::exists(store.movedAside()));
        QCOMPARE(std::filesystem::file_size(store.movedAside()), std::uintmax_t(8192));
        QVERIFY(store.all().empty());
        store.put(everyKind().front());
        QCOMPARE(store.all().size(), std::size_t(1));
    }

    void reimportKeepsTheNotesAttached()
    {
        QTemporaryDir dir;
        const std::filesystem::path bundle = pathOf(dir, "job");
        SynthOptions synth;
        synth.scenario = "hang-dataloader";
        synth.ranks = 16;
        synth.outDir = bundle;
        writeSyntheticBundle(synth);
        ImportOptions options;
        options.bundlePath = bundle;
        options.cacheDir = pathOf(dir, "cache");

        // Annotate: the stuck rank's deepest frame and a warning line of node-1's log.
        ImportResult first = importBundle(options);
        const StackTree tree = StackTreeBuilder::build(first.stacks, StackTreeOptions{});
        const std::vector<int> nodes = tree.nodesOfRank(9);
        QVERIFY(!nodes.empty());
        const int frameNode = nodes.back();
        const std::vector<std::string> labels = tree.pathLabels(frameNode);
        NoteAnchor frame;
        frame.target = NoteTarget::Frame;
        frame.path = noteFramePath(tree, first.stacks, frameNode);
        QCOMPARE(frame.path.size(), labels.size());
        QCOMPARE(findNoteFramePath(tree, first.stacks, frame.path), frameNode);

        NoteAnchor line;
        std::string lineText;
        {
            auto db = openStackCacheReader(first.summary.cacheFile);
            LogLineIndex index(*db);
            const std::vector<LogTemplate> templates = loadLogTemplates(*db);
            for (std::uint32_t event = 0; event < index.events().size(); ++event) {
                const TemplatedLogEvent &meta = index.events()[event];
                if (meta.severity != LogSeverity::Warning || meta.templ == kNoTemplate ||
                    index.files()[meta.file].path != "logs/node-1.log")
                    continue;
                line = noteLogLineAnchor(index.files()[meta.file], meta,
                                         templates[std::size_t(meta.templ)].text);
                lineText = index.line(event).text;
                break;
            }
        }
        QVERIFY(line.line > 0);
        QCOMPARE(line.file, std::string("logs/node-1.log"));

        const auto notesFile = NoteStore::fileFor(first.summary.cacheFile);
        Note onFrame = makeNote(NoteView::FlameGraph, NoteKind::Pin, frame);
        onFrame.text = "stuck here";
        Note onLine = makeNote(NoteView::Logs, NoteKind::Pin, line);
        onLine.text = "the first warning";
        {
            NoteStore store(notesFile);
            store.put(onFrame);
            store.put(onLine);
        }

        // Files change: node-1's log grows, one of rank 3's samples goes, another rank's dump is
        // rewritten. The import renumbers frames, stacks, templates and events.
        {
            std::ofstream log(bundle / "logs/node-1.log", std::ios::app);
            log << "2025-11-29 12:59:00,000 [rank9]: [WARNING] appended after the first import\n";
        }
        std::filesystem::remove_all(bundle / "stacks/rank3");
        const auto checkAttached = [&](const ImportResult &result) {
            NoteStore store(notesFile);
            const std::vector<Note> notes = store.all();
            QCOMPARE(notes.size(), std::size_t(2));
            const StackTree again = StackTreeBuilder::build(result.stacks, StackTreeOptions{});
            const int found =
                findNoteFramePath(again, result.stacks, store.find(onFrame.id)->anchor.path);
            QVERIFY(found > 0);
            QCOMPARE(again.pathLabels(found), labels);
            QVERIFY(again.node(found).has.contains(9));

            auto db = openStackCacheReader(result.summary.cacheFile);
            LogLineIndex index(*db);
            const std::vector<LogTemplate> templates = loadLogTemplates(*db);
            const NoteAnchor stored = store.find(onLine.id)->anchor;
            const std::int64_t event = findNoteLogEvent(index.files(), index.events(), stored);
            QVERIFY(event >= 0);
            const TemplatedLogEvent &meta = index.events()[std::size_t(event)];
            QCOMPARE(templates[std::size_t(meta.templ)].text, stored.name);
            QCOMPARE(index.line(std::uint32_t(event)).text, lineText);
        };
        const ImportResult second = importBundle(options);
        QVERIFY(second.summary.filesParsed > 0);
        QVERIFY(second.summary.filesRemoved > 0);
        checkAttached(second);
        if (QTest::currentTestFailed())
            return;

        // File > Reimport deletes the cache and builds it again: the notes are elsewhere.
        options.forceReimport = true;
        const ImportResult third = importBundle(options);
        QVERIFY(std::filesystem::exists(notesFile));
        checkAttached(third);
    }
};

QTEST_GUILESS_MAIN(TestNoteStore)
#include "test_note_store.moc"
