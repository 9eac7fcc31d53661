#pragma once

#include "core/cache/LogCacheReader.h"
#include "core/logs/LogAnalysis.h"
#include "core/notes/Note.h"
#include "core/stacks/StackTree.h"

#include <cstdint>
#include <vector>

namespace rankscope {

// Anchors made from the layers' own content, and found again in a later import of the bundle
// (whose tree, templates and events are numbered anew).

// The frames from the root to `node` (without "all ranks"), each as the dump printed it; a
// native frame's library stands in for its file, as in frameKey().
std::vector<NoteFrame> noteFramePath(const StackTree &tree, const StackDataset &data, int node);
// The node at the end of a path in `tree`, -1 when the tree has no such path. Each frame is
// matched by its key under the tree's frame identity; failing that (a path noted under a finer
// identity than the tree's, or the other way round) by its function, the widest such child.
int findNoteFramePath(const StackTree &tree, const StackDataset &data,
                      const std::vector<NoteFrame> &path);

// The anchor of a log event: its file and line, its template's text, rank and time.
NoteAnchor noteLogLineAnchor(const StoredLogFile &file, const TemplatedLogEvent &event,
                             const std::string &templateText);
// The job-wide index of the event an anchor names (its file and line), -1 when gone. `events`
// are in job order (loadTemplatedLogEvents with copies kept), `files` from loadLogFiles().
std::int64_t findNoteLogEvent(const std::vector<StoredLogFile> &files,
                              const std::vector<TemplatedLogEvent> &events,
                              const NoteAnchor &anchor);

} // namespace rankscope
