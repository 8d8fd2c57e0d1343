// The Repair menu and "Reinterpret as…": each action runs the codec's repair or transcode over
// the document in the background, shows a preview of what will change, and applies it as one
// undoable step. The file on disk is untouched until the user saves.
#pragma once

#include "change_preview.h"
#include "u8codec/byte_source.h"
#include "u8convert/repair.h"

#include <QObject>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace u8doc {
class DocumentHistory;
} // namespace u8doc
namespace u8ui {
class ByteDocument;
}

namespace u8app {
class JobControl;

class RepairActions : public QObject {
    Q_OBJECT
public:
    RepairActions(QWidget* window, u8ui::ByteDocument* document, u8doc::DocumentHistory* history);

    // Adds the repairs to `menu` (the window's Repair menu) and "Reinterpret as…" last.
    void populate(QMenu* menu);
    QAction* reinterpretAction() const { return reinterpret_; }
    // Repair > Fix Mojibake, Read Invalid Bytes as windows-1252 and Read C1 Controls as
    // windows-1252 Punctuation (after populate()).
    QAction* fixMojibakeAction() const { return fixMojibake_; }
    QAction* readInvalidAsCp1252Action() const { return readAsCp1252_; }
    QAction* replaceInvalidAction() const { return replaceInvalid_; }
    QAction* readC1AsCp1252Action() const { return readC1AsCp1252_; }

    // Decides whether a previewed change is applied, and which part of it (nullopt: none). The
    // default shows ChangePreviewDialog; tests replace it.
    using Confirm = std::function<std::optional<PreviewChoice>(const ChangePreview&)>;
    void setConfirm(Confirm confirm) { confirm_ = std::move(confirm); }

    // Runs one repair (in the background) through u8convert::repairSource(), as the command line
    // does; on confirmation the document changes. A document of repairInWindowsFrom() bytes or
    // more is repaired window by window into a temporary file that the document then reads:
    // neither needs memory of its size. A document whose file shrank while it was read is not
    // repaired (the repair says why).
    void runRepair(const QString& title, const u8convert::RepairOptions& options);
    std::uint64_t repairInWindowsFrom() const { return inWindowsFrom_; }
    void setRepairInWindowsFrom(std::uint64_t bytes) { inWindowsFrom_ = bytes; } // for tests
    // Reads the document's bytes as `encoding` and shows them converted to UTF-8.
    void runReinterpret(const QString& encoding);

    // The preview of a repair's report (public for tests). `groups` (from u8convert::tieChanges)
    // is given when the report lists every change: single changes can then be unticked. `lines`
    // (linesOfChanges()) lets the preview group a line's changes.
    static ChangePreview previewOf(const QString& title, const u8convert::RepairReport& report,
                                   const u8convert::RepairOptions& options,
                                   const std::vector<std::size_t>* groups = nullptr,
                                   const std::vector<quint64>* lines = nullptr);

signals:
    // An operation finished: applied, cancelled, or failed (the text says which).
    void finished(const QString& message);

private:
    void chooseReinterpretEncoding();
    void offer(const ChangePreview& preview, std::shared_ptr<const u8codec::ByteSource> bytes);
    struct RepairOutcome;
    static void repairDocument(const u8codec::ByteSource& source,
                               const u8convert::RepairOptions& options, std::uint64_t inWindowsFrom,
                               const QString& title, JobControl& control, RepairOutcome& outcome);
    void offerRepair(const QString& title, const u8convert::RepairOptions& options,
                     std::shared_ptr<const u8codec::ByteSource> source, RepairOutcome& outcome);
    // Applies the ticked part of a repair whose report lists every change.
    void applySelection(const QString& title, const u8convert::RepairOptions& options,
                        const u8codec::ByteSource& source, const RepairOutcome& outcome,
                        const PreviewChoice& choice);
    void updateEnabled();
    // The end of a background job (busy no more); false, after saying so, when it was cancelled.
    bool jobEnded(const JobControl& control, const QString& title);
    // runReinterpret(), part by part.
    struct ReinterpretOutcome;
    static void transcodeWhole(const u8codec::ByteSource& source, const std::string& from,
                               JobControl& control, ReinterpretOutcome& outcome);
    static ChangePreview reinterpretPreview(const QString& title, const QString& encoding,
                                            const ReinterpretOutcome& outcome);
    void offerReinterpret(const QString& title, const QString& encoding,
                          ReinterpretOutcome& outcome);

    QWidget* window_;
    u8ui::ByteDocument* document_;
    u8doc::DocumentHistory* history_;
    Confirm confirm_;
    QList<QAction*> actions_;
    QAction* reinterpret_ = nullptr;
    QAction* fixMojibake_ = nullptr;
    QAction* readAsCp1252_ = nullptr;
    QAction* replaceInvalid_ = nullptr;
    QAction* readC1AsCp1252_ = nullptr;
    bool busy_ = false;
    std::uint64_t inWindowsFrom_;
};

// Reads a whole byte source into memory in chunks, reporting progress (0..`share` of the job) and
// stopping when cancelled (then returns false).
class JobControl;
bool readWholeSource(const u8codec::ByteSource& source, std::vector<std::uint8_t>& out,
                     JobControl& control, double share);

} // namespace u8app
