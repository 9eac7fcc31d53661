#include "core/cache/TraceBlobCodec.h"

#include "core/cache/ByteCoding.h"

#include <cmath>

namespace rankscope {

namespace {

// First byte of every raw blob: a blob of another layout is refused, not misread.
constexpr std::uint8_t kBlockVersion = 3; // 2: p2p peers and sequence; 3: bus bytes
constexpr std::uint8_t kHeaderVersion = 1;
constexpr std::uint8_t kRecordsVersion = 3; // 2: kind, peer, group size; 3: args flag, name key
constexpr std::uint8_t kRowsVersion = 2;    // 2: exact (double) values

std::string_view bytesOf(const std::string &raw)
{
    return raw;
}

void expectVersion(ByteReader &reader, std::uint8_t version, const char *what)
{
    if (reader.getByte() != version)
        throw BlobFormatError(std::string(what) + " of an unknown layout");
}

// Window values are nanoseconds (or counts): almost always whole numbers, stored as a tag and a
// varint; the rest (NaN, the mean step time of a coarse level) as tag and raw double.
enum class ValueTag : std::uint8_t
{
    Missing = 0,
    Integer = 1,
    Double = 2,
};

void putMetricValue(ByteWriter &out, MetricValue value)
{
    constexpr double kLimit = 9.0e18; // inside int64
    if (std::isnan(value)) {
        out.putByte(std::uint8_t(ValueTag::Missing));
    } else if (value == std::trunc(value) && std::fabs(value) < kLimit) {
        out.putByte(std::uint8_t(ValueTag::Integer));
        out.putSigned(std::int64_t(value));
    } else {
        out.putByte(std::uint8_t(ValueTag::Double));
        out.putDouble(value);
    }
}

MetricValue getMetricValue(ByteReader &in)
{
    switch (ValueTag(in.getByte())) {
    case ValueTag::Missing:
        return kNoMetricValue;
    case ValueTag::Integer:
        return MetricValue(in.getSigned());
    case ValueTag::Double:
        return in.getDouble();
    }
    throw BlobFormatError("window value of an unknown kind");
}

std::uint32_t getId(ByteReader &reader)
{
    const std::uint64_t value = reader.getUnsigned();
    if (value > 0xFFFFFFFFull)
        throw BlobFormatError("id out of range");
    return std::uint32_t(value);
}

template <typename Enum> Enum getEnum(ByteReader &reader, Enum last)
{
    const std::uint8_t value = reader.getByte();
    if (value > std::uint8_t(last))
        throw BlobFormatError("unknown enum value");
    return Enum(value);
}

} // namespace

std::string encodeTraceEventBlock(const TraceEventBlock &block)
{
    ByteWriter out;
    out.putByte(kBlockVersion);
    out.putUnsigned(block.events.size());
    std::int64_t previousStart = 0;
    std::int64_t previousIndex = 0;
    for (std::size_t i = 0; i < block.events.size(); ++i) {
        const TraceEvent &e = block.events[i];
        out.putSigned(std::int64_t(block.eventIndex[i]) - previousIndex);
        previousIndex = block.eventIndex[i];
        out.putSigned(e.startNs - previousStart); // events of a track are by start time
        previousStart = e.startNs;
        out.putSigned(e.durationNs);
        out.putSigned(e.correlationId);
        out.putSigned(e.externalId);
        out.putUnsigned(e.track);
        out.putUnsigned(e.name);
        out.putUnsigned(e.category);
        out.putByte(std::uint8_t(e.phase));
        out.putByte(std::uint8_t(e.kind));
        out.putByte(e.flags);
    }
    out.putUnsigned(block.collectives.size());
    for (const TraceCollective &c : block.collectives) {
        out.putUnsigned(c.event);
        out.putUnsigned(c.collectiveName);
        out.putUnsigned(c.processGroupName);
        out.putUnsigned(c.processGroupDescription);
        out.putUnsigned(c.dtype);
        out.putSigned(c.inMessageElements);
        out.putSigned(c.outMessageElements);
        out.putSigned(c.groupSize);
        out.putSigned(c.srcRank);
        out.putSigned(c.dstRank);
        out.putSigned(c.sequence);
        out.putSigned(c.busBytes);
    }
    out.putUnsigned(block.flows.size());
    for (const TraceFlow &f : block.flows) {
        out.putUnsigned(f.id);
        out.putUnsigned(f.category);
        out.putUnsigned(f.fromEvent);
        out.putUnsigned(f.toEvent);
    }
    return compressBlob(out.bytes());
}

TraceEventBlock decodeTraceEventBlock(std::span<const std::byte> blob)
{
    const std::string raw = decompressBlob(blob);
    ByteReader in(bytesOf(raw));
    expectVersion(in, kBlockVersion, "event block");
    TraceEventBlock block;
    const std::size_t count = in.getCount();
    block.events.resize(count);
    block.eventIndex.resize(count);
    std::int64_t start = 0;
    std::int64_t index = 0;
    for (std::size_t i = 0; i < count; ++i) {
        TraceEvent &e = block.events[i];
        index += in.getSigned();
        if (index < 0 || index > 0xFFFFFFFFll)
            throw BlobFormatError("event index out of range");
        block.eventIndex[i] = std::uint32_t(index);
        start += in.getSigned();
        e.startNs = start;
        e.durationNs = in.getSigned();
        e.correlationId = in.getSigned();
        e.externalId = in.getSigned();
        e.track = getId(in);
        e.name = getId(in);
        e.category = getId(in);
        e.phase = getEnum(in, TracePhase::Instant);
        e.kind = getEnum(in, TraceEventKind::GpuUserAnnotation);
        e.flags = in.getByte();
    }
    block.collectives.resize(in.getCount());
    for (TraceCollective &c : block.collectives) {
        c.event = getId(in);
        c.collectiveName = getId(in);
        c.processGroupName = getId(in);
        c.processGroupDescription = getId(in);
        c.dtype = getId(in);
        c.inMessageElements = in.getSigned();
        c.outMessageElements = in.getSigned();
        c.groupSize = std::int32_t(in.getSigned());
        c.srcRank = std::int32_t(in.getSigned());
        c.dstRank = std::int32_t(in.getSigned());
        c.sequence = in.getSigned();
        c.busBytes = in.getSigned();
    }
    block.flows.resize(in.getCount());
    for (TraceFlow &f : block.flows) {
        f.id = in.getUnsigned();
        f.category = getId(in);
        f.fromEvent = getId(in);
        f.toEvent = getId(in);
    }
    return block;
}

std::string encodeTraceHeader(const TraceData &trace)
{
    ByteWriter out;
    out.putByte(kHeaderVersion);
    out.putString(trace.sourcePath);
    out.putSigned(trace.rank);
    out.putByte(std::uint8_t(trace.rankSource));
    out.putSigned(trace.worldSize);
    out.putString(trace.backend);
    out.putSigned(trace.baseTimeNs);
    out.putString(trace.displayTimeUnit);
    out.putByte(trace.truncated ? 1 : 0);
    out.putSigned(trace.firstNs);
    out.putSigned(trace.lastNs);
    out.putUnsigned(trace.strings.size());
    for (std::size_t i = 1; i < trace.strings.size(); ++i) // id 0 is always ""
        out.putString(trace.strings.view(TraceStringId(i)));
    out.putUnsigned(trace.tracks.size());
    for (const TraceTrack &t : trace.tracks) {
        out.putSigned(t.pid);
        out.putSigned(t.tid);
        out.putUnsigned(t.pidLabel);
        out.putUnsigned(t.tidLabel);
        out.putByte(std::uint8_t((t.pidIsLabel ? 1 : 0) | (t.tidIsLabel ? 2 : 0)));
        out.putUnsigned(t.name);
        out.putUnsigned(t.processName);
        out.putUnsigned(t.processLabels);
        out.putUnsigned(t.counterSeries);
        out.putSigned(t.sortIndex);
        out.putSigned(t.processSortIndex);
        out.putByte(std::uint8_t(t.kind));
        out.putSigned(t.gpuDevice);
        out.putSigned(t.gpuStream);
        out.putUnsigned(t.firstEvent);
        out.putUnsigned(t.eventCount);
    }
    out.putUnsigned(trace.iterations.size());
    for (const TraceIteration &it : trace.iterations) {
        out.putSigned(it.step);
        out.putSigned(it.startNs);
        out.putSigned(it.endNs - it.startNs);
        out.putUnsigned(it.event);
    }
    return compressBlob(out.bytes());
}

void decodeTraceHeader(std::span<const std::byte> blob, TraceData &into)
{
    const std::string raw = decompressBlob(blob);
    ByteReader in(bytesOf(raw));
    expectVersion(in, kHeaderVersion, "trace header");
    into.sourcePath = in.getString();
    into.rank = int(in.getSigned());
    into.rankSource = getEnum(in, TraceRankSource::NodeLocalOrder);
    into.worldSize = int(in.getSigned());
    into.backend = in.getString();
    into.baseTimeNs = in.getSigned();
    into.displayTimeUnit = in.getString();
    into.truncated = in.getByte() != 0;
    into.firstNs = in.getSigned();
    into.lastNs = in.getSigned();
    const std::uint64_t strings = in.getUnsigned();
    if (strings == 0 || strings - 1 > raw.size())
        throw BlobFormatError("string count out of range");
    into.strings = TraceStringTable();
    for (std::uint64_t i = 1; i < strings; ++i) {
        if (into.strings.intern(in.getString()) != TraceStringId(i))
            throw BlobFormatError("string table has duplicates");
    }
    into.tracks.resize(in.getCount());
    for (TraceTrack &t : into.tracks) {
        t.pid = in.getSigned();
        t.tid = in.getSigned();
        t.pidLabel = getId(in);
        t.tidLabel = getId(in);
        const std::uint8_t labels = in.getByte();
        t.pidIsLabel = labels & 1;
        t.tidIsLabel = labels & 2;
        t.name = getId(in);
        t.processName = getId(in);
        t.processLabels = getId(in);
        t.counterSeries = getId(in);
        t.sortIndex = in.getSigned();
        t.processSortIndex = in.getSigned();
        t.kind = getEnum(in, TraceTrackKind::Other);
        t.gpuDevice = std::int32_t(in.getSigned());
        t.gpuStream = in.getSigned();
        t.firstEvent = getId(in);
        t.eventCount = getId(in);
    }
    into.iterations.resize(in.getCount());
    for (TraceIteration &it : into.iterations) {
        it.step = in.getSigned();
        it.startNs = in.getSigned();
        it.endNs = it.startNs + in.getSigned();
        it.event = getId(in);
    }
    const auto checkString = [&](TraceStringId id) {
        if (id >= into.strings.size())
            throw BlobFormatError("string id out of range");
    };
    for (const TraceTrack &t : into.tracks) {
        for (TraceStringId id :
             {t.pidLabel, t.tidLabel, t.name, t.processName, t.processLabels, t.counterSeries})
            checkString(id);
    }
}

std::string encodeCollectiveRecords(std::span<const CollectiveRecord> records)
{
    ByteWriter out;
    out.putByte(kRecordsVersion);
    out.putUnsigned(records.size());
    std::int64_t previousStart = 0;
    for (const CollectiveRecord &r : records) {
        out.putUnsigned(r.key);
        out.putSigned(r.startNs - previousStart);
        previousStart = r.startNs;
        out.putSigned(r.endNs - r.startNs);
        out.putSigned(r.step);
        out.putByte(std::uint8_t(r.kind));
        out.putSigned(r.peer);
        out.putSigned(r.groupSize);
        out.putByte(r.keyFromArgs ? 1 : 0);
        out.putUnsigned(r.nameKey);
    }
    return compressBlob(out.bytes());
}

std::vector<CollectiveRecord> decodeCollectiveRecords(std::span<const std::byte> blob)
{
    const std::string raw = decompressBlob(blob);
    ByteReader in(bytesOf(raw));
    expectVersion(in, kRecordsVersion, "collective records");
    std::vector<CollectiveRecord> records(in.getCount());
    std::int64_t start = 0;
    for (CollectiveRecord &r : records) {
        r.key = in.getUnsigned();
        start += in.getSigned();
        r.startNs = start;
        r.endNs = start + in.getSigned();
        r.step = in.getSigned();
        r.kind = getEnum(in, CollectiveKind::UnmatchedP2p);
        r.peer = std::int32_t(in.getSigned());
        r.groupSize = std::int32_t(in.getSigned());
        r.keyFromArgs = in.getByte() != 0;
        r.nameKey = in.getUnsigned();
    }
    return records;
}

std::string encodeWindowRows(std::span<const TraceWindowRow> rows)
{
    ByteWriter out;
    out.putByte(kRowsVersion);
    out.putUnsigned(rows.size());
    out.putUnsigned(kTraceMetricCount);
    for (const TraceWindowRow &row : rows) {
        out.putSigned(row.window);
        out.putSigned(row.startNs);
        out.putSigned(row.endNs - row.startNs);
        for (MetricValue value : row.values)
            putMetricValue(out, value);
    }
    return compressBlob(out.bytes());
}

void appendWindowRows(std::span<const std::byte> blob, int rank, std::vector<TraceWindowRow> &rows)
{
    const std::string raw = decompressBlob(blob);
    ByteReader in(bytesOf(raw));
    expectVersion(in, kRowsVersion, "window rows");
    const std::size_t count = in.getCount();
    if (in.getUnsigned() != std::uint64_t(kTraceMetricCount))
        throw BlobFormatError("window rows with another metric count");
    const std::size_t first = rows.size();
    rows.resize(first + count);
    for (std::size_t i = first; i < rows.size(); ++i) {
        TraceWindowRow &row = rows[i];
        row.rank = rank;
        row.window = in.getSigned();
        row.startNs = in.getSigned();
        row.endNs = row.startNs + in.getSigned();
        for (MetricValue &value : row.values)
            value = getMetricValue(in);
    }
}

std::vector<TraceWindowRow> decodeWindowRows(std::span<const std::byte> blob, int rank)
{
    std::vector<TraceWindowRow> rows;
    appendWindowRows(blob, rank, rows);
    return rows;
}

} // namespace rankscope
