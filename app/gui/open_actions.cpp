#include "open_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_session.h"
#include "notices.h"
#include "number_format.h"
#include "recent_files.h"
#include "save_actions.h"
#include "settings.h"
#include "u8codec/byte_source.h"
#include "window_action.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QMenu>
#include <QStyle>
#include <QWidget>

namespace u8app {

namespace {

const QString kSamplePath = QStringLiteral(":/u8scope/sample/tour.txt");

} // namespace

OpenActions::OpenActions(QWidget* window, u8doc::Notices* notices, u8doc::DocumentSession* session,
                         SaveActions* saves)
    : QObject(window), window_(window), notices_(notices), session_(session),
      document_(session->controller()), saves_(saves), recent_(new RecentFiles(this)),
      watcher_(new QFileSystemWatcher(this)) {
    open_ =
        makeWindowAction(window, tr("&Open…"), QKeySequence::Open,
                         tr("Open a file to inspect its bytes"), this, [this] { openDialog(); });
    open_->setIcon(window->style()->standardIcon(QStyle::SP_DialogOpenButton));
    reload_ = makeWindowAction(window, tr("&Reload"), QKeySequence::Refresh,
                               tr("Read the file again from disk"), this, [this] { reload(); });
    sample_ = makeWindowAction(window, tr("Open the &Tour Sample"), {},
                               tr("Open the bundled sample: every byte class and every kind of "
                                  "error, each on a line that says what it shows"),
                               this, [this] { openSample(); });
    close_ = makeWindowAction(window, tr("&Close"), QKeySequence(tr("Ctrl+W")),
                              tr("Close the file (asks first when it has unsaved changes)"), this,
                              [this] { closeDocument(); });
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, &OpenActions::onFileChanged);
    connect(recent_, &RecentFiles::changed, this, &OpenActions::rebuildRecentMenu);
    // The window's own save replaces the file (a rename): not watched meanwhile, it never looks
    // like another program's change; the file is watched again when it is reopened, or as it
    // was when the save failed.
    connect(saves_, &SaveActions::writeStarting, this, [this](const QString& path) {
        const QString open = session_->path();
        if (!open.isEmpty() && QFileInfo(path).absoluteFilePath() == open)
            watcher_->removePath(open);
    });
    connect(saves_, &SaveActions::writeEnded, this, [this](const QString& path) {
        const QString open = session_->path();
        if (!open.isEmpty() && QFileInfo(path).absoluteFilePath() == open &&
            u8doc::FileOnDisk::at(open).exists())
            watcher_->addPath(open);
    });
    connect(saves_, &SaveActions::saved, this, &OpenActions::adoptSaved);
}

void OpenActions::populate(QMenu* file) {
    file->addAction(open_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    recentMenu_->setToolTipsVisible(true);
    file->addAction(reload_);
    file->addAction(sample_);
    file->addAction(close_);
    rebuildRecentMenu();
}

void OpenActions::updateActions() {
    reload_->setEnabled(!session_->path().isEmpty());
    close_->setEnabled(document_->document()->source() != nullptr);
}

bool OpenActions::openFile(const QString& path) {
    if (document_->history()->isModified() && !saves_->maybeSave())
        return false;
    const QFileInfo info(path);
    // Checked here too, so that the message names the case plainly before the codec's errno text.
    if (!info.exists() && !info.isSymLink()) {
        showOpenError(path, tr("the file does not exist"));
        recent_->remove(path);
        return false;
    }
    if (info.isDir()) {
        showOpenError(path, tr("it is a folder, not a file"));
        return false;
    }
    // Checked before open(2): opening a FIFO for reading would block until a writer appears,
    // freezing the window.
    if (!info.isFile()) {
        showOpenError(path,
                      tr("Not a regular file (a device, pipe or socket cannot be inspected)"));
        return false;
    }
    auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
    if (!opened.ok()) {
        showOpenError(path, QString::fromLocal8Bit(opened.message().c_str()));
        return false;
    }
    forgetFile();
    session_->openFile(std::shared_ptr<u8codec::FileSource>(std::move(opened).value()),
                       info.absoluteFilePath());
    watcher_->addPath(session_->path());
    recent_->add(session_->path());
    settings::setLastDirectory(info.absolutePath());
    const QString notWritable = session_->readOnlyReason();
    if (!notWritable.isEmpty())
        notices_->say(
            tr("Read only: %1. View > Read Only turns editing on (Save As can then write the "
               "changes elsewhere).")
                .arg(notWritable));
    if (session_->openedSize() == 0) {
        notices_->showBanner(
            u8doc::Notices::Level::Information,
            tr("%1 is empty (0 bytes): there is nothing to inspect.").arg(info.fileName()));
    } else {
        notices_->dismissBanner();
    }
    return true;
}

void OpenActions::openSample() {
    if (document_->history()->isModified() && !saves_->maybeSave())
        return;
    QFile f(kSamplePath);
    if (!f.open(QIODevice::ReadOnly)) {
        showOpenError(tr("the tour sample"), f.errorString());
        return;
    }
    const QByteArray data = f.readAll();
    forgetFile();
    session_->openBytes(std::make_shared<u8codec::MemorySource>(
                            std::vector<std::uint8_t>(data.begin(), data.end())),
                        tr("tour.txt (sample)"));
    notices_->dismissBanner();
}

bool OpenActions::closeDocument() {
    if (document_->history()->isModified() && !saves_->maybeSave())
        return false;
    forgetFile();
    notices_->dismissBanner();
    notices_->clearSaid();
    session_->close();
    emit closed();
    return true;
}

void OpenActions::reload() {
    if (!session_->path().isEmpty())
        reopen(session_->path());
}

bool OpenActions::reopen(const QString& path) {
    const quint64 cursor = document_->selection()->cursor();
    const std::function<void()> restore = placeKeeper_ ? placeKeeper_() : nullptr;
    if (!openFile(path))
        return false;
    const quint64 size = document_->document()->size();
    if (restore)
        restore();
    else if (size > 0)
        document_->goTo(std::min(cursor, size - 1));
    return true;
}

void OpenActions::adoptSaved(const QString& path) {
    // The saved bytes are now the file: the document goes on with them, its history, check and
    // audit kept, its file the one just written (a new file: the rename replaced the old one,
    // which the history's tables still read).
    const QFileInfo info(path);
    auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
    if (!opened) {
        // Written but not readable now: show it from disk as opening it says.
        const QString said = notices_->said(); // "Saved …": these bytes
        reopen(path);
        notices_->say(said, 8000);
        return;
    }
    forgetFile();
    session_->adoptSavedFile(std::shared_ptr<u8codec::FileSource>(std::move(opened).value()),
                             info.absoluteFilePath());
    watcher_->addPath(session_->path());
    recent_->add(session_->path());
    updateActions();
}

// The session forgets the file as it opens other bytes; the watch on it ends here.
void OpenActions::forgetFile() {
    if (!session_->path().isEmpty())
        watcher_->removePath(session_->path());
}

void OpenActions::showOpenError(const QString& path, const QString& reason) {
    notices_->showBanner(u8doc::Notices::Level::Error,
                         tr("Cannot open %1: %2.").arg(QDir::toNativeSeparators(path), reason),
                         tr("Open Another File…"), [this] { openDialog(); });
}

void OpenActions::openDialog() {
    const QString open = session_->path();
    const QString dir = open.isEmpty() ? settings::lastDirectory() : QFileInfo(open).absolutePath();
    const QString path = QFileDialog::getOpenFileName(window_, tr("Open File"), dir);
    if (!path.isEmpty())
        openFile(path);
}

QString OpenActions::changeOnDisk() const {
    u8doc::FileOnDisk now;
    switch (session_->changeOnDisk(&now)) {
    case u8doc::FileOnDisk::Change::None:
        return {};
    case u8doc::FileOnDisk::Change::Deleted:
        return tr("was deleted or renamed");
    case u8doc::FileOnDisk::Change::Replaced:
        return tr("was replaced by another file");
    case u8doc::FileOnDisk::Change::Shrank:
        return tr("shrank from %1 to %2")
            .arg(u8doc::NumberFormat::size(session_->onDisk().size()),
                 u8doc::NumberFormat::size(now.size()));
    case u8doc::FileOnDisk::Change::Grew:
        return tr("grew from %1 to %2")
            .arg(u8doc::NumberFormat::size(session_->onDisk().size()),
                 u8doc::NumberFormat::size(now.size()));
    case u8doc::FileOnDisk::Change::Modified:
        return tr("was changed by another program");
    }
    return {};
}

void OpenActions::onFileChanged(const QString& path) {
    if (path != session_->path() || !session_->hasFile())
        return;
    const QFileInfo info(path);
    u8doc::FileOnDisk now;
    const u8doc::FileOnDisk::Change change = session_->changeOnDisk(&now);
    if (now.exists())
        watcher_->addPath(path); // editors that replace the file drop it from the watch list
    if (change == u8doc::FileOnDisk::Change::None)
        return;
    if (document_->history()->isModified()) {
        warnEditsAtRisk(info.fileName(), change);
        return;
    }
    if (change == u8doc::FileOnDisk::Change::Deleted) {
        // The open descriptor still reads the old bytes (POSIX keeps an unlinked file alive while
        // it is open), so the panes stay as they are.
        notices_->showBanner(u8doc::Notices::Level::Warning,
                             tr("%1 was deleted or renamed on disk. The bytes shown are those of "
                                "the file as it was opened.")
                                 .arg(info.fileName()));
        return;
    }
    const QString before = u8doc::NumberFormat::size(session_->openedSize());
    const QString after = u8doc::NumberFormat::size(now.size());
    if (change == u8doc::FileOnDisk::Change::Shrank || change == u8doc::FileOnDisk::Change::Grew) {
        // Nothing of the user's is at stake: the panes show the file as it is now (a log that
        // grows shows its new lines, a file cut short no bytes past its end), where they were.
        if (!reopen(session_->path()))
            return;
        const QString text =
            change == u8doc::FileOnDisk::Change::Shrank
                ? tr("%1 shrank on disk from %2 to %3: the bytes past the new end are gone.")
                      .arg(info.fileName(), before, after)
                : tr("%1 grew on disk from %2 to %3: the new bytes are shown.")
                      .arg(info.fileName(), before, after);
        notices_->showBanner(u8doc::Notices::Level::Information, text);
        return;
    }
    const QString text = tr("%1 was changed on disk by another program.").arg(info.fileName());
    notices_->showBanner(u8doc::Notices::Level::Warning, text, tr("Reload"), [this] { reload(); });
}

void OpenActions::warnEditsAtRisk(const QString& name, u8doc::FileOnDisk::Change change) {
    QString text;
    switch (change) {
    case u8doc::FileOnDisk::Change::Deleted:
        text = tr("%1 was deleted or renamed on disk. Your unsaved edits are kept, and the bytes "
                  "you did not edit still read from the file as it was opened: Save writes it "
                  "again, Save As… elsewhere.")
                   .arg(name);
        break;
    case u8doc::FileOnDisk::Change::Replaced:
        text = tr("%1 was replaced on disk by another program. Your unsaved edits are kept and "
                  "still read the version you opened; Save would write over the new version "
                  "(it asks first), Save As… keeps both.")
                   .arg(name);
        break;
    case u8doc::FileOnDisk::Change::Shrank:
        text = tr("%1 was cut short on disk while you have unsaved edits: the bytes of your "
                  "document that came from the lost part can no longer be read, so it cannot be "
                  "saved whole. Copy what you need, then Reload.")
                   .arg(name);
        break;
    case u8doc::FileOnDisk::Change::Grew:
    case u8doc::FileOnDisk::Change::Modified:
    case u8doc::FileOnDisk::Change::None:
        text = tr("%1 was changed on disk by another program while you have unsaved edits: the "
                  "bytes you did not edit are read from the file, and may now show its changes. "
                  "Save would write over them (it asks first); Save As… keeps both.")
                   .arg(name);
        break;
    }
    if (change == u8doc::FileOnDisk::Change::Shrank)
        notices_->showBanner(u8doc::Notices::Level::Error, text, tr("Reload"),
                             [this] { reload(); });
    else
        notices_->showBanner(u8doc::Notices::Level::Warning, text, tr("Save As…"),
                             [this] { saves_->saveAs(); });
}

void OpenActions::rebuildRecentMenu() {
    if (!recentMenu_)
        return;
    recentMenu_->clear();
    const QStringList paths = recent_->paths();
    for (int i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        QAction* a = recentMenu_->addAction(
            QStringLiteral("&%1 %2").arg((i + 1) % 10).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    if (!paths.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("&Clear List"), recent_, &RecentFiles::clear)
            ->setToolTip(tr("Forget the recently opened files"));
    }
    recentMenu_->setEnabled(!paths.isEmpty());
}

} // namespace u8app
