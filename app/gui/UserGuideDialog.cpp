#include "UserGuideDialog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>

namespace {

// A page's title: its first "# " heading, else its file name.
QString titleOf(const QString &path)
{
    QFile file(path);
    if (file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        for (int line = 0; line < 20 && !file.atEnd(); ++line) {
            const QString text = QString::fromUtf8(file.readLine()).trimmed();
            if (text.startsWith(QLatin1String("# ")))
                return text.mid(2).trimmed();
        }
    }
    return QFileInfo(path).completeBaseName();
}

bool hasPages(const QString &dir)
{
    return !dir.isEmpty() && !QDir(dir).entryList({QStringLiteral("*.md")}, QDir::Files).isEmpty();
}

} // namespace

QString UserGuideDialog::guideDirectory()
{
    QStringList candidates;
    if (const QString env = qEnvironmentVariable("RANKSCOPE_DOCS_DIR"); !env.isEmpty())
        candidates << env;
    // bin/rankscope -> share/doc/rankscope (cmake --install, the .deb).
    candidates << QCoreApplication::applicationDirPath() +
                      QStringLiteral("/../share/doc/rankscope");
#ifdef RANKSCOPE_SOURCE_DOCS_DIR
    candidates << QStringLiteral(RANKSCOPE_SOURCE_DOCS_DIR);
#endif
    for (const QString &dir : candidates) {
        if (hasPages(dir))
            return QDir(dir).canonicalPath();
    }
    return QString();
}

UserGuideDialog::UserGuideDialog(QWidget *parent)
    : QDialog(parent), m_pages(new QListWidget(this)), m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("rankscope User Guide"));
    m_browser->setObjectName(QStringLiteral("guideBrowser"));
    m_browser->setOpenExternalLinks(true); // web links go to the browser, pages stay here
    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_pages);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({220, 780});
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(splitter);
    resize(1100, 760);

    const QString dir = guideDirectory();
    if (dir.isEmpty()) {
        m_browser->setPlainText(
            tr("The user guide is not installed. Its pages are the docs/ folder of the source, "
               "installed to share/doc/rankscope by cmake --install and the Debian package."));
        return;
    }
    m_browser->setSearchPaths({dir});
    for (const QString &name :
         QDir(dir).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name)) {
        m_files << name;
        m_pages->addItem(titleOf(dir + QLatin1Char('/') + name));
    }
    connect(m_pages, &QListWidget::currentRowChanged, this, [this, dir](int row) {
        if (row >= 0 && row < m_files.size())
            m_browser->setSource(QUrl::fromLocalFile(dir + QLatin1Char('/') + m_files[row]),
                                 QTextDocument::MarkdownResource);
    });
    // Links between pages select the page in the list too.
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this](const QUrl &url) {
        const qsizetype row = m_files.indexOf(QFileInfo(url.toLocalFile()).fileName());
        if (row >= 0 && row != m_pages->currentRow()) {
            const QSignalBlocker block(m_pages);
            m_pages->setCurrentRow(int(row));
        }
    });
    m_pages->setCurrentRow(0);
}

int UserGuideDialog::pageCount() const
{
    return int(m_files.size());
}

void UserGuideDialog::showPage(const QString &fileName)
{
    const qsizetype row = m_files.indexOf(fileName);
    if (row >= 0)
        m_pages->setCurrentRow(int(row));
}
