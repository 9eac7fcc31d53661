#pragma once

#include "core/model/Message.h"
#include "core/notes/Note.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace rankscope {

// The notes of a bundle as a small JSON file next to it, `<bundle>.notes.json`, so a colleague
// opening the same bundle sees them (format in docs/annotations.md). The file is untrusted input:
// reading it checks its size, nesting, types and bounds, and a note it cannot use is left out
// with the reason.
inline constexpr const char *kNotesSidecarFormat = "rankscope-notes";
inline constexpr int kNotesSidecarVersion = 1;
inline constexpr std::size_t kMaxNotesSidecarBytes = 16u << 20; // 16 MiB
inline constexpr std::size_t kMaxNotesPerSidecar = 10000;

// "/data/job-1234" -> "/data/job-1234.notes.json"; "/data/job.tar.zst" ->
// "/data/job.tar.zst.notes.json" (a trailing '/' of a folder is dropped).
std::filesystem::path notesSidecarPath(const std::filesystem::path &bundle);

struct NotesSidecarInfo
{
    std::string bundle; // the bundle's name as the writer knew it (informative)
    std::string jobId;  // job.json's id (informative)
};

// The sidecar's text for these notes (pretty-printed, stable order of keys).
std::string encodeNotesSidecar(const std::vector<Note> &notes, const NotesSidecarInfo &info);

struct NotesSidecarRead
{
    bool ok = false;               // false: nothing can be imported, `error` says why
    Message error;                 // the file as a whole
    std::vector<Note> notes;       // the usable notes
    std::vector<Message> problems; // one per note left out ("note 3 left out: ...")
    int skipped = 0;               // notes left out (problems may stop listing them at 20)
    NotesSidecarInfo info;
    std::uint64_t contentHash = 0; // of the file's bytes: whether it changed since a merge
};

// Reads the text of a sidecar; `name` is how messages name the file.
NotesSidecarRead decodeNotesSidecar(std::string_view text, const std::string &name);
// Reads a sidecar file: a regular file of at most kMaxNotesSidecarBytes.
NotesSidecarRead readNotesSidecar(const std::filesystem::path &file);

// Writes the sidecar atomically (a temporary file beside it, flushed, then renamed over it), so
// a reader never sees half a file. Throws std::runtime_error naming the file.
void writeNotesSidecar(const std::filesystem::path &file, const std::vector<Note> &notes,
                       const NotesSidecarInfo &info);

} // namespace rankscope
