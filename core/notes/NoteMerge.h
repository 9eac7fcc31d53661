#pragma once

#include "core/notes/Note.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankscope {

// What merging notes from elsewhere (a colleague's sidecar) into a bundle's notes does.
struct NoteMergePlan
{
    std::vector<Note> added;   // new notes
    std::vector<Note> updated; // newer copies of notes the bundle has (same id, later edit)
    int unchanged = 0;         // copies of notes it has: same id not newer, or the same content
};

// Merges without duplicates: a note with an id the bundle has replaces it only when edited
// later (the newer copy wins); a note with another id that says the same thing at the same place
// (sameNoteContent) is the same note made twice and is left out. Within `incoming` the same
// rules apply, so a file listing a note twice adds it once. A note deleted here (`deleted`: id ->
// when) stays deleted unless the copy was edited after that.
NoteMergePlan planNoteMerge(const std::vector<Note> &existing, const std::vector<Note> &incoming,
                            const std::unordered_map<std::string, std::int64_t> &deleted = {});

} // namespace rankscope
