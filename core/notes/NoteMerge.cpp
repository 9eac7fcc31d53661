#include "core/notes/NoteMerge.h"

#include <unordered_map>
#include <unordered_set>

namespace rankscope {

NoteMergePlan planNoteMerge(const std::vector<Note> &existing, const std::vector<Note> &incoming,
                            const std::unordered_map<std::string, std::int64_t> &deleted)
{
    NoteMergePlan plan;
    // Where each id stands now: in `existing` (updated copies replace it), or among the added.
    std::unordered_map<std::string, const Note *> known;
    for (const Note &note : existing)
        known.emplace(note.id, &note);
    std::unordered_map<std::string, std::size_t> addedAt;
    std::unordered_map<std::string, std::size_t> updatedAt;
    // What the bundle's notes and the added ones say where: a note made again is no new note.
    std::unordered_set<std::string> contents;
    for (const Note &note : existing)
        contents.insert(noteContentKey(note));
    for (const Note &note : incoming) {
        if (const auto added = addedAt.find(note.id); added != addedAt.end()) {
            Note &current = plan.added[added->second];
            if (note.modifiedMs > current.modifiedMs)
                current = note;
            else
                ++plan.unchanged;
            continue;
        }
        if (const auto it = known.find(note.id); it != known.end()) {
            const auto updated = updatedAt.find(note.id);
            const Note &current =
                updated != updatedAt.end() ? plan.updated[updated->second] : *it->second;
            if (note.modifiedMs <= current.modifiedMs || note == current) {
                ++plan.unchanged;
            } else if (updated != updatedAt.end()) {
                plan.updated[updated->second] = note;
            } else {
                updatedAt.emplace(note.id, plan.updated.size());
                plan.updated.push_back(note);
            }
            continue;
        }
        if (const auto gone = deleted.find(note.id);
            gone != deleted.end() && note.modifiedMs <= gone->second) {
            ++plan.unchanged;
            continue;
        }
        if (!contents.insert(noteContentKey(note)).second) {
            ++plan.unchanged;
            continue;
        }
        addedAt.emplace(note.id, plan.added.size());
        plan.added.push_back(note);
    }
    return plan;
}

} // namespace rankscope
