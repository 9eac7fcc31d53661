#include "core/cache/StackSampleCodec.h"

#include "core/cache/ByteCoding.h"

namespace rankscope {

namespace {

// The first byte of every blob: a later layout gets a new number (and a schema version).
constexpr std::uint8_t kLayoutVersion = 1;

enum SampleFlag : std::uint8_t
{
    kHasRole = 1,
    kIsMain = 2,
    kHasRank = 4,
    kCut = 8,
};

// Appends varints straight to a string (ByteWriter owns its string; the encoder reuses one).
void putUnsigned(std::string &out, std::uint64_t value)
{
    while (value >= 0x80) {
        out.push_back(char((value & 0x7F) | 0x80));
        value >>= 7;
    }
    out.push_back(char(value));
}

void putSigned(std::string &out, std::int64_t value)
{
    putUnsigned(out, (std::uint64_t(value) << 1) ^ std::uint64_t(value >> 63));
}

void putString(std::string &out, std::string_view text)
{
    putUnsigned(out, text.size());
    out.append(text);
}

} // namespace

StackSampleEncoder::StackSampleEncoder()
{
    m_body.reserve(256);
}

void StackSampleEncoder::add(const StoredStackSample &sample)
{
    std::uint8_t flags = 0;
    flags |= sample.role ? kHasRole : 0;
    flags |= sample.isMain ? kIsMain : 0;
    flags |= sample.rank ? kHasRank : 0;
    flags |= sample.cut ? kCut : 0;
    m_body.push_back(char(flags));
    m_body.push_back(char(static_cast<std::uint8_t>(sample.state)));
    if (sample.role)
        putString(m_body, *sample.role);
    putSigned(m_body, sample.pid);
    putUnsigned(m_body, sample.threadId);
    putString(m_body, sample.threadName);
    putUnsigned(m_body, sample.stack);
    putUnsigned(m_body, sample.weight);
    if (sample.rank)
        putSigned(m_body, *sample.rank);
    ++m_count;
}

std::string StackSampleEncoder::finish() const
{
    std::string blob;
    blob.reserve(m_body.size() + 6);
    blob.push_back(char(kLayoutVersion));
    putUnsigned(blob, m_count);
    blob += m_body;
    return blob;
}

void StackSampleEncoder::clear()
{
    m_body.clear();
    m_count = 0;
}

std::size_t forEachStoredStackSample(std::span<const std::byte> blob,
                                     const std::function<void(const StoredStackSample &)> &visit)
{
    ByteReader reader(std::string_view(reinterpret_cast<const char *>(blob.data()), blob.size()));
    if (reader.getByte() != kLayoutVersion)
        throw BlobFormatError("stack samples of an unknown layout");
    const std::size_t count = reader.getCount();
    StoredStackSample sample;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t flags = reader.getByte();
        const std::uint8_t state = reader.getByte();
        if (flags & ~std::uint8_t(kHasRole | kIsMain | kHasRank | kCut) ||
            state > static_cast<std::uint8_t>(ThreadState::ActiveGil))
            throw BlobFormatError("stack sample with unknown flags or thread state");
        sample.state = static_cast<ThreadState>(state);
        sample.isMain = flags & kIsMain;
        sample.cut = flags & kCut;
        sample.role = (flags & kHasRole) ? std::optional(reader.getString()) : std::nullopt;
        sample.pid = reader.getSigned();
        sample.threadId = reader.getUnsigned();
        sample.threadName = reader.getString();
        const std::uint64_t stack = reader.getUnsigned();
        if (stack > 0xFFFFFFFFu)
            throw BlobFormatError("stack id out of range");
        sample.stack = StackId(stack);
        sample.weight = reader.getUnsigned();
        sample.rank = std::nullopt;
        if (flags & kHasRank) {
            const std::int64_t rank = reader.getSigned();
            if (rank < 0 || rank > 0x7FFFFFFF)
                throw BlobFormatError("sample rank out of range");
            sample.rank = int(rank);
        }
        visit(sample);
    }
    if (!reader.atEnd())
        throw BlobFormatError("bytes after the last stack sample");
    return count;
}

} // namespace rankscope
