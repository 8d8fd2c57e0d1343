// The window's status bar fields about the cursor: its offset (and the selection's length), the
// byte's value, its class and role, the character it belongs to (CursorStatus), and its line and
// column (LineLocator; "Line …" while a long count runs in the background).
#pragma once

#include <QObject>
#include <QString>

class QLabel;
class QMainWindow;

namespace u8doc {
class LineLocator;
} // namespace u8doc
namespace u8app {

class DocumentController;

class StatusFields : public QObject {
    Q_OBJECT
public:
    // Adds the fields to `window`'s status bar.
    StatusFields(QMainWindow* window, DocumentController* document, u8doc::LineLocator* lines);

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
