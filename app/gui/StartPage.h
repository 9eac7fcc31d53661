#pragma once

#include <QStringList>
#include <QWidget>

class QFrame;
class QLabel;
class QListWidget;
class QPushButton;
class QToolButton;

// What the window shows before a bundle is open (as hotspot's start page): open a folder or an
// archive, open one of the built-in demos, reopen a recent bundle, or drop one anywhere on it.
class StartPage : public QWidget
{
    Q_OBJECT
public:
    explicit StartPage(QWidget *parent = nullptr);

    void setRecent(const QStringList &paths);
    QListWidget *recentList() const { return m_recent; }
    QPushButton *openFolderButton() const { return m_openFolder; }
    QToolButton *demoButton() const { return m_demo; }
    void retranslate();

signals:
    void openFolderRequested();
    void openFileRequested();
    void demoRequested(const QString &scenario); // a DemoBundle scenario name
    void bundleChosen(const QString &path);      // a recent entry or a drop
    void clearRecentRequested();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void setDropHighlight(bool on);
    void openCurrentRecent();

    QLabel *m_title = nullptr;
    QLabel *m_tagline = nullptr;
    QPushButton *m_openFolder = nullptr;
    QPushButton *m_openFile = nullptr;
    QToolButton *m_demo = nullptr;
    QLabel *m_recentTitle = nullptr;
    QPushButton *m_clearRecent = nullptr;
    QListWidget *m_recent = nullptr;
    QLabel *m_noRecent = nullptr;
    QFrame *m_drop = nullptr;
    QLabel *m_dropText = nullptr;
    QStringList m_paths;
};
