#include "document_session.h"

#include "audit_report.h"
#include "byte_document.h"
#include "document_controller.h"
#include "document_history.h"
#include "scan_report.h"
#include "u8codec/byte_source.h"

#include <QFileInfo>

namespace u8doc {

DocumentSession::DocumentSession(u8app::DocumentController* controller, QObject* parent)
    : QObject(parent), controller_(controller) {
    connect(controller_->document(), &u8ui::ByteDocument::contentChanged, this,
            [this](u8ui::ByteDocument::Change change) {
                // Saved: the same bytes, from the file just written (adoptSavedFile).
                if (change != u8ui::ByteDocument::Change::Saved)
                    onContentChanged(change == u8ui::ByteDocument::Change::Edited);
            });
}

DocumentSession::~DocumentSession() = default;

void DocumentSession::openFile(std::shared_ptr<u8codec::FileSource> file, const QString& path) {
    file_ = std::move(file);
    path_ = path;
    openedSize_ = file_ ? file_->size() : 0;
    onDisk_ = FileOnDisk::at(path_);
    // Asked before the bytes are shown, as the folder and the file are at opening.
    const QString notWritable = FileOnDisk::whyNotWritable(path_);
    emit opened(path_);
    controller_->replace(file_, QFileInfo(path_).fileName());
    controller_->setReadOnlyReason(notWritable);
}

void DocumentSession::adoptSavedFile(std::shared_ptr<u8codec::FileSource> file,
                                     const QString& path) {
    file_ = std::move(file);
    path_ = path;
    openedSize_ = file_ ? file_->size() : 0;
    onDisk_ = FileOnDisk::at(path_);
    const QString notWritable = FileOnDisk::whyNotWritable(path_);
    // Edits made while the file was written keep the document as it is, modified.
    (void)controller_->history()->adoptSavedFile(file_, QFileInfo(path_).fileName());
    controller_->setReadOnlyReason(notWritable);
}

void DocumentSession::openBytes(std::shared_ptr<const u8codec::ByteSource> bytes,
                                const QString& name) {
    forgetFile();
    openedSize_ = bytes ? bytes->size() : 0;
    emit opened(QString());
    controller_->replace(std::move(bytes), name);
}

void DocumentSession::close() {
    forgetFile();
    openedSize_ = 0;
    emit opened(QString());
    controller_->replace(nullptr, QString());
}

void DocumentSession::forgetFile() {
    file_.reset();
    path_.clear();
    onDisk_ = FileOnDisk();
}

FileOnDisk::Change DocumentSession::changeOnDisk(FileOnDisk* now) const {
    if (!file_)
        return FileOnDisk::Change::None;
    const FileOnDisk current = FileOnDisk::at(path_);
    if (now)
        *now = current;
    return onDisk_.changeTo(current);
}

QString DocumentSession::readOnlyReason() const {
    return controller_->readOnlyReason();
}

void DocumentSession::setVerdict(const QString& binaryKind) {
    binaryKind_ = binaryKind;
    if (checkGate_ == CheckGate::Open)
        return; // asked for already: the check runs, or ran
    if (!binaryKind.isEmpty()) {
        checkGate_ = CheckGate::Binary;
        emit binaryFound(binaryKind);
        return;
    }
    checkGate_ = CheckGate::Open;
    emit checkDue();
}

void DocumentSession::askCheck() {
    checkGate_ = CheckGate::Open;
    emit checkDue();
}

void DocumentSession::setCheckReport(std::shared_ptr<const ScanReport> report) {
    checkReport_ = std::move(report);
    emit checked(checkReport_);
}

void DocumentSession::setAuditReport(std::shared_ptr<const AuditReport> report) {
    auditReport_ = std::move(report);
    emit audited(auditReport_);
}

void DocumentSession::onContentChanged(bool byHand) {
    if (byHand) {
        emit edited(controller_->document()->changedFrom());
        return;
    }
    // What was found of the bytes before says nothing of these: the verdict goes, and the check
    // waits for the one on these (the encoding check says it, at once for bytes of no file).
    binaryKind_.clear();
    checkGate_ = CheckGate::Verdict;
    emit replaced();
}

} // namespace u8doc
