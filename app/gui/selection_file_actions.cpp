#include "selection_file_actions.h"

#include "background_job.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "document_controller.h"
#include "document_session.h"
#include "edit_placement.h"
#include "notices.h"
#include "number_format.h"
#include "range_source.h"
#include "save_actions.h"
#include "window_action.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QWidget>

namespace u8app {

using u8doc::NumberFormat;

SelectionFileActions::SelectionFileActions(QWidget* window, u8doc::Notices* notices,
                                           DocumentController* document, SaveActions* saves,
                                           const u8doc::DocumentSession* session)
    : QObject(window), window_(window), notices_(notices), document_(document), saves_(saves),
      session_(session) {
    saveSelection_ = makeWindowAction(
        window, tr("Save Se&lection As…"), QKeySequence(tr("Ctrl+Alt+S")),
        tr("Write the selected bytes, exactly as they are, to a file of their own (atomically: "
           "it appears whole or not at all)"),
        this, [this] {
            const QString path = QFileDialog::getSaveFileName(window_, tr("Save Selection As"));
            if (!path.isEmpty())
                saveSelectionTo(path);
        });
    insertFile_ = makeWindowAction(
        window, tr("Insert &File…"), QKeySequence(tr("Ctrl+Alt+I")),
        tr("Insert a file's bytes before the selected bytes (at the cursor), as one step that "
           "Undo takes back"),
        this, [this] {
            const QString path = QFileDialog::getOpenFileName(window_, tr("Insert File"));
            if (!path.isEmpty())
                insertFile(path);
        });
}

void SelectionFileActions::updateActions() {
    const u8ui::ByteDocument* document = document_->document();
    saveSelection_->setEnabled(document->size() > 0);
    insertFile_->setEnabled(document->source() != nullptr);
}

void SelectionFileActions::showMessage(const QString& text) {
    notices_->say(text, 8000);
}

bool SelectionFileActions::saveSelectionTo(const QString& path) {
    const u8ui::ByteDocument* document = document_->document();
    if (!document->source())
        return false;
    const u8ui::ByteRange range =
        u8doc::selectedBytes(*document->source(), *document_->selection());
    if (range.isEmpty()) {
        showMessage(tr("Nothing was written to %1: no bytes are selected.").arg(path));
        return false;
    }
    // Writing the selection over the open file would leave the window showing bytes that are no
    // longer on disk as if they were.
    const QString open = session_->path();
    if (!open.isEmpty() &&
        QFileInfo(path).canonicalFilePath() == QFileInfo(open).canonicalFilePath()) {
        showMessage(
            tr("Nothing was written: %1 is the open document (File > Save writes it).").arg(path));
        return false;
    }
    auto part = std::make_shared<RangeSource>(document->sharedSource(), range.start,
                                              range.end - range.start);
    // SaveActions says what happened ("Saved …") or why not, naming the file.
    return saves_->writeAtomically(part, path);
}

bool SelectionFileActions::readFile(const QString& path, QByteArray& bytes, QString& error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = file.errorString();
        return false;
    }
    if (file.size() > kMaxInsert) {
        error = tr("it holds %1; at most %2 are inserted at once")
                    .arg(NumberFormat::size(quint64(file.size())), NumberFormat::size(kMaxInsert));
        return false;
    }
    file.close();
    auto out = std::make_shared<QByteArray>();
    auto failure = std::make_shared<QString>();
    const bool done = runAndWait(
        window_, tr("Reading %1").arg(QFileInfo(path).fileName()),
        [path, out, failure](JobControl& control) {
            QFile in(path);
            if (!in.open(QIODevice::ReadOnly)) {
                *failure = in.errorString();
                return;
            }
            const qint64 total = std::max<qint64>(in.size(), 1);
            constexpr qint64 kChunk = qint64(1) << 20;
            while (!in.atEnd() && !control.cancelled()) {
                const QByteArray chunk = in.read(kChunk);
                if (chunk.isEmpty() && in.error() != QFileDevice::NoError) {
                    *failure = in.errorString();
                    return;
                }
                if (out->size() + chunk.size() > kMaxInsert) {
                    *failure =
                        tr("it grew past %1 while it was read").arg(NumberFormat::size(kMaxInsert));
                    return;
                }
                out->append(chunk);
                control.setProgress(double(out->size()) / double(total));
            }
        });
    error = *failure;
    if (!done || !error.isEmpty())
        return false; // cancelled: no error, and nothing of what was read is used
    bytes = std::move(*out);
    return true;
}

bool SelectionFileActions::insertFile(const QString& path) {
    const u8ui::ByteDocument* document = document_->document();
    if (!document->source())
        return false;
    if (const QString why = document_->whyReadOnly(); !why.isEmpty()) {
        showMessage(tr("%1 was not inserted. %2").arg(path, why));
        return false;
    }
    QByteArray bytes;
    QString error;
    if (!readFile(path, bytes, error)) {
        showMessage(error.isEmpty() ? tr("Inserting %1 cancelled; nothing was changed.").arg(path)
                                    : tr("%1 was not inserted: %2.").arg(path, error));
        return false;
    }
    if (bytes.isEmpty()) {
        showMessage(tr("%1 is empty: nothing was inserted.").arg(path));
        return false;
    }
    const u8ui::ByteRange range =
        u8doc::selectedBytes(*document->source(), *document_->selection());
    const quint64 at = range.isEmpty() ? document->size() : range.start;
    const quint64 length = quint64(bytes.size());
    u8doc::DocumentEditor::Change change;
    change.offset = at;
    change.bytes = std::move(bytes);
    change.description = tr("Insert File");
    change.cursorAfter = at + length;
    if (!document_->edit(change))
        return false;
    document_->selection()->select({at, at + length});
    showMessage(tr("Inserted %1 from %2 at %3.")
                    .arg(NumberFormat::bytes(length), path, NumberFormat::offset(at)));
    return true;
}

} // namespace u8app
