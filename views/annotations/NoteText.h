#pragma once

#include "core/notes/Note.h"

#include <QCoreApplication>
#include <QString>

namespace rankscope {

// The words for notes in the user's language: views, kinds, anchors, tooltips, caption lines.
class NoteText
{
    Q_DECLARE_TR_FUNCTIONS(NoteText)

public:
    static QString viewName(NoteView view);
    static QString kindName(NoteKind kind);
    static QString ranksLabel(const RankSet &ranks); // "rank 37", "ranks 130-131"
    // What the note is on: its label as made, else what its anchor says.
    static QString anchorLabel(const Note &note);
    // When it was last edited, in local time ("2026-05-01 12:31").
    static QString timeText(std::int64_t ms);
    // Rich text: number, kind, view, anchor, text, author and time, and what the keys do.
    static QString tooltip(const Note &note, int number);
    // One line for a picture's caption: "Note 3: NFS mount hung (on __next__)".
    static QString captionLine(const Note &note, int number);
    // At most `length` characters, "…" when cut.
    static QString elided(const QString &text, int length = 40);
};

} // namespace rankscope
