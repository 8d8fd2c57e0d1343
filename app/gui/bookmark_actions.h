// Bookmarks > Toggle Bookmark (Ctrl+B), Next (F2) and Previous (Shift+F2), the Bookmarks dock's
// panel, and where the bookmarks are kept: FILE.u8scope-bookmarks.json beside the document, never
// inside it, read when the file opens and written atomically (u8io::AtomicOutput) when they
// change. Their offsets are those of the file on disk: while the document has unsaved edits
// (which move them), a change waits for Save, which writes the bookmarks beside whatever file it
// wrote; undoing every edit writes them too. A sidecar that cannot be read is left as it is (and
// not written over) and the dock says why; a failed write says which file and why.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QWidget;
class QMenu;

namespace u8doc {
class DocumentSession;
class Notices;
} // namespace u8doc
namespace u8app {

class BookmarkList;
class BookmarksPanel;
class DocumentController;

class BookmarkActions : public QObject {
    Q_OBJECT
public:
    // `session`: the open file's path (none for the sample: nothing is written).
    BookmarkActions(QWidget* window, u8doc::Notices* notices, DocumentController* controller,
                    const u8doc::DocumentSession* session);

    BookmarkList* list() const { return list_; }
    BookmarksPanel* panel() const { return panel_; }
    // Toggle, Next, Previous (the Bookmarks menu).
    QList<QAction*> actions() const { return {toggle_, next_, previous_}; }
    void updateActions();

    // Sets a bookmark on the selection, or removes the one at the cursor.
    void toggle();
    // Selects the next / previous bookmark from the cursor, wrapping around; false without any.
    bool step(bool forward);
    // Selects bookmark `index`.
    void goTo(int index);
    // For a pane's tooltip: the bookmarks that hold `offset`, by name and note; empty for none.
    QString describe(quint64 offset) const;

    // The document's bytes were written to `path` by Save or Save As: the bookmarks go beside.
    void documentWritten(const QString& path);
    // Why the last read or write of the sidecar failed; empty when it did not.
    QString lastError() const { return lastError_; }

signals:
    // For the status bar.
    void message(const QString& text);

private:
    void load();
    // Writes the sidecar of `documentPath` now; false (and says why) on failure.
    bool write(const QString& documentPath);
    void writeIfDue();
    void onChanged(bool byUser);
    void showKept();

    QWidget* window_;
    DocumentController* controller_;
    u8doc::Notices* notices_; // the banner
    const u8doc::DocumentSession* session_;
    BookmarkList* list_;
    BookmarksPanel* panel_;
    QAction* toggle_;
    QAction* next_;
    QAction* previous_;
    bool opening_ = false;    // other bytes are being shown: load, do not clamp
    bool dirty_ = false;      // changes not in the sidecar yet
    bool unreadable_ = false; // the sidecar could not be read: never written over
    QString lastError_;
    QString keepFor_; // the file Save wrote without its bookmarks: load() keeps them for it
};

} // namespace u8app
