#include "views/annotations/NoteBook.h"

#include "core/notes/NoteSidecar.h"
#include "core/notes/NoteStore.h"
#include "views/common/MessageText.h"

#include <QDir>
#include <QFileInfo>

namespace rankscope {

NoteBook::NoteBook(QObject *parent) : QObject(parent) {}

NoteBook::~NoteBook() = default;

bool NoteBook::open(const QString &notesFile, const QString &bundlePath, QString *error)
{
    m_store.reset();
    m_notes.clear();
    m_selected.clear();
    m_bundlePath = bundlePath;
    bool ok = true;
    try {
        m_store = std::make_unique<NoteStore>(notesFile.toStdString());
        m_notes = m_store->all();
    } catch (const std::exception &e) {
        m_store.reset();
        ok = false;
        if (error)
            *error = tr("The notes of this bundle cannot be read: %1")
                         .arg(QString::fromStdString(e.what()));
    }
    emit changed();
    emit selectionChanged(QString());
    return ok;
}

void NoteBook::close()
{
    m_store.reset();
    m_notes.clear();
    m_bundlePath.clear();
    m_selected.clear();
    emit changed();
    emit selectionChanged(QString());
}

bool NoteBook::isReadOnly() const
{
    return !m_store || m_store->readOnly();
}

QString NoteBook::sidecarPath() const
{
    if (m_bundlePath.isEmpty())
        return {};
    return QString::fromStdString(
        notesSidecarPath(QFileInfo(m_bundlePath).absoluteFilePath().toStdString()).string());
}

const Note *NoteBook::find(const std::string &id) const
{
    for (const Note &note : m_notes)
        if (note.id == id)
            return &note;
    return nullptr;
}

int NoteBook::numberOf(const std::string &id) const
{
    for (std::size_t i = 0; i < m_notes.size(); ++i)
        if (m_notes[i].id == id)
            return int(i) + 1;
    return 0;
}

void NoteBook::reload()
{
    try {
        m_notes = m_store->all();
    } catch (const std::exception &e) {
        emit writeFailed(QString::fromStdString(e.what()));
    }
    if (!m_selected.empty() && !find(m_selected)) {
        m_selected.clear();
        emit selectionChanged(QString());
    }
    emit changed();
}

bool NoteBook::add(Note note)
{
    if (!m_store) {
        emit writeFailed(tr("Open a bundle to add notes to it."));
        return false;
    }
    try {
        m_store->put(note);
    } catch (const std::exception &e) {
        emit writeFailed(tr("The note cannot be saved: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    m_notes.push_back(std::move(note));
    emit changed();
    return true;
}

bool NoteBook::update(Note note)
{
    if (!m_store || !find(note.id))
        return false;
    note.modifiedMs = std::max(noteClockMs(), note.createdMs);
    try {
        m_store->put(note);
    } catch (const std::exception &e) {
        emit writeFailed(tr("The note cannot be saved: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    for (Note &existing : m_notes)
        if (existing.id == note.id)
            existing = note;
    emit changed();
    return true;
}

bool NoteBook::remove(const std::string &id)
{
    if (!m_store)
        return false;
    try {
        if (!m_store->remove(id))
            return false;
    } catch (const std::exception &e) {
        emit writeFailed(
            tr("The note cannot be deleted: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    std::erase_if(m_notes, [&](const Note &note) { return note.id == id; });
    if (m_selected == id) {
        m_selected.clear();
        emit selectionChanged(QString());
    }
    emit changed();
    return true;
}

bool NoteBook::exportSidecar(const QString &file, QString *error)
{
    NotesSidecarInfo info;
    info.bundle = QFileInfo(m_bundlePath).fileName().toStdString();
    try {
        writeNotesSidecar(file.toStdString(), m_notes, info);
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    return true;
}

bool NoteBook::importSidecar(const QString &file, ImportOutcome *outcome, QString *error)
{
    const NotesSidecarRead read = readNotesSidecar(file.toStdString());
    if (!read.ok) {
        if (error)
            *error = messageText(read.error);
        return false;
    }
    if (!m_store || m_store->readOnly()) {
        if (error)
            *error = tr("the notes of this bundle are read-only (its cache folder cannot be "
                        "written)");
        return false;
    }
    ImportOutcome result;
    try {
        const NoteMergePlan plan = m_store->merge(read.notes);
        result.added = int(plan.added.size());
        result.updated = int(plan.updated.size());
        result.unchanged = plan.unchanged;
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    result.skipped = read.skipped;
    for (const Message &problem : read.problems)
        result.problems << messageText(problem);
    if (outcome)
        *outcome = result;
    reload();
    return true;
}

bool NoteBook::mergeSidecarIfChanged(QString *message)
{
    const QString file = sidecarPath();
    if (file.isEmpty() || !QFileInfo::exists(file) || !m_store || m_store->readOnly())
        return false;
    const NotesSidecarRead read = readNotesSidecar(file.toStdString());
    if (!read.ok) {
        if (message)
            *message = messageText(read.error);
        return true;
    }
    const std::string hash = std::to_string(read.contentHash);
    try {
        if (m_store->meta("sidecar_hash") == hash)
            return false;
    } catch (const std::exception &) {
        return false;
    }
    ImportOutcome outcome;
    QString error;
    if (!importSidecar(file, &outcome, &error)) {
        if (message)
            *message = error;
        return true;
    }
    try {
        m_store->setMeta("sidecar_hash", hash);
    } catch (const std::exception &) {
        // Merged all the same; the next opening merges again, without duplicates.
    }
    if (message)
        *message = describe(outcome, file);
    return outcome.added + outcome.updated > 0 || outcome.skipped > 0;
}

QString NoteBook::describe(const ImportOutcome &outcome, const QString &file)
{
    const QString name = QDir::toNativeSeparators(file);
    QString text = tr("Imported %n note(s) from %1", nullptr, outcome.added).arg(name);
    if (outcome.updated > 0)
        text += tr("; %n updated", nullptr, outcome.updated);
    if (outcome.unchanged > 0)
        text += tr("; %n already there", nullptr, outcome.unchanged);
    if (outcome.skipped > 0)
        text += tr("; %n left out: %1", nullptr, outcome.skipped)
                    .arg(outcome.problems.value(0, QString()));
    return text + QLatin1Char('.');
}

void NoteBook::select(const std::string &id)
{
    if (id == m_selected)
        return;
    m_selected = id;
    emit selectionChanged(QString::fromStdString(id));
}

void NoteBook::reveal(const std::string &id)
{
    if (!find(id))
        return;
    select(id);
    emit revealRequested(QString::fromStdString(id));
}

} // namespace rankscope
