#include "importers/logs/MultiLineMerge.h"
#include "core/model/AsciiText.h"

#include <cctype>

namespace rankscope {

namespace {

bool isIndented(std::string_view text)
{
    return (text.size() >= 2 && text[0] == ' ' && text[1] == ' ') ||
           (!text.empty() && text[0] == '\t');
}

std::string_view skipSpaces(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
        ++at;
    return text.substr(at);
}

// "ncclSystemError: ...", "ncclUnhandledCudaError: ...": NCCL's error class line.
bool isNcclErrorClassLine(std::string_view text)
{
    if (!startsWith(text, "nccl"))
        return false;
    const std::size_t colon = text.find(':');
    return colon != std::string_view::npos && colon > 9 && text.substr(colon - 5, 5) == "Error";
}

// "OSError: [Errno 5] ...", "torch.distributed.DistBackendError: ...": a traceback's last line.
bool isExceptionLine(std::string_view text)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0)
        return false;
    const std::string_view name = text.substr(0, colon);
    for (const char c : name) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'))
            return false;
    }
    return name.find("Error") != std::string_view::npos ||
           name.find("Exception") != std::string_view::npos ||
           name.find("Interrupt") != std::string_view::npos;
}

} // namespace

// Some writers stamp every line, continuation lines included (log shippers, the per-line
// "[timestamp] [rankN]:" of launchers that re-time their children's output). A frame list or a
// traceback's body is still one event then: only lines that cannot continue anything start one.
// Such writers often drop the indentation too, so inside a traceback a "File ..." line, the
// source line after it and the exception line are recognised by their shape.
bool MultiLineMerger::continuesDespiteHeader(Stream &s, std::string_view content)
{
    const std::string_view body = skipSpaces(content);
    if (startsWith(body, "frame #") || startsWith(content, "Exception raised from "))
        return true;
    if (s.mode != Mode::Traceback)
        return false;
    const bool fileLine = startsWith(body, "File \"");
    // The exception may follow a "File" line directly (Python prints no source line when it has
    // none); a source line never looks like "SomeError: ...".
    const bool exception = !fileLine && !isIndented(content) && isExceptionLine(body);
    const bool sourceLine = s.afterFileLine && !fileLine && !exception;
    s.afterFileLine = fileLine;
    if (exception)
        s.mode = Mode::Plain; // the exception line closes the traceback
    return isIndented(content) || fileLine || sourceLine || exception;
}

MultiLineMerger::Stream &MultiLineMerger::stream(std::size_t index)
{
    if (index >= m_streams.size())
        m_streams.resize(index + 1);
    return m_streams[index];
}

bool MultiLineMerger::continues(std::size_t index, std::string_view content, bool standalone)
{
    Stream &s = stream(index);
    if (s.event < 0)
        return false;
    if (s.lines >= kMaxMergedLines || (standalone && !continuesDespiteHeader(s, content))) {
        s.mode = Mode::Plain;
        s.afterFileLine = false;
        return false;
    }
    if (standalone) {
        ++s.lines;
        return true;
    }
    bool joins = false;
    switch (s.mode) {
    case Mode::Traceback:
        // Everything indented, then the exception line closes the traceback.
        if (!isIndented(content))
            s.mode = Mode::Plain;
        joins = true;
        break;
    case Mode::AfterLastError:
        s.mode = Mode::Plain;
        joins = true;
        break;
    case Mode::Plain: {
        const std::string_view body = skipSpaces(content);
        if (startsWith(body, "frame #") || startsWith(content, "Exception raised from ") ||
            isNcclErrorClassLine(content)) {
            joins = true;
        } else if (startsWith(content, "Last error:")) {
            joins = true;
            if (body.size() == 11)
                s.mode = Mode::AfterLastError;
        } else {
            joins = isIndented(content);
        }
        break;
    }
    }
    if (joins)
        ++s.lines;
    return joins;
}

void MultiLineMerger::started(std::size_t index, std::int64_t event, std::string_view content)
{
    Stream &s = stream(index);
    s.event = event;
    s.lines = 1;
    s.mode = Mode::Plain;
    s.afterFileLine = false;
    // "Traceback ..." starts a line, or ends one where a logger put its message before it
    // (SGLang's "Scheduler hit an exception: Traceback (most recent call last):").
    if (startsWith(content, "Traceback (most recent call last):") ||
        content.ends_with("Traceback (most recent call last):"))
        s.mode = Mode::Traceback;
    else if (content.size() >= 11 && content.substr(content.size() - 11) == "Last error:")
        s.mode = Mode::AfterLastError;
}

void MultiLineMerger::close(std::size_t index)
{
    Stream &s = stream(index);
    s.event = -1;
    s.mode = Mode::Plain;
}

std::int64_t MultiLineMerger::openEvent(std::size_t index) const
{
    return index < m_streams.size() ? m_streams[index].event : -1;
}

void MultiLineMerger::closeBefore(std::int64_t event)
{
    for (Stream &s : m_streams) {
        if (s.event >= 0 && s.event < event) {
            s.event = -1;
            s.mode = Mode::Plain;
        }
    }
}

} // namespace rankscope
