#include "bookmark_actions.h"

#include "atomic_output.h"
#include "bookmark_list.h"
#include "bookmarks_panel.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_session.h"
#include "notices.h"
#include "number_format.h"
#include "window_action.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTimer>
#include <QWidget>

namespace u8app {

namespace {
// A bookmarks file is a few kilobytes; anything far larger is not one, and is not read whole.
constexpr qint64 kMaxSidecarSize = 16 * 1024 * 1024;

// Writes `json` to the sidecar whole or not at all; empty, or "PATH: reason".
std::string writeSidecar(const QString& sidecar, const QByteArray& json) {
    auto out = u8io::AtomicOutput::create(QFile::encodeName(sidecar).toStdString());
    if (!out)
        return out.message();
    if (!(*out)->write(std::string_view(json.constData(), std::size_t(json.size()))))
        return (*out)->writeFailure();
    const u8codec::Status committed = (*out)->commit();
    return committed ? std::string() : committed.message();
}
} // namespace

BookmarkActions::BookmarkActions(QWidget* window, u8doc::Notices* notices,
                                 DocumentController* controller,
                                 const u8doc::DocumentSession* session)
    : QObject(window), window_(window), controller_(controller), notices_(notices),
      session_(session), list_(new BookmarkList(this)),
      panel_(new BookmarksPanel(
          list_, [this](int index) { goTo(index); }, window)) {
    panel_->setObjectName(QStringLiteral("bookmarksPanel"));
    toggle_ = makeWindowAction(window, tr("&Toggle Bookmark"), QKeySequence(tr("Ctrl+B")),
                               tr("Set a bookmark on the selected bytes, or remove the one at the "
                                  "cursor; name it and note why in the Bookmarks dock (Ctrl+7)"),
                               this, [this] { toggle(); });
    next_ = makeWindowAction(window, tr("&Next Bookmark"), QKeySequence(Qt::Key_F2),
                             tr("Go to the next bookmark after the cursor (after the last, the "
                                "first)"),
                             this, [this] { step(true); });
    previous_ =
        makeWindowAction(window, tr("&Previous Bookmark"), QKeySequence(Qt::SHIFT | Qt::Key_F2),
                         tr("Go to the bookmark before the cursor (before the first, the "
                            "last)"),
                         this, [this] { step(false); });

    connect(controller_, &DocumentController::aboutToReplace, this, [this] { opening_ = true; });
    connect(controller_->document(), &u8ui::ByteDocument::contentChanged, this,
            [this](u8ui::ByteDocument::Change change) {
                if (std::exchange(opening_, false))
                    load();
                else if (change == u8ui::ByteDocument::Change::Replaced)
                    list_->clampTo(controller_->document()->size()); // a repair: no map
            });
    connect(controller_->history(), &u8doc::DocumentHistory::spliced, this,
            [this](quint64 offset, quint64 removed, quint64 inserted) {
                const quint64 size =
                    controller_->history()->table() ? controller_->history()->table()->size() : 0;
                list_->splice(offset, removed, inserted, size);
            });
    // Every edit undone: the offsets are the file's again. After the step that emitted it, so
    // that a Save's own documentWritten() comes first.
    connect(controller_->history(), &u8doc::DocumentHistory::modifiedChanged, this,
            [this](bool modified) {
                if (!modified)
                    QTimer::singleShot(0, this, [this] { writeIfDue(); });
            });
    connect(list_, &BookmarkList::changed, this, &BookmarkActions::onChanged);
    updateActions();
}

void BookmarkActions::updateActions() {
    const bool hasDocument = controller_->document()->source() != nullptr;
    toggle_->setEnabled(hasDocument && controller_->document()->size() > 0);
    next_->setEnabled(hasDocument);
    previous_->setEnabled(hasDocument);
}

void BookmarkActions::onChanged(bool byUser) {
    QVector<u8ui::ByteRange> marks;
    for (const Bookmark& b : list_->bookmarks())
        marks.append({b.start, b.end()});
    controller_->selection()->setMarks(std::move(marks));
    if (!byUser) {
        // Moved by an edit or cut by a repair (load() resets this after reading): the document
        // is modified, and Save writes them with it.
        dirty_ = true;
        return;
    }
    dirty_ = true;
    writeIfDue();
}

void BookmarkActions::writeIfDue() {
    const QString path = session_->path();
    if (!dirty_ || path.isEmpty() || unreadable_)
        return;
    if (list_->isEmpty() && !QFileInfo::exists(bookmarkSidecarPath(path))) {
        dirty_ = false; // nothing to keep, and no file to empty
        return;
    }
    if (controller_->history()->isModified()) {
        panel_->setStatus(tr("Unsaved edits move these bookmarks: they are written beside %1 "
                             "when you save it.")
                              .arg(QFileInfo(path).fileName()),
                          false);
        return;
    }
    write(path);
}

void BookmarkActions::documentWritten(const QString& path) {
    const QString current = session_->path();
    const bool samePlace = QFileInfo(path).absoluteFilePath() == current;
    // The file on disk now has the document's offsets. A sidecar that could not be read stays as
    // it is beside its own file; another file gets the bookmarks (none: an empty list replaces a
    // sidecar left there by the file written over).
    const QString target = QFileInfo(path).absoluteFilePath();
    if (samePlace && unreadable_) {
        keepFor_ = target; // the window opens the file again: these stay, as they were
        return;
    }
    if (samePlace && !dirty_)
        return;
    if (list_->isEmpty() && !QFileInfo::exists(bookmarkSidecarPath(path)))
        return;
    if (!write(target))
        keepFor_ = target; // the sidecar there is older than these: not read back over them
}

bool BookmarkActions::write(const QString& documentPath) {
    const QString sidecar = bookmarkSidecarPath(documentPath);
    const QByteArray json = list_->toJson();
    const std::string error = writeSidecar(sidecar, json); // "PATH: reason"
    if (!error.empty()) {
        lastError_ = tr("The bookmarks could not be written to %1: %2. They are kept while the "
                        "document is open; the next change tries again.")
                         .arg(QDir::toNativeSeparators(sidecar), QString::fromLocal8Bit(error));
        panel_->setStatus(lastError_, true);
        notices_->showBanner(u8doc::Notices::Level::Error, lastError_);
        emit message(lastError_);
        return false;
    }
    dirty_ = false;
    lastError_.clear();
    showKept();
    return true;
}

void BookmarkActions::load() {
    if (!keepFor_.isEmpty() && std::exchange(keepFor_, QString()) == session_->path()) {
        // The file just saved, opened again: the bookmarks that could not be written (or read
        // before) stay as they are, not yet kept beside it.
        dirty_ = !unreadable_;
        updateActions();
        return;
    }
    dirty_ = false;
    unreadable_ = false;
    lastError_.clear();
    const QString path = session_->path();
    std::vector<Bookmark> read;
    if (!path.isEmpty()) {
        const QString sidecar = bookmarkSidecarPath(path);
        QFile f(sidecar);
        QString why;
        // QFileInfo follows a symbolic link: one to nothing is no sidecar yet (a write goes
        // through it, as every safe write does, and says why it cannot).
        if (QFileInfo::exists(sidecar)) {
            if (f.size() > kMaxSidecarSize)
                why = tr("it is %1, too large for a bookmarks file")
                          .arg(u8doc::NumberFormat::size(quint64(f.size())));
            else if (!f.open(QIODevice::ReadOnly))
                why = f.errorString();
            else
                why = BookmarkList::fromJson(f.readAll(), controller_->document()->size(), read);
        }
        if (!why.isEmpty()) {
            unreadable_ = true;
            read.clear();
            lastError_ = tr("The bookmarks in %1 were not read: %2. The file is left as it is and "
                            "not written over; bookmarks set now last only while the document is "
                            "open.")
                             .arg(QDir::toNativeSeparators(sidecar), why);
            // After the opening is done: it dismisses the banner of the file before.
            QTimer::singleShot(0, this, [this, message = lastError_] {
                if (lastError_ == message)
                    notices_->showBanner(u8doc::Notices::Level::Warning, message);
            });
        }
    }
    list_->reset(std::move(read));
    dirty_ = false; // as read (the document before may have been modified)
    if (unreadable_)
        panel_->setStatus(lastError_, true);
    else
        showKept();
    updateActions();
}

void BookmarkActions::showKept() {
    const QString path = session_->path();
    if (path.isEmpty())
        panel_->setStatus(controller_->document()->source()
                              ? tr("This document is not a file: its bookmarks last while it is "
                                   "open.")
                              : QString(),
                          false);
    else if (list_->isEmpty() && !QFileInfo::exists(bookmarkSidecarPath(path)))
        panel_->setStatus(tr("No bookmarks yet: Toggle Bookmark (Ctrl+B) marks the selected "
                             "bytes. They are kept in %1, beside the file.")
                              .arg(QFileInfo(bookmarkSidecarPath(path)).fileName()),
                          false);
    else
        panel_->setStatus(
            tr("Kept in %1, beside the file.").arg(QFileInfo(bookmarkSidecarPath(path)).fileName()),
            false);
}

void BookmarkActions::toggle() {
    const u8ui::ByteSelection* selection = controller_->selection();
    const quint64 size = controller_->document()->size();
    if (size == 0)
        return;
    const int at = list_->indexAt(selection->cursor());
    if (at >= 0) {
        const QString name = list_->at(at).name;
        list_->remove(at);
        emit message(tr("Bookmark \"%1\" removed.").arg(name));
        return;
    }
    u8ui::ByteRange range = selection->range();
    range.end = std::min(range.end, size);
    if (range.start >= size)
        return;
    const QString name = list_->freeName();
    const int index = list_->add({range.start, range.end - range.start, name, QString()});
    panel_->setCurrentIndex(index);
    emit message(tr("Bookmark \"%1\" set at %2 (%3); rename it or add a note in the Bookmarks "
                    "dock (Ctrl+7).")
                     .arg(name, u8doc::NumberFormat::offset(range.start),
                          u8doc::NumberFormat::bytes(range.end - range.start)));
}

bool BookmarkActions::step(bool forward) {
    if (list_->isEmpty()) {
        QApplication::beep();
        emit message(tr("No bookmarks: Toggle Bookmark (Ctrl+B) sets one on the selection."));
        return false;
    }
    bool wrapped = false;
    const quint64 cursor = controller_->selection()->range().start;
    const int index = forward ? list_->next(cursor, &wrapped) : list_->previous(cursor, &wrapped);
    goTo(index);
    const Bookmark& b = list_->at(index);
    QString text = tr("Bookmark %1 of %2: \"%3\" at %4")
                       .arg(index + 1)
                       .arg(list_->size())
                       .arg(b.name, u8doc::NumberFormat::offset(b.start));
    if (wrapped)
        text += forward ? tr(" (past the last, back to the first)")
                        : tr(" (before the first, round to the last)");
    emit message(text);
    return true;
}

QString BookmarkActions::describe(quint64 offset) const {
    QStringList lines;
    for (const Bookmark& b : list_->bookmarks()) {
        if (b.start > offset)
            break;
        if (b.contains(offset))
            lines << (b.note.isEmpty() ? tr("Bookmark \"%1\"").arg(b.name)
                                       : tr("Bookmark \"%1\": %2").arg(b.name, b.note));
    }
    return lines.join(QLatin1Char('\n'));
}

void BookmarkActions::goTo(int index) {
    if (index < 0 || index >= list_->size())
        return;
    const Bookmark& b = list_->at(index);
    controller_->goTo(b.start, b.length);
    panel_->setCurrentIndex(index);
}

} // namespace u8app
