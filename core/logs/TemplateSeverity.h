#pragma once

#include "core/logs/LogModel.h"

#include <array>
#include <cstdint>

namespace rankscope {

// How many of a template's events had each level (LogSeverity::Unknown included).
struct TemplateSeverityCounts
{
    std::array<std::int64_t, 6> events{};
    void add(LogSeverity severity) { ++events[std::size_t(severity)]; }
};

// The severity of a template Drain mined (a built-in template keeps its own): the highest level
// that at least half of its events with a level reach. Events without one ("Unknown": no level
// token, nothing in the content) say nothing either way, so a template whose lines carry no
// level but one says "WARNING" is a warning, while one ERROR line among a hundred INFO lines
// that Drain put together does not make the template an error (that event still counts as an
// error where events are counted one by one: the line view, the warnings and errors metric).
// Unknown when no event has a level.
LogSeverity minedTemplateSeverity(const TemplateSeverityCounts &counts);

} // namespace rankscope
