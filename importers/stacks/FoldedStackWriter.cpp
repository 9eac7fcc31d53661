#include "importers/stacks/FoldedStackWriter.h"

#include <unordered_map>
#include <vector>

namespace rankscope {

namespace {

void appendSanitized(std::string *out, const std::string &text)
{
    for (char c : text) {
        if (c == ';')
            out->push_back(':');
        else if (c == '\n' || c == '\r')
            out->push_back(' ');
        else
            out->push_back(c);
    }
}

void appendFrame(std::string *out, const Frame &frame)
{
    appendSanitized(out, frame.function);
    const std::string &location = frame.file.empty() ? frame.module : frame.file;
    if (location.empty())
        return;
    out->append(" (");
    appendSanitized(out, location);
    if (!frame.file.empty() && frame.line > 0)
        out->append(":" + std::to_string(frame.line));
    out->push_back(')');
}

} // namespace

std::string writeFoldedStacks(const ParsedStacks &stacks)
{
    std::vector<std::string> order;
    std::unordered_map<std::string, std::uint64_t> weights;
    for (const ParsedProcess &process : stacks.processes) {
        for (const ParsedThread &thread : process.threads) {
            if (thread.frames.empty())
                continue;
            std::string line;
            for (std::size_t i = 0; i < thread.frames.size(); ++i) {
                if (i > 0)
                    line.push_back(';');
                appendFrame(&line, thread.frames[i]);
            }
            auto [it, inserted] = weights.emplace(line, 0);
            if (inserted)
                order.push_back(line);
            it->second += thread.weight;
        }
    }
    std::string out;
    for (const std::string &line : order) {
        out += line;
        out += ' ';
        out += std::to_string(weights[line]);
        out += '\n';
    }
    return out;
}

} // namespace rankscope
