// The notes sidecar (<bundle>.notes.json): a round trip keeps every field, and a hostile or
// broken file (truncated, huge, deep, of the wrong types, a newer version, not a file at all)
// gives one clear message and imports nothing harmful.
#include "core/notes/NoteJson.h"
#include "core/notes/NoteSidecar.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include <sys/stat.h>

using namespace rankscope;

namespace {

std::vector<Note> sampleNotes()
{
    NoteAnchor frame;
    frame.target = NoteTarget::Frame;
    frame.path = {{"<module>", "pretrain_gpt.py", 12}, {"wait", "libc.so.6", 0}};
    Note pin = makeNote(NoteView::FlameGraph, NoteKind::Pin, frame);
    pin.text = "NFS mount on node-4 hung\nsee INC-2291 「引用」";
    pin.label = "wait";

    NoteAnchor cell;
    cell.target = NoteTarget::Cell;
    cell.rank = 37;
    cell.axis = "iteration";
    cell.window = 30;
    cell.timeNs = 1764419464123456789;
    Note onCell = makeNote(NoteView::Heatmap, NoteKind::Pin, cell);
    onCell.text = "slow from here";

    Note box = makeNote(NoteView::Heatmap, NoteKind::Highlight, {});
    box.shape = NoteShape{{-1.5, 32.0}, {1.7645e18, 39.999}};

    NoteAnchor line;
    line.target = NoteTarget::LogLine;
    line.file = "logs/node-4.log";
    line.line = 1520;
    line.name = "OSError: [Errno <*>] Input/output error";
    line.rank = 37;
    line.timeNs = 1764419441000000000;
    Note onLine = makeNote(NoteView::Logs, NoteKind::Arrow, line);
    onLine.shape = NoteShape{{0, 0}, {1, 1}};

    Note ranks = makeNote(NoteView::Collectives, NoteKind::Ranks, {});
    ranks.ranks = RankSet::parse("130-131").value();
    return {pin, onCell, box, onLine, ranks};
}

std::string noteText(const std::string &fields)
{
    return R"({"format": "rankscope-notes", "version": 1, "notes": [)" + fields + "]}";
}

QString english(const Message &message)
{
    return QString::fromStdString(message.english());
}

} // namespace

class TestNoteSidecar : public QObject
{
    Q_OBJECT
private slots:
    void pathIsNextToTheBundle()
    {
        QCOMPARE(notesSidecarPath("/data/job-1234").string(),
                 std::string("/data/job-1234.notes.json"));
        QCOMPARE(notesSidecarPath("/data/job-1234/").string(),
                 std::string("/data/job-1234.notes.json"));
        QCOMPARE(notesSidecarPath("/data/job.tar.zst").string(),
                 std::string("/data/job.tar.zst.notes.json"));
    }

    void roundTripKeepsEveryField()
    {
        QTemporaryDir dir;
        const std::filesystem::path file =
            dir.filePath(QStringLiteral("job.notes.json")).toStdString();
        const std::vector<Note> notes = sampleNotes();
        writeNotesSidecar(file, notes, {"job-1234", "1234"});
        // Nothing but the file is left beside it (the temporary was renamed over it).
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
        const NotesSidecarRead read = readNotesSidecar(file);
        QVERIFY2(read.ok, qPrintable(english(read.error)));
        QCOMPARE(read.skipped, 0);
        QCOMPARE(read.info.bundle, std::string("job-1234"));
        QCOMPARE(read.info.jobId, std::string("1234"));
        QCOMPARE(read.notes.size(), notes.size());
        for (std::size_t i = 0; i < notes.size(); ++i)
            QVERIFY2(read.notes[i] == notes[i], noteJson(read.notes[i]).dump().c_str());

        // Writing again replaces the file whole.
        writeNotesSidecar(file, {notes.front()}, {});
        QCOMPARE(readNotesSidecar(file).notes.size(), std::size_t(1));
    }

    void handWrittenNotesGetIdsAndTimes()
    {
        const NotesSidecarRead read =
            decodeNotesSidecar(noteText(R"({"view": "flamegraph", "kind": "pin", "text": "look",
                        "anchor": {"target": "frame", "path": [{"function": "main"}]}})"),
                               "hand.json");
        QVERIFY(read.ok);
        QCOMPARE(read.notes.size(), std::size_t(1));
        QVERIFY(isValidNoteId(read.notes[0].id));
        QVERIFY(read.notes[0].createdMs > 0);
        QCOMPARE(read.notes[0].anchor.path.front().function, std::string("main"));
    }

    void brokenFilesImportNothing_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        const std::string whole = encodeNotesSidecar(sampleNotes(), {});
        QTest::newRow("truncated") << QByteArray::fromStdString(whole.substr(0, whole.size() / 2))
                                   << QStringLiteral("is not valid JSON");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("is not valid JSON");
        QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10)
                                << QStringLiteral("is not valid JSON");
        QTest::newRow("bad utf-8")
            << QByteArray(noteText("\"\xff\xfe\"").c_str()) << QStringLiteral("is not valid JSON");
        QTest::newRow("an array") << QByteArray("[1, 2, 3]")
                                  << QStringLiteral("is not a rankscope notes file");
        QTest::newRow("other format")
            << QByteArray(R"({"format": "speedscope", "version": 1, "notes": []})")
            << QStringLiteral("is not a rankscope notes file");
        QTest::newRow("notes not a list")
            << QByteArray(R"({"format": "rankscope-notes", "version": 1, "notes": {}})")
            << QStringLiteral("is not a rankscope notes file");
        QTest::newRow("no version") << QByteArray(R"({"format": "rankscope-notes", "notes": []})")
                                    << QStringLiteral("no valid \"version\"");
        QTest::newRow("version a string")
            << QByteArray(R"({"format": "rankscope-notes", "version": "1", "notes": []})")
            << QStringLiteral("no valid \"version\"");
        QTest::newRow("newer version")
            << QByteArray(R"({"format": "rankscope-notes", "version": 7, "notes": []})")
            << QStringLiteral("newer rankscope (notes format 7");
        // A million brackets would overflow the stack when the document is destroyed.
        QTest::newRow("deep") << QByteArray(noteText(std::string(1000000, '[')).c_str())
                              << QStringLiteral("nests deeper");
    }

    void brokenFilesImportNothing()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const NotesSidecarRead read = decodeNotesSidecar(
            std::string_view(text.constData(), std::size_t(text.size())), "job.notes.json");
        QVERIFY(!read.ok);
        QVERIFY(read.notes.empty());
        const QString message = english(read.error);
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("job.notes.json")), qPrintable(message));
    }

    void wrongTypesLeaveOutOnlyThatNote_data()
    {
        QTest::addColumn<QString>("note");
        QTest::addColumn<QString>("expected");
        const QString anchor = QStringLiteral(R"("anchor": {"target": "view"})");
        QTest::newRow("text a number")
            << QStringLiteral(R"({"view": "heatmap", "kind": "pin", "text": 12, %1})").arg(anchor)
            << QStringLiteral("\"text\" is not a string");
        QTest::newRow("unknown view")
            << QStringLiteral(R"({"view": "nowhere", "kind": "pin", %1})").arg(anchor)
            << QStringLiteral("\"view\" has a value");
        QTest::newRow("no kind") << QStringLiteral(R"({"view": "heatmap", %1})").arg(anchor)
                                 << QStringLiteral("\"kind\" is missing");
        QTest::newRow("no anchor") << QStringLiteral(R"({"view": "heatmap", "kind": "pin"})")
                                   << QStringLiteral("\"anchor\" is missing");
        QTest::newRow("anchor a list")
            << QStringLiteral(R"({"view": "heatmap", "kind": "pin", "anchor": []})")
            << QStringLiteral("\"anchor\" is not an object");
        QTest::newRow("bad id")
            << QStringLiteral(R"({"id": "../../etc", "view": "heatmap", "kind": "pin", %1})")
                   .arg(anchor)
            << QStringLiteral("\"id\" has a value");
        QTest::newRow("rank too large")
            << QStringLiteral(R"({"view": "heatmap", "kind": "pin", "anchor": {"target": "cell",
                                  "rank": 99999999999}})")
            << QStringLiteral("\"rank\" is out of range");
        QTest::newRow("huge rank list")
            << QStringLiteral(R"({"view": "heatmap", "kind": "ranks", "ranks": "0-2000000000",
                                  %1})")
                   .arg(anchor)
            << QStringLiteral("\"ranks\" has a value");
        QTest::newRow("shape not numbers")
            << QStringLiteral(R"({"view": "heatmap", "kind": "highlight", "shape": [1, "a", 2, 3],
                                  %1})")
                   .arg(anchor)
            << QStringLiteral("\"shape\" is not four finite numbers");
        QTest::newRow("shape too far") << QStringLiteral(R"({"view": "heatmap", "kind": "highlight",
                                  "shape": [1, 1e300, 2, 3], %1})")
                                              .arg(anchor)
                                       << QStringLiteral("\"shape\" is out of range");
        QTest::newRow("highlight without shape")
            << QStringLiteral(R"({"view": "heatmap", "kind": "highlight", %1})").arg(anchor)
            << QStringLiteral("\"shape\" is missing");
        QTest::newRow("path of strings")
            << QStringLiteral(R"({"view": "flamegraph", "kind": "pin", "anchor": {"target":
                                  "frame", "path": ["main"]}})")
            << QStringLiteral("\"path\" is not an object");
        QTest::newRow("negative time")
            << QStringLiteral(R"({"view": "heatmap", "kind": "pin", "created": -5, %1})")
                   .arg(anchor)
            << QStringLiteral("\"created\" is out of range");
        QTest::newRow("text too long")
            << QStringLiteral(R"({"view": "heatmap", "kind": "pin", "text": "%2", %1})")
                   .arg(anchor, QString(int(NoteLimits::kTextBytes + 1), QLatin1Char('x')))
            << QStringLiteral("\"text\" is longer than");
        QTest::newRow("a number") << QStringLiteral("42")
                                  << QStringLiteral("\"notes[]\" is not an object");
    }

    void wrongTypesLeaveOutOnlyThatNote()
    {
        QFETCH(QString, note);
        QFETCH(QString, expected);
        const std::string good =
            R"({"view": "heatmap", "kind": "pin", "text": "fine", "anchor": {"target": "view"}})";
        const NotesSidecarRead read =
            decodeNotesSidecar(noteText(good + ", " + note.toStdString()), "job.notes.json");
        QVERIFY(read.ok);
        QCOMPARE(read.notes.size(), std::size_t(1));
        QCOMPARE(read.notes[0].text, std::string("fine"));
        QCOMPARE(read.skipped, 1);
        QCOMPARE(read.problems.size(), std::size_t(1));
        const QString message = english(read.problems[0]);
        QVERIFY2(message.startsWith(QStringLiteral("note 2 left out: ")), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void tooManyNotesAreCut()
    {
        std::string notes;
        for (std::size_t i = 0; i < kMaxNotesPerSidecar + 5; ++i)
            notes += std::string(i ? "," : "") +
                     R"({"view": "heatmap", "kind": "pin", "anchor": {"target": "view"}})";
        const NotesSidecarRead read = decodeNotesSidecar(noteText(notes), "many.json");
        QVERIFY(read.ok);
        QCOMPARE(read.notes.size(), kMaxNotesPerSidecar);
        QCOMPARE(read.skipped, 5);
        QVERIFY(english(read.problems.back()).contains(QStringLiteral("the first 10000")));
    }

    void hugeAndOddFilesAreRefusedUnread()
    {
        QTemporaryDir dir;
        // Larger than the limit: refused from its size, without reading it.
        const std::filesystem::path huge = dir.filePath(QStringLiteral("huge.json")).toStdString();
        {
            std::ofstream out(huge, std::ios::binary);
            out.seekp(std::streamoff(kMaxNotesSidecarBytes) + 1);
            out.put('x');
        }
        NotesSidecarRead read = readNotesSidecar(huge);
        QVERIFY(!read.ok);
        QVERIFY2(english(read.error).contains(QStringLiteral("at most 16 MiB")),
                 qPrintable(english(read.error)));

        // A folder, a FIFO (which would block a plain read forever), a missing file.
        read = readNotesSidecar(dir.path().toStdString());
        QVERIFY(!read.ok);
        QVERIFY(english(read.error).contains(QStringLiteral("not a regular file")));
        const std::string fifo = dir.filePath(QStringLiteral("fifo.json")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        read = readNotesSidecar(fifo);
        QVERIFY(!read.ok);
        QVERIFY(english(read.error).contains(QStringLiteral("not a regular file")));
        read = readNotesSidecar(dir.filePath(QStringLiteral("missing.json")).toStdString());
        QVERIFY(!read.ok);
        QVERIFY(english(read.error).startsWith(QStringLiteral("cannot read ")));
    }
};

QTEST_GUILESS_MAIN(TestNoteSidecar)
#include "test_note_sidecar.moc"
