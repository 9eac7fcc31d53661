#include "views/annotations/NoteLayer.h"

namespace rankscope {

NoteLayer NoteLayer::of(const std::vector<Note> &all, NoteView view)
{
    NoteLayer layer;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].view == view || all[i].kind == NoteKind::Ranks)
            layer.entries.push_back({all[i], int(i) + 1});
    return layer;
}

const NoteLayer::Entry *NoteLayer::find(std::string_view id) const
{
    for (const Entry &entry : entries)
        if (entry.note.id == id)
            return &entry;
    return nullptr;
}

} // namespace rankscope
