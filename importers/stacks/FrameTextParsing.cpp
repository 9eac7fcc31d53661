#include "importers/stacks/FrameTextParsing.h"

#include "importers/stacks/TextLines.h"

#include <cstring>
#include <initializer_list>

namespace rankscope {

namespace {

// Index of the last `c` in the text, or npos. glibc's memrchr tests a vector of bytes per step
// where string_view::rfind tests one, and every frame line is searched this way.
std::size_t lastIndexOf(std::string_view text, char c)
{
#if defined(__GLIBC__)
    const void *found = memrchr(text.data(), c, text.size());
    return found ? std::size_t(static_cast<const char *>(found) - text.data())
                 : std::string_view::npos;
#else
    return text.rfind(c);
#endif
}

// Index of the '(' that matches the ')' ending the text, counting nesting from the right, or
// npos when the parentheses do not balance.
std::size_t openingOfTrailingGroup(std::string_view text)
{
    // Usual case, one per frame line: the location holds no parentheses of its own, so its '('
    // is the last one in the text. Two library scans instead of a byte loop with a counter.
    const std::size_t lastOpen = lastIndexOf(text, '(');
    if (lastOpen != std::string_view::npos && text.find(')', lastOpen) == text.size() - 1)
        return lastOpen;
    int depth = 0;
    for (std::size_t i = text.size(); i-- > 0;) {
        if (text[i] == ')')
            ++depth;
        else if (text[i] == '(' && --depth == 0)
            return i;
    }
    return std::string_view::npos;
}

// What follows the last '.' of a file name ("a/b.py" -> "py"), or nothing when there is no dot
// or the name is only an extension (".py" is no Python source). Classifying by this one piece
// costs a handful of comparisons per frame, where testing every known suffix cost dozens.
std::string_view extensionOf(std::string_view file)
{
    const std::size_t dot = file.rfind('.');
    if (dot == std::string_view::npos || dot == 0)
        return {};
    return file.substr(dot + 1);
}

bool isAnyOf(std::string_view text, std::initializer_list<std::string_view> candidates)
{
    for (std::string_view candidate : candidates) {
        if (text == candidate)
            return true;
    }
    return false;
}

} // namespace

bool splitTrailingParenthesized(std::string_view text, std::string_view *head,
                                std::string_view *inner)
{
    if (text.empty() || text.back() != ')')
        return false;
    const std::size_t open = openingOfTrailingGroup(text);
    // "f(x)" (no space before the group) is part of the name, not a location: fall back below.
    if (open != std::string_view::npos && open > 0 && text[open - 1] == ' ') {
        *head = trimTrailingWhitespace(text.substr(0, open - 1));
        *inner = text.substr(open + 1, text.size() - open - 2);
        return !head->empty();
    }
    // Unbalanced parentheses inside the location: fall back to the last " (".
    const std::size_t fallback = text.rfind(" (");
    if (fallback == std::string_view::npos || fallback == 0)
        return false;
    *head = trimTrailingWhitespace(text.substr(0, fallback));
    *inner = text.substr(fallback + 2, text.size() - fallback - 3);
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
    // A plain loop: find_last_of searches its set of separators once per byte.
    std::size_t start = path.size();
    while (start > 0 && path[start - 1] != '/' && path[start - 1] != '\\')
        --start;
    return path.substr(start);
}

bool looksLikePythonSource(std::string_view file)
{
    if (!file.empty() && file.front() == '<')
        return true; // <string>, <stdin>, <frozen importlib._bootstrap>
    const std::string_view ext = extensionOf(file);
    return ext.size() == 2 ? ext == "py" : isAnyOf(ext, {"pyx", "pyi", "pyw", "pxd"});
}

bool looksLikeNativeSource(std::string_view file)
{
    const std::string_view ext = extensionOf(file);
    switch (ext.size()) { // by length first: most frames are ".py" and fail at the first test
    case 1:
        return isAnyOf(ext, {"c", "h", "S", "s"});
    case 2:
        return ext != "py" && isAnyOf(ext, {"cc", "hh", "cu", "rs", "mm"});
    case 3:
        return isAnyOf(ext, {"cpp", "cxx", "c++", "hpp", "hxx", "inl", "cuh"});
    default:
        return false;
    }
}

Frame makePySpyFrame(std::string_view function, std::string_view file, int line,
                     std::string_view module)
{
    Frame frame;
    assignPySpyFrame(&frame, function, file, line, module);
    return frame;
}

void assignPySpyFrame(Frame *frame, std::string_view function, std::string_view file, int line,
                      std::string_view module)
{
    frame->function = function;
    frame->line = line;
    if (!module.empty()) {
        // JSON native frame. py-spy puts the module path into filename when it has no source
        // file, which would only repeat the module.
        frame->kind = FrameKind::Native;
        frame->module = baseName(module);
        if (file != module && file != "?" && (line > 0 || looksLikeNativeSource(file)))
            frame->file = file;
        return;
    }
    if (file == "?" || file.empty()) {
        frame->kind = line > 0 ? FrameKind::Python : FrameKind::Native; // "0x7caa... (?)"
        return;
    }
    if (line > 0) {
        frame->kind = looksLikeNativeSource(file) ? FrameKind::Native : FrameKind::Python;
        frame->file = file;
        return;
    }
    if (looksLikePythonSource(file)) {
        frame->kind = FrameKind::Python; // line number unreadable
        frame->file = file;
    } else if (looksLikeNativeSource(file)) {
        frame->kind = FrameKind::Native;
        frame->file = file;
    } else {
        // "pthread_cond_wait (libc.so.6)", "_PyEval_EvalFrameDefault (python3.12)"
        frame->kind = FrameKind::Native;
        frame->module = baseName(file);
    }
}

} // namespace rankscope
