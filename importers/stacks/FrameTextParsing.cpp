#include "importers/stacks/FrameTextParsing.h"

#include "importers/stacks/TextLines.h"

#include <array>

namespace rankscope {

bool splitTrailingParenthesized(std::string_view text, std::string_view *head,
                                std::string_view *inner)
{
    if (text.empty() || text.back() != ')')
        return false;
    int depth = 0;
    for (std::size_t i = text.size(); i-- > 0;) {
        if (text[i] == ')') {
            ++depth;
        } else if (text[i] == '(') {
            if (--depth == 0) {
                if (i == 0 || text[i - 1] != ' ')
                    break; // "f(x)": part of the name, not a location; try the fallback
                *head = trimTrailingWhitespace(text.substr(0, i - 1));
                *inner = text.substr(i + 1, text.size() - i - 2);
                return !head->empty();
            }
        }
    }
    // Unbalanced parentheses inside the location: fall back to the last " (".
    const std::size_t open = text.rfind(" (");
    if (open == std::string_view::npos || open == 0)
        return false;
    *head = trimTrailingWhitespace(text.substr(0, open));
    *inner = text.substr(open + 2, text.size() - open - 3);
    return !head->empty();
}

bool splitFileAndLine(std::string_view text, std::string_view *file, int *line)
{
    const std::size_t colon = text.rfind(':');
    std::uint64_t value = 0;
    if (colon != std::string_view::npos && colon > 0 &&
        parseUnsigned(text.substr(colon + 1), &value) && value <= 0x7fffffff) {
        *file = text.substr(0, colon);
        *line = static_cast<int>(value);
        return true;
    }
    *file = text;
    *line = 0;
    return false;
}

std::string_view baseName(std::string_view path)
{
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

static bool hasExtension(std::string_view file, std::string_view ext)
{
    return file.size() > ext.size() && endsWith(file, ext);
}

bool looksLikePythonSource(std::string_view file)
{
    if (!file.empty() && file.front() == '<')
        return true; // <string>, <stdin>, <frozen importlib._bootstrap>
    for (std::string_view ext : {".py", ".pyx", ".pyi", ".pyw", ".pxd"}) {
        if (hasExtension(file, ext))
            return true;
    }
    return false;
}

bool looksLikeNativeSource(std::string_view file)
{
    static constexpr std::array<std::string_view, 16> kExtensions = {
        ".c",   ".cc",  ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp",
        ".hxx", ".inl", ".cu",  ".cuh", ".rs",  ".S", ".s",  ".mm"};
    for (std::string_view ext : kExtensions) {
        if (hasExtension(file, ext))
            return true;
    }
    return false;
}

Frame makePySpyFrame(std::string_view function, std::string_view file, int line,
                     std::string_view module)
{
    Frame frame;
    frame.function = std::string(function);
    frame.line = line;
    if (!module.empty()) {
        // JSON native frame. py-spy puts the module path into filename when it has no source
        // file, which would only repeat the module.
        frame.kind = FrameKind::Native;
        frame.module = std::string(baseName(module));
        if (file != module && file != "?" && (line > 0 || looksLikeNativeSource(file)))
            frame.file = std::string(file);
        return frame;
    }
    if (file == "?" || file.empty()) {
        frame.kind = line > 0 ? FrameKind::Python : FrameKind::Native; // "0x7caa... (?)"
        return frame;
    }
    if (line > 0) {
        frame.kind = looksLikeNativeSource(file) ? FrameKind::Native : FrameKind::Python;
        frame.file = std::string(file);
        return frame;
    }
    if (looksLikePythonSource(file)) {
        frame.kind = FrameKind::Python; // line number unreadable
        frame.file = std::string(file);
    } else if (looksLikeNativeSource(file)) {
        frame.kind = FrameKind::Native;
        frame.file = std::string(file);
    } else {
        // "pthread_cond_wait (libc.so.6)", "_PyEval_EvalFrameDefault (python3.12)"
        frame.kind = FrameKind::Native;
        frame.module = std::string(baseName(file));
    }
    return frame;
}

} // namespace rankscope
