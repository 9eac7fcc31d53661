#pragma once

#include "core/model/TraceModel.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankscope {

// Collects the problems of one trace file. A broken file can repeat one mistake a million times
// ("ts" missing from every event), so problems of the same kind are merged: the first one keeps
// its place and wording, later ones only count. `kind` is a short key chosen by the caller
// ("type:ts", "phase:b"); messages are built only for the first occurrence.
class TraceProblemLog
{
public:
    // Where in the file: -1 when not applicable.
    struct Place
    {
        std::int64_t eventIndex = -1;
        std::int64_t byteOffset = -1;
    };

    template <typename MakeMessage>
    void report(const std::string &kind, Place place, MakeMessage &&makeMessage)
    {
        auto found = m_byKind.find(kind);
        if (found != m_byKind.end()) {
            ++m_problems[found->second].count;
            return;
        }
        add(kind, place, makeMessage());
    }

    void add(const std::string &kind, Place place, std::string message);

    bool empty() const { return m_problems.empty(); }

    // The problems in the order first seen, each message with its place and repeat count.
    std::vector<TraceProblem> take();

private:
    std::vector<TraceProblem> m_problems;
    std::unordered_map<std::string, std::size_t> m_byKind;
};

} // namespace rankscope
