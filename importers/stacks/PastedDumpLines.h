#pragma once

#include <string_view>

namespace rankscope {

// Lines that real collections put around a dump: a shell prompt with the command that made it
// ("$ py-spy dump --pid 1234", "root@node-3:~# py-spy dump ..."), the "==> rank3.txt <==" header
// that `tail`/`head` print between files, a banner ("=== rank 3 ===") or a timestamp line (from
// `date` or a collection script). They are not part of the dump; a parser skips them and keeps
// what they tell.
enum class PastedLineKind
{
    None,
    Prompt,     // value: the host of a user@host prompt, or empty
    FileHeader, // value: the file name between "==> " and " <=="
    Banner,
    Timestamp,
};

struct PastedLine
{
    PastedLineKind kind = PastedLineKind::None;
    std::string_view value; // into the line
};

// `line` has no leading indentation and no line break.
PastedLine recognisePastedLine(std::string_view line);

} // namespace rankscope
