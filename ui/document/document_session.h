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

    // The encoding check found binary data (`kind`, "ELF executable") in the bytes shown; empty
    // while it did not (or other bytes are shown since).
    void setBinary(const QString& kind);
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
    void binaryFound(const QString& kind);

private:
    void forgetFile();
    void onContentChanged(bool byHand);

    u8app::DocumentController* controller_;
    std::shared_ptr<u8codec::FileSource> file_; // null for bytes of no file
    QString path_;
    quint64 openedSize_ = 0;
    FileOnDisk onDisk_;
    QString binaryKind_;
    std::shared_ptr<const ScanReport> checkReport_;
    std::shared_ptr<const AuditReport> auditReport_;
};

} // namespace u8doc
