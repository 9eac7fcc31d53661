#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace rankscope {

// Thrown when a stored blob does not decode: the cache is damaged (or was written by a buggy
// build). Callers turn it into CacheDamagedError (SqliteDatabase.h), upon which the CLI
// rebuilds the cache from the bundle and the GUI tells the user to re-import.
class BlobFormatError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Appends LEB128 varints (signed values zig-zag encoded) and raw bytes to a string. Varints keep
// small ids and time deltas to one or two bytes, which zstd then squeezes further.
class ByteWriter
{
public:
    void putUnsigned(std::uint64_t value)
    {
        while (value >= 0x80) {
            m_bytes.push_back(char((value & 0x7F) | 0x80));
            value >>= 7;
        }
        m_bytes.push_back(char(value));
    }
    void putSigned(std::int64_t value)
    {
        putUnsigned((std::uint64_t(value) << 1) ^ std::uint64_t(value >> 63));
    }
    void putByte(std::uint8_t value) { m_bytes.push_back(char(value)); }
    void putDouble(double value)
    {
        char raw[sizeof value];
        std::memcpy(raw, &value, sizeof value);
        m_bytes.append(raw, sizeof value);
    }
    void putString(std::string_view text)
    {
        putUnsigned(text.size());
        m_bytes.append(text);
    }

    std::string &bytes() { return m_bytes; }

private:
    std::string m_bytes;
};

// Reads what ByteWriter wrote; every read is bounds-checked and throws BlobFormatError.
class ByteReader
{
public:
    explicit ByteReader(std::string_view bytes) : m_bytes(bytes) {}

    std::uint64_t getUnsigned()
    {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t byte = getByte();
            value |= std::uint64_t(byte & 0x7F) << shift;
            if (!(byte & 0x80))
                return value;
        }
        throw BlobFormatError("varint longer than 64 bits");
    }
    std::int64_t getSigned()
    {
        const std::uint64_t raw = getUnsigned();
        return std::int64_t(raw >> 1) ^ -std::int64_t(raw & 1);
    }
    std::uint8_t getByte()
    {
        need(1);
        return std::uint8_t(m_bytes[m_position++]);
    }
    double getDouble()
    {
        need(sizeof(double));
        double value;
        std::memcpy(&value, m_bytes.data() + m_position, sizeof value);
        m_position += sizeof value;
        return value;
    }
    std::string_view getString()
    {
        const std::uint64_t size = getUnsigned();
        need(size);
        const std::string_view text = m_bytes.substr(m_position, std::size_t(size));
        m_position += std::size_t(size);
        return text;
    }
    // A count of items that each take at least one byte: refuses counts the blob cannot hold,
    // so a damaged count cannot make the caller allocate gigabytes.
    std::size_t getCount()
    {
        const std::uint64_t count = getUnsigned();
        if (count > m_bytes.size() - m_position)
            throw BlobFormatError("count larger than the data");
        return std::size_t(count);
    }
    bool atEnd() const { return m_position == m_bytes.size(); }

private:
    void need(std::uint64_t bytes) const
    {
        if (bytes > m_bytes.size() - m_position)
            throw BlobFormatError("data ends early");
    }

    std::string_view m_bytes;
    std::size_t m_position = 0;
};

// zstd frames around the encoded blobs. decompressBlob throws BlobFormatError.
std::string compressBlob(std::string_view raw);
std::string decompressBlob(std::span<const std::byte> compressed);

} // namespace rankscope
