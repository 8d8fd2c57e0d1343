// One open document and what is known about it, owned in one place: its bytes, selection and
// history (through the DocumentController that edits them), the file they came from (its path,
// its size and identity on disk as opened, why it may not be written), the encoding verdict
// (binary data, and of what kind) and the last check and audit reports of the bytes shown.
//
// The commands that open, save, export or check a document ask it here instead of each other
// ("which file is open?"), and hear of its changes through its signals: opened (a file or bytes
// of no file in place of the document), replaced (other bytes: a file, a repair, the undo of
// one), edited (a hand edit from an offset on), checked and audited (a report, or null when the
// last one no longer holds). It needs QtCore only, so its behaviour is tested without a window
// (tests/ui/document).
//
// It also says when the whole-file check may start: new bytes are first examined for their
// encoding (the verdict: text, or binary data of some kind), then checked (checkDue) when they
// are text; binary data waits until the user asks for the check (askCheck), since it would list
// nearly every byte. A detection and a check never run on the same bytes at once, and a check
// never starts on bytes whose verdict is not known.
#pragma once

#include "file_on_disk.h"

#include <QObject>
#include <QString>
#include <memory>

namespace u8codec {
class ByteSource;
class FileSource;
} // namespace u8codec
namespace u8app {
class DocumentController;
} // namespace u8app

namespace u8doc {

struct AuditReport;
struct ScanReport;

class DocumentSession : public QObject {
    Q_OBJECT
public:
    explicit DocumentSession(u8app::DocumentController* controller, QObject* parent = nullptr);
    ~DocumentSession() override;

    u8app::DocumentController* controller() const { return controller_; }

    // `file`, opened from the absolute `path`, in place of the document, named by the file's
    // name; read only when the user may not write it (FileOnDisk::whyNotWritable).
    void openFile(std::shared_ptr<u8codec::FileSource> file, const QString& path);
    // The document's bytes were just saved to `file`, opened from the absolute `path` (the
    // open file's, or Save As's): the session's file from now on, as it is on disk now, named by
    // its name. The bytes stay as they are, with their history and their check and audit
    // (DocumentHistory::adoptSavedFile; nothing is opened, replaced or checked again).
    void adoptSavedFile(std::shared_ptr<u8codec::FileSource> file, const QString& path);
    // `bytes` of no file (the tour sample) in place of the document, under `name`.
    void openBytes(std::shared_ptr<const u8codec::ByteSource> bytes, const QString& name);
    // No document.
    void close();

    // The open file's absolute path; empty for bytes of no file, or without a document.
    QString path() const { return path_; }
    bool hasFile() const { return file_ != nullptr; }
    // The size of the bytes when they were opened (a repair does not change it).
    quint64 openedSize() const { return openedSize_; }
    // The file as it was when opened; what became of it since, and (`now`) the file as it is.
    const FileOnDisk& onDisk() const { return onDisk_; }
    FileOnDisk::Change changeOnDisk(FileOnDisk* now = nullptr) const;
    // Why the document may not be edited whatever the user chose; empty when it may.
    QString readOnlyReason() const;

    // The encoding verdict on the bytes shown: binary data of `binaryKind` ("ELF executable"), or
    // (empty) text. Text makes the check due; binary data makes it wait for askCheck(). After
    // askCheck() the verdict is kept but starts nothing.
    void setVerdict(const QString& binaryKind);
    // The user asked for the check (Check Again, the binary banner's button): it is due now,
    // whatever the verdict.
    void askCheck();
    // The check of the bytes shown waits: for their verdict, or for the user on binary data.
    bool checkWaits() const { return checkGate_ != CheckGate::Open; }
    // What the verdict found binary; empty while it did not (or other bytes are shown since).
    QString binaryKind() const { return binaryKind_; }

    // The last finished check and audit of the bytes shown; null while none holds.
    void setCheckReport(std::shared_ptr<const ScanReport> report);
    void setAuditReport(std::shared_ptr<const AuditReport> report);
    std::shared_ptr<const ScanReport> checkReport() const { return checkReport_; }
    std::shared_ptr<const AuditReport> auditReport() const { return auditReport_; }

signals:
    // A file (`path`) or bytes of no file (`path` empty) in place of the document, or (`path`
    // empty, no bytes) none. replaced() follows.
    void opened(const QString& path);
    // Other bytes are shown: a document opened, a repair or reinterpretation, or its undo.
    void replaced();
    // The bytes were edited by hand (or such an edit undone) from offset `from` on.
    void edited(quint64 from);
    void checked(std::shared_ptr<const u8doc::ScanReport> report);
    void audited(std::shared_ptr<const u8doc::AuditReport> report);
    // The verdict on the bytes shown is binary data (`kind`): the check waits for askCheck().
    void binaryFound(const QString& kind);
    // The whole-file check of the bytes shown may start (their verdict is text, or the user
    // asked).
    void checkDue();

private:
    void forgetFile();
    void onContentChanged(bool byHand);

    u8app::DocumentController* controller_;
    std::shared_ptr<u8codec::FileSource> file_; // null for bytes of no file
    QString path_;
    quint64 openedSize_ = 0;
    FileOnDisk onDisk_;
    QString binaryKind_;
    enum class CheckGate { Verdict, Binary, Open };
    CheckGate checkGate_ = CheckGate::Verdict; // what the check of the bytes shown waits for
    std::shared_ptr<const ScanReport> checkReport_;
    std::shared_ptr<const AuditReport> auditReport_;
};

} // namespace u8doc
