#pragma once

#include "core/model/Message.h"
#include "core/notes/Note.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace rankscope {

// Bounds of what a note read from outside (a sidecar, docs/annotations.md) may hold. Real notes
// are far below them; a note beyond one is refused with the reason, never cut silently.
namespace NoteLimits {
inline constexpr std::size_t kTextBytes = 64 * 1024;   // a note's text
inline constexpr std::size_t kStringBytes = 16 * 1024; // a name, a file, a template's text
inline constexpr std::size_t kPathFrames = 4096;       // frames in a flame graph path
inline constexpr int kMaxRank = (1 << 22) - 1;         // 4M ranks: far beyond any job
inline constexpr double kMaxCoordinate = 1e19;         // |x|, |y| of a shape (ns fit)
} // namespace NoteLimits

// The JSON of an anchor: only the fields its target uses that differ from their defaults, keys
// sorted (nlohmann's objects are ordered), so equal anchors dump to equal text.
nlohmann::json noteAnchorJson(const NoteAnchor &anchor);
// A note as the sidecar and the cache store it (docs/annotations.md, "notes" entries).
nlohmann::json noteJson(const Note &note);

// Reads what noteJson() writes, from untrusted input: every field is checked for its type and
// bounds. nullopt with the reason in *problem (a message naming the field) when a field is
// missing, of the wrong type or out of bounds. A note without an id gets a new one, without
// times the current time.
std::optional<Note> noteFromJson(const nlohmann::json &value, Message *problem);
std::optional<NoteAnchor> noteAnchorFromJson(const nlohmann::json &value, Message *problem);

} // namespace rankscope
