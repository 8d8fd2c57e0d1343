// Bytes between the document and other files: File > Save Selection As… writes the selected
// bytes, raw, to a file through the same atomic save as the document (SaveActions: the file
// appears whole or not at all); Edit > Insert File… puts a file's bytes before the selection as
// one undo step, and is refused, saying why, while the document is read only.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QWidget;

namespace u8doc {
class Notices;
class DocumentSession;
} // namespace u8doc
namespace u8app {

class DocumentController;
class SaveActions;

class SelectionFileActions : public QObject {
    Q_OBJECT
public:
    // `session` gives the path of the open file (none for the sample): Save Selection As never
    // writes over it (Save does that).
    SelectionFileActions(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                         SaveActions* saves, const u8doc::DocumentSession* session);

    QAction* saveSelectionAction() const { return saveSelection_; }
    QAction* insertFileAction() const { return insertFile_; }
    void updateActions();

    // What the commands do once a file is chosen (for the menu and for tests). Each says in the
    // status bar what it did, or, naming the file, why it did nothing.
    bool saveSelectionTo(const QString& path);
    bool insertFile(const QString& path);

    // Files bigger than this are not inserted (their bytes go into the document's add buffer).
    static constexpr qint64 kMaxInsert = qint64(256) << 20;

private:
    // Reads `path` whole on a worker thread (progress, Cancel); false with `error` (empty when
    // cancelled).
    bool readFile(const QString& path, QByteArray& bytes, QString& error);
    void showMessage(const QString& text);

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    SaveActions* saves_;
    const u8doc::DocumentSession* session_;
    QAction* saveSelection_;
    QAction* insertFile_;
};

} // namespace u8app
