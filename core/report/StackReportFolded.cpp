#include "core/report/StackReport.h"

#include <charconv>

namespace rankscope {

namespace {

// Folded stacks split frames at ';' and the count at the last space: a ';' inside a label
// would invent a frame, so it becomes ':'. Newlines would end the record.
void appendFoldedLabel(std::string &out, const std::string &label)
{
    for (char c : label)
        out += c == ';' ? ':' : (c == '\n' || c == '\r') ? ' ' : c;
}

// xpu-timer/FLAME write the ranks with '/' between ranges: "@0-2/4-7|3".
std::string slashRanges(const RankSet &ranks)
{
    std::string text = ranks.toString();
    for (char &c : text) {
        if (c == ',')
            c = '/';
    }
    return text;
}

} // namespace

std::string StackReport::toFolded() const
{
    std::string out;
    std::string path;
    // Depth-first with an explicit stack of (node, length of `path` before the node).
    std::vector<std::pair<int, std::size_t>> pending;
    for (auto it = m_tree.node(StackTree::kRoot).children.rbegin();
         it != m_tree.node(StackTree::kRoot).children.rend(); ++it)
        pending.emplace_back(*it, 0);
    while (!pending.empty()) {
        const auto [id, parentLength] = pending.back();
        pending.pop_back();
        const StackTreeNode &node = m_tree.node(id);
        path.resize(parentLength);
        if (parentLength > 0)
            path += ';';
        appendFoldedLabel(path, node.label);
        if (m_options.annotateFolded) {
            path += '@';
            path += slashRanges(node.has);
            path += '|';
            path += slashRanges(m_tree.missing(id));
        }
        if (node.selfSamples > 0) {
            out += path;
            out += ' ';
            char buffer[24];
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, node.selfSamples);
            out.append(buffer, result.ptr);
            out += '\n';
        }
        const std::size_t length = path.size();
        for (auto it = node.children.rbegin(); it != node.children.rend(); ++it)
            pending.emplace_back(*it, length);
    }
    return out;
}

} // namespace rankscope
