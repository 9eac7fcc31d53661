#pragma once

#include "core/notes/Note.h"

#include <string_view>
#include <vector>

namespace rankscope {

// The notes one view draws, each with its number in the bundle's list (the Notes panel's order,
// oldest first), so a badge on a picture and a line of the report name the same note.
struct NoteLayer
{
    struct Entry
    {
        Note note;
        int number = 0; // 1-based
    };
    std::vector<Entry> entries;

    // The notes of `view` among all of a bundle's (oldest first), and its marked ranks.
    static NoteLayer of(const std::vector<Note> &all, NoteView view);
    bool empty() const { return entries.empty(); }
    const Entry *find(std::string_view id) const;
};

} // namespace rankscope
