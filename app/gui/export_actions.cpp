#include "export_actions.h"

#include "atomic_output.h"
#include "byte_document.h"
#include "document_controller.h"
#include "document_session.h"
#include "dump_painter.h"
#include "html_dump.h"
#include "notices.h"
#include "number_format.h"
#include "window_action.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QPrintDialog>
#include <QPrinter>
#include <QSaveFile>
#include <QWidget>

namespace u8app {
namespace {

u8dump::DumpOptions optionsFor(u8ui::ByteRange range, int width) {
    u8dump::DumpOptions options;
    options.width = width;
    options.offset = range.start;
    options.length = range.end - range.start;
    return options;
}

} // namespace

ExportActions::ExportActions(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                             const u8doc::DocumentSession* session,
                             std::function<int()> bytesPerRow)
    : QObject(window), window_(window), notices_(notices), document_(document), session_(session),
      bytesPerRow_(std::move(bytesPerRow)) {
    html_ = makeWindowAction(window, tr("Export as &HTML…"), QKeySequence(),
                             tr("Write the selection (or the whole document) as a page of "
                                "coloured hex and text with its problems, as `u8scope-cli dump "
                                "--html` writes it"),
                             this, [this] { askHtml(); });
    html_->setObjectName(QStringLiteral("exportHtml"));
    print_ = makeWindowAction(window, tr("&Print…"), QKeySequence::Print,
                              tr("Print the selection (or the whole document) as coloured hex "
                                 "and text, errors hatched so that they show in greyscale too"),
                              this, [this] { print(); });
    print_->setObjectName(QStringLiteral("print"));
    pdf_ = makeWindowAction(window, tr("Export as P&DF…"), QKeySequence(),
                            tr("Write the selection (or the whole document) as a PDF of coloured "
                               "hex and text"),
                            this, [this] { askPdf(); });
    pdf_->setObjectName(QStringLiteral("exportPdf"));
    connect(document_->document(), &u8ui::ByteDocument::contentChanged, this,
            &ExportActions::updateActions);
    updateActions();
}

void ExportActions::populate(QMenu* menu, QAction* before) {
    menu->insertActions(before, actions());
    menu->insertSeparator(before);
}

void ExportActions::updateActions() {
    const bool hasBytes = document_->document()->size() > 0;
    for (QAction* a : actions())
        a->setEnabled(hasBytes);
}

u8ui::ByteRange ExportActions::range() const {
    const u8ui::ByteRange selected = document_->selection()->range();
    const quint64 size = document_->document()->size();
    if (selected.end - selected.start > 1 && selected.end <= size)
        return selected;
    return {0, size};
}

QString ExportActions::title() const {
    const QString path = session_->path();
    return path.isEmpty() ? document_->document()->displayName() : path;
}

QString ExportActions::defaultPath(const QString& suffix) const {
    const QString path = session_->path();
    if (path.isEmpty())
        return QDir::home().filePath(QStringLiteral("dump") + suffix);
    const QFileInfo info(path);
    return info.dir().filePath(info.completeBaseName() + suffix);
}

bool ExportActions::sizeAccepted(u8ui::ByteRange range, const QString& what) {
    const quint64 bytes = range.end - range.start;
    if (bytes > kRefuseAbove) {
        QMessageBox::warning(
            window_, what,
            tr("%1 is too much for one dump: a page shows about 50 bytes of markup for each "
               "byte, and no browser or printer takes that much. Select at most %2 (Edit > "
               "Select Range) and export that.")
                .arg(u8doc::NumberFormat::bytes(bytes), u8doc::NumberFormat::bytes(kRefuseAbove)));
        return false;
    }
    if (bytes > kAskAbove)
        return QMessageBox::question(
                   window_, what,
                   tr("Export %1? The result will be large and slow to open; a selection "
                      "(Edit > Select Range) keeps it small.")
                       .arg(u8doc::NumberFormat::bytes(bytes)),
                   QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
    return true;
}

QString ExportActions::exportHtml(const QString& path, u8ui::ByteRange range) const {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source)
        return tr("There is no document to export.");
    auto created = u8io::AtomicOutput::create(QFile::encodeName(path).toStdString());
    if (!created)
        return QString::fromStdString(created.message());
    const std::unique_ptr<u8io::AtomicOutput> out = std::move(*created);
    const u8dump::DumpOptions options = optionsFor(range, bytesPerRow_());
    u8dump::HtmlPage page{
        QFile::encodeName(title()).toStdString(), source->size(), "u8scope " U8SCOPE_VERSION, {}};
    if (bookmarks_)
        page.bookmarks = bookmarks_();
    u8dump::HtmlDump html(std::move(page), options, u8dump::offsetDigitsFor(range.end),
                          [&out](std::string_view piece) { return out->write(piece); });
    const u8dump::DumpTotals totals = u8dump::dumpSource(*source, options, html);
    if (!html.finish(totals)) // the page's writer failed: commit() names the file and why
        return tr("%1: could not be written").arg(path);
    if (const u8codec::Status committed = out->commit(); !committed)
        return QString::fromStdString(committed.message());
    return {};
}

void ExportActions::paint(QPagedPaintDevice& device, u8ui::ByteRange range,
                          QStringList* transcript) const {
    const u8codec::ByteSource* source = document_->document()->source();
    QPainter painter(&device);
    const u8dump::DumpOptions options = optionsFor(range, bytesPerRow_());
    DumpPainter dump(painter, device, title(), options, u8dump::offsetDigitsFor(range.end));
    dump.setTranscript(transcript);
    if (bookmarks_)
        dump.setBookmarks(bookmarks_());
    dump.finish(u8dump::dumpSource(*source, options, dump));
}

QString ExportActions::exportPdf(const QString& path, u8ui::ByteRange range) const {
    if (!document_->document()->source())
        return tr("There is no document to export.");
    // Through a QSaveFile: the PDF appears whole or not at all, as the HTML does.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return tr("%1: %2").arg(path, file.errorString());
    {
        QPdfWriter writer(&file);
        writer.setTitle(title());
        writer.setCreator(QStringLiteral("u8scope " U8SCOPE_VERSION));
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
        paint(writer, range);
    }
    if (!file.commit())
        return tr("%1: %2").arg(path, file.errorString());
    return {};
}

void ExportActions::askHtml() {
    const u8ui::ByteRange r = range();
    if (!sizeAccepted(r, tr("Export as HTML")))
        return;
    QString path = QFileDialog::getSaveFileName(window_, tr("Export as HTML"),
                                                defaultPath(QStringLiteral(".html")),
                                                tr("HTML pages (*.html *.htm)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".html");
    const QString error = exportHtml(path, r);
    if (!error.isEmpty()) {
        QMessageBox::warning(window_, tr("Export as HTML"), error);
        return;
    }
    notices_->say(
        tr("Exported %1 as HTML to %2").arg(u8doc::NumberFormat::bytes(r.end - r.start), path),
        8000);
}

void ExportActions::askPdf() {
    const u8ui::ByteRange r = range();
    if (!sizeAccepted(r, tr("Export as PDF")))
        return;
    QString path = QFileDialog::getSaveFileName(
        window_, tr("Export as PDF"), defaultPath(QStringLiteral(".pdf")), tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    const QString error = exportPdf(path, r);
    if (!error.isEmpty()) {
        QMessageBox::warning(window_, tr("Export as PDF"), error);
        return;
    }
    notices_->say(
        tr("Exported %1 as PDF to %2").arg(u8doc::NumberFormat::bytes(r.end - r.start), path),
        8000);
}

void ExportActions::print() {
    const u8ui::ByteRange r = range();
    if (!sizeAccepted(r, tr("Print")))
        return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setDocName(title());
    QPrintDialog dialog(&printer, window_);
    dialog.setWindowTitle(tr("Print %1").arg(u8doc::NumberFormat::bytes(r.end - r.start)));
    if (dialog.exec() != QDialog::Accepted)
        return;
    paint(printer, r);
    notices_->say(
        tr("Sent %1 to %2").arg(u8doc::NumberFormat::bytes(r.end - r.start), printer.printerName()),
        8000);
}

} // namespace u8app
