// .json.gz and .json.zst (made here from the JSON fixtures with zlib and zstd), recognised by
// content; concatenated gzip members; truncated compressed files; the rank from the file path
// when the trace has no distributedInfo.

#include "TraceTestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>
#include <zstd.h>

using namespace rankscope;
using namespace rankscope_test;

namespace {

std::string gzipBytes(std::string_view text)
{
    z_stream stream{};
    // 15 + 16: a gzip header and trailer rather than zlib's.
    if (deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    std::string out(deflateBound(&stream, static_cast<uLong>(text.size())) + 64, '\0');
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.data()));
    stream.avail_in = static_cast<uInt>(text.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    const int status = deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return status == Z_STREAM_END ? out : std::string();
}

std::string zstdBytes(std::string_view text)
{
    std::string out(ZSTD_compressBound(text.size()), '\0');
    const std::size_t size = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    if (ZSTD_isError(size))
        return {};
    out.resize(size);
    return out;
}

// Writes `bytes` to dir/relativePath (creating folders) and returns the full path.
std::string writeFile(const QTemporaryDir &dir, const QString &relativePath,
                      const std::string &bytes)
{
    const QString path = dir.filePath(relativePath);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(bytes.data(), static_cast<qint64>(bytes.size()));
    return path.toStdString();
}

std::string readTraceFileBytes(const std::string &path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

// What the same fixture gives uncompressed, to compare with.
struct Summary
{
    std::size_t events = 0;
    std::size_t tracks = 0;
    std::size_t flows = 0;
    std::size_t iterations = 0;
    std::int64_t firstNs = 0;
    std::int64_t lastNs = 0;
    int rank = -1;
    bool operator==(const Summary &other) const = default;
};

Summary summarize(const TraceData &data)
{
    return {data.events.size(), data.tracks.size(), data.flows.size(), data.iterations.size(),
            data.firstNs,       data.lastNs,        data.rank};
}

} // namespace

class TraceCompressedTest : public QObject
{
    Q_OBJECT

private slots:
    void gzipAndZstdGiveTheSameModel();
    void contentDecidesNotTheName();
    void concatenatedGzipMembers();
    void truncatedGzip();
    void truncatedZstd();
    void rankFromThePath();
    void unpackedSizeIsCapped();
    void declaredSizesAreNotTrusted();
};

void TraceCompressedTest::gzipAndZstdGiveTheSameModel()
{
    const std::string json = readTraceFixture("kineto-basic.json");
    const TraceData plain = importTraceFixture("kineto-basic.json");
    QVERIFY(plain.events.size() == 19);
    QTemporaryDir dir;
    const std::string gz =
        writeFile(dir, QStringLiteral("rank3.pt.trace.json.gz"), gzipBytes(json));
    const std::string zst =
        writeFile(dir, QStringLiteral("rank3.pt.trace.json.zst"), zstdBytes(json));
    for (const std::string &path : {gz, zst}) {
        const TraceData data = importTraceFile(path);
        // The same bytes from memory (as extracted from an archive) give the same model.
        const std::string bytes = readTraceFileBytes(path);
        const TraceData fromMemory = importTraceBytes(bytes, "rank3.pt.trace.json.gz");
        QVERIFY2(fromMemory.problems.empty(), qPrintable(problemsText(fromMemory)));
        QVERIFY(summarize(fromMemory) == summarize(plain));
        QVERIFY2(data.problems.empty(), qPrintable(problemsText(data)));
        QVERIFY(summarize(data) == summarize(plain));
        QCOMPARE(data.stats.jsonBytes, std::int64_t(json.size()));
        QVERIFY(data.stats.fileBytes < data.stats.jsonBytes);
        for (std::size_t i = 0; i < data.events.size(); ++i) {
            QCOMPARE(data.events[i].startNs, plain.events[i].startNs);
            QCOMPARE(data.events[i].durationNs, plain.events[i].durationNs);
            QCOMPARE(qs(data.eventName(std::uint32_t(i))), qs(plain.eventName(std::uint32_t(i))));
        }
    }
}

void TraceCompressedTest::contentDecidesNotTheName()
{
    QTemporaryDir dir;
    const std::string json = readTraceFixture("begin-end.json");
    // A gzip file without .gz, and plain JSON named .json.gz.
    const std::string hiddenGzip = writeFile(dir, QStringLiteral("trace.json"), gzipBytes(json));
    const std::string fakeGzip = writeFile(dir, QStringLiteral("trace2.json.gz"), json);
    QCOMPARE(importTraceFile(hiddenGzip).events.size(), 8u);
    QCOMPARE(importTraceFile(fakeGzip).events.size(), 8u);
}

void TraceCompressedTest::concatenatedGzipMembers()
{
    // "cat a.gz b.gz" is a valid gzip file; the JSON is split mid-event between the members.
    const std::string json = readTraceFixture("kineto-basic.json");
    const std::size_t half = json.size() / 2;
    QTemporaryDir dir;
    const std::string path =
        writeFile(dir, QStringLiteral("joined.json.gz"),
                  gzipBytes(json.substr(0, half)) + gzipBytes(json.substr(half)));
    const TraceData data = importTraceFile(path);
    QVERIFY2(data.problems.empty(), qPrintable(problemsText(data)));
    QCOMPARE(data.events.size(), 19u);
}

void TraceCompressedTest::truncatedGzip()
{
    const std::string json = readTraceFixture("kineto-basic.json");
    const std::string compressed = gzipBytes(json);
    QTemporaryDir dir;
    const std::string path = writeFile(dir, QStringLiteral("cut.json.gz"),
                                       compressed.substr(0, compressed.size() * 2 / 3));
    const TraceData data = importTraceFile(path);
    QVERIFY2(findProblem(data, "the gzip data ends early"), qPrintable(problemsText(data)));
    QVERIFY2(findProblem(data, "the JSON ends before its brackets close"),
             qPrintable(problemsText(data)));
    QVERIFY(data.truncated);
    // What was decompressed is read: some events, fewer than all.
    QVERIFY(data.stats.jsonBytes > 0 && data.stats.jsonBytes < std::int64_t(json.size()));
    QVERIFY(!data.events.empty() && data.events.size() < 19);
    QCOMPARE(data.rank, 3);
    const QString violation = modelInvariantViolation(data);
    QVERIFY2(violation.isEmpty(), qPrintable(violation));
}

void TraceCompressedTest::truncatedZstd()
{
    // zstd decodes whole blocks (up to 128 KiB of output): a trace of several blocks, so that a
    // cut file still yields some of them.
    std::string json = "{\"traceEvents\": [";
    constexpr int kEvents = 5000;
    for (int i = 0; i < kEvents; ++i) {
        json += (i ? ",\n" : "\n");
        json += "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::op_" +
                std::to_string(i % 97) +
                "\", \"pid\": 1, \"tid\": 1, \"ts\": " + std::to_string(i * 10) +
                ".125, \"dur\": 5.5, \"args\": {\"External id\": " + std::to_string(i) + "}}";
    }
    json += "\n]}";
    const std::string compressed = zstdBytes(json);
    QTemporaryDir dir;
    QCOMPARE(
        importTraceFile(writeFile(dir, QStringLiteral("whole.json.zst"), compressed)).events.size(),
        std::size_t(kEvents));
    const std::string path = writeFile(dir, QStringLiteral("cut.json.zst"),
                                       compressed.substr(0, compressed.size() * 2 / 3));
    const TraceData data = importTraceFile(path);
    QVERIFY2(findProblem(data, "the zstd data ends early"), qPrintable(problemsText(data)));
    QVERIFY2(findProblem(data, "the JSON ends before its brackets close"),
             qPrintable(problemsText(data)));
    QVERIFY(data.truncated);
    QVERIFY(data.events.size() > 0 && data.events.size() < std::size_t(kEvents));
    // The events kept are the first ones, complete.
    for (std::uint32_t i = 0; i < data.events.size(); ++i) {
        QCOMPARE(data.events[i].startNs, std::int64_t(i) * 10000 + 125);
        QCOMPARE(data.events[i].externalId, std::int64_t(i));
    }

    const std::string corrupt = writeFile(dir, QStringLiteral("bad.json.zst"),
                                          compressed.substr(0, 4) + std::string(64, 'x'));
    const TraceData garbage = importTraceFile(corrupt);
    QVERIFY2(findProblem(garbage, "the zstd data is corrupt"), qPrintable(problemsText(garbage)));
    QVERIFY(garbage.events.empty());
}

namespace {

std::string manyEvents(int count)
{
    std::string json = "{\"traceEvents\": [";
    for (int i = 0; i < count; ++i) {
        json += (i ? ",\n" : "\n");
        json += "{\"ph\": \"X\", \"name\": \"op\", \"pid\": 1, \"tid\": 1, \"ts\": " +
                std::to_string(i * 10) + ", \"dur\": 5}";
    }
    return json + "\n]}";
}

} // namespace

// Issue 13, class 2: a compressed trace counts by what it unpacks to. Beyond the cap, the first
// maxBytes are read as a cut trace, with a problem; a plain file over the cap is not read.
void TraceCompressedTest::unpackedSizeIsCapped()
{
    const std::string json = manyEvents(5000);
    const std::uint64_t cap = json.size() / 2;
    for (const std::string &compressed : {gzipBytes(json), zstdBytes(json)}) {
        const TraceData data = importTraceBytes(compressed, "rank0.json.gz", {}, cap);
        QVERIFY2(findProblem(data, ("the trace unpacks to more than " + std::to_string(cap) +
                                    " bytes, the limit per file")
                                       .c_str()),
                 qPrintable(problemsText(data)));
        QCOMPARE(data.stats.jsonBytes, std::int64_t(cap));
        QVERIFY(data.events.size() > 1000 && data.events.size() < 5000);
        QCOMPARE(importTraceBytes(compressed, "rank0.json.gz", {}, json.size()).events.size(),
                 std::size_t(5000));
    }
    QTemporaryDir dir;
    const std::string plain = writeFile(dir, QStringLiteral("rank0.json"), json);
    const TraceData refused = importTraceFile(plain, {}, cap);
    QVERIFY2(findProblem(refused, "the limit per file; not read"),
             qPrintable(problemsText(refused)));
    QVERIFY(refused.events.empty());
    QCOMPARE(importTraceFile(plain, {}, json.size()).events.size(), std::size_t(5000));
}

// A gzip trailer or zstd frame header may declare any size: the buffer follows the data (a
// 300-byte file whose trailer says 4 GiB allocated 4 GiB).
void TraceCompressedTest::declaredSizesAreNotTrusted()
{
    const std::string json = readTraceFixture("kineto-basic.json");
    std::string gz = gzipBytes(json);
    gz.replace(gz.size() - 4, 4, "\xff\xff\xff\xff");
    std::string out;
    decompressTrace(gz, TraceCompression::Gzip, out, 64);
    QCOMPARE(out, json); // zlib checks the length only after the data
    QVERIFY(out.capacity() < (16u << 20));

    // A zstd frame declaring 2^35 bytes, its one raw block holding the JSON.
    std::string zst = "\x28\xb5\x2f\xfd\xe0";
    for (int i = 0; i < 8; ++i)
        zst.push_back(char(((1ull << 35) >> (8 * i)) & 0xff));
    const std::uint32_t block = std::uint32_t(json.size()) << 3 | 1;
    zst += std::string{char(block & 0xff), char((block >> 8) & 0xff), char(block >> 16)};
    zst += json;
    const std::string error = decompressTrace(zst, TraceCompression::Zstd, out, 64);
    QVERIFY(out.capacity() < (16u << 20));
    QVERIFY2(!error.empty(), error.c_str()); // the frame is shorter than it says
}

void TraceCompressedTest::rankFromThePath()
{
    // begin-end.json has no distributedInfo.
    const std::string json = readTraceFixture("begin-end.json");
    QTemporaryDir dir;
    const std::string worker = writeFile(
        dir, QStringLiteral("job/worker5_step_12.1694128201545.pt.trace.json.gz"), gzipBytes(json));
    const TraceData fromName = importTraceFile(worker);
    QCOMPARE(fromName.rank, 5);
    QCOMPARE(fromName.rankSource, TraceRankSource::FilePath);
    QVERIFY(!findProblem(fromName, "no rank"));

    // The bundle-relative path, when given, is what counts.
    const TraceData fromRankPath = importTraceFile(worker, "traces/rank7/trace.json.gz");
    QCOMPARE(fromRankPath.rank, 7);

    const std::string anonymous = writeFile(dir, QStringLiteral("plain/trace.json"), json);
    const TraceData unknown = importTraceFile(anonymous, "plain/trace.json");
    QCOMPARE(unknown.rank, -1);
    QCOMPARE(unknown.rankSource, TraceRankSource::Unknown);
    QVERIFY2(findProblem(unknown, "no rank: the trace has no distributedInfo.rank"),
             qPrintable(problemsText(unknown)));

    // distributedInfo wins over the path.
    const std::string named =
        writeFile(dir, QStringLiteral("rank0/kineto.json"), readTraceFixture("kineto-basic.json"));
    QCOMPARE(importTraceFile(named).rank, 3);
}

QTEST_GUILESS_MAIN(TraceCompressedTest)
#include "test_trace_compressed.moc"
