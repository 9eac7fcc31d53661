#include "core/cache/CollectiveProgressCodec.h"

#include "core/cache/ByteCoding.h"

namespace rankscope {

namespace {

// Bumped with the layout below; a blob of another version is damaged data to the reader.
constexpr std::uint8_t kCodecVersion = 2; // 2: claims' failedRanks and silent
// The last value of CollectiveEvidence: anything above is damaged data.
constexpr CollectiveEvidence kLastEvidence = CollectiveEvidence::MonitoredBarrier;

void putSource(ByteWriter &out, const CollectiveSource &source)
{
    out.putSigned(source.line);
    out.putSigned(source.byteOffset);
}

CollectiveSource getSource(ByteReader &in, const std::string &file)
{
    CollectiveSource source;
    source.file = file;
    source.line = in.getSigned();
    source.byteOffset = in.getSigned();
    return source;
}

void putRanks(ByteWriter &out, const std::vector<int> &ranks)
{
    out.putUnsigned(ranks.size());
    for (int rank : ranks)
        out.putSigned(rank);
}

std::vector<int> getRanks(ByteReader &in)
{
    std::vector<int> ranks(in.getCount());
    for (int &rank : ranks)
        rank = int(in.getSigned());
    return ranks;
}

template <typename Enum> Enum getEnum(ByteReader &in, Enum last)
{
    const std::uint8_t value = in.getByte();
    if (value > std::uint8_t(last))
        throw BlobFormatError("collective record: unknown enum value");
    return Enum(value);
}

void putEntry(ByteWriter &out, const CollectiveEntry &entry)
{
    out.putSigned(entry.rank);
    out.putSigned(entry.groupRank);
    out.putString(entry.pgName);
    out.putString(entry.pgDesc);
    out.putSigned(entry.pgId);
    out.putSigned(entry.collectiveSeq);
    out.putSigned(entry.p2pSeq);
    out.putSigned(entry.opId);
    out.putSigned(entry.recordId);
    out.putByte(std::uint8_t(entry.isP2p) | std::uint8_t(entry.retired) << 1);
    out.putString(entry.op);
    out.putString(entry.profilingName);
    out.putSigned(entry.peerGroupRank);
    out.putString(entry.inputSizes);
    out.putString(entry.outputSizes);
    out.putSigned(entry.inputNumel);
    out.putSigned(entry.outputNumel);
    out.putString(entry.inputDtypes);
    out.putString(entry.outputDtypes);
    out.putByte(std::uint8_t(entry.state));
    out.putSigned(entry.createdNs);
    out.putSigned(entry.startedNs);
    out.putSigned(entry.completedNs);
    out.putSigned(entry.timeoutMs);
    out.putSigned(entry.ranForMs);
    out.putDouble(entry.durationMs);
    out.putString(entry.threadName);
    out.putString(entry.threadId);
    out.putUnsigned(entry.frames.size());
    for (const CollectiveFrame &frame : entry.frames) {
        out.putString(frame.name);
        out.putString(frame.file);
        out.putSigned(frame.line);
    }
    out.putByte(std::uint8_t(entry.evidence));
    putSource(out, entry.source);
}

CollectiveEntry getEntry(ByteReader &in, const std::string &file)
{
    CollectiveEntry entry;
    entry.rank = int(in.getSigned());
    entry.groupRank = int(in.getSigned());
    entry.pgName = in.getString();
    entry.pgDesc = in.getString();
    entry.pgId = int(in.getSigned());
    entry.collectiveSeq = in.getSigned();
    entry.p2pSeq = in.getSigned();
    entry.opId = in.getSigned();
    entry.recordId = in.getSigned();
    const std::uint8_t flags = in.getByte();
    entry.isP2p = flags & 1;
    entry.retired = flags & 2;
    entry.op = in.getString();
    entry.profilingName = in.getString();
    entry.peerGroupRank = int(in.getSigned());
    entry.inputSizes = in.getString();
    entry.outputSizes = in.getString();
    entry.inputNumel = in.getSigned();
    entry.outputNumel = in.getSigned();
    entry.inputDtypes = in.getString();
    entry.outputDtypes = in.getString();
    entry.state = getEnum(in, CollectiveState::Completed);
    entry.createdNs = in.getSigned();
    entry.startedNs = in.getSigned();
    entry.completedNs = in.getSigned();
    entry.timeoutMs = in.getSigned();
    entry.ranForMs = in.getSigned();
    entry.durationMs = in.getDouble();
    entry.threadName = in.getString();
    entry.threadId = in.getString();
    entry.frames.resize(in.getCount());
    for (CollectiveFrame &frame : entry.frames) {
        frame.name = in.getString();
        frame.file = in.getString();
        frame.line = int(in.getSigned());
    }
    entry.evidence = getEnum(in, kLastEvidence);
    entry.source = getSource(in, file);
    return entry;
}

void putStatus(ByteWriter &out, const CollectiveGroupStatus &status)
{
    out.putSigned(status.rank);
    out.putSigned(status.groupRank);
    out.putString(status.pgName);
    out.putString(status.pgDesc);
    out.putSigned(status.pgId);
    out.putSigned(status.lastEnqueued);
    out.putSigned(status.lastStarted);
    out.putSigned(status.lastCompleted);
    out.putByte(status.pgNameInferred);
    out.putByte(std::uint8_t(status.evidence));
    putSource(out, status.source);
}

CollectiveGroupStatus getStatus(ByteReader &in, const std::string &file)
{
    CollectiveGroupStatus status;
    status.rank = int(in.getSigned());
    status.groupRank = int(in.getSigned());
    status.pgName = in.getString();
    status.pgDesc = in.getString();
    status.pgId = int(in.getSigned());
    status.lastEnqueued = in.getSigned();
    status.lastStarted = in.getSigned();
    status.lastCompleted = in.getSigned();
    status.pgNameInferred = in.getByte() != 0;
    status.evidence = getEnum(in, kLastEvidence);
    status.source = getSource(in, file);
    return status;
}

void putClaim(ByteWriter &out, const CollectiveClaim &claim)
{
    out.putByte(std::uint8_t(claim.evidence));
    out.putString(claim.pgName);
    out.putString(claim.pgDesc);
    out.putSigned(claim.pgId);
    out.putSigned(claim.seq);
    out.putString(claim.op);
    putRanks(out, claim.missingRanks);
    putRanks(out, claim.readyRanks);
    putRanks(out, claim.culpritRanks);
    putRanks(out, claim.failedRanks);
    out.putByte(claim.silent);
    out.putByte(claim.groupRanks);
    out.putSigned(claim.reportingRank);
    out.putString(claim.text);
    putSource(out, claim.source);
}

CollectiveClaim getClaim(ByteReader &in, const std::string &file)
{
    CollectiveClaim claim;
    claim.evidence = getEnum(in, kLastEvidence);
    claim.pgName = in.getString();
    claim.pgDesc = in.getString();
    claim.pgId = int(in.getSigned());
    claim.seq = in.getSigned();
    claim.op = in.getString();
    claim.missingRanks = getRanks(in);
    claim.readyRanks = getRanks(in);
    claim.culpritRanks = getRanks(in);
    claim.failedRanks = getRanks(in);
    claim.silent = in.getByte() != 0;
    claim.groupRanks = in.getByte() != 0;
    claim.reportingRank = int(in.getSigned());
    claim.text = in.getString();
    claim.source = getSource(in, file);
    return claim;
}

} // namespace

std::string encodeGroupMembers(const std::vector<int> &ranks)
{
    ByteWriter out;
    putRanks(out, ranks);
    return compressBlob(out.bytes());
}

std::vector<int> decodeGroupMembers(std::span<const std::byte> compressed)
{
    const std::string raw = decompressBlob(compressed);
    ByteReader in(raw);
    std::vector<int> ranks = getRanks(in);
    if (!in.atEnd())
        throw BlobFormatError("group members: trailing bytes");
    return ranks;
}

std::string encodeCollectiveProgress(const CollectiveRecords &records, bool withGroups)
{
    ByteWriter out;
    out.putByte(kCodecVersion);
    out.putUnsigned(withGroups ? records.groups.size() : 0);
    for (const ProcessGroupConfig &group : records.groups) {
        if (!withGroups)
            break;
        out.putString(group.name);
        out.putString(group.desc);
        putRanks(out, group.ranks);
    }
    out.putUnsigned(records.entries.size());
    for (const CollectiveEntry &entry : records.entries)
        putEntry(out, entry);
    out.putUnsigned(records.statuses.size());
    for (const CollectiveGroupStatus &status : records.statuses)
        putStatus(out, status);
    out.putUnsigned(records.claims.size());
    for (const CollectiveClaim &claim : records.claims)
        putClaim(out, claim);
    return compressBlob(out.bytes());
}

CollectiveRecords decodeCollectiveProgress(std::span<const std::byte> compressed,
                                           const std::string &file)
{
    const std::string raw = decompressBlob(compressed);
    ByteReader in(raw);
    if (in.getByte() != kCodecVersion)
        throw BlobFormatError("collective records of another version");
    CollectiveRecords records;
    records.groups.resize(in.getCount());
    for (ProcessGroupConfig &group : records.groups) {
        group.name = in.getString();
        group.desc = in.getString();
        group.ranks = getRanks(in);
        group.source = file;
    }
    const std::size_t entries = in.getCount();
    records.entries.reserve(entries);
    for (std::size_t i = 0; i < entries; ++i)
        records.entries.push_back(getEntry(in, file));
    const std::size_t statuses = in.getCount();
    records.statuses.reserve(statuses);
    for (std::size_t i = 0; i < statuses; ++i)
        records.statuses.push_back(getStatus(in, file));
    const std::size_t claims = in.getCount();
    records.claims.reserve(claims);
    for (std::size_t i = 0; i < claims; ++i)
        records.claims.push_back(getClaim(in, file));
    if (!in.atEnd())
        throw BlobFormatError("collective records: trailing bytes");
    return records;
}

} // namespace rankscope
