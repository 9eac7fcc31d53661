#include "core/notes/NoteAnchors.h"

#include "core/stacks/FrameIdentity.h"

#include <algorithm>

namespace rankscope {

std::vector<NoteFrame> noteFramePath(const StackTree &tree, const StackDataset &data, int node)
{
    std::vector<NoteFrame> path;
    if (node <= StackTree::kRoot || node >= tree.size())
        return path;
    for (int at : tree.pathTo(node)) {
        if (at == StackTree::kRoot)
            continue;
        const FrameId id = tree.node(at).frame;
        if (id >= data.frames.size()) {
            path.push_back({tree.node(at).label, {}, 0});
            continue;
        }
        const Frame &frame = data.frames[id];
        path.push_back(
            {frame.function, frame.file.empty() ? frame.module : frame.file, frame.line});
    }
    return path;
}

int findNoteFramePath(const StackTree &tree, const StackDataset &data,
                      const std::vector<NoteFrame> &path)
{
    if (path.empty() || tree.size() == 0)
        return -1;
    const FrameIdentityMode mode = tree.options().identity;
    int at = StackTree::kRoot;
    for (const NoteFrame &element : path) {
        Frame frame;
        frame.function = element.function;
        frame.file = element.file;
        frame.line = element.line;
        int next = tree.findChild(at, frameKey(frame, mode));
        if (next < 0) {
            // Children are widest first: the first with the function is the widest.
            for (int child : tree.node(at).children) {
                const FrameId id = tree.node(child).frame;
                const std::string &function =
                    id < data.frames.size() ? data.frames[id].function : tree.node(child).label;
                if (function == element.function) {
                    next = child;
                    break;
                }
            }
        }
        if (next < 0)
            return -1;
        at = next;
    }
    return at;
}

NoteAnchor noteLogLineAnchor(const StoredLogFile &file, const TemplatedLogEvent &event,
                             const std::string &templateText)
{
    NoteAnchor anchor;
    anchor.target = NoteTarget::LogLine;
    anchor.file = file.path;
    anchor.line = event.line;
    anchor.name = templateText;
    anchor.rank = event.rank;
    anchor.timeNs = event.timeNs;
    return anchor;
}

std::int64_t findNoteLogEvent(const std::vector<StoredLogFile> &files,
                              const std::vector<TemplatedLogEvent> &events,
                              const NoteAnchor &anchor)
{
    if (anchor.target != NoteTarget::LogLine || anchor.file.empty() || anchor.line <= 0)
        return -1;
    const auto file = std::find_if(files.begin(), files.end(),
                                   [&](const StoredLogFile &f) { return f.path == anchor.file; });
    if (file == files.end() || file->firstEvent < 0 ||
        std::uint64_t(file->firstEvent) >= events.size())
        return -1;
    // A file's events are one run in job order, by line.
    const auto begin = events.begin() + file->firstEvent;
    const auto end = events.begin() + std::min<std::int64_t>(std::int64_t(events.size()),
                                                             file->firstEvent + file->events);
    const auto found = std::lower_bound(begin, end, anchor.line,
                                        [](const TemplatedLogEvent &event, std::int64_t line) {
                                            return std::int64_t(event.line) < line;
                                        });
    if (found == end || std::int64_t(found->line) != anchor.line)
        return -1;
    return found - events.begin();
}

} // namespace rankscope
