#include "importers/traces/NsightNcclRanks.h"

#include "importers/bundle/RankFromPath.h"

#include <sqlite3.h>

#include <optional>
#include <utility>

namespace rankscope {

namespace {

constexpr std::size_t kPayloadHeaderBytes = 32;
constexpr std::size_t kMaxPayloadBlobBytes = 1 << 16;

// Where one integer entry of a payload lies.
struct PayloadField
{
    std::int64_t offset = -1;
    int bytes = 0;
};

// The entries "No. of ranks" and "Rank" of one schema.
struct CommunicatorSchema
{
    PayloadField ranks;
    PayloadField rank;
};

// Bytes of an NVTX payload entry type when it is an integer NCCL uses (nvToolsExtPayload.h:
// INT 5, UINT 6, LONG 7, ULONG 8, LONGLONG 9, ULONGLONG 10, INT32 15, UINT32 16, INT64 17,
// UINT64 18); 0 otherwise.
int integerBytes(std::int64_t type)
{
    switch (type) {
    case 5:
    case 6:
    case 15:
    case 16:
        return 4;
    case 7:
    case 8:
    case 9:
    case 10:
    case 17:
    case 18:
        return 8;
    default:
        return 0;
    }
}

std::uint64_t littleEndian(const unsigned char *bytes, int count)
{
    std::uint64_t value = 0;
    for (int i = count - 1; i >= 0; --i)
        value = (value << 8) | bytes[i];
    return value;
}

std::map<std::pair<std::int64_t, std::int64_t>, CommunicatorSchema>
communicatorSchemas(NsightDatabase &db)
{
    std::map<std::pair<std::int64_t, std::int64_t>, CommunicatorSchema> schemas;
    const std::string table = "NVTX_PAYLOAD_SCHEMA_ENTRIES";
    for (const char *column : {"domainId", "schemaId", "name", "type", "offset"})
        if (!db.hasColumn(table, column))
            return schemas;
    db.forEachRow(
        "SELECT domainId, schemaId, name, type, offset FROM " + table +
            " WHERE name IN ('No. of ranks', 'Rank')",
        [&](sqlite3_stmt *row) {
            const int bytes = integerBytes(sqlite3_column_int64(row, 3));
            const std::int64_t offset =
                NsightDatabase::isNull(row, 4) ? -1 : sqlite3_column_int64(row, 4);
            if (bytes == 0 || offset < 0 || offset > std::int64_t(kMaxPayloadBlobBytes))
                return true;
            CommunicatorSchema &schema =
                schemas[{sqlite3_column_int64(row, 0), sqlite3_column_int64(row, 1)}];
            (NsightDatabase::text(row, 2) == "Rank" ? schema.rank : schema.ranks) = {offset, bytes};
            return schemas.size() < 1024;
        });
    return schemas;
}

// The integer at `field` of the payload, nullopt when it lies outside the blob or the payload.
std::optional<std::int64_t> readField(const unsigned char *blob, std::size_t size,
                                      std::uint64_t payloadOffset, std::uint64_t payloadSize,
                                      const PayloadField &field)
{
    if (field.offset < 0 || std::uint64_t(field.offset) + std::uint64_t(field.bytes) > payloadSize)
        return std::nullopt;
    const std::uint64_t at = payloadOffset + std::uint64_t(field.offset);
    if (at < payloadOffset || at + std::uint64_t(field.bytes) > size)
        return std::nullopt;
    const std::uint64_t raw = littleEndian(blob + at, field.bytes);
    return field.bytes == 4 ? std::int64_t(std::int32_t(std::uint32_t(raw))) : std::int64_t(raw);
}

} // namespace

std::map<std::int64_t, NcclCommunicatorRank> ncclCommunicatorRanks(NsightDatabase &db)
{
    std::map<std::int64_t, NcclCommunicatorRank> ranks;
    if (!db.hasColumn("NVTX_EVENTS", "binaryData") || !db.hasColumn("NVTX_EVENTS", "globalTid"))
        return ranks;
    const auto schemas = communicatorSchemas(db);
    if (schemas.empty())
        return ranks;
    std::int64_t rows = 0;
    db.forEachRow(
        "SELECT globalTid, binaryData FROM NVTX_EVENTS WHERE binaryData IS NOT NULL",
        [&](sqlite3_stmt *row) {
            const auto *blob = static_cast<const unsigned char *>(sqlite3_column_blob(row, 1));
            const auto size = std::size_t(sqlite3_column_bytes(row, 1));
            if (blob && size >= kPayloadHeaderBytes && size <= kMaxPayloadBlobBytes) {
                const std::int64_t domain = std::int64_t(littleEndian(blob, 8));
                const std::int64_t schemaId = std::int64_t(littleEndian(blob + 8, 8));
                const std::uint64_t payloadSize = littleEndian(blob + 16, 8);
                const std::uint64_t payloadOffset = littleEndian(blob + 24, 8);
                const auto schema = schemas.find({domain, schemaId});
                if (schema != schemas.end() && payloadOffset <= size) {
                    const auto count =
                        readField(blob, size, payloadOffset, payloadSize, schema->second.ranks);
                    const auto rank =
                        readField(blob, size, payloadOffset, payloadSize, schema->second.rank);
                    if (count && rank && *count >= 1 && *count <= kMaxSupportedRank + 1 &&
                        *rank >= 0 && *rank < *count) {
                        const std::int64_t process = nsightProcessOf(sqlite3_column_int64(row, 0));
                        NcclCommunicatorRank &best = ranks[process];
                        if (*count > best.ranks)
                            best = {int(*rank), int(*count)};
                    }
                }
            }
            return ++rows < kMaxNcclPayloadRows;
        });
    return ranks;
}

} // namespace rankscope
