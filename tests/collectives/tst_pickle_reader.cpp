// The restricted pickle reader: every value type in protocols 2-5, every refused opcode refused
// with the file, byte offset and opcode name (and nothing run), limits against deep nesting,
// huge declared lengths and memo abuse, and a small dump cut at every byte.

#include "CollectiveTestSupport.h"

#include "importers/collectives/FlightRecorderDump.h"
#include "importers/collectives/PickleReader.h"

#include <QtTest>

#include <string>

using namespace rankscope;
using namespace rankscope_test;

namespace {

std::string bytesOf(std::initializer_list<int> values)
{
    std::string s;
    for (int v : values)
        s.push_back(char(v));
    return s;
}

const std::string kProto2 = bytesOf({0x80, 0x02});

QString text(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

} // namespace

class PickleReaderTest : public QObject
{
    Q_OBJECT

private slots:
    void everyValueTypeInEachProtocol_data();
    void everyValueTypeInEachProtocol();
    void protocolZeroTextOpcodes();
    void refusedOpcodes_data();
    void refusedOpcodes();
    void reduceNeverRuns();
    void pythonBytesAtProtocol2AreRefused();
    void deepNestingIsRefused();
    void hugeDeclaredLengthsAllocateNothing_data();
    void hugeDeclaredLengthsAllocateNothing();
    void memoAbuse();
    void brokenStreams();
    void cutAtEveryByteNeverFails();
    void dumpCutAtEveryByteKeepsCompleteEntries_data();
    void dumpCutAtEveryByteKeepsCompleteEntries();
};

void PickleReaderTest::everyValueTypeInEachProtocol_data()
{
    QTest::addColumn<int>("protocol");
    for (int p = 2; p <= 5; ++p)
        QTest::addRow("protocol %d", p) << p;
}

void PickleReaderTest::everyValueTypeInEachProtocol()
{
    QFETCH(int, protocol);
    const std::string bytes =
        readFrFixture(qPrintable(QStringLiteral("values_p%1.pkl").arg(protocol)));
    QVERIFY(!bytes.empty());
    const PickleReadResult r = readPickle(bytes);
    QVERIFY2(r.status == PickleStatus::Complete, r.error.c_str());
    const PickleValue root = r.document.root();
    QVERIFY(root.is(PickleType::Dict));

    QCOMPARE(text(root.get("str").text()), QStringLiteral("h\u00e9llo \u6f22"));
    QVERIFY(root.get("empty").is(PickleType::String));
    QCOMPARE(root.get("empty").text().size(), 0u);
    if (protocol >= 3) {
        QVERIFY(root.get("bytes").is(PickleType::Bytes));
        QCOMPARE(root.get("bytes").text(), std::string_view("\x00\x01\xff", 3));
    }
    const std::vector<std::int64_t> expected = {0,
                                                1,
                                                255,
                                                256,
                                                65535,
                                                65536,
                                                -1,
                                                -256,
                                                2147483647,
                                                2147483648LL,
                                                -2147483649LL,
                                                std::numeric_limits<std::int64_t>::max(),
                                                std::numeric_limits<std::int64_t>::min()};
    std::vector<std::int64_t> ints;
    root.get("ints").forEachItem([&](PickleValue v) {
        QVERIFY(v.is(PickleType::Int));
        ints.push_back(v.integer());
    });
    QCOMPARE(ints, expected);
    QCOMPARE(root.get("float").real(), 1.5);
    QCOMPARE(root.get("neg_float").real(), -2.25e-300);

    std::vector<std::size_t> tupleSizes;
    root.get("tuples").forEachItem([&](PickleValue t) {
        QVERIFY(t.is(PickleType::Tuple));
        tupleSizes.push_back(t.size());
    });
    QCOMPARE(tupleSizes, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
    if (protocol >= 4) {
        QVERIFY(root.get("set").is(PickleType::Set));
        QCOMPARE(root.get("set").size(), 1u);
        QVERIFY(root.get("frozenset").is(PickleType::FrozenSet));
    }
    QVERIFY(root.get("none").is(PickleType::None));
    std::vector<std::int64_t> bools;
    root.get("bools").forEachItem([&](PickleValue v) {
        QVERIFY(v.is(PickleType::Bool));
        bools.push_back(v.integer());
    });
    QCOMPARE(bools, (std::vector<std::int64_t>{1, 0}));

    // nested: {"a": [{"b": [[[]]]}]}
    PickleValue inner;
    root.get("nested").get("a").forEachItem([&](PickleValue d) { inner = d.get("b"); });
    QVERIFY(inner.is(PickleType::List));
    QCOMPARE(inner.size(), 1u);

    // The memo gives both items the same value, not two copies.
    std::vector<std::uint32_t> shared;
    root.get("shared").forEachItem([&](PickleValue v) {
        QCOMPARE(text(v.get("k").text()), QStringLiteral("shared"));
        shared.push_back(v.index());
    });
    QCOMPARE(shared.size(), 2u);
    QCOMPARE(shared[0], shared[1]);

    // 2,500 items: Python writes them in APPENDS batches of 1,000.
    std::int64_t next = 0;
    root.get("long_list").forEachItem([&](PickleValue v) { QCOMPARE(v.integer(), next++); });
    QCOMPARE(next, 2500);
    QVERIFY(!root.cut());
}

void PickleReaderTest::protocolZeroTextOpcodes()
{
    // PROTO 2, MARK, INT 42, INT 01 (True), LONG -7L, FLOAT 2.5, UNICODE "a\u00e9", PUT 0,
    // GET 0, LIST, STOP
    const std::string bytes = kProto2 + "(I42\nI01\nL-7L\nF2.5\nVa\\u00e9\np0\ng0\nl.";
    const PickleReadResult r = readPickle(bytes);
    QVERIFY2(r.status == PickleStatus::Complete, r.error.c_str());
    std::vector<PickleValue> items;
    r.document.root().forEachItem([&](PickleValue v) { items.push_back(v); });
    QCOMPARE(items.size(), 6u);
    QCOMPARE(items[0].integer(), 42);
    QVERIFY(items[1].is(PickleType::Bool));
    QCOMPARE(items[2].integer(), -7);
    QCOMPARE(items[3].real(), 2.5);
    QCOMPARE(text(items[4].text()), QStringLiteral("a\u00e9"));
    QCOMPARE(text(items[5].text()), QStringLiteral("a\u00e9"));
}

void PickleReaderTest::refusedOpcodes_data()
{
    QTest::addColumn<QByteArray>("payload"); // after PROTO 2 and two NONEs (offset 4)
    QTest::addColumn<QString>("name");
    auto row = [](const char *name, std::string payload) {
        QTest::newRow(name) << QByteArray(payload.data(), qsizetype(payload.size()))
                            << QString::fromLatin1(name);
    };
    row("GLOBAL", "cos\nsystem\n");
    row("STACK_GLOBAL", bytesOf({0x93}));
    row("REDUCE", "R");
    row("BUILD", "b");
    row("INST", "ios\nsystem\n");
    row("OBJ", "o");
    row("NEWOBJ", bytesOf({0x81}));
    row("NEWOBJ_EX", bytesOf({0x92}));
    row("PERSID", "P0\n");
    row("BINPERSID", "Q");
    row("EXT1", bytesOf({0x82, 0x01}));
    row("EXT2", bytesOf({0x83, 0x01, 0x00}));
    row("EXT4", bytesOf({0x84, 0x01, 0x00, 0x00, 0x00}));
    row("NEXT_BUFFER", bytesOf({0x97}));
    row("READONLY_BUFFER", bytesOf({0x98}));
    row("BYTEARRAY8", bytesOf({0x96, 1, 0, 0, 0, 0, 0, 0, 0, 'x'}));
    row("STRING", "S'x'\n");
    row("BINSTRING", bytesOf({'T', 1, 0, 0, 0, 'x'}));
    row("SHORT_BINSTRING", bytesOf({'U', 1, 'x'}));
    row("unknown 0xff", bytesOf({0xff}));
    row("unknown 0x00", bytesOf({0x00}));
}

void PickleReaderTest::refusedOpcodes()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, name);
    const std::string bytes = kProto2 + "NN" + payload.toStdString() + ".";
    const PickleReadResult r = readPickle(bytes);
    QCOMPARE(int(r.status), int(PickleStatus::Refused));
    QVERIFY(!r.usable());
    QCOMPARE(r.errorOffset, 4);
    const QString message = QString::fromStdString(r.error);
    QVERIFY2(message.startsWith(QStringLiteral("byte 4: ")), qPrintable(message));
    if (name.startsWith(QStringLiteral("unknown")))
        QVERIFY2(message.contains(QStringLiteral("unknown opcode ") + name.mid(8)),
                 qPrintable(message));
    else
        QVERIFY2(message.contains(QStringLiteral("opcode ") + name + QStringLiteral(" (0x")),
                 qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("refused")), qPrintable(message));
}

void PickleReaderTest::reduceNeverRuns()
{
    // The classic exploit: GLOBAL posix.system, a command, TUPLE1, REDUCE. Python's pickle.load
    // would create the file; the reader must stop at the GLOBAL.
    const QString marker =
        QDir::tempPath() +
        QStringLiteral("/rankscope_pickle_ran_%1").arg(QCoreApplication::applicationPid());
    QFile::remove(marker);
    const std::string command = "touch " + marker.toStdString();
    std::string bytes = kProto2 + "cposix\nsystem\n";
    bytes.push_back('X');
    const auto n = std::uint32_t(command.size());
    for (int i = 0; i < 4; ++i)
        bytes.push_back(char((n >> (8 * i)) & 0xFF));
    bytes += command;
    bytes += bytesOf({0x85}) + "R.";
    const PickleReadResult r = readPickle(bytes);
    QCOMPARE(int(r.status), int(PickleStatus::Refused));
    QCOMPARE(r.opcode, std::string("GLOBAL"));
    QCOMPARE(r.errorOffset, 2);
    QVERIFY(!QFile::exists(marker));

    const FlightRecorderReadResult dump = readFlightRecorderDump(bytes, "fr/nccl_trace_rank_0", 0);
    QVERIFY(!dump.ok);
    QCOMPARE(dump.problems.size(), 1u);
    QVERIFY(QString::fromStdString(dump.problems[0].message)
                .startsWith(QStringLiteral("byte 2: opcode GLOBAL")));
    QVERIFY(!QFile::exists(marker));
}

void PickleReaderTest::pythonBytesAtProtocol2AreRefused()
{
    const std::string bytes = readFrFixture("refused_p2_bytes.pkl");
    QVERIFY(!bytes.empty());
    const PickleReadResult r = readPickle(bytes);
    QCOMPARE(int(r.status), int(PickleStatus::Refused));
    QCOMPARE(r.opcode, std::string("GLOBAL"));
    QCOMPARE(r.errorOffset, 47);
}

void PickleReaderTest::deepNestingIsRefused()
{
    // 10,000 nested lists by APPEND.
    std::string lists = kProto2 + std::string(10000, ']') + std::string(9999, 'a') + ".";
    PickleReadResult r = readPickle(lists);
    QCOMPARE(int(r.status), int(PickleStatus::Refused));
    QVERIFY2(QString::fromStdString(r.error).contains(QStringLiteral("nest deeper")),
             r.error.c_str());

    // 100,000 open MARKs.
    r = readPickle(kProto2 + std::string(100000, '(') + ".");
    QCOMPARE(int(r.status), int(PickleStatus::Refused));

    // Within the limit is fine: 50 levels.
    r = readPickle(kProto2 + std::string(50, ']') + std::string(49, 'a') + ".");
    QVERIFY2(r.status == PickleStatus::Complete, r.error.c_str());

    // The same in JSON.
    const std::string json = std::string(100000, '[') + std::string(100000, ']');
    const FlightRecorderReadResult dump = readFlightRecorderDump(json, "fr/deep_1.json", 1);
    QVERIFY(!dump.ok);
    QVERIFY(!dump.problems.empty());
}

void PickleReaderTest::hugeDeclaredLengthsAllocateNothing_data()
{
    QTest::addColumn<QByteArray>("payload");
    auto row = [](const char *name, std::string payload) {
        QTest::newRow(name) << QByteArray(payload.data(), qsizetype(payload.size()));
    };
    row("BINUNICODE 4 GiB", bytesOf({'X', 0xff, 0xff, 0xff, 0xff}) + "abc");
    row("BINUNICODE8 2^63", bytesOf({0x8d, 0, 0, 0, 0, 0, 0, 0, 0x80}) + "abc");
    row("BINBYTES8 2^64-1",
        bytesOf({0x8e, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) + "abc");
    row("BINBYTES 2 GiB", bytesOf({'B', 0, 0, 0, 0x80}));
    row("LONG4 2 GiB", bytesOf({0x8b, 0, 0, 0, 0x80, 1, 2}));
    row("FRAME 2^62", bytesOf({0x95, 0, 0, 0, 0, 0, 0, 0, 0x40, ']'}));
    row("SHORT_BINUNICODE past end", bytesOf({0x8c, 200}) + "ab");
}

void PickleReaderTest::hugeDeclaredLengthsAllocateNothing()
{
    QFETCH(QByteArray, payload);
    const std::string bytes = kProto2 + payload.toStdString();
    const PickleReadResult r = readPickle(bytes);
    // Treated as a file cut there: nothing read past the end, nothing allocated for the claim.
    QCOMPARE(int(r.status), int(PickleStatus::Truncated));
    QVERIFY2(QString::fromStdString(r.error).startsWith(QStringLiteral("byte ")), r.error.c_str());
    QVERIFY(r.document.nodeCount() <= 2);
}

void PickleReaderTest::memoAbuse()
{
    // LONG_BINPUT at index 4 billion: refused, not a 16 GB memo.
    PickleReadResult r = readPickle(kProto2 + "N" + bytesOf({'r', 0xf0, 0xff, 0xff, 0xff}) + ".");
    QCOMPARE(int(r.status), int(PickleStatus::Refused));
    QVERIFY2(QString::fromStdString(r.error).contains(QStringLiteral("memo index")),
             r.error.c_str());
    QCOMPARE(r.errorOffset, 3);

    // GET of a key never stored.
    r = readPickle(kProto2 + bytesOf({'h', 9}) + ".");
    QCOMPARE(int(r.status), int(PickleStatus::Refused));

    // A list that contains itself (legal Python): read, and walking it one level is finite.
    r = readPickle(kProto2 + "]q" + bytesOf({0}) + "h" + bytesOf({0}) + "a.");
    QVERIFY2(r.status == PickleStatus::Complete, r.error.c_str());
    QCOMPARE(r.document.root().size(), 1u);

    // Memo store with an empty stack.
    r = readPickle(kProto2 + "q" + bytesOf({0}) + ".");
    QCOMPARE(int(r.status), int(PickleStatus::Refused));

    // A billion-laughs DAG: 40 levels of [x, x] is 80 items, not 2^40.
    std::string laughs = kProto2 + "N";
    for (int i = 0; i < 40; ++i)
        laughs += "2" + bytesOf({0x86});
    laughs += ".";
    r = readPickle(laughs);
    QVERIFY2(r.status == PickleStatus::Complete, r.error.c_str());
    QVERIFY(r.document.nodeCount() < 100);
}

void PickleReaderTest::brokenStreams()
{
    struct Case
    {
        const char *name;
        std::string bytes;
    };
    const std::vector<Case> cases = {
        {"no PROTO", "N."},
        {"protocol 1", bytesOf({0x80, 0x01}) + "N."},
        {"protocol 9", bytesOf({0x80, 0x09}) + "N."},
        {"APPENDS on a dict", kProto2 + "}(Ne."},
        {"SETITEMS odd", kProto2 + "}(Nu."},
        {"APPEND on an int", kProto2 + "K" + bytesOf({1}) + "Na."},
        {"TUPLE3 short", kProto2 + "N" + bytesOf({0x87}) + "."},
        {"POP empty", kProto2 + "0."},
        {"STOP empty", kProto2 + "."},
        {"APPENDS without MARK", kProto2 + "]Ne."},
        {"LONG1 too wide", kProto2 + bytesOf({0x8a, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9}) + "."},
        {"INT not a number", kProto2 + "Iabc\n."},
    };
    for (const Case &c : cases) {
        const PickleReadResult r = readPickle(c.bytes);
        QVERIFY2(r.status == PickleStatus::Refused, c.name);
        QVERIFY2(!r.error.empty() && r.errorOffset >= 0, c.name);
    }
}

void PickleReaderTest::cutAtEveryByteNeverFails()
{
    for (const char *name : {"values_p2.pkl", "values_p5.pkl", "v2_10_nccl_trace_rank_3.pkl"}) {
        const std::string bytes = readFrFixture(name);
        QVERIFY(!bytes.empty());
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            const PickleReadResult r = readPickle(std::string_view(bytes).substr(0, n));
            if (n < 2) {
                QVERIFY(r.status != PickleStatus::Complete);
                continue;
            }
            QVERIFY2(r.status == PickleStatus::Truncated,
                     qPrintable(QStringLiteral("%1 cut at %2: %3")
                                    .arg(QString::fromUtf8(name))
                                    .arg(n)
                                    .arg(QString::fromStdString(r.error))));
            QVERIFY(r.errorOffset <= std::int64_t(n));
        }
        QVERIFY(readPickle(bytes).status == PickleStatus::Complete);
    }
}

void PickleReaderTest::dumpCutAtEveryByteKeepsCompleteEntries_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("protocol 2, frames") << QStringLiteral("v2_3_nccl_trace_rank_1.pkl");
    QTest::newRow("protocol 2, strings") << QStringLiteral("v2_7_strings_nccl_trace_rank_2.pkl");
    QTest::newRow("protocol 4") << QStringLiteral("v2_10_nccl_trace_rank_3.pkl");
    QTest::newRow("json") << QStringLiteral("v2_10_json_nccl_trace_rank_0.json");
}

void PickleReaderTest::dumpCutAtEveryByteKeepsCompleteEntries()
{
    QFETCH(QString, name);
    const std::string bytes = readFrFixture(qPrintable(name));
    QVERIFY(!bytes.empty());
    const FlightRecorderReadResult full = readFlightRecorderDump(bytes, "fr/dump_1", 1);
    QVERIFY(full.ok);
    const auto &all = full.records.entries;
    QVERIFY(all.size() >= 2);

    std::size_t previous = 0;
    std::size_t lastCut = 0; // the last cut that kept nothing
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        const FlightRecorderReadResult cut =
            readFlightRecorderDump(std::string_view(bytes).substr(0, n), "fr/dump_1", 1);
        const auto &kept = cut.records.entries;
        QVERIFY2(kept.size() >= previous, qPrintable(QStringLiteral("cut at %1").arg(n)));
        QVERIFY(kept.size() <= all.size());
        for (std::size_t i = 0; i < kept.size(); ++i) {
            // Only complete entries: each equals the full read's.
            QCOMPARE(kept[i].recordId, all[i].recordId);
            QCOMPARE(kept[i].op, all[i].op);
            QCOMPARE(kept[i].collectiveSeq, all[i].collectiveSeq);
            QCOMPARE(kept[i].inputSizes, all[i].inputSizes);
            QCOMPARE(kept[i].outputSizes, all[i].outputSizes);
            QCOMPARE(int(kept[i].state), int(all[i].state));
            QCOMPARE(kept[i].timeoutMs, all[i].timeoutMs);
            QCOMPARE(kept[i].frames.size(), all[i].frames.size());
            QCOMPARE(kept[i].isP2p, all[i].isP2p);
        }
        if (!kept.empty()) {
            QVERIFY(cut.ok);
            QVERIFY(cut.info.truncated);
            QVERIFY(!cut.problems.empty());
        } else {
            QVERIFY(!cut.ok);
            lastCut = n;
        }
        previous = kept.size();
    }
    Q_UNUSED(lastCut);
    // Cut just before its last byte, every entry is kept (the entries list closed before).
    const FlightRecorderReadResult nearlyAll =
        readFlightRecorderDump(std::string_view(bytes).substr(0, bytes.size() - 1), "fr/dump_1", 1);
    QCOMPARE(nearlyAll.records.entries.size(), all.size());
}

QTEST_GUILESS_MAIN(PickleReaderTest)
#include "tst_pickle_reader.moc"
