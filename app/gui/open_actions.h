// Which file the window shows, and the commands that choose it: File > Open…, Open Recent,
// Reload, Open the Tour Sample and Close. A file is read through u8codec::FileSource, never whole;
// one the user may not write opens read only; unsaved changes are asked about first
// (SaveActions); while it is open, what happens to it on disk (it grew, shrank, was replaced or
// went away) is said in the banner: with Reload, or with Save As… while there are unsaved edits.
#pragma once

#include "file_on_disk.h"

#include <QList>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

class QAction;
class QFileSystemWatcher;
class QWidget;
class QMenu;

namespace u8doc {
class Notices;
class DocumentSession;
} // namespace u8doc
namespace u8app {

class DocumentController;
class RecentFiles;
class SaveActions;

class OpenActions : public QObject {
    Q_OBJECT
public:
    OpenActions(QWidget* window, u8doc::Notices* notices, u8doc::DocumentSession* session,
                SaveActions* saves);

    // Opens a file (never reading it whole). On failure the current document stays and the
    // banner says why; returns false.
    bool openFile(const QString& path);
    // Opens the bundled tour sample.
    void openSample();
    // Asks to save unsaved changes, then shows no document. False when the user cancelled.
    bool closeDocument();
    // Opens the current file again from disk (after it changed), the cursor where it was.
    void reload();

    // What another program did to the open file since it was opened or saved, as a clause for a
    // question ("was replaced by another file"); empty when nothing.
    QString changeOnDisk() const;

    // Open…, Open Recent, Reload, the tour sample and Close, in that order (the File menu).
    void populate(QMenu* file);
    QAction* sampleAction() const { return sample_; }
    QAction* openAction() const { return open_; }
    RecentFiles* recentFiles() const { return recent_; }
    // Enables what needs a file or a document.
    void updateActions();
    // Called before the file is read again (Reload, after Save): returns what puts the view and
    // the selection back where they were, called once the file is open again.
    using PlaceKeeper = std::function<std::function<void()>()>;
    void setPlaceKeeper(PlaceKeeper keeper) { placeKeeper_ = std::move(keeper); }

signals:
    // The document was closed: nothing is shown.
    void closed();

private:
    void openDialog();
    void showOpenError(const QString& path, const QString& reason);
    void forgetFile();
    // Opens `path` with the view and the selection kept where they were (as far as the bytes
    // reach).
    bool reopen(const QString& path);
    // After a Save (As) to `path`: the document goes on with the file written as its own.
    void adoptSaved(const QString& path);
    void onFileChanged(const QString& path);
    // The banner for a file changed on disk under unsaved edits.
    void warnEditsAtRisk(const QString& name, u8doc::FileOnDisk::Change change);
    void rebuildRecentMenu();

    QWidget* window_;
    u8doc::Notices* notices_;         // the status text and the banner
    u8doc::DocumentSession* session_; // the file opened, its path and identity on disk
    DocumentController* document_;
    SaveActions* saves_;
    RecentFiles* recent_;
    QFileSystemWatcher* watcher_;

    QAction* open_;
    QAction* reload_;
    QAction* sample_;
    QAction* close_;
    QMenu* recentMenu_ = nullptr;
    PlaceKeeper placeKeeper_;
};

} // namespace u8app
