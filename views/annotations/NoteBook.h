#pragma once

#include "core/notes/Note.h"
#include "views/annotations/NoteLayer.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

namespace rankscope {

class NoteStore;

// The notes of the open bundle, shared by every view's overlay, the Notes panel and the exports.
// Every edit is written to the bundle's notes database at once (NoteStore: one small
// transaction), so closing the window, or a crash, loses nothing. The selected note is shared
// too: choosing one in the panel selects it on its view.
class NoteBook : public QObject
{
    Q_OBJECT

public:
    explicit NoteBook(QObject *parent = nullptr);
    ~NoteBook() override;

    // Opens the notes of a bundle (`notesFile`: NoteStore::fileFor its cache file), dropping
    // the previous bundle's. False with a sentence in *error when the notes cannot be read; the
    // book is then empty and read-only.
    bool open(const QString &notesFile, const QString &bundlePath, QString *error = nullptr);
    void close();
    bool isOpen() const { return m_store != nullptr; }
    bool isReadOnly() const;
    const QString &bundlePath() const { return m_bundlePath; }
    // The bundle's sidecar: `<bundle>.notes.json` next to it.
    QString sidecarPath() const;

    // Every note, oldest first: the order of the Notes panel and of the badges' numbers.
    const std::vector<Note> &notes() const { return m_notes; }
    const Note *find(const std::string &id) const;
    int numberOf(const std::string &id) const; // 1-based, 0 when absent
    NoteLayer layer(NoteView view) const { return NoteLayer::of(m_notes, view); }

    // Edits. False (and writeFailed) when the notes cannot be saved (a read-only cache folder).
    bool add(Note note);
    bool update(Note note); // by id; sets its modification time
    bool remove(const std::string &id);

    // `<bundle>.notes.json` (or another file): every note, for a colleague to import.
    bool exportSidecar(const QString &file, QString *error);
    struct ImportOutcome
    {
        int added = 0;
        int updated = 0;
        int unchanged = 0;
        int skipped = 0;      // notes the file holds that could not be used
        QStringList problems; // why (translated), the first few
    };
    // Merges a sidecar without duplicates (planNoteMerge). False with the reason in *error
    // when the file as a whole cannot be used: then nothing was imported.
    bool importSidecar(const QString &file, ImportOutcome *outcome, QString *error);
    // On opening a bundle: merges its sidecar when there is one that changed since the last
    // merge (a colleague's notes), so deleting a note here is not undone by the same file.
    // False when there was nothing to merge; *message says what happened otherwise.
    bool mergeSidecarIfChanged(QString *message);
    // One sentence for an import: "Imported 3 notes from …; 2 already there."
    static QString describe(const ImportOutcome &outcome, const QString &file);

    void select(const std::string &id); // "" clears
    const std::string &selected() const { return m_selected; }
    // Asks the window to show a note: its view, scrolled and zoomed to it, the note selected.
    void reveal(const std::string &id);

signals:
    void changed();
    void selectionChanged(const QString &id);
    void revealRequested(const QString &id);
    void writeFailed(const QString &message);

private:
    void reload();

    std::unique_ptr<NoteStore> m_store;
    QString m_bundlePath;
    std::vector<Note> m_notes;
    std::string m_selected;
};

} // namespace rankscope
