#include "core/logs/LogMasker.h"

#include "core/logs/Pcre2Pattern.h"
#include "core/logs/TrainingLogMasks.h"

#include <stdexcept>

namespace rankscope {

const char *maskKindKey(MaskKind kind)
{
    switch (kind) {
    case MaskKind::Custom:
        return "custom";
    case MaskKind::Hex:
        return "hex";
    case MaskKind::Address:
        return "address";
    case MaskKind::Host:
        return "host";
    case MaskKind::Path:
        return "path";
    case MaskKind::Uuid:
        return "uuid";
    case MaskKind::Time:
        return "time";
    case MaskKind::Rank:
        return "rank";
    case MaskKind::Float:
        return "float";
    case MaskKind::Number:
        return "number";
    }
    return "custom";
}

struct LogMasker::Impl
{
    enum class Mode
    {
        None,
        Training,
        Regexes,
    };
    Mode mode = Mode::None;
    bool typedPlaceholders = true;
    std::vector<Pcre2Pattern> patterns;
};

LogMasker::LogMasker(std::shared_ptr<const Impl> impl) : m_impl(std::move(impl)) {}

LogMasker::LogMasker(const LogMasker &) = default;
LogMasker &LogMasker::operator=(const LogMasker &) = default;
LogMasker::LogMasker(LogMasker &&) noexcept = default;
LogMasker &LogMasker::operator=(LogMasker &&) noexcept = default;
LogMasker::~LogMasker() = default;

LogMasker LogMasker::defaults()
{
    return defaults(MaskPlaceholders::Typed);
}

LogMasker LogMasker::defaults(MaskPlaceholders placeholders)
{
    auto impl = std::make_shared<Impl>();
    impl->mode = Impl::Mode::Training;
    impl->typedPlaceholders = placeholders == MaskPlaceholders::Typed;
    return LogMasker(std::move(impl));
}

LogMasker LogMasker::none()
{
    return LogMasker(std::make_shared<Impl>());
}

LogMasker LogMasker::fromRegexes(const std::vector<std::string> &patterns)
{
    auto impl = std::make_shared<Impl>();
    impl->mode = Impl::Mode::Regexes;
    impl->patterns.reserve(patterns.size());
    for (const std::string &pattern : patterns)
        impl->patterns.emplace_back(pattern); // throws std::invalid_argument naming it
    return LogMasker(std::move(impl));
}

std::string LogMasker::mask(std::string_view content,
                            std::vector<MaskedParameter> *parameters) const
{
    std::string out;
    maskInto(content, out, parameters);
    return out;
}

void LogMasker::maskInto(std::string_view content, std::string &out,
                         std::vector<MaskedParameter> *parameters) const
{
    switch (m_impl->mode) {
    case Impl::Mode::None:
        out.assign(content);
        return;
    case Impl::Mode::Training:
        maskTrainingLog(content, out, parameters, m_impl->typedPlaceholders);
        return;
    case Impl::Mode::Regexes:
        break;
    }
    // logparser's preprocess: each regex in order over the previous one's output.
    out.assign(content);
    std::string next;
    std::vector<std::string> matched;
    for (const Pcre2Pattern &pattern : m_impl->patterns) {
        matched.clear();
        pattern.substitute(out, "<*>", next, parameters ? &matched : nullptr);
        out.swap(next);
        if (parameters) {
            for (std::string &value : matched)
                parameters->push_back({MaskKind::Custom, std::move(value)});
        }
    }
}

} // namespace rankscope
