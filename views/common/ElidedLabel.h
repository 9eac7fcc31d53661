#pragma once

#include <QString>
#include <QWidget>

namespace rankscope {

// One line of text that never widens its parent: cut with "…" to the width it is given
// (recomputed on every resize), the whole text in its tooltip (rich text, HTML-escaped). A text set
// as clickable is drawn as a link and a click on it emits clicked() (the status bar's comparison
// sentence opens the Diff). Painted rather than a QLabel, so setText() here is the only way to
// change the text.
class ElidedLabel : public QWidget
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    void setText(const QString &text);
    // The text as a link: a click emits clicked(); `hint` joins the tooltip (what a click does).
    void setClickableText(const QString &text, const QString &hint);
    void clear() { setText(QString()); }
    // Where the "…" goes (default: the end) and where the line sits (default: left).
    void setElideMode(Qt::TextElideMode mode);
    void setAlignment(Qt::Alignment alignment);

    QString text() const { return m_text; }
    // What is drawn: the text, or as much of it as fits followed by "…".
    QString displayedText() const { return m_shown; }
    bool isElided() const { return m_shown != m_text; }
    bool isClickable() const { return m_clickable; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void clicked();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void assign(const QString &text, bool clickable, const QString &hint);
    void elide();

    QString m_text;
    QString m_shown;
    QString m_hint;
    bool m_clickable = false;
    Qt::TextElideMode m_elideMode = Qt::ElideRight;
    Qt::Alignment m_alignment = Qt::AlignLeft;
};

} // namespace rankscope
