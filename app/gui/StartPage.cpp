#include "StartPage.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QEvent>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

constexpr int kColumnWidth = 760;
const char *const kDefaultDemo = "hang-dataloader";

QString droppedPath(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().isEmpty() || !mime->urls().first().isLocalFile())
        return {};
    return mime->urls().first().toLocalFile();
}

} // namespace

StartPage::StartPage(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("startPage"));
    setAcceptDrops(true);
    auto *outer = new QHBoxLayout(this);
    auto *column = new QWidget(this);
    column->setMaximumWidth(kColumnWidth);
    outer->addStretch(1);
    outer->addWidget(column, 4);
    outer->addStretch(1);
    auto *layout = new QVBoxLayout(column);
    layout->setSpacing(10);

    m_title = new QLabel(column);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.0);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_tagline = new QLabel(column);
    m_tagline->setWordWrap(true);

    m_openFolder = new QPushButton(column);
    m_openFolder->setObjectName(QStringLiteral("startOpenFolder"));
    m_openFile = new QPushButton(column);
    m_openFile->setObjectName(QStringLiteral("startOpenFile"));
    m_demo = new QToolButton(column);
    m_demo->setObjectName(QStringLiteral("startOpenDemo"));
    m_demo->setPopupMode(QToolButton::MenuButtonPopup);
    m_demo->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_demo->setMenu(new QMenu(m_demo));
    // As tall as the push buttons beside it.
    m_demo->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    connect(m_openFolder, &QPushButton::clicked, this, &StartPage::openFolderRequested);
    connect(m_openFile, &QPushButton::clicked, this, &StartPage::openFileRequested);
    connect(m_demo, &QToolButton::clicked, this,
            [this] { emit demoRequested(QString::fromLatin1(kDefaultDemo)); });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_openFolder);
    buttons->addWidget(m_openFile);
    buttons->addWidget(m_demo);
    buttons->addStretch(1);

    m_recentTitle = new QLabel(column);
    QFont sectionFont = m_recentTitle->font();
    sectionFont.setBold(true);
    m_recentTitle->setFont(sectionFont);
    m_clearRecent = new QPushButton(column);
    m_clearRecent->setFlat(true);
    connect(m_clearRecent, &QPushButton::clicked, this, &StartPage::clearRecentRequested);
    auto *recentHeader = new QHBoxLayout;
    recentHeader->addWidget(m_recentTitle);
    recentHeader->addStretch(1);
    recentHeader->addWidget(m_clearRecent);
    m_recent = new QListWidget(column);
    m_recent->setObjectName(QStringLiteral("startRecent"));
    m_recent->setTextElideMode(Qt::ElideMiddle); // the folder's name and the path's ends
    m_recent->setUniformItemSizes(true);
    connect(m_recent, &QListWidget::itemActivated, this, [this] { openCurrentRecent(); });
    m_noRecent = new QLabel(column);
    m_noRecent->setWordWrap(true);
    m_noRecent->setEnabled(false);

    m_drop = new QFrame(column);
    m_drop->setObjectName(QStringLiteral("startDropTarget"));
    m_drop->setMinimumHeight(90);
    auto *dropLayout = new QVBoxLayout(m_drop);
    m_dropText = new QLabel(m_drop);
    m_dropText->setAlignment(Qt::AlignCenter);
    m_dropText->setWordWrap(true);
    dropLayout->addWidget(m_dropText);
    setDropHighlight(false);

    layout->addStretch(1);
    layout->addWidget(m_title);
    layout->addWidget(m_tagline);
    layout->addSpacing(8);
    layout->addLayout(buttons);
    layout->addSpacing(12);
    layout->addLayout(recentHeader);
    layout->addWidget(m_recent, 3);
    layout->addWidget(m_noRecent);
    layout->addSpacing(8);
    layout->addWidget(m_drop, 1);
    layout->addStretch(1);
    retranslate();
}

void StartPage::retranslate()
{
    m_title->setText(QStringLiteral("rankscope"));
    m_tagline->setText(tr("Find the rank, node or group that stalled or slowed a distributed "
                          "training job, from every rank's stacks, logs, profiler traces and "
                          "collectives."));
    m_openFolder->setText(tr("Open Bundle Folder…"));
    m_openFile->setText(tr("Open Archive or File…"));
    m_openFile->setToolTip(tr("A bundle archive (.tar.zst, .tar.gz, .rankscope), or a single "
                              "profiler trace, stack dump or log."));
    m_demo->setText(tr("Open Demo"));
    m_demo->setToolTip(tr("A 64-rank job that hangs in one rank's data loader; the arrow offers "
                          "the other demos."));
    QMenu *menu = m_demo->menu();
    menu->clear();
    const struct
    {
        const char *scenario;
        QString text;
    } demos[] = {
        {"hang-dataloader", tr("Hang in one rank's data loader (stacks, logs)")},
        {"straggler-gpu", tr("One slow GPU (profiler traces, stacks)")},
        {"slow-node", tr("One node with slow links (profiler traces, stacks)")},
    };
    for (const auto &demo : demos) {
        const QString scenario = QString::fromLatin1(demo.scenario);
        menu->addAction(demo.text, this, [this, scenario] { emit demoRequested(scenario); });
    }
    m_recentTitle->setText(tr("Recent bundles"));
    m_clearRecent->setText(tr("Clear List"));
    m_noRecent->setText(tr("Bundles you open are listed here."));
    m_dropText->setText(tr("Drop a bundle folder, an archive or a single trace, dump or log "
                           "anywhere on this window."));
    setRecent(m_paths); // the "(not found)" marks
}

void StartPage::setRecent(const QStringList &paths)
{
    m_paths = paths;
    m_recent->clear();
    for (const QString &path : paths) {
        const QFileInfo info(path);
        const QString shown = QDir::toNativeSeparators(path);
        auto *item = new QListWidgetItem(m_recent);
        item->setData(Qt::UserRole, path);
        item->setToolTip(shown);
        if (info.exists()) {
            item->setText(QStringLiteral("%1    %2").arg(info.fileName(), shown));
        } else {
            item->setText(tr("%1    %2 (not found)").arg(info.fileName(), shown));
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
        }
    }
    if (m_recent->count() > 0)
        m_recent->setCurrentRow(0);
    m_recent->setVisible(!paths.isEmpty());
    m_clearRecent->setVisible(!paths.isEmpty());
    m_noRecent->setVisible(paths.isEmpty());
}

void StartPage::openCurrentRecent()
{
    const QListWidgetItem *item = m_recent->currentItem();
    if (item && (item->flags() & Qt::ItemIsEnabled))
        emit bundleChosen(item->data(Qt::UserRole).toString());
}

void StartPage::setDropHighlight(bool on)
{
    // A dashed well, solid and tinted while something is dragged over the page.
    m_drop->setStyleSheet(
        on ? QStringLiteral("#startDropTarget { border: 2px solid palette(highlight); "
                            "border-radius: 8px; background: rgba(60, 120, 220, 40); }")
           : QStringLiteral("#startDropTarget { border: 2px dashed palette(mid); "
                            "border-radius: 8px; }"));
}

void StartPage::dragEnterEvent(QDragEnterEvent *event)
{
    if (droppedPath(event->mimeData()).isEmpty())
        return;
    setDropHighlight(true);
    event->acceptProposedAction();
}

void StartPage::dragLeaveEvent(QDragLeaveEvent *event)
{
    setDropHighlight(false);
    QWidget::dragLeaveEvent(event);
}

void StartPage::dropEvent(QDropEvent *event)
{
    setDropHighlight(false);
    const QString path = droppedPath(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    emit bundleChosen(path);
}

void StartPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
