#pragma once

#include "core/model/RankSet.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// The views a note can belong to. Keys (noteViewKey) are what the cache and the sidecar store.
enum class NoteView : std::uint8_t
{
    FlameGraph,  // "flamegraph"
    Heatmap,     // "heatmap"
    Timeline,    // "timeline": Rank Detail's trace timeline
    Logs,        // "logs"
    Diff,        // "diff"
    Collectives, // "collectives"
    Overview,    // "overview"
};

// What a note is: text pinned to an item, a highlight rectangle, an arrow, or marked ranks.
enum class NoteKind : std::uint8_t
{
    Pin,       // "pin": text on the item of its anchor
    Highlight, // "highlight": a rectangle, NoteShape in the view's data coordinates
    Arrow,     // "arrow": from NoteShape::from to NoteShape::to
    Ranks,     // "ranks": the ranks in Note::ranks, marked wherever ranks are drawn
};

// What the anchor points at. Which NoteAnchor fields count depends on it (docs/annotations.md).
enum class NoteTarget : std::uint8_t
{
    View,        // "view": the view as a whole (a shape's anchor when it has no item)
    Frame,       // "frame": path (root first)
    Cell,        // "cell": rank, axis, window (timeNs: the window's aligned start)
    Event,       // "event": rank, lane, name, timeNs (its start, aligned clock)
    LogLine,     // "line": file, line, name (the template's text), rank, timeNs
    LogTemplate, // "template": name (the template's text)
    Collective,  // "collective": group, seq, name (the op), rank (-1: the whole collective)
    DiffLine,    // "diff-line": scope (the Diff page), name (the line's key), path (a stack path)
};

// One frame of a flame graph path, as the dump printed it: the same frame under every frame
// identity (function, +file, +line), which the tree may change without re-importing.
struct NoteFrame
{
    std::string function;
    std::string file;
    int line = 0;

    friend bool operator==(const NoteFrame &, const NoteFrame &) = default;
};

// Where a note is attached, by content that a re-import keeps (never by a cache row id, which
// an import renumbers). Fields a target does not use stay at their defaults.
struct NoteAnchor
{
    NoteTarget target = NoteTarget::View;
    // A part of the view: the Diff's page or graph ("stacks.target", "stacks.baseline",
    // "stacks.difference", "logs", "ops"), the Collectives' process group name, the timeline's
    // rank ("rank 37"). Shapes are drawn only where their scope is shown.
    std::string scope;
    std::vector<NoteFrame> path; // Frame, DiffLine of a stack path: root first, without "all ranks"
    int rank = -1;
    std::string axis;         // Cell: "iteration" or "time"
    std::int64_t window = -1; // Cell: the window id on that axis
    std::int64_t timeNs = -1; // Cell: window start; Event: start; LogLine: the line's time
    std::string name;         // Event: its name; LogLine, LogTemplate: the template's text;
                              // Collective: the op; DiffLine: the line's key
    std::string file;         // LogLine: the log file, bundle-relative ('/' separated)
    std::int64_t line = 0;    // LogLine: 1-based line of the event in that file
    std::string lane;         // Event: the thread or stream lane
    std::string group;        // Collective: the process group's name
    std::int64_t seq = -1;    // Collective: the sequence number

    friend bool operator==(const NoteAnchor &, const NoteAnchor &) = default;
};

// A point in a view's data coordinates, so that a shape follows zoom and scroll. Per view
// (docs/annotations.md): heatmap x = aligned time in ns, y = rank row (rank + fraction of its
// row); collectives x = sequence number, y = rank row; timeline x = aligned time in ns, y = lane
// row; flame graph x, y relative to the anchor frame (0..1 its width, rows below its top).
struct NotePoint
{
    double x = 0;
    double y = 0;

    friend bool operator==(const NotePoint &, const NotePoint &) = default;
};

struct NoteShape
{
    NotePoint from; // a rectangle's corner, an arrow's tail
    NotePoint to;   // the opposite corner, the arrow's head

    friend bool operator==(const NoteShape &, const NoteShape &) = default;
};

struct Note
{
    std::string id; // 32 lowercase hex digits, random: the same note in every copy
    NoteView view = NoteView::FlameGraph;
    NoteKind kind = NoteKind::Pin;
    NoteAnchor anchor;
    std::string text;
    std::optional<NoteShape> shape; // Highlight and Arrow
    RankSet ranks;                  // Ranks
    // What the anchor showed when the note was made ("__next__", "rank 37 · iteration 30",
    // "logs/rank5.log:120"): the Notes panel names it even when the anchor is not found.
    std::string label;
    std::string author;          // $USER of who wrote it, "" when unknown
    std::int64_t createdMs = 0;  // ms since the Unix epoch
    std::int64_t modifiedMs = 0; // the last edit; the newer copy wins a merge

    friend bool operator==(const Note &, const Note &) = default;
};

const char *noteViewKey(NoteView view);
std::optional<NoteView> noteViewFromKey(std::string_view key);
const char *noteKindKey(NoteKind kind);
std::optional<NoteKind> noteKindFromKey(std::string_view key);
const char *noteTargetKey(NoteTarget target);
std::optional<NoteTarget> noteTargetFromKey(std::string_view key);

// A new random id (32 hex digits).
std::string newNoteId();
// The current time in ms since the Unix epoch.
std::int64_t noteClockMs();
// A note of `kind` on `view` with a new id, now as its creation and modification time and the
// user ($USER, $USERNAME) as its author.
Note makeNote(NoteView view, NoteKind kind, NoteAnchor anchor);

// One text for the anchor's identity: two anchors with the same key point at the same item.
std::string noteAnchorKey(const NoteAnchor &anchor);
// Whether two notes say the same thing at the same place (view, kind, anchor, text, shape,
// ranks), whatever their ids and times: importing a copy of a note made again is no new note.
bool sameNoteContent(const Note &a, const Note &b);
// One text for what sameNoteContent compares: equal for notes with the same content.
std::string noteContentKey(const Note &note);

// A well-formed id: 32 lowercase hex digits.
bool isValidNoteId(std::string_view id);

} // namespace rankscope
