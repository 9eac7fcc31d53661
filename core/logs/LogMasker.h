#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// What a masked value was, kept with every extracted parameter.
enum class MaskKind : std::uint8_t
{
    Custom,  // a user or benchmark regex (replaced by "<*>")
    Hex,     // 0x7f3a...
    Address, // IPv4 with optional :port, IPv6
    Host,    // host names such as node-17.cluster.local, gpu-a100-003
    Path,    // /usr/lib/..., C:\...
    Uuid,
    Time, // ISO timestamps, 12:31:04.123
    Rank, // "rank 37", "rank=37": the word kept, the number masked
    Float,
    Number,
};
const char *maskKindKey(MaskKind kind); // "hex", "address", ...

struct MaskedParameter
{
    MaskKind kind = MaskKind::Custom;
    std::string value;
};

// Replaces variable parts of a message by placeholders before tokenizing. defaults() are the
// masks for training logs (algorithms.md 1.2.3, most specific first), hand-written so that
// masking keeps up with millions of lines per second; fromRegexes() applies Perl/Python-style
// regexes in order (PCRE2, JIT), each match replaced by "<*>", as the loghub benchmark does.
// What defaults() writes for a masked value: the kind's placeholder ("<NUM>", "<PATH>", ...),
// which Drain compares as an equal constant, or Drain's own wildcard "<*>" for every kind.
enum class MaskPlaceholders : std::uint8_t
{
    Typed,
    Wildcard,
};

class LogMasker
{
public:
    static LogMasker defaults(); // typed placeholders (docs/accuracy.md says why)
    static LogMasker defaults(MaskPlaceholders placeholders);
    static LogMasker none();
    // Throws std::invalid_argument naming the pattern and the position of a syntax error.
    static LogMasker fromRegexes(const std::vector<std::string> &patterns);

    LogMasker(const LogMasker &);
    LogMasker &operator=(const LogMasker &);
    LogMasker(LogMasker &&) noexcept;
    LogMasker &operator=(LogMasker &&) noexcept;
    ~LogMasker();

    // The masked content; parameters (optional) receive the replaced values in order.
    std::string mask(std::string_view content,
                     std::vector<MaskedParameter> *parameters = nullptr) const;
    // The same into a caller's buffer (cleared first), so a loop over millions of lines
    // allocates nothing.
    void maskInto(std::string_view content, std::string &out,
                  std::vector<MaskedParameter> *parameters = nullptr) const;

private:
    struct Impl;
    explicit LogMasker(std::shared_ptr<const Impl> impl);
    std::shared_ptr<const Impl> m_impl;
};

} // namespace rankscope
