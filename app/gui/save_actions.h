// File > Save, Save As, Save As Encoding… and the unsaved-changes question. Saving streams the
// document (a snapshot of its piece table: the file's own bytes and the edits, never the whole
// document in memory) through u8io::saveSource and AtomicOutput, as u8scope-cli's --in-place
// writes: a temporary file with the replaced file's mode, owner, group and extended attributes,
// renamed over it durably (through a symbolic link, the target is replaced and the link kept), so
// a failed or cancelled save leaves the file as it was. The previous version can be kept as
// NAME.bak, or NAME.bak.N when that is taken: a backup is never overwritten (backup_file.h).
// Save asks first when another program changed the file since it was opened.
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <memory>

class QAction;
class QMenu;
class QWidget;

namespace u8codec {
class ByteSource;
}
namespace u8convert {
struct TranscodeOptions;
struct TranscodeResult;
} // namespace u8convert
namespace u8doc {
class DocumentSession;
class DocumentHistory;
} // namespace u8doc
namespace u8ui {
class ByteDocument;
}

namespace u8io {
class AtomicOutput;
}

namespace u8app {
class JobControl;

class SaveActions : public QObject {
    Q_OBJECT
public:
    // `session` says which file is open (no path for the sample or an unsaved text).
    SaveActions(QWidget* window, u8ui::ByteDocument* document, u8doc::DocumentHistory* history,
                const u8doc::DocumentSession* session);

    // Adds Save, Save As, Save As Encoding… and "Keep a Backup" to `menu`, before `before`.
    void populate(QMenu* menu, QAction* before);

    // Before the document goes away (open another file, close, quit): when it has unsaved
    // changes, asks Save / Discard / Cancel. True when it is fine to go on.
    bool maybeSave();

    bool save();
    bool saveAs();
    void saveAsEncoding();

    // Writes `source` to `path` atomically (in the background, with progress and cancel; waits
    // for the result). On failure shows why and returns false; the file is then untouched.
    bool writeAtomically(const std::shared_ptr<const u8codec::ByteSource>& source,
                         const QString& path);

    bool keepBackup() const;

    // What another program did to the file on disk since it was opened ("was replaced by
    // another file"; empty when nothing): Save asks before writing over it.
    void setDiskCheck(std::function<QString()> check) { diskCheck_ = std::move(check); }
    // Answers that question (the default asks in a message box): true to write over it.
    using Overwrite = std::function<bool(const QString& question)>;
    void setConfirmOverwrite(Overwrite confirm) { confirmOverwrite_ = std::move(confirm); }

signals:
    // The document's bytes are now in `path`, just before saved(): what goes beside the file
    // (its bookmarks) is written before the window takes the file as the document's.
    void written(const QString& path);
    // The document's bytes are now in `path` (the window goes on with that file as the
    // document's: DocumentSession::adoptSavedFile).
    void saved(const QString& path);
    // Around a write to `path` (whether it succeeds or not): the window's own write, which the
    // watch of the open file must not take for another program's change.
    void writeStarting(const QString& path);
    void writeEnded(const QString& path);
    void message(const QString& text);

private:
    void updateEnabled();
    // Writes the document's bytes to `path` (writeAtomically), marks them saved and tells.
    bool writeDocument(const QString& path);
    // The problems of UTF-8 in a converted document, counted as the Problems list counts
    // them (C0 AF is one problem, two U+FFFD).
    struct ProblemTally {
        std::uint64_t problems = 0;
        std::uint64_t replacements = 0;          // U+FFFD a replacing decoder writes for them
        std::vector<std::uint64_t> firstOffsets; // of the first few
        // The target has no U+FFFD: the converter counted each as a character it cannot
        // represent too, which is taken out of its count (a problem is said once, as a problem).
        bool replacementUnmappable = false;
    };
    static void takeReplacementsOutOfUnmappable(u8convert::TranscodeResult& result,
                                                ProblemTally& tally);
    // Converts the document to `target` in the background; false when the user cancelled.
    bool convertForSave(const std::shared_ptr<const u8codec::ByteSource>& source,
                        const QString& target, const u8convert::TranscodeOptions& options,
                        u8convert::TranscodeResult& result, ProblemTally& tally);
    // The question before a save that substitutes characters or replaces problems.
    static QString lossQuestion(const u8convert::TranscodeResult& result, const ProblemTally& tally,
                                const QString& target, const u8convert::TranscodeOptions& options);
    // Why `result` cannot be saved (characters that do not fit, a converter error); empty if it
    // can.
    static QString unsavableReason(const u8convert::TranscodeResult& result,
                                   const ProblemTally& tally, const QString& target);
    // Runs `write` (filling the output on a worker thread; false when cancelled or the bytes
    // could not be read, with the reason) and commits it, or explains.
    bool writeBytes(const QString& path,
                    const std::function<bool(u8io::AtomicOutput&, JobControl&, QString&)>& write);

    QWidget* window_;
    u8ui::ByteDocument* document_;
    u8doc::DocumentHistory* history_;
    const u8doc::DocumentSession* session_;
    std::function<QString()> diskCheck_;
    Overwrite confirmOverwrite_;
    QAction* save_ = nullptr;
    QAction* saveAs_ = nullptr;
    QAction* saveAsEncoding_ = nullptr;
    QAction* backup_ = nullptr;
};

} // namespace u8app
