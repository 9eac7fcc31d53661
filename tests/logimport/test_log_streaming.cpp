// The log importer reads a file's text in chunks (LogTextSource, LogTextChunks): any cut into
// chunks, down to a byte, gives the same events, iterations, problems and line counts as the
// whole text at once, plain, gzip or zstd; compression bombs stop at the cap with a problem and
// little memory; a zstd frame's declared size is not allocated; long lines are cut and reported.

#include "LogCompressionSupport.h"
#include "LogTestSupport.h"
#include "core/cache/LogBlockCodec.h"
#include "importers/bundle/LogFileReader.h"
#include "importers/logs/LogEventBuilder.h"
#include "importers/logs/LogTextChunks.h"
#include "importers/logs/LogTextSource.h"

#include <QDirIterator>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/resource.h>

using namespace rankscope;
using namespace rankscope_test;

class LogStreamingTest : public QObject
{
    Q_OBJECT

private slots:
    void chunksEndAtLines();
    void fixturesInAnyChunks();
    void hardTextInAnyChunks();
    void filesReadLikeBytes();
    void realLogsInChunks();
    void truncatedStreamsKeepTheirStart();
    void corruptStreamsKeepTheirStart();
    void megabyteLineIsCut();
    void lineLongerThanTheBufferIsCut();
    void redrawnLineLongerThanTheBuffer();
    void gzipBombStopsAtTheCap();
    void zstdBombStopsAtTheCap();
    void zstdDeclaredSizeIsNotAllocated();
    void eventsHandedOnLikeHeld_data();
    void eventsHandedOnLikeHeld();
};

namespace {

// Everything the import gives, one fact a line, to compare two imports of the same file.
std::string describe(const ParsedLog &log)
{
    std::string out;
    char buffer[256];
    const LogFileInfo &info = log.info;
    std::snprintf(buffer, sizeof buffer, "info %s kind=%s rank=%d bytes=%lld lines=%lld\n",
                  info.path.c_str(), logFileKindKey(info.kind), info.rank,
                  static_cast<long long>(info.bytes), static_cast<long long>(info.lines));
    out += buffer;
    out += "node=" + info.node + " time=" + info.timestampFormat + " prefix=" + info.prefixFormat +
           "\n";
    for (const LogEvent &event : log.events) {
        std::snprintf(buffer, sizeof buffer, "event %d %lld %u+%u %d ", event.rank,
                      static_cast<long long>(event.timeNs), event.line, event.lineCount,
                      int(event.severity));
        out += buffer + event.text + "\n";
    }
    for (const LogIterationRecord &record : log.iterations) {
        std::snprintf(buffer, sizeof buffer, "iteration %d %lld %lld %.17g %.17g %.17g %s %u\n",
                      record.rank, static_cast<long long>(record.iteration),
                      static_cast<long long>(record.timeNs), record.stepTimeMs, record.loss,
                      record.learningRate, record.framework.c_str(), record.line);
        out += buffer;
    }
    for (const LogProblem &problem : log.problems)
        out += "problem " + std::to_string(problem.line) + " " + problem.message + "\n";
    for (const LogRankNode &node : log.rankNodes)
        out += "node " + std::to_string(node.rank) + " " + node.node + " " +
               std::to_string(node.pid) + "\n";
    const CollectiveRecords &c = log.collectives;
    for (const ProcessGroupConfig &group : c.groups)
        out += "group " + group.name + " " + group.desc + " " + std::to_string(group.ranks.size()) +
               "\n";
    for (const CollectiveEntry &entry : c.entries)
        out += "entry " + std::to_string(entry.rank) + " " + std::to_string(entry.groupRank) + " " +
               entry.pgName + " " + std::to_string(entry.collectiveSeq) + " " + entry.op + " " +
               std::to_string(entry.source.line) + "\n";
    for (const CollectiveGroupStatus &status : c.statuses)
        out += "status " + std::to_string(status.rank) + " " + status.pgName + " " +
               std::to_string(status.lastEnqueued) + " " + std::to_string(status.lastCompleted) +
               "\n";
    for (const CollectiveClaim &claim : c.claims)
        out += "claim " + std::to_string(claim.seq) + " " +
               std::to_string(claim.missingRanks.size()) + " " + claim.text + "\n";
    return out;
}

LogReadLimits chunksOf(std::size_t bytes)
{
    LogReadLimits limits;
    limits.chunkBytes = bytes;
    return limits;
}

// The whole text as one chunk: what the importer did before it read in chunks.
LogReadLimits oneChunk()
{
    LogReadLimits limits;
    limits.chunkBytes = limits.surveyBytes = std::size_t(1) << 30;
    return limits;
}

std::string compressedAs(const std::string &text, int encoding)
{
    return encoding == 0 ? text : encoding == 1 ? gzip(text) : zstd(text);
}

const char *encodingName(int encoding)
{
    return encoding == 0 ? "plain" : encoding == 1 ? "gzip" : "zstd";
}

// Compares the import of `text` (plain, gzip and zstd) in each chunk size with the import as
// one chunk; returns the first difference, empty when none.
QString differenceInChunks(const std::string &text, const std::string &path,
                           std::initializer_list<std::size_t> chunkSizes)
{
    const std::string whole = describe(importLogBytes(text, path, oneChunk()));
    for (int encoding = 0; encoding < 3; ++encoding) {
        const std::string bytes = compressedAs(text, encoding);
        for (const std::size_t chunk : chunkSizes) {
            const std::string got = describe(importLogBytes(bytes, path, chunksOf(chunk)));
            if (got == whole)
                continue;
            std::size_t at = 0;
            while (at < got.size() && at < whole.size() && got[at] == whole[at])
                ++at;
            const std::size_t from = at > 200 ? at - 200 : 0;
            return QStringLiteral("%1, %2, chunks of %3 bytes differ at byte %4:\n  whole: %5\n  "
                                  "chunks: %6")
                .arg(qs(path), QLatin1String(encodingName(encoding)))
                .arg(chunk)
                .arg(at)
                .arg(qs(whole.substr(from, 400)), qs(got.substr(from, 400)));
        }
    }
    return {};
}

std::string fileBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

std::int64_t peakResidentMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024; // KiB on Linux
}

// The peak resident memory a test may reach: the old whole-file reading needed a gigabyte or
// more for each of the bombs below.
constexpr std::int64_t kBoundedMiB = 512;

int problemsContaining(const ParsedLog &log, const char *needle)
{
    int n = 0;
    for (const LogProblem &problem : log.problems)
        n += problem.message.find(needle) != std::string::npos;
    return n;
}

} // namespace

void LogStreamingTest::chunksEndAtLines()
{
    const std::string text = "a\nbb\n\nccc\r\n" + std::string(300, 'd') + "\nlast";
    for (const std::size_t size : {1, 2, 5, 64, 1000}) {
        LogTextSource source{std::string_view(text)};
        LogReadLimits limits = chunksOf(size);
        LogTextChunks chunks(&source, limits);
        std::string joined;
        LogTextChunk chunk;
        while (chunks.next(&chunk)) {
            QVERIFY(!chunk.text.empty());
            QCOMPARE(chunk.cutLineBytes, std::uint64_t(0));
            // Whole lines, more than one only within the chunk size.
            const bool endsAtLine =
                chunk.text.back() == '\n' || joined.size() + chunk.text.size() == text.size();
            QVERIFY2(endsAtLine, qPrintable(QString::number(size)));
            const std::size_t newline = chunk.text.find('\n');
            if (chunk.text.size() > size)
                QVERIFY(newline == std::string_view::npos || newline + 1 == chunk.text.size());
            joined += chunk.text;
        }
        QCOMPARE(qs(joined), qs(text));
    }
}

void LogStreamingTest::fixturesInAnyChunks()
{
    QDirIterator it(fixturesDir() + QStringLiteral("/logs"),
                    {QStringLiteral("*.log"), QStringLiteral("*.out"), QStringLiteral("*.txt")},
                    QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const std::string text = fileBytes(path);
        QVERIFY2(!text.empty(), qPrintable(path));
        const std::string relative = "logs/" + QFileInfo(path).fileName().toStdString();
        const QString difference = differenceInChunks(text, relative, {1, 7, 64, 4096});
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        ++files;
    }
    QVERIFY2(files >= 40, qPrintable(QString::number(files)));
}

void LogStreamingTest::hardTextInAnyChunks()
{
    // Everything the splitter repairs, in one file, so that chunk boundaries fall inside and
    // between each: CRLF, redrawn progress bars, ANSI colours, NUL padding, invalid UTF-8, runs
    // of binary lines, a line over 64 KiB, blank lines, a traceback, interleaved ranks, no final
    // newline.
    std::string text = "2026-11-29 12:31:04,100 INFO start\r\n";
    text += "[rank0]: \x1b[32mgreen\x1b[0m text\n";
    text += " 10%|#         | 1/10 [00:01<00:09, 1.00s/it]\r 20%|##        | 2/10 [00:02<00:08, "
            "1.00s/it]\r 30%|###       | 3/10 [00:03<00:07, 1.00s/it]\n";
    text += std::string(100, '\0') + "after NUL padding\n";
    text += "caf\xe9 latin-1\n";
    std::string junk;
    for (int i = 0; i < 200; ++i)
        junk.push_back(char((i * 37 + 11) % 256 == 10 ? 1 : (i * 37 + 11) % 256));
    text += junk + "\n" + junk + "\n" + junk + "\n";
    text += "\n\n   \n";
    text += "[rank1]: Traceback (most recent call last):\n[rank1]:   File \"x.py\", line 3\n"
            "[rank1]: RuntimeError: boom\n";
    text += "[rank2]: a line[rank3]: interleaved\n";
    text += "\xc3\xa9" + std::string(70000, 'y') + "\xe2\x82\xac tail\n";
    text += std::string(70000, 'z') + "\r\n";
    text += "no newline at the end";
    const QString difference =
        differenceInChunks(text, "logs/combined.log", {1, 2, 3, 7, 64, 1000, 65536, 70001});
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

void LogStreamingTest::filesReadLikeBytes()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string text = readFixture("real-world/slurm_nccl_hosts.out");
    QVERIFY(!text.empty());
    for (int encoding = 0; encoding < 3; ++encoding) {
        const std::string bytes = compressedAs(text, encoding);
        const QString path = dir.filePath(QStringLiteral("node-3.out"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(bytes.data(), qint64(bytes.size()));
        file.close();
        const std::string fromBytes = describe(importLogBytes(bytes, "logs/node-3.out"));
        for (const std::size_t chunk : {std::size_t(7), std::size_t(4) << 20}) {
            const ParsedLog log =
                importLogFile(path.toStdString(), "logs/node-3.out", chunksOf(chunk));
            QCOMPARE(qs(describe(log)), qs(fromBytes));
        }
    }
}

void LogStreamingTest::realLogsInChunks()
{
    RANKSCOPE_REQUIRE_SHARED_DATA(shared);
    const QString dir = shared + QStringLiteral("/bigscience-train-logs/experiments");
    if (!QDir(dir).exists())
        QSKIP("bigscience-train-logs is absent from ../shared/data");
    // Megatron argument dumps, NCCL lines of 64 ranks, tqdm bars redrawn with '\r'.
    for (const char *name : {"gpt2-hf-ds/hf_ds_gpt2_base_n4-1832555.out",
                             "gpt2-meg/meg_gpt2_base_n8_dp1_tp4_pp8-1809562.out",
                             "gpt2-meg-ds-3d/meg_ds_3d_gpt2_perf_n16-ds-on.out"}) {
        const std::string text = fileBytes(dir + QLatin1Char('/') + QString::fromUtf8(name));
        QVERIFY2(!text.empty(), name);
        const QString difference = differenceInChunks(text, "logs/job.out", {64, 4096});
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
}

void LogStreamingTest::truncatedStreamsKeepTheirStart()
{
    std::string text;
    for (int i = 1; i <= 50000; ++i)
        text += "[rank" + std::to_string(i % 4) + "]: line " + std::to_string(i) + "\n";
    const ParsedLog full = importLogBytes(text, "logs/launcher.log");
    for (int encoding = 1; encoding < 3; ++encoding) {
        std::string cut = compressedAs(text, encoding);
        cut.resize(cut.size() / 2);
        const std::string path = "logs/launcher.log.gz";
        const ParsedLog log = importLogBytes(cut, path);
        QVERIFY2(log.events.size() > 1000 && log.events.size() < full.events.size(),
                 encodingName(encoding));
        // Every line before the cut, the last one maybe in part.
        for (std::size_t i = 0; i + 1 < log.events.size(); ++i)
            QCOMPARE(log.events[i].text, full.events[i].text);
        QCOMPARE(log.problems.size(), std::size_t(1));
        QCOMPARE(log.problems[0].line, log.info.lines);
        QVERIFY2(qs(log.problems[0].message).contains(QStringLiteral("truncated")),
                 qPrintable(problemsText(log)));
        QVERIFY2(
            qs(log.problems[0].message).contains(QStringLiteral("the text stops in this line")),
            qPrintable(problemsText(log)));
        for (const std::size_t chunk : {1, 7, 64, 100000})
            QCOMPARE(qs(describe(importLogBytes(cut, path, chunksOf(chunk)))), qs(describe(log)));
    }
}

void LogStreamingTest::corruptStreamsKeepTheirStart()
{
    std::string text;
    for (int i = 1; i <= 50000; ++i)
        text += "[rank" + std::to_string(i % 4) + "]: line " + std::to_string(i) + "\n";
    const ParsedLog full = importLogBytes(text, "logs/launcher.log");
    for (int encoding = 1; encoding < 3; ++encoding) {
        std::string damaged = compressedAs(text, encoding);
        damaged.insert(damaged.size() / 2, std::string(64, '\xff'));
        const ParsedLog log = importLogBytes(damaged, "logs/launcher.log.gz");
        QVERIFY2(log.events.size() > 1000 && log.events.size() < full.events.size(),
                 encodingName(encoding));
        // Damaged deflate data may decode to garbage for a while before inflate notices.
        for (std::size_t i = 0; i < 1000; ++i)
            QCOMPARE(log.events[i].text, full.events[i].text);
        QCOMPARE(problemsContaining(log, "data is corrupt"), 1);
        // gzip gives every byte before the damage in any chunks; zstd at most a block less
        // (a failing call gives none of what it decoded, and a call decodes up to a block).
        for (const std::size_t chunk : {1, 7, 64, 100000}) {
            const ParsedLog inChunks =
                importLogBytes(damaged, "logs/launcher.log.gz", chunksOf(chunk));
            if (encoding == 1) {
                QCOMPARE(qs(describe(inChunks)), qs(describe(log)));
            } else {
                QVERIFY(inChunks.info.bytes + std::int64_t(ZSTD_BLOCKSIZE_MAX) > log.info.bytes);
                QVERIFY(log.info.bytes + std::int64_t(ZSTD_BLOCKSIZE_MAX) > inChunks.info.bytes);
            }
        }
    }
}

void LogStreamingTest::megabyteLineIsCut()
{
    const std::string text = "first\n" + std::string(1 << 20, 'x') + "\nlast\n";
    for (int encoding = 0; encoding < 3; ++encoding) {
        const ParsedLog log = importLogBytes(compressedAs(text, encoding), "logs/rank0.log");
        QCOMPARE(log.events.size(), std::size_t(3));
        QCOMPARE(log.events[1].text.size(), std::size_t(64 * 1024));
        QCOMPARE(log.events[2].line, 3u);
        QCOMPARE(log.problems.size(), std::size_t(1));
        QCOMPARE(qs(log.problems[0].message),
                 QStringLiteral("the line is 1048576 bytes long; only its "
                                "first 65536 bytes were kept."));
    }
}

void LogStreamingTest::lineLongerThanTheBufferIsCut()
{
    // A line longer than the chunk buffer holds: its start is read, the rest skipped, and the
    // problem still gives its whole length, as when the whole line was held.
    const std::string text = "first\n" + std::string(1 << 20, 'x') + "\r\nlast\n";
    const std::string expected = describe(importLogBytes(text, "logs/rank0.log", oneChunk()));
    LogReadLimits small = chunksOf(4096);
    small.maxLineBytes = 128 * 1024;
    for (int encoding = 0; encoding < 3; ++encoding) {
        const std::string bytes = compressedAs(text, encoding);
        QCOMPARE(qs(describe(importLogBytes(bytes, "logs/rank0.log", small))), qs(expected));
        LogTextSource source{std::string_view(bytes)};
        LogTextChunks chunks(&source, small);
        LogTextChunk chunk;
        std::uint64_t cut = 0;
        while (chunks.next(&chunk)) {
            if (chunk.cutLineBytes > 0) {
                QCOMPARE(chunk.text.size(), small.maxLineBytes);
                QCOMPARE(chunk.cutLineBytes, std::uint64_t((1 << 20) + 1));
                QCOMPARE(chunk.cutLineTextBytes, std::uint64_t(1 << 20));
                ++cut;
            }
        }
        QCOMPARE(cut, std::uint64_t(1));
        QVERIFY2(chunks.peakBufferBytes() <= small.maxLineBytes + 2 * 64 * 1024,
                 qPrintable(QString::number(chunks.peakBufferBytes())));
    }
}

void LogStreamingTest::redrawnLineLongerThanTheBuffer()
{
    // tqdm writing to a file redraws its bar with '\r' and no newline for a whole run: such a
    // line longer than the buffer keeps the states read, and says that the rest was not.
    std::string bar;
    for (int step = 1; bar.size() < 300 * 1024; ++step)
        bar += "\r" + std::to_string(step) + "/100000 [00:01<00:09, 2.00s/it]";
    const std::string text = "before\n" + bar + "\nafter\n";
    LogReadLimits small = chunksOf(4096);
    small.maxLineBytes = 128 * 1024;
    const ParsedLog whole = importLogBytes(text, "logs/rank0.log", oneChunk());
    const ParsedLog log = importLogBytes(text, "logs/rank0.log", small);
    QCOMPARE(log.events.size(), whole.events.size());
    QCOMPARE(log.events.back().text, std::string("after"));
    QCOMPARE(log.events.back().line, 3u);
    QVERIFY(!log.iterations.empty());
    QVERIFY(log.iterations.size() < whole.iterations.size());
    QCOMPARE(log.iterations.front().iteration, whole.iterations.front().iteration);
    QCOMPARE(log.problems.size(), std::size_t(1));
    QVERIFY2(qs(log.problems[0].message)
                 .startsWith(QStringLiteral("the line is %1 bytes long; "
                                            "only its first 131072 bytes were read")
                                 .arg(bar.size())),
             qPrintable(problemsText(log)));
    QVERIFY2(whole.problems.empty(), qPrintable(problemsText(whole)));
}

void LogStreamingTest::gzipBombStopsAtTheCap()
{
    // 1 GiB of zeros in about 1 MB: 64 concatenated members of 16 MiB of zeros each (gzip -d
    // reads them as one stream). The cap is 256 times the file's size.
    const std::string member = gzip(std::string(std::size_t(16) << 20, '\0'), 9);
    std::string bomb;
    for (int i = 0; i < 64; ++i)
        bomb += member;
    const std::uint64_t cap =
        std::max<std::uint64_t>(kMinLogTextCapBytes, std::uint64_t(bomb.size()) * kMaxLogExpansion);
    QVERIFY(cap < (std::uint64_t(1) << 30));
    const ParsedLog log = importLogBytes(bomb, "logs/rank0.log.gz");
    QCOMPARE(log.info.bytes, std::int64_t(cap));
    QVERIFY(log.events.empty());
    QCOMPARE(problemsContaining(log, "the decompressed text is longer than the limit of "), 1);
    QVERIFY2(qs(log.problems.back().message)
                 .startsWith(QStringLiteral("the decompressed text is "
                                            "longer than the limit of %1 bytes")
                                 .arg(cap)),
             qPrintable(problemsText(log)));
    QVERIFY2(peakResidentMiB() < kBoundedMiB, qPrintable(QString::number(peakResidentMiB())));
}

void LogStreamingTest::zstdBombStopsAtTheCap()
{
    // 1 GiB of empty lines in one zstd frame of a few KB, compressed in pieces.
    ZSTD_CStream *stream = ZSTD_createCStream();
    ZSTD_CCtx_setParameter(stream, ZSTD_c_compressionLevel, 3);
    ZSTD_CCtx_setPledgedSrcSize(stream, std::uint64_t(1) << 30);
    const std::string lines(std::size_t(1) << 20, '\n');
    std::string bomb;
    std::string out(ZSTD_CStreamOutSize(), '\0');
    for (int i = 0; i < 1024; ++i) {
        ZSTD_inBuffer in{lines.data(), lines.size(), 0};
        while (in.pos < in.size) {
            ZSTD_outBuffer o{out.data(), out.size(), 0};
            ZSTD_compressStream2(stream, &o, &in, ZSTD_e_continue);
            bomb.append(out.data(), o.pos);
        }
    }
    for (std::size_t left = 1; left != 0;) {
        ZSTD_inBuffer in{nullptr, 0, 0};
        ZSTD_outBuffer o{out.data(), out.size(), 0};
        left = ZSTD_compressStream2(stream, &o, &in, ZSTD_e_end);
        bomb.append(out.data(), o.pos);
    }
    ZSTD_freeCStream(stream);
    QVERIFY2(bomb.size() < 1 << 20, qPrintable(QString::number(bomb.size())));

    const ParsedLog log = importLogBytes(bomb, "logs/launcher.log.zst");
    QCOMPARE(log.info.bytes, std::int64_t(kMinLogTextCapBytes));
    QCOMPARE(log.info.lines, std::int64_t(kMinLogTextCapBytes));
    QCOMPARE(log.problems.size(), std::size_t(1));
    QCOMPARE(log.problems[0].line, std::int64_t(kMinLogTextCapBytes));
    QVERIFY2(
        qs(log.problems[0].message).contains(QStringLiteral("the decompressed text is longer")),
        qPrintable(problemsText(log)));
    QVERIFY2(qs(log.problems[0].message).endsWith(QStringLiteral("(the text stops in this line).")),
             qPrintable(problemsText(log)));
    // The frame says 1 GiB: the import reserves for no more than the cap.
    LogTextSource source{std::string_view(bomb)};
    QCOMPARE(source.expectedTextBytes(), std::uint64_t(kMinLogTextCapBytes));
    QVERIFY2(peakResidentMiB() < kBoundedMiB, qPrintable(QString::number(peakResidentMiB())));
}

void LogStreamingTest::zstdDeclaredSizeIsNotAllocated()
{
    std::string text;
    for (int i = 1; i <= 20000; ++i)
        text += "[rank0]: step " + std::to_string(i) + "\n";
    // A frame without a content size, then the same frame declaring 32 GiB (the old decoder
    // sized its output by that figure up to 64 GiB).
    ZSTD_CCtx *context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0);
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 0);
    std::string frame(ZSTD_compressBound(text.size()), '\0');
    frame.resize(ZSTD_compress2(context, frame.data(), frame.size(), text.data(), text.size()));
    ZSTD_freeCCtx(context);
    const auto descriptor = static_cast<unsigned char>(frame[4]);
    QCOMPARE(descriptor & 0xE3, 0); // no content size, not single-segment, no dictionary
    std::string lying = frame.substr(0, 4);
    lying += char(0xC0 | descriptor); // an 8-byte content size follows the window descriptor
    lying += frame[5];
    const std::uint64_t declared = std::uint64_t(32) << 30;
    for (int byte = 0; byte < 8; ++byte)
        lying += char((declared >> (8 * byte)) & 0xff);
    lying += frame.substr(6);
    QCOMPARE(ZSTD_getFrameContentSize(lying.data(), lying.size()), declared);

    const ParsedLog honest = importLogBytes(frame, "logs/rank0.log.zst");
    QVERIFY2(honest.problems.empty(), qPrintable(problemsText(honest)));
    QCOMPARE(honest.events.size(), std::size_t(20000));
    const ParsedLog log = importLogBytes(lying, "logs/rank0.log.zst");
    // The text is read; the frame then ends short of what it declared.
    QVERIFY(log.events.size() > 1000);
    QCOMPARE(log.events[999].text, honest.events[999].text);
    QCOMPARE(problemsContaining(log, "the zstd data is corrupt"), 1);
    LogTextSource source{std::string_view(lying)};
    QVERIFY(source.expectedTextBytes() <= kMinLogTextCapBytes);
    QVERIFY2(peakResidentMiB() < kBoundedMiB, qPrintable(QString::number(peakResidentMiB())));
}

// A file of more lines than the importer holds (LogEventBuilder::kLogEventsHeld) hands its
// events on in blocks as it is read (readLogFile encodes them into the cache's text blocks);
// decoded, the blocks are the events of the file read whole, ranks included: those the end of
// the file settles (unprefixed lines of a file whose prefixes all name one rank) are written
// again into blocks already handed on.
void LogStreamingTest::eventsHandedOnLikeHeld_data()
{
    QTest::addColumn<bool>("oneRank");
    QTest::newRow("one prefix rank: ranks settled at the end") << true;
    QTest::newRow("two prefix ranks: ranks known per line") << false;
}

void LogStreamingTest::eventsHandedOnLikeHeld()
{
    QFETCH(bool, oneRank);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string text;
    const int lines = 3 * int(LogEventBuilder::kLogEventsHeld) + 777;
    for (int i = 0; i < lines; ++i) {
        const int rank = oneRank ? 3 : i % 2;
        const std::string time = "2024-03-01 10:" + std::to_string(10 + (i / 60000) % 50) + ":" +
                                 std::to_string(10 + (i / 1000) % 50) + ",123 ";
        if (i % 5000 == 17) { // a traceback across the lines of the other rank
            text += "[rank" + std::to_string(rank) + "]:" + time +
                    "ERROR Traceback (most recent call last):\n";
            text += "[rank" + std::to_string(rank) + "]:  File \"train.py\", line 12, in step\n";
            text += "[rank" + std::to_string(rank) + "]:RuntimeError: NCCL timeout " +
                    std::to_string(i) + "\n";
        } else if (i % 3 == 0) {
            text += time + "INFO launcher says " + std::to_string(i) + "\n";
        } else {
            text += "[rank" + std::to_string(rank) + "]:" + time + "INFO step " +
                    std::to_string(i) + " loss 2.5\n";
        }
    }
    const QString path = dir.filePath(QStringLiteral("train.log"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.data(), qint64(text.size()));
    file.close();

    const ParsedLog whole = importLogFile(path.toStdString(), "logs/train.log");
    QVERIFY(whole.streamedRanks.empty()); // no sink: the events are all in `events`
    QVERIFY(whole.events.size() > 2 * LogEventBuilder::kLogEventsHeld);

    BundleFile bundleFile;
    bundleFile.path = "train.log";
    bundleFile.size = std::int64_t(text.size());
    bundleFile.kind = BundleFileKind::Log;
    const LogFileRecord record =
        readLogFile(dir.path().toStdString(), bundleFile, std::uint64_t(1) << 32);
    QVERIFY(record.ok);
    QCOMPARE(record.events, std::int64_t(whole.events.size()));
    ParsedLog decoded = whole;
    decoded.events.clear();
    for (const std::string &block : record.textBlocks) {
        for (LogEvent &event : decodeLogTextBlock(std::as_bytes(std::span(block)), 0))
            decoded.events.push_back(std::move(event));
    }
    QCOMPARE(qs(describe(decoded)), qs(describe(whole)));
    QCOMPARE(record.info.kind, whole.info.kind);
    if (oneRank) {
        QCOMPARE(whole.info.kind, LogFileKind::PerRank);
        QCOMPARE(whole.events.front().rank, 3); // an unprefixed line, settled at the end
    }
    QCOMPARE(record.rankFacts.ranks.count(), oneRank ? 1 : 2);
}

QTEST_GUILESS_MAIN(LogStreamingTest)
#include "test_log_streaming.moc"
