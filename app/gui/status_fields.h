// The window's status bar fields about the cursor: its offset (and the selection's length), the
// byte's value, its class and role, the character it belongs to (CursorStatus), and its line and
// column (LineLocator; "Line …" while a long count runs in the background).
#pragma once

#include <QList>
#include <QObject>
#include <QString>

class QLabel;
class QWidget;

namespace u8doc {
class LineLocator;
} // namespace u8doc
namespace u8app {

class DocumentController;

class StatusFields : public QObject {
    Q_OBJECT
public:
    // Makes the fields (children of `parent` until the window places them: fields()).
    StatusFields(QWidget* parent, DocumentController* document, u8doc::LineLocator* lines);

    // Offset, byte, role, character and line, in the order they read from the left.
    QList<QLabel*> fields() const { return {offset_, byte_, role_, character_, line_}; }
    // The text of the field named `name` ("offset", "byte", "role", "character", "line").
    QString text(const QString& name) const;

    // Describes the cursor and the selection as they are now.
    void update();

signals:
    // The line and column shown are up to date.
    void lineLocated();

private:
    void updateLine(quint64 offset);

    DocumentController* document_;
    u8doc::LineLocator* lines_;
    QLabel* offset_;
    QLabel* byte_;
    QLabel* role_;
    QLabel* character_;
    QLabel* line_;
};

} // namespace u8app
