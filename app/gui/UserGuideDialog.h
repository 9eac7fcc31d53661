#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QListWidget;
class QTextBrowser;

// Help > User Guide: the pages of docs/ (installed to share/doc/rankscope, or read from the
// source tree when running from the build folder), rendered as Markdown with their pictures and
// links between pages, so the guide works offline and matches the installed version.
class UserGuideDialog : public QDialog
{
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget *parent = nullptr);

    // Where the guide's pages are: $RANKSCOPE_DOCS_DIR, the installed doc folder next to the
    // program, or the source tree's docs/. Empty when none has pages.
    static QString guideDirectory();

    int pageCount() const;
    QTextBrowser *browser() const { return m_browser; }
    void showPage(const QString &fileName); // e.g. "stragglers.md"

private:
    QListWidget *m_pages = nullptr;
    QTextBrowser *m_browser = nullptr;
    QStringList m_files;
};
