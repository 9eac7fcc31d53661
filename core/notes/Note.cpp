#include "core/notes/Note.h"

#include "core/notes/NoteJson.h"

#include <array>
#include <chrono>
#include <cstdlib>
#include <random>
#include <utility>

namespace rankscope {

// Named (not anonymous): the unity build puts this file beside others.
namespace note_keys {

template <typename Enum, std::size_t N>
const char *keyOf(const std::array<std::pair<Enum, const char *>, N> &keys, Enum value)
{
    for (const auto &[e, key] : keys)
        if (e == value)
            return key;
    return "";
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, const char *>, N> &keys,
                            std::string_view key)
{
    for (const auto &[e, k] : keys)
        if (key == k)
            return e;
    return std::nullopt;
}

constexpr std::array<std::pair<NoteView, const char *>, 7> kNoteViewKeys{{
    {NoteView::FlameGraph, "flamegraph"},
    {NoteView::Heatmap, "heatmap"},
    {NoteView::Timeline, "timeline"},
    {NoteView::Logs, "logs"},
    {NoteView::Diff, "diff"},
    {NoteView::Collectives, "collectives"},
    {NoteView::Overview, "overview"},
}};

constexpr std::array<std::pair<NoteKind, const char *>, 4> kNoteKindKeys{{
    {NoteKind::Pin, "pin"},
    {NoteKind::Highlight, "highlight"},
    {NoteKind::Arrow, "arrow"},
    {NoteKind::Ranks, "ranks"},
}};

constexpr std::array<std::pair<NoteTarget, const char *>, 8> kNoteTargetKeys{{
    {NoteTarget::View, "view"},
    {NoteTarget::Frame, "frame"},
    {NoteTarget::Cell, "cell"},
    {NoteTarget::Event, "event"},
    {NoteTarget::LogLine, "line"},
    {NoteTarget::LogTemplate, "template"},
    {NoteTarget::Collective, "collective"},
    {NoteTarget::DiffLine, "diff-line"},
}};

std::string currentUser()
{
    for (const char *name : {"USER", "USERNAME", "LOGNAME"})
        if (const char *value = std::getenv(name); value && *value)
            return std::string(value).substr(0, 64);
    return {};
}

} // namespace note_keys

const char *noteViewKey(NoteView view)
{
    return note_keys::keyOf(note_keys::kNoteViewKeys, view);
}

std::optional<NoteView> noteViewFromKey(std::string_view key)
{
    return note_keys::valueOf(note_keys::kNoteViewKeys, key);
}

const char *noteKindKey(NoteKind kind)
{
    return note_keys::keyOf(note_keys::kNoteKindKeys, kind);
}

std::optional<NoteKind> noteKindFromKey(std::string_view key)
{
    return note_keys::valueOf(note_keys::kNoteKindKeys, key);
}

const char *noteTargetKey(NoteTarget target)
{
    return note_keys::keyOf(note_keys::kNoteTargetKeys, target);
}

std::optional<NoteTarget> noteTargetFromKey(std::string_view key)
{
    return note_keys::valueOf(note_keys::kNoteTargetKeys, key);
}

std::string newNoteId()
{
    // Two 64-bit draws from a generator seeded by the system's entropy source: ids of notes
    // made on different machines do not collide.
    static thread_local std::mt19937_64 generator = [] {
        std::random_device device;
        std::seed_seq seed{device(), device(), device(), device(),
                           unsigned(std::chrono::steady_clock::now().time_since_epoch().count())};
        return std::mt19937_64(seed);
    }();
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id;
    id.reserve(32);
    for (int half = 0; half < 2; ++half) {
        std::uint64_t bits = generator();
        for (int i = 0; i < 16; ++i, bits >>= 4)
            id += kHex[bits & 15];
    }
    return id;
}

std::int64_t noteClockMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

Note makeNote(NoteView view, NoteKind kind, NoteAnchor anchor)
{
    Note note;
    note.id = newNoteId();
    note.view = view;
    note.kind = kind;
    note.anchor = std::move(anchor);
    note.author = note_keys::currentUser();
    note.createdMs = noteClockMs();
    note.modifiedMs = note.createdMs;
    return note;
}

std::string noteAnchorKey(const NoteAnchor &anchor)
{
    // The anchor's JSON leaves out the fields at their defaults and writes the rest in a fixed
    // order, so equal anchors give equal text.
    return noteAnchorJson(anchor).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool sameNoteContent(const Note &a, const Note &b)
{
    return a.view == b.view && a.kind == b.kind && a.anchor == b.anchor && a.text == b.text &&
           a.shape == b.shape && a.ranks == b.ranks;
}

std::string noteContentKey(const Note &note)
{
    nlohmann::json key = {noteViewKey(note.view), noteKindKey(note.kind),
                          noteAnchorJson(note.anchor), note.text, note.ranks.toString()};
    if (note.shape)
        key.push_back({note.shape->from.x, note.shape->from.y, note.shape->to.x, note.shape->to.y});
    return key.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool isValidNoteId(std::string_view id)
{
    if (id.size() != 32)
        return false;
    for (char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

} // namespace rankscope
