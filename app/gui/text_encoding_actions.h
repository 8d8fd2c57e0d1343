// View > Text Encoding: the text pane reads the bytes through another encoding (windows-1252,
// ISO-8859-1, KOI8-R, UTF-16LE…; u8convert::TextReading) to show what a program that assumed it
// saw. No byte changes; the hex pane, the Inspector and the Problems list stay UTF-8's, and a
// field of the status bar says which encoding the text pane uses. The choice lasts for the
// session (every file opened meanwhile), not beyond: a new start reads UTF-8, as the window's
// purpose is.
#pragma once

#include <QObject>
#include <QString>

class QActionGroup;
class QLabel;
class QMenu;
class QWidget;

namespace u8ui {
class TextView;
}

namespace u8app {

class TextEncodingActions : public QObject {
    Q_OBJECT
public:
    // `parent`: the parent of the status bar's field until the window places it (field()).
    TextEncodingActions(QWidget* parent, u8ui::TextView* textView);

    // Adds the Text Encoding submenu to `view`.
    void populate(QMenu* view);
    // Reads the text pane through `encoding` (a name TextReading offers); false (and says why)
    // when there is no such reading.
    bool setEncoding(const QString& encoding);
    QString encoding() const;
    // The status bar's field: "Text: UTF-8".
    QLabel* field() const { return field_; }

signals:
    void message(const QString& text);

private:
    void updateField();

    u8ui::TextView* textView_;
    QActionGroup* group_;
    QLabel* field_;
};

} // namespace u8app
