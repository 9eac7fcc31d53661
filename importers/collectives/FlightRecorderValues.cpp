#include "importers/collectives/FlightRecorderValues.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace rankscope {

namespace {

std::string_view trimmedSpaces(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' ||
                             text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

bool decimal(std::string_view text, std::int64_t &out)
{
    text = trimmedSpaces(text);
    if (text.empty())
        return false;
    if (text.front() == '+')
        text.remove_prefix(1);
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size();
}

bool isListText(std::string_view text)
{
    text = trimmedSpaces(text);
    return !text.empty() && (text.front() == '[' || text.front() == '(');
}

// The integers of a text such as "[[4096, 1, 5120], [8]]", grouped by innermost brackets.
// Depth beyond two brackets is flattened; anything that is not a digit, sign, bracket, comma or
// space makes it fail.
bool parseNestedText(std::string_view text, std::vector<std::vector<std::int64_t>> &groups)
{
    int depth = 0;
    bool open = false;
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '[' || c == '(') {
            ++depth;
            if (depth == 2) {
                groups.emplace_back();
                open = true;
            }
            ++i;
        } else if (c == ']' || c == ')') {
            if (depth == 2)
                open = false;
            --depth;
            ++i;
        } else if (c == ',' || c == ' ' || c == '\t' || c == '\n') {
            ++i;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::int64_t v = 0;
            const auto [end, error] =
                std::from_chars(text.data() + i, text.data() + text.size(), v);
            if (error != std::errc())
                return false;
            if (!open)
                return false;
            groups.back().push_back(v);
            i = std::size_t(end - text.data());
        } else {
            return false;
        }
    }
    return depth == 0;
}

void appendShape(std::string &text, std::int64_t &numel, const std::int64_t *dims, std::size_t n,
                 bool &bad)
{
    if (!text.empty() || numel >= 0 || bad)
        text.push_back(';');
    if (n == 0)
        text += "[]";
    std::int64_t elements = 1;
    char buffer[24];
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0)
            text.push_back('x');
        const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, dims[i]);
        text.append(buffer, end);
        if (dims[i] < 0 ||
            (dims[i] > 0 && elements > std::numeric_limits<std::int64_t>::max() / dims[i]))
            bad = true;
        else
            elements *= dims[i];
    }
    if (bad)
        return;
    if (numel < 0)
        numel = 0;
    if (numel > std::numeric_limits<std::int64_t>::max() - elements)
        bad = true;
    else
        numel += elements;
}

} // namespace

bool fieldInteger(PickleValue value, std::int64_t &out)
{
    switch (value.type()) {
    case PickleType::Int:
    case PickleType::Bool:
        out = value.integer();
        return true;
    case PickleType::Float: {
        const double d = value.real();
        if (!std::isfinite(d) || d != std::floor(d) || std::abs(d) > 9.2e18)
            return false;
        out = std::int64_t(d);
        return true;
    }
    case PickleType::String:
    case PickleType::Bytes:
        return decimal(value.text(), out);
    default:
        return false;
    }
}

bool fieldBool(PickleValue value, bool &out)
{
    switch (value.type()) {
    case PickleType::Bool:
    case PickleType::Int:
        out = value.integer() != 0;
        return true;
    case PickleType::String:
    case PickleType::Bytes: {
        const std::string_view t = trimmedSpaces(value.text());
        if (t == "True" || t == "true" || t == "1") {
            out = true;
            return true;
        }
        if (t == "False" || t == "false" || t == "0") {
            out = false;
            return true;
        }
        return false;
    }
    default:
        return false;
    }
}

std::string fieldText(PickleValue value)
{
    char buffer[32];
    switch (value.type()) {
    case PickleType::String:
    case PickleType::Bytes:
        return std::string(value.text());
    case PickleType::Int: {
        const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value.integer());
        return std::string(buffer, end);
    }
    case PickleType::Bool:
        return value.integer() ? "True" : "False";
    case PickleType::Float: {
        const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value.real());
        return error == std::errc() ? std::string(buffer, end) : std::string();
    }
    default:
        return {};
    }
}

std::vector<std::int64_t> fieldIntegerList(PickleValue value, std::size_t maxCount,
                                           std::size_t &skipped)
{
    std::vector<std::int64_t> out;
    skipped = 0;
    if (value.is(PickleType::String) || value.is(PickleType::Bytes)) {
        std::string_view text = value.text();
        std::size_t i = 0;
        while (i < text.size() && out.size() < maxCount) {
            const char c = text[i];
            if (c == '-' || (c >= '0' && c <= '9')) {
                std::int64_t v = 0;
                const auto [end, error] =
                    std::from_chars(text.data() + i, text.data() + text.size(), v);
                if (error == std::errc())
                    out.push_back(v);
                else
                    ++skipped;
                i = std::max(i + 1, std::size_t(end - text.data()));
            } else {
                if (c != '[' && c != ']' && c != '(' && c != ')' && c != ',' && c != ' ')
                    ++skipped;
                ++i;
            }
        }
        return out;
    }
    value.forEachItem([&](PickleValue item) {
        std::int64_t v = 0;
        if (out.size() >= maxCount)
            return;
        if (fieldInteger(item, v))
            out.push_back(v);
        else
            ++skipped;
    });
    return out;
}

bool fieldShapes(PickleValue value, std::string &text, std::int64_t &numel)
{
    text.clear();
    numel = -1;
    bool bad = false;
    if (value.is(PickleType::String)) {
        if (!isListText(value.text()))
            return false;
        std::vector<std::vector<std::int64_t>> groups;
        if (!parseNestedText(value.text(), groups))
            return false;
        for (const auto &g : groups)
            appendShape(text, numel, g.data(), g.size(), bad);
        if (groups.empty())
            numel = 0;
    } else if (value.is(PickleType::List) || value.is(PickleType::Tuple)) {
        if (value.size() == 0)
            numel = 0;
        std::int64_t dims[16];
        bool ok = true;
        value.forEachItem([&](PickleValue shape) {
            std::size_t n = 0;
            bool overflow = false;
            shape.forEachItem([&](PickleValue dim) {
                std::int64_t d = 0;
                if (n >= 16) {
                    overflow = true;
                    return;
                }
                if (!fieldInteger(dim, d)) {
                    d = -1;
                    bad = true;
                }
                dims[n++] = d;
            });
            if (!(shape.is(PickleType::List) || shape.is(PickleType::Tuple)))
                ok = false;
            if (overflow)
                bad = true;
            appendShape(text, numel, dims, n, bad);
        });
        if (!ok) {
            text.clear();
            numel = -1;
            return false;
        }
    } else {
        return false;
    }
    if (bad)
        numel = -1;
    return true;
}

std::string fieldStringList(PickleValue value)
{
    std::string out;
    if (value.is(PickleType::String)) {
        for (char c : value.text())
            if (c != '[' && c != ']' && c != '\'' && c != '"' && c != ' ')
                out.push_back(c);
        return out;
    }
    value.forEachItem([&](PickleValue item) {
        if (!out.empty())
            out.push_back(',');
        out += fieldText(item);
    });
    return out;
}

} // namespace rankscope
