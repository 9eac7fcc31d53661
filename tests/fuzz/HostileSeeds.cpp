#include "HostileSeeds.h"

#include <sqlite3.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include <cstdint>
#include <stdexcept>

namespace rankscope_fuzz {

namespace {

constexpr int kDeep = 300000; // the depth class 1 of issue 13 reports crashing

std::string repeat(std::string_view unit, std::size_t count)
{
    std::string out;
    out.reserve(unit.size() * count);
    for (std::size_t i = 0; i < count; ++i)
        out += unit;
    return out;
}

// [[[ ... ]]] nested `depth` levels around `inner`; unclosed when `closed` is false (a cut
// file: the parser runs out of input at the bottom of the recursion).
std::string nested(std::string_view open, std::string_view close, std::size_t depth,
                   std::string_view inner = {}, bool closed = true)
{
    std::string out = repeat(open, depth);
    out += inner;
    if (closed)
        out += repeat(close, depth);
    return out;
}

std::string deepArray(std::size_t depth = kDeep, bool closed = true)
{
    return nested("[", "]", depth, {}, closed);
}

std::string deepObject(std::size_t depth = kDeep)
{
    return nested("{\"a\":", "}", depth, "1");
}

// The same bytes cut at a few odd places: mid-token, mid-string, one byte short.
void addCuts(std::vector<HostileSeed> &seeds, const std::string &name, const std::string &bytes)
{
    for (const std::size_t at :
         {std::size_t(1), bytes.size() / 3, bytes.size() / 2 + 1, bytes.size() - 1}) {
        if (at > 0 && at < bytes.size())
            seeds.push_back({"cut-" + std::to_string(at) + "-" + name, bytes.substr(0, at)});
    }
}

std::string gzip(std::string_view data)
{
    z_stream stream{};
    if (deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        throw std::runtime_error("deflateInit2");
    std::string out(deflateBound(&stream, uLong(data.size())) + 32, '\0');
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = uInt(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = uInt(out.size());
    deflate(&stream, Z_FINISH);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

void appendLittleEndian(std::string &out, std::uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(char((value >> (8 * i)) & 0xff));
}

// A gzip member whose trailer claims `claimed` bytes of content (the real content is tiny):
// a reader that sizes its buffer from the trailer allocates up to 4 GiB for nothing.
std::string gzipClaiming(std::string_view data, std::uint32_t claimed)
{
    std::string out = gzip(data);
    out.resize(out.size() - 4);
    appendLittleEndian(out, claimed, 4);
    return out;
}

// A zstd frame header declaring `contentSize` bytes (8-byte field, single segment), followed
// by one raw block of `payload`: the declared size is a lie a reader must not allocate.
std::string zstdClaiming(std::string_view payload, std::uint64_t contentSize)
{
    std::string out = "\x28\xb5\x2f\xfd";
    out.push_back(char(0xe0)); // FCS field 8 bytes, single segment, no checksum, no dictionary
    appendLittleEndian(out, contentSize, 8);
    appendLittleEndian(out, (std::uint64_t(payload.size()) << 3) | 1, 3); // last, raw block
    out += payload;
    return out;
}

// A zstd frame of `blocks` RLE blocks of 128 KiB each: 4 bytes of input per 128 KiB of output,
// so 100 KB unpack to 3 GiB (a decompression bomb that declares no size).
std::string zstdBomb(std::size_t blocks, char byte)
{
    std::string out = "\x28\xb5\x2f\xfd";
    out.push_back(char(0x00));   // no content size, window descriptor follows
    out.push_back(char(7 << 3)); // window 2^(10+7) = 128 KiB
    constexpr std::uint64_t kBlock = 128 * 1024;
    for (std::size_t i = 0; i < blocks; ++i) {
        const std::uint64_t last = i + 1 == blocks ? 1 : 0;
        appendLittleEndian(out, (kBlock << 3) | (1 << 1) | last, 3); // RLE block
        out.push_back(byte);
    }
    return out;
}

// A ustar header for one entry; `size` is written as given (octal, or base-256 when it does
// not fit), so it may lie.
std::string tarHeader(std::string_view name, std::uint64_t size, char type = '0')
{
    std::string header(512, '\0');
    header.replace(0, std::min<std::size_t>(name.size(), 100), name.substr(0, 100));
    // Each field's last byte stays NUL; replace() of fewer bytes than the count would shrink
    // the header (and the member's data would start inside it).
    header.replace(100, 7, "0000644");
    header.replace(108, 7, "0000000");
    header.replace(116, 7, "0000000");
    if (size < (1ull << 33)) {
        char octal[13];
        std::snprintf(octal, sizeof octal, "%011llo", static_cast<unsigned long long>(size));
        header.replace(124, 11, octal);
    } else {
        header[124] = char(0x80); // GNU base-256
        for (int i = 0; i < 8; ++i)
            header[135 - i] = char((size >> (8 * i)) & 0xff);
    }
    header.replace(136, 11, "14000000000");
    header[156] = type;
    header.replace(257, 6, std::string_view("ustar\0", 6));
    header.replace(263, 2, "00");
    header.replace(148, 8, "        ");
    unsigned sum = 0;
    for (const char c : header)
        sum += static_cast<unsigned char>(c);
    char checksum[8];
    std::snprintf(checksum, sizeof checksum, "%06o", sum);
    header.replace(148, 7, std::string_view(checksum, 7));
    if (header.size() != 512)
        throw std::logic_error("a tar header is 512 bytes");
    return header;
}

std::string tarMember(std::string_view name, std::string_view data, char type = '0')
{
    std::string out = tarHeader(name, data.size(), type);
    out += data;
    out.resize((out.size() + 511) / 512 * 512, '\0');
    return out;
}

std::string tarEnd()
{
    return std::string(1024, '\0');
}

std::string longStack(std::size_t frames)
{
    std::string line;
    for (std::size_t i = 0; i < frames; ++i)
        line += (i ? ";" : "") + std::string("f") + std::to_string(i) +
                " (m.py:" + std::to_string(i + 1) + ")";
    return line;
}

std::vector<HostileSeed> stackTextSeeds()
{
    std::vector<HostileSeed> seeds;
    seeds.push_back({"utf16le-odd-length.txt", std::string("\xff\xfe", 2) + "a\0b\0c"});
    seeds.push_back({"utf16be-lone-surrogate.txt", std::string("\xfe\xff\xd8\x00\x00\x61", 6)});
    seeds.push_back({"invalid-utf8-tail.txt", "Thread 0x1 (idle)\n    f (a.py:1)\n\xf0\x9f\x98"});
    seeds.push_back({"nul-bytes.txt", std::string(4096, '\0')});
    seeds.push_back({"one-long-line.txt", std::string(3u << 20, 'x')});
    return seeds;
}

std::vector<HostileSeed> pyspyTextSeeds()
{
    std::vector<HostileSeed> seeds = stackTextSeeds();
    std::string deep = "Process 12345: python train.py\nPython v3.10.12\n\n"
                       "Thread 0x7F00000001 (active+gil): \"MainThread\"\n";
    for (int i = 0; i < 24000; ++i)
        deep += "    f" + std::to_string(i) + " (m.py:" + std::to_string(i + 1) + ")\n";
    seeds.push_back({"pyspy-24000-frames.txt", deep});
    seeds.push_back({"pyspy-huge-numbers.txt",
                     "Process 99999999999999999999999: x\nThread 0xFFFFFFFFFFFFFFFFFFFF (idle)\n"
                     "    f (m.py:99999999999999999999)\n    g (m.py:-1)\n"});
    addCuts(seeds, "pyspy-24000-frames.txt", deep.substr(0, 4000));
    return seeds;
}

std::vector<HostileSeed> pyspyJsonSeeds()
{
    std::vector<HostileSeed> seeds;
    seeds.push_back({"deep-array-300000.json", deepArray()});
    seeds.push_back({"deep-array-300000-unclosed.json", deepArray(kDeep, false)});
    seeds.push_back({"deep-object-300000.json", deepObject()});
    seeds.push_back({"deep-frames.json", "[{\"pid\":1,\"frames\":" + deepArray() + "}]"});
    seeds.push_back({"deep-process-info.json",
                     "[{\"pid\":1,\"frames\":[],\"process_info\":" + deepObject() + "}]"});
    seeds.push_back({"deep-thread-cut.json", "[{\"pid\":1,\"frames\":" + deepArray(kDeep, false)});
    seeds.push_back({"huge-numbers.json",
                     "[{\"pid\":1e999,\"thread_id\":18446744073709551616,\"os_thread_id\":-1,"
                     "\"frames\":[{\"name\":\"f\",\"line\":1e308,\"filename\":\"a.py\"}]}]"});
    std::string frames;
    for (int i = 0; i < 24000; ++i)
        frames += std::string(i ? "," : "") + "{\"name\":\"f" + std::to_string(i) +
                  "\",\"filename\":\"m.py\",\"line\":" + std::to_string(i + 1) + "}";
    const std::string longThread = "[{\"pid\":1,\"thread_id\":2,\"frames\":[" + frames + "]}]";
    seeds.push_back({"thread-24000-frames.json", longThread});
    addCuts(seeds, "thread-24000-frames.json", longThread.substr(0, 5000));
    return seeds;
}

std::vector<HostileSeed> foldedSeeds()
{
    std::vector<HostileSeed> seeds = stackTextSeeds();
    seeds.push_back({"stack-24000-frames.folded", longStack(24000) + " 1\n"});
    seeds.push_back({"huge-counts.folded", "a;b 99999999999999999999999\na;c 18446744073709551615\n"
                                           "a;d 9223372036854775807\na;d 9223372036854775807\n"
                                           "a;e -5\na;f 1e30\n"});
    std::string many;
    for (int i = 0; i < 20000; ++i)
        many += "root;f" + std::to_string(i % 97) + ";g 1\n";
    addCuts(seeds, "many-lines.folded", many);
    return seeds;
}

std::vector<HostileSeed> pystackSeeds()
{
    std::vector<HostileSeed> seeds = stackTextSeeds();
    std::string deep =
        "Traceback for thread 12345 (python) [Has the GIL] (most recent call last):\n";
    for (int i = 0; i < 24000; ++i)
        deep += "    (Python) File \"m.py\", line " + std::to_string(i + 1) + ", in f" +
                std::to_string(i) + "\n        x()\n";
    seeds.push_back({"pystack-24000-frames.txt", deep});
    seeds.push_back({"pystack-huge-numbers.txt",
                     "Traceback for thread 99999999999999999999999 (python) (most recent call "
                     "last):\n    (Python) File \"m.py\", line 99999999999999999999, in f\n"});
    addCuts(seeds, "pystack-24000-frames.txt", deep.substr(0, 3000));
    return seeds;
}

std::string kinetoEvent(std::string_view ph, std::string_view ts, std::string_view dur)
{
    return "{\"ph\":\"" + std::string(ph) +
           "\",\"name\":\"k\",\"pid\":0,\"tid\":1,\"ts\":" + std::string(ts) +
           (dur.empty() ? "" : ",\"dur\":" + std::string(dur)) + "}";
}

std::vector<HostileSeed> kinetoSeeds()
{
    std::vector<HostileSeed> seeds;
    seeds.push_back({"deep-array-300000.json", deepArray()});
    seeds.push_back({"deep-args.json", "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,"
                                       "\"dur\":1,\"args\":" +
                                           deepArray() + "}]}"});
    seeds.push_back(
        {"deep-args-unclosed.json",
         "{\"traceEvents\":[{\"ph\":\"X\",\"ts\":1,\"args\":" + deepArray(kDeep, false)});
    const std::string absurd =
        "{\"distributedInfo\":{\"rank\":2147483648,\"world_size\":1000000000},"
        "\"baseTimeNanoseconds\":1000000000000000000,\"traceEvents\":[" +
        kinetoEvent("X", "9.2e15", "9.2e15") + "," + kinetoEvent("X", "-9.2e15", "1e300") + "," +
        kinetoEvent("X", "9223372036854775807", "9223372036854775807") + "," +
        kinetoEvent("B", "0", "") + "," + kinetoEvent("E", "1e16", "") + "," +
        kinetoEvent("i", "1e25", "") + "," + kinetoEvent("C", "-1e25", "") + "," +
        kinetoEvent("X", "10413792000000000", "1") + "]}"; // the year 2300 in microseconds
    seeds.push_back({"absurd-times.json", absurd});
    // A base inside the range that pushes some events past 2116 (they are dropped, and the
    // collective of a kept one must still point at it).
    seeds.push_back(
        {"base-time-pushes-out.json",
         "{\"baseTimeNanoseconds\":4000000000000000000,\"traceEvents\":[" +
             kinetoEvent("X", "1000000000000000", "5") + "," + kinetoEvent("X", "10", "5") +
             ",{\"ph\":\"X\",\"name\":\"nccl\",\"cat\":\"kernel\",\"pid\":0,\"tid\":7,"
             "\"ts\":20,\"dur\":5,\"args\":{\"Collective name\":\"allreduce\"}}," +
             kinetoEvent("B", "1", "") + "," + kinetoEvent("E", "4611686018427387", "") +
             ",{\"ph\":\"C\",\"name\":\"c\",\"pid\":0,\"ts\":4611686018427387,"
             "\"args\":{\"v\":1}}]}"});
    seeds.push_back(
        {"base-time-2^63-1.json", "{\"traceEvents\":[" + kinetoEvent("X", "1", "1") +
                                      "],\"baseTimeNanoseconds\":9223372036854775807}"});
    seeds.push_back({"absurd-times.json.gz", gzip(absurd)});
    seeds.push_back({"gzip-claims-4GiB.json.gz", gzipClaiming(absurd, 0xffffffffu)});
    seeds.push_back({"zstd-claims-32GiB.json.zst", zstdClaiming(absurd, 1ull << 35)});
    seeds.push_back({"zstd-claims-2^63.json.zst", zstdClaiming(absurd, 1ull << 63)});
    seeds.push_back({"zstd-bomb-3GiB.json.zst", zstdBomb(24576, ' ')});
    seeds.push_back({"gzip-bomb-8MiB.json.gz", gzip(std::string(8u << 20, ' '))});
    std::string many = "{\"traceEvents\":[";
    for (int i = 0; i < 20000; ++i)
        many += (i ? "," : "") + kinetoEvent("X", std::to_string(i), "1");
    many += "]}";
    addCuts(seeds, "many-events.json", many);
    addCuts(seeds, "many-events.json.gz", gzip(many));
    return seeds;
}

std::vector<HostileSeed> logSeeds()
{
    std::vector<HostileSeed> seeds;
    seeds.push_back({"one-3MiB-line.log", std::string(3u << 20, 'a')});
    seeds.push_back({"nul-bytes.log", std::string(65536, '\0')});
    seeds.push_back({"absurd-iterations.log",
                     " iteration        1/  1000 | elapsed time per iteration (ms): 1e25 | "
                     "lm loss: 1e400 |\n iteration 99999999999999999999/1 | elapsed time per "
                     "iteration (ms): -1e25 |\n{'loss': 1e999, 'epoch': -1e308, 'step': "
                     "9223372036854775808}\n"});
    seeds.push_back({"absurd-dates.log",
                     "2300-01-01 00:00:00,000 INFO a\n1600-01-01T00:00:00Z b\n"
                     "9999-12-31 23:59:59.999999999 c\n0000-00-00 00:00:00 d\n"
                     "99999999999999999999 e\n1e30 f\nDec 31 23:59:59 host g\n"});
    // Each December-to-January step adds a year to syslog times: 300 of them pass 2262.
    std::string newYears = "2024-05-01 12:00:00,000 INFO the year\n";
    for (int i = 0; i < 300; ++i)
        newYears += "Dec 31 23:59:59 host a\nJan  1 00:00:00 host b\n";
    seeds.push_back({"yearless-300-new-years.log", newYears});
    seeds.push_back({"epochs-after-2262.log", "9999999999 s\n9999999999.999999999 s\n"
                                              "9999999999999 ms\n[9223372036] s\n"
                                              "12/31/9999 23:59:59 mdy\n"
                                              " 25%|#   | 1/4 [00:01<00:03, 1e-300it/s]\n"
                                              "steps: 1 loss: 1 iter time (s): inf\n"});
    seeds.push_back({"absurd-ranks.log",
                     "[rank2147483648]: a\n[default99999999999]: b\n4294967296: c\n"
                     "[RANK -1] d\n[rank1]:[rank2]:[rank3]: e\nRANK=99999999999999999999 f\n"});
    seeds.push_back({"nccl-huge-ranks.log",
                     "host:1:2 [0] NCCL INFO comm 0x1 rank 2147483647 nRanks 2147483648 "
                     "localRanks 99999999999 - Init COMPLETE\n"
                     "[PG 0 Rank 99999999999] Watchdog caught collective operation timeout: "
                     "WorkNCCL(SeqNum=99999999999999999999, OpType=ALLREDUCE, NumelIn=-1, "
                     "Timeout(ms)=99999999999999999999) ran for 1e30 milliseconds\n"
                     "ranks 0-2147483647 are missing\n"});
    std::string traceback = "Traceback (most recent call last):\n";
    for (int i = 0; i < 50000; ++i)
        traceback += "  File \"m.py\", line " + std::to_string(i) + ", in f\n    f()\n";
    traceback += "RecursionError: maximum recursion depth exceeded\n";
    seeds.push_back({"traceback-50000-frames.log", traceback});
    std::string interleaved;
    for (int i = 0; i < 20000; ++i)
        interleaved += "[default" + std::to_string(i % 64) +
                       "]:2024-05-01 12:00:" + std::to_string(i % 60) + ",000 INFO step " +
                       std::to_string(i) + "\r\n";
    addCuts(seeds, "interleaved.log", interleaved);
    return seeds;
}

std::vector<HostileSeed> jobManifestSeeds()
{
    std::vector<HostileSeed> seeds;
    seeds.push_back({"deep-array-300000.json", deepArray()});
    seeds.push_back({"deep-object-300000.json", deepObject()});
    seeds.push_back({"deep-ranks-entry.json", "{\"ranks\":[" + deepArray() + "]}"});
    seeds.push_back(
        {"deep-group.json", "{\"ranks\":[{\"rank\":0,\"groups\":{\"dp\":" + deepArray() + "}}]}"});
    seeds.push_back({"deep-pid.json", "{\"ranks\":[{\"rank\":0,\"pid\":" + deepObject() + "}]}"});
    seeds.push_back({"deep-baseline.json", "{\"baseline\":" + deepArray() + "}"});
    seeds.push_back({"deep-offset.json", "{\"clock_offsets_ns\":{\"0\":" + deepArray() + "}}"});
    seeds.push_back({"deep-pids.json", "{\"pids\":{\"12\":" + deepArray() + "}}"});
    seeds.push_back({"deep-cut.json", "{\"ranks\":[" + deepArray(kDeep, false)});
    seeds.push_back(
        {"absurd-counts.json",
         "{\"world_size\":1000000000,\"ranks\":[{\"rank\":2147483648},{\"rank\":99999999},"
         "{\"rank\":\"99999999\"},{\"rank\":1e300},{\"rank\":-2147483649},{\"rank\":0,"
         "\"local_rank\":2147483648,\"groups\":{\"dp\":2147483648,\"tp\":-9223372036854775808,"
         "\"pp\":1e300}}],\"pids\":{\"999999999999\":2147483648,\"99999999999999999999\":1},"
         "\"clock_offsets_ns\":{\"0\":1000000000000000000,\"1\":-1000000000000000000,"
         "\"2\":9223372036854775807,\"3\":-9223372036854775808,\"4\":18446744073709551615}}"});
    seeds.push_back({"unsigned-beyond-int64.json",
                     "{\"world_size\":18446744073709551615,\"ranks\":[{\"rank\":0,"
                     "\"local_rank\":18446744073709551615,\"pid\":18446744073709551615,"
                     "\"groups\":{\"dp\":9223372036854775808}}],\"pids\":{\"12\":"
                     "18446744073709551615},\"clock_offsets_ns\":{\"0\":9223372036854775808}}"});
    seeds.push_back({"ranks-object-huge-keys.json",
                     "{\"ranks\":{\"99999999\":{},\"00000000\":{\"rank\":5},\"-1\":{}}}"});
    std::string many = "{\"world_size\":4096,\"ranks\":[";
    for (int i = 0; i < 4096; ++i)
        many += (i ? "," : "") + std::string("{\"rank\":") + std::to_string(i) +
                ",\"node\":\"n\",\"groups\":{\"dp\":" + std::to_string(i % 8) + "}}";
    many += "]}";
    addCuts(seeds, "many-ranks.json", many);
    return seeds;
}

std::vector<HostileSeed> archiveSeeds()
{
    std::vector<HostileSeed> seeds;
    const std::string small =
        tarMember("bundle/", "", '5') + tarMember("bundle/job.json", "{\"world_size\":2}") +
        tarMember("bundle/stacks/rank0.txt", "Thread 0x1 (idle)\n    f (a.py:1)\n") +
        tarMember("bundle/logs/rank1.log", "2024-05-01 12:00:00 INFO hello\n");
    seeds.push_back({"small.tar", small + tarEnd()});
    seeds.push_back({"small.tar.gz", gzip(small + tarEnd())});
    addCuts(seeds, "small.tar", small + tarEnd());
    addCuts(seeds, "small.tar.gz", gzip(small + tarEnd()));
    seeds.push_back({"no-end-blocks.tar", small});
    seeds.push_back({"declares-1TiB.tar", tarHeader("bundle/big.log", 1ull << 40) + tarEnd()});
    seeds.push_back({"declares-8GiB-octal.tar", tarHeader("bundle/big.log", (1ull << 33) - 1) +
                                                    std::string(4096, 'x') + tarEnd()});
    seeds.push_back(
        {"escapes.tar", tarMember("../escape.txt", "x") + tarMember("/tmp/absolute.txt", "x") +
                            tarMember("a/../../b.txt", "x") + tarMember("link", "", '2') +
                            tarMember("hard", "", '1') + tarMember("dev", "", '3') +
                            tarMember("fifo", "", '6') + tarEnd()});
    // Over the fuzz target's 16 MiB per-file cap, from 17 KB of gzip.
    seeds.push_back(
        {"bomb-member-32MiB.tar.gz",
         gzip(tarHeader("bundle/logs/zeros.log", 32u << 20) + std::string(32u << 20, '\0'))});
    seeds.push_back({"gzip-claims-4GiB.tar.gz", gzipClaiming(small + tarEnd(), 0xffffffffu)});
    seeds.push_back({"zstd-bomb-3GiB.tar.zst", zstdBomb(24576, '\0')});
    std::string manyEntries;
    for (int i = 0; i < 5000; ++i)
        manyEntries += tarHeader("../x" + std::to_string(i), 0);
    seeds.push_back({"5000-refused-entries.tar", manyEntries + tarEnd()});
    return seeds;
}

std::vector<HostileSeed> flightRecorderSeeds()
{
    std::vector<HostileSeed> seeds;
    const std::string proto = "\x80\x02";
    // EMPTY_LIST x n, APPEND x (n-1): a list nested n deep.
    seeds.push_back(
        {"pickle-deep-lists.pkl", proto + repeat("]", kDeep) + repeat("a", kDeep - 1) + "."});
    seeds.push_back({"pickle-deep-marks.pkl", proto + repeat("(", kDeep) + "."});
    seeds.push_back({"pickle-deep-dicts.pkl", proto + "}" + repeat("X\x01\x00\x00\x00k}", kDeep) +
                                                  repeat("s", kDeep) + "."});
    auto withLength = [&](std::string_view op, std::uint64_t length, int bytes) {
        std::string out = proto + std::string(op);
        appendLittleEndian(out, length, bytes);
        return out + "abc";
    };
    seeds.push_back(
        {"pickle-frame-2^62.pkl", "\x80\x04" + withLength("\x95", 1ull << 62, 8).substr(2)});
    seeds.push_back({"pickle-binunicode8-2^63.pkl", withLength("\x8d", 1ull << 63, 8)});
    seeds.push_back({"pickle-binbytes8-huge.pkl", withLength("\x8e", ~0ull, 8)});
    seeds.push_back({"pickle-binunicode-4GiB.pkl", withLength("X", 0xffffffffu, 4)});
    seeds.push_back({"pickle-long4-2GiB.pkl", withLength("\x8b", 0x7fffffffu, 4)});
    seeds.push_back(
        {"pickle-memo-put-4G.pkl", proto + "N" + withLength("r", 0xfffffffeu, 4).substr(2) + "."});
    seeds.push_back({"pickle-memo-get-4G.pkl", withLength("j", 0xfffffffeu, 4) + "."});
    seeds.push_back({"json-deep-array-300000.json", deepArray()});
    seeds.push_back({"json-deep-entries.json",
                     "{\"version\":\"2.10\",\"pg_config\":{},\"entries\":" + deepArray() + "}"});
    seeds.push_back({"json-absurd-numbers.json",
                     "{\"version\":\"2.10\",\"rank\":2147483648,\"entries\":[{\"record_id\":"
                     "1e300,\"collective_seq_id\":-9223372036854775809,\"time_created_ns\":"
                     "18446744073709551615,\"duration_ms\":1e400,\"input_sizes\":" +
                         deepArray(5000) + "}]}"});
    return seeds;
}

// A small export of the 3.x schema, written through SQLite into a scratch file and read back:
// `extraSql` adds to it.
std::string nsightExportBytes(const char *extraSql = "")
{
    const std::string file = (std::filesystem::temp_directory_path() /
                              ("rankscope-seed-nsight-" + std::to_string(getpid()) + ".sqlite"))
                                 .string();
    std::filesystem::remove(file);
    sqlite3 *db = nullptr;
    if (sqlite3_open(file.c_str(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return {};
    }
    sqlite3_exec(
        db,
        "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);"
        "INSERT INTO StringIds VALUES (1, 'ampere_sgemm_128x64_nn'), "
        "(2, 'ncclDevKernel_AllReduce_Sum_f32_RING_LL'), (3, 'cudaLaunchKernel'), (4, 'python3');"
        "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs INTEGER, utcTime TEXT, localTime "
        "TEXT); INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (1700000000000000000, '', '');"
        "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, end INTEGER, deviceId INTEGER, "
        "streamId INTEGER, correlationId INTEGER, globalPid INTEGER, demangledName INTEGER);"
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (1000, 5000, 0, 7, 1, 0, 1), "
        "(5000, 9000, 0, 13, 2, 0, 2), (9000, 8000, 0, 7, 3, 0, 99);"
        "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER, end INTEGER, globalTid INTEGER, "
        "correlationId INTEGER, nameId INTEGER);"
        "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (900, 950, 281492156579842, 1, 3);"
        "CREATE TABLE NVTX_EVENTS (start INTEGER, end INTEGER, eventType INTEGER, text TEXT, "
        "globalTid INTEGER, textId INTEGER);"
        "INSERT INTO NVTX_EVENTS VALUES (0, 20000, 59, 'ProfilerStep#0', 281492156579842, NULL), "
        "(100, NULL, 34, 'MPI Rank 3', 281492156579842, NULL);"
        "CREATE TABLE ThreadNames (nameId INTEGER, priority INTEGER, globalTid INTEGER);"
        "INSERT INTO ThreadNames VALUES (4, 0, 281492156579842);"
        "CREATE TABLE META_DATA_CAPTURE (name TEXT, value TEXT);"
        "INSERT INTO META_DATA_CAPTURE VALUES ('PROCESS_0:ENVIRONMENT_VARIABLE', 'RANK=\"2\"');",
        nullptr, nullptr, nullptr);
    sqlite3_exec(db, extraSql, nullptr, nullptr, nullptr);
    sqlite3_close(db);
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove(file);
    return bytes;
}

std::vector<HostileSeed> nsightSeeds()
{
    std::vector<HostileSeed> seeds;
    const std::string valid = nsightExportBytes();
    seeds.push_back({"export.sqlite", valid});
    // A node's export: a second process's kernels (pid 1024 beside the seed's globalPid 0),
    // NCCL's communicator payload schema and two ncclCommInitRank blobs (NsightNcclRanks.h):
    // one of pid 1024 that fits, one of pid 1025 (no GPU work) whose payload offset points past
    // its blob.
    seeds.push_back(
        {"node-export-nccl-payloads.sqlite",
         nsightExportBytes(
             "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (1200, 5200, 1, 7, 1, "
             "281492156579840, 1);"
             "ALTER TABLE NVTX_EVENTS ADD COLUMN binaryData BLOB;"
             "CREATE TABLE NVTX_PAYLOAD_SCHEMA_ENTRIES (domainId INTEGER, schemaId INTEGER, idx "
             "INTEGER, flags INTEGER, type INTEGER, name TEXT, description TEXT, "
             "arrayOrUnionDetail INTEGER, offset INTEGER);"
             "INSERT INTO NVTX_PAYLOAD_SCHEMA_ENTRIES VALUES (1, 1001, 0, NULL, 18, 'NCCL "
             "communicator ID', NULL, NULL, 0), (1, 1001, 1, NULL, 5, 'No. of ranks', NULL, "
             "NULL, 8), (1, 1001, 2, NULL, 5, 'Rank', NULL, NULL, 12);"
             "INSERT INTO NVTX_EVENTS (start, end, eventType, text, globalTid, binaryData) "
             "VALUES (10, 20, 59, 'ncclCommInitRank', 281492156579842, "
             "x'0100000000000000e9030000000000001800000000000000200000000000000000f00d000000000010"
             "000000050000000000000000000000'), (10, 20, 59, 'ncclCommInitRank', "
             "281492173357056, x'0100000000000000e903000000000000180000000000000000000000000100"
             "00000000000000000000000000000000000000000000000000')")});
    seeds.push_back({"header-only.sqlite", std::string("SQLite format 3\0", 16)});
    seeds.push_back(
        {"header-zeros.sqlite", std::string("SQLite format 3\0", 16) + std::string(4080, '\0')});
    if (valid.size() > 100) {
        seeds.push_back({"cut-half.sqlite", valid.substr(0, valid.size() / 2)});
        // The page size (bytes 16-17) and the page count (28-31) made absurd.
        std::string pages = valid;
        pages[16] = '\x7f';
        pages[17] = '\xff';
        pages[28] = pages[29] = pages[30] = pages[31] = '\xff';
        seeds.push_back({"absurd-page-size.sqlite", pages});
        // Every page after the first overwritten with one byte: the schema's tables unreadable.
        std::string flipped = valid;
        for (std::size_t i = 4096; i < flipped.size(); i += 7)
            flipped[i] = char(flipped[i] ^ 0x5a);
        seeds.push_back({"flipped-pages.sqlite", flipped});
    }
    return seeds;
}

} // namespace

std::vector<HostileSeed> hostileSeeds(std::string_view target)
{
    if (target == "pyspy_text")
        return pyspyTextSeeds();
    if (target == "pyspy_json")
        return pyspyJsonSeeds();
    if (target == "folded")
        return foldedSeeds();
    if (target == "pystack")
        return pystackSeeds();
    if (target == "kineto_trace")
        return kinetoSeeds();
    if (target == "log_lines")
        return logSeeds();
    if (target == "job_manifest")
        return jobManifestSeeds();
    if (target == "archive")
        return archiveSeeds();
    if (target == "flight_recorder")
        return flightRecorderSeeds();
    if (target == "nsight_sqlite")
        return nsightSeeds();
    return {};
}

} // namespace rankscope_fuzz
