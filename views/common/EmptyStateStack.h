#pragma once

#include <QStackedWidget>
#include <QString>

#include <functional>
#include <vector>

class QLabel;
class QHBoxLayout;
class QPushButton;

namespace rankscope {

// A view and, in its place when it has nothing to show, one sentence of what it needs and the
// buttons that get it ("Compare with Baseline…"), as hotspot and Qt Creator show an empty view:
// once, in the middle, instead of an empty frame or a hint in every panel.
class EmptyStateStack : public QStackedWidget
{
    Q_OBJECT
public:
    struct Action
    {
        QString label;
        std::function<void()> run;
    };

    // Takes ownership of `content` (shown by default).
    explicit EmptyStateStack(QWidget *content, QWidget *parent = nullptr);

    QWidget *content() const { return m_content; }
    void showContent();
    void showEmpty(const QString &title, const QString &message,
                   const std::vector<Action> &actions = {});
    bool isShowingEmpty() const { return currentIndex() == 1; }
    QString emptyTitle() const;
    QString emptyMessage() const;
    // The buttons of the empty state, in order (tests press them).
    QList<QPushButton *> emptyButtons() const;

private:
    QWidget *m_content = nullptr;
    QWidget *m_empty = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_message = nullptr;
    QHBoxLayout *m_buttons = nullptr;
};

} // namespace rankscope
