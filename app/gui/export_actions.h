// File > Export as HTML…, Print… and Export as PDF…: the selected bytes (the whole document when
// no more than the cursor's byte is selected) as `u8scope-cli dump` shows them. The page is the
// CLI's `dump --html`, from the same generator (codec/dump's HtmlDump), byte for byte, but for the
// list of the document's bookmarks, which only the window knows; printing and
// PDF paint the same rows with the window's palette (DumpPainter). A large range asks first, and
// a huge one is refused: a page of 64 MiB of bytes would be some 2 GB of HTML no browser opens.
#pragma once

#include "byte_selection.h"
#include "html_dump.h"

#include <QList>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QWidget;
class QMenu;
class QPagedPaintDevice;

namespace u8doc {
class Notices;
class DocumentSession;
} // namespace u8doc
namespace u8app {

class DocumentController;

class ExportActions : public QObject {
    Q_OBJECT
public:
    // Above this many bytes the window asks before exporting; above kRefuseAbove it refuses.
    static constexpr quint64 kAskAbove = quint64(4) << 20;
    static constexpr quint64 kRefuseAbove = quint64(64) << 20;

    // `session` gives the open file's path (none without a file), `bytesPerRow` the hex
    // pane's row width (the export's).
    ExportActions(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                  const u8doc::DocumentSession* session, std::function<int()> bytesPerRow);

    // Adds the actions to `menu` before `before`.
    void populate(QMenu* menu, QAction* before);
    QList<QAction*> actions() const { return {html_, print_, pdf_}; }

    // What is exported: the selection when it is more than one byte, else the whole document.
    u8ui::ByteRange range() const;
    // Writes the page of `range` to `path` (whole or not at all). Returns why it failed, naming
    // the file; empty on success.
    QString exportHtml(const QString& path, u8ui::ByteRange range) const;
    // The same as a PDF.
    QString exportPdf(const QString& path, u8ui::ByteRange range) const;
    // The bookmarks the HTML page lists (those in the range exported).
    using Bookmarks = std::function<std::vector<u8dump::HtmlBookmark>()>;
    void setBookmarks(Bookmarks bookmarks) { bookmarks_ = std::move(bookmarks); }
    // Paints the dump of `range` on `device`, page by page (Print, Export as PDF); the texts it
    // paints besides the rows go to `transcript` too when one is given (for tests).
    void paint(QPagedPaintDevice& device, u8ui::ByteRange range,
               QStringList* transcript = nullptr) const;

private:
    void updateActions();
    // False when the range is too large, or the user declines; says why.
    bool sizeAccepted(u8ui::ByteRange range, const QString& what);
    QString defaultPath(const QString& suffix) const;
    QString title() const;
    void askHtml();
    void askPdf();
    void print();

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    const u8doc::DocumentSession* session_;
    std::function<int()> bytesPerRow_;
    Bookmarks bookmarks_;
    QAction* html_;
    QAction* print_;
    QAction* pdf_;
};

} // namespace u8app
