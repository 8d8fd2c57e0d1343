#include "open_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "message_banner.h"
#include "number_format.h"
#include "recent_files.h"
#include "save_actions.h"
#include "u8codec/byte_source.h"
#include "window_action.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

namespace u8app {

namespace {

const QString kSamplePath = QStringLiteral(":/u8scope/sample/tour.txt");
const QString kDirectoryKey = QStringLiteral("lastDirectory");

} // namespace

OpenActions::OpenActions(QMainWindow* window, DocumentController* document, SaveActions* saves,
                         MessageBanner* banner)
    : QObject(window), window_(window), document_(document), saves_(saves), banner_(banner),
      recent_(new RecentFiles(this)), watcher_(new QFileSystemWatcher(this)) {
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
        if (!path_.isEmpty() && QFileInfo(path).absoluteFilePath() == path_)
            watcher_->removePath(path_);
    });
    connect(saves_, &SaveActions::writeEnded, this, [this](const QString& path) {
        if (!path_.isEmpty() && QFileInfo(path).absoluteFilePath() == path_ &&
            u8doc::FileOnDisk::at(path_).exists())
            watcher_->addPath(path_);
    });
    connect(saves_, &SaveActions::saved, this, [this](const QString& path) {
        // The saved bytes are now the file: show them from disk, where the cursor was.
        const QString said = window_->statusBar()->currentMessage(); // "Saved …": these bytes
        reopen(path);
        window_->statusBar()->showMessage(said, 8000);
    });
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
    reload_->setEnabled(!path_.isEmpty());
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
    if (!opened.source) {
        showOpenError(path, QString::fromLocal8Bit(opened.error.c_str()));
        return false;
    }
    forgetFile();
    path_ = info.absoluteFilePath();
    file_ = std::shared_ptr<u8codec::FileSource>(std::move(opened.source));
    openedSize_ = file_->size();
    opened_ = u8doc::FileOnDisk::at(path_);
    watcher_->addPath(path_);
    recent_->add(path_);
    QSettings().setValue(kDirectoryKey, info.absolutePath());
    const QString notWritable = u8doc::FileOnDisk::whyNotWritable(path_);
    document_->replace(file_, info.fileName());
    document_->setReadOnlyReason(notWritable);
    if (!notWritable.isEmpty())
        window_->statusBar()->showMessage(
            tr("Read only: %1. View > Read Only turns editing on (Save As can then write the "
               "changes elsewhere).")
                .arg(notWritable));
    if (openedSize_ == 0) {
        banner_->showMessage(
            MessageBanner::Level::Information,
            tr("%1 is empty (0 bytes): there is nothing to inspect.").arg(info.fileName()));
    } else {
        banner_->dismiss();
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
    openedSize_ = quint64(data.size());
    document_->replace(std::make_shared<u8codec::MemorySource>(
                           std::vector<std::uint8_t>(data.begin(), data.end())),
                       tr("tour.txt (sample)"));
    banner_->dismiss();
}

bool OpenActions::closeDocument() {
    if (document_->history()->isModified() && !saves_->maybeSave())
        return false;
    forgetFile();
    openedSize_ = 0;
    banner_->dismiss();
    window_->statusBar()->clearMessage();
    document_->replace(nullptr, QString());
    emit closed();
    return true;
}

void OpenActions::reload() {
    if (!path_.isEmpty())
        reopen(path_);
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

void OpenActions::forgetFile() {
    if (!path_.isEmpty())
        watcher_->removePath(path_);
    path_.clear();
    file_.reset();
}

void OpenActions::showOpenError(const QString& path, const QString& reason) {
    banner_->showMessage(MessageBanner::Level::Error,
                         tr("Cannot open %1: %2.").arg(QDir::toNativeSeparators(path), reason),
                         tr("Open Another File…"), [this] { openDialog(); });
}

void OpenActions::openDialog() {
    const QString dir = path_.isEmpty() ? QSettings().value(kDirectoryKey).toString()
                                        : QFileInfo(path_).absolutePath();
    const QString path = QFileDialog::getOpenFileName(window_, tr("Open File"), dir);
    if (!path.isEmpty())
        openFile(path);
}

QString OpenActions::changeOnDisk() const {
    if (!file_)
        return {};
    const u8doc::FileOnDisk now = u8doc::FileOnDisk::at(path_);
    switch (opened_.changeTo(now)) {
    case u8doc::FileOnDisk::Change::None:
        return {};
    case u8doc::FileOnDisk::Change::Deleted:
        return tr("was deleted or renamed");
    case u8doc::FileOnDisk::Change::Replaced:
        return tr("was replaced by another file");
    case u8doc::FileOnDisk::Change::Shrank:
        return tr("shrank from %1 to %2")
            .arg(u8doc::NumberFormat::size(opened_.size()), u8doc::NumberFormat::size(now.size()));
    case u8doc::FileOnDisk::Change::Grew:
        return tr("grew from %1 to %2")
            .arg(u8doc::NumberFormat::size(opened_.size()), u8doc::NumberFormat::size(now.size()));
    case u8doc::FileOnDisk::Change::Modified:
        return tr("was changed by another program");
    }
    return {};
}

void OpenActions::onFileChanged(const QString& path) {
    if (path != path_ || !file_)
        return;
    const QFileInfo info(path);
    const u8doc::FileOnDisk now = u8doc::FileOnDisk::at(path);
    if (now.exists())
        watcher_->addPath(path); // editors that replace the file drop it from the watch list
    const u8doc::FileOnDisk::Change change = opened_.changeTo(now);
    if (change == u8doc::FileOnDisk::Change::None)
        return;
    if (document_->history()->isModified()) {
        warnEditsAtRisk(info.fileName(), change);
        return;
    }
    if (change == u8doc::FileOnDisk::Change::Deleted) {
        // The open descriptor still reads the old bytes (POSIX keeps an unlinked file alive while
        // it is open), so the panes stay as they are.
        banner_->showMessage(MessageBanner::Level::Warning,
                             tr("%1 was deleted or renamed on disk. The bytes shown are those of "
                                "the file as it was opened.")
                                 .arg(info.fileName()));
        return;
    }
    const QString before = u8doc::NumberFormat::size(openedSize_);
    const QString after = u8doc::NumberFormat::size(now.size());
    if (change == u8doc::FileOnDisk::Change::Shrank || change == u8doc::FileOnDisk::Change::Grew) {
        // Nothing of the user's is at stake: the panes show the file as it is now (a log that
        // grows shows its new lines, a file cut short no bytes past its end), where they were.
        if (!reopen(path_))
            return;
        const QString text =
            change == u8doc::FileOnDisk::Change::Shrank
                ? tr("%1 shrank on disk from %2 to %3: the bytes past the new end are gone.")
                      .arg(info.fileName(), before, after)
                : tr("%1 grew on disk from %2 to %3: the new bytes are shown.")
                      .arg(info.fileName(), before, after);
        banner_->showMessage(MessageBanner::Level::Information, text);
        return;
    }
    const QString text = tr("%1 was changed on disk by another program.").arg(info.fileName());
    banner_->showMessage(MessageBanner::Level::Warning, text, tr("Reload"), [this] { reload(); });
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
        banner_->showMessage(MessageBanner::Level::Error, text, tr("Reload"), [this] { reload(); });
    else
        banner_->showMessage(MessageBanner::Level::Warning, text, tr("Save As…"),
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
