#include "core/notes/NoteSidecar.h"

#include "core/cache/StableHash.h"
#include "core/notes/NoteJson.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rankscope {

using nlohmann::json;

// Named (not anonymous): the unity build puts this file beside others.
namespace note_sidecar {

// Real sidecars nest five levels (file, notes, note, anchor, path frame). The parser is
// iterative, but a DOM's copy and destruction recurse once per level, and a file of a million
// '[' would overflow the stack: the parse stops at the first value deeper than this.
constexpr int kMaxNesting = 16;
// Problems listed one by one; the rest are counted.
constexpr std::size_t kMaxListedProblems = 20;

struct TooDeep
{
};

NotesSidecarRead failed(Message error)
{
    NotesSidecarRead read;
    read.error = std::move(error);
    return read;
}

std::string errnoText(int error)
{
    return std::strerror(error);
}

} // namespace note_sidecar

std::filesystem::path notesSidecarPath(const std::filesystem::path &bundle)
{
    std::filesystem::path path = bundle;
    if (!path.has_filename() && path.has_parent_path())
        path = path.parent_path(); // "job/" -> "job"
    return path.string() + ".notes.json";
}

std::string encodeNotesSidecar(const std::vector<Note> &notes, const NotesSidecarInfo &info)
{
    json out = json::object();
    out["format"] = kNotesSidecarFormat;
    out["version"] = kNotesSidecarVersion;
    if (!info.bundle.empty())
        out["bundle"] = info.bundle;
    if (!info.jobId.empty())
        out["job_id"] = info.jobId;
    json list = json::array();
    for (const Note &note : notes)
        list.push_back(noteJson(note));
    out["notes"] = std::move(list);
    return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

NotesSidecarRead decodeNotesSidecar(std::string_view text, const std::string &name)
{
    using namespace note_sidecar;
    json document;
    try {
        document = json::parse(
            text.begin(), text.end(),
            [](int depth, json::parse_event_t, json &) {
                if (depth > kMaxNesting)
                    throw TooDeep{};
                return true;
            },
            true);
    } catch (const TooDeep &) {
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.tooDeep",
                                         "%1 nests deeper than a notes file does: not imported"),
                       {name}});
    } catch (const json::exception &error) {
        // nlohmann's own words name the byte where it stopped ("unexpected end of input").
        std::string reason = error.what();
        if (const std::size_t colon = reason.find("] "); colon != std::string::npos)
            reason = reason.substr(colon + 2);
        return failed(
            {RANKSCOPE_MESSAGE("notes.sidecar.notJson", "%1 is not valid JSON (%2): not imported"),
             {name, reason}});
    }
    const auto notNotes = [&] {
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.notNotes",
                                         "%1 is not a rankscope notes file (it needs \"format\": "
                                         "\"rankscope-notes\" and a \"notes\" list)"),
                       {name}});
    };
    if (!document.is_object())
        return notNotes();
    const auto format = document.find("format");
    const auto list = document.find("notes");
    if (format == document.end() || !format->is_string() ||
        format->get_ref<const std::string &>() != kNotesSidecarFormat || list == document.end() ||
        !list->is_array())
        return notNotes();
    const auto version = document.find("version");
    if (version == document.end() || !version->is_number_integer() ||
        version->get<std::int64_t>() < 1)
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.noVersion",
                                         "%1 has no valid \"version\": not imported"),
                       {name}});
    if (version->get<std::int64_t>() > kNotesSidecarVersion)
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.newer",
                                         "%1 was written by a newer rankscope (notes format %2; "
                                         "this one reads up to %3): not imported"),
                       {name, version->get<std::int64_t>(), kNotesSidecarVersion}});

    NotesSidecarRead read;
    read.ok = true;
    StableHasher hasher;
    hasher.add(text);
    read.contentHash = hasher.finish();
    for (const char *key : {"bundle", "job_id"}) {
        const auto value = document.find(key);
        if (value != document.end() && value->is_string() &&
            value->get_ref<const std::string &>().size() <= NoteLimits::kStringBytes)
            (std::string(key) == "bundle" ? read.info.bundle : read.info.jobId) =
                value->get<std::string>();
    }
    std::size_t index = 0;
    for (const json &entry : *list) {
        ++index;
        if (read.notes.size() >= kMaxNotesPerSidecar) {
            read.skipped += int(list->size() - index + 1);
            read.problems.push_back({RANKSCOPE_MESSAGE("notes.sidecar.tooMany",
                                                       "%1 holds %2 notes; the first %3 were read"),
                                     {name, list->size(), kMaxNotesPerSidecar}});
            break;
        }
        Message problem;
        if (auto note = noteFromJson(entry, &problem)) {
            read.notes.push_back(std::move(*note));
            continue;
        }
        ++read.skipped;
        if (read.problems.size() < kMaxListedProblems)
            read.problems.push_back(
                {RANKSCOPE_MESSAGE("notes.sidecar.noteSkipped", "note %1 left out: %2"),
                 {index, std::move(problem)}});
    }
    return read;
}

NotesSidecarRead readNotesSidecar(const std::filesystem::path &file)
{
    using namespace note_sidecar;
    const std::string name = file.string();
    // open, then fstat the open file: a FIFO, a device or a folder never reaches read(), and a
    // file swapped for a symlink between the check and the read changes nothing.
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.unreadable", "cannot read %1: %2"),
                       {name, errnoText(errno)}});
    struct stat info
    {
    };
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        ::close(fd);
        return failed(
            {RANKSCOPE_MESSAGE("notes.sidecar.notFile", "%1 is not a regular file"), {name}});
    }
    if (std::uint64_t(info.st_size) > kMaxNotesSidecarBytes) {
        ::close(fd);
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.tooLarge",
                                         "%1 is %2 MiB; a notes file may have at most %3 MiB: "
                                         "not imported"),
                       {name, std::uint64_t(info.st_size) >> 20, kMaxNotesSidecarBytes >> 20}});
    }
    std::string text;
    text.resize(std::size_t(info.st_size));
    std::size_t done = 0;
    // Reads at most the size fstat gave plus one byte: a file that grows meanwhile is cut there
    // and then fails to parse, never read without bound.
    char probe = 0;
    while (done < text.size()) {
        const ssize_t got = ::read(fd, text.data() + done, text.size() - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        done += std::size_t(got);
    }
    const bool grew = done == text.size() && ::read(fd, &probe, 1) > 0;
    ::close(fd);
    text.resize(done);
    if (grew)
        return failed({RANKSCOPE_MESSAGE("notes.sidecar.changing",
                                         "%1 changed while it was read: not imported"),
                       {name}});
    return decodeNotesSidecar(text, name);
}

void writeNotesSidecar(const std::filesystem::path &file, const std::vector<Note> &notes,
                       const NotesSidecarInfo &info)
{
    const std::string text = encodeNotesSidecar(notes, info);
    const std::string temporary = file.string() + ".tmp-" + newNoteId().substr(0, 8);
    const auto fail = [&](const std::string &what, int error) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        throw std::runtime_error("cannot write " + file.string() + ": " + what + ": " +
                                 note_sidecar::errnoText(error));
    };
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        fail("creating " + temporary, errno);
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote <= 0) {
            const int error = errno;
            ::close(fd);
            fail("writing", error);
        }
        done += std::size_t(wrote);
    }
    if (::fsync(fd) != 0) {
        const int error = errno;
        ::close(fd);
        fail("flushing", error);
    }
    if (::close(fd) != 0)
        fail("closing", errno);
    if (::rename(temporary.c_str(), file.c_str()) != 0)
        fail("renaming " + temporary, errno);
}

} // namespace rankscope
