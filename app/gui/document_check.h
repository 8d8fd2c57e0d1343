// The window's whole-document check and the audit that follows it, on the document's bytes: runs
// them (u8doc::DocumentScan, then AuditActions) when the session says the check is due (new bytes
// after their encoding verdict, or asked for), shows their progress in the status bar with a
// button that stops them, says in the Summary, the status bar or the banner when one was cancelled
// or failed, waits for the user on binary data, and holds the state the title says ("valid UTF-8,
// 3 suspicious characters"), made here only.
#pragma once

#include <QObject>
#include <QString>
#include <memory>

class QAction;
class QWidget;
class QProgressBar;
class QTimer;
class QToolButton;

namespace u8doc {
class Notices;
class DocumentSession;
struct ScanReport;
struct AuditReport;
class DocumentScan;
} // namespace u8doc
namespace u8ui {
class ByteDocument;
class SummaryPanel;
} // namespace u8ui

namespace u8app {

class AuditActions;
class OpenActions;

class DocumentCheck : public QObject {
    Q_OBJECT
public:
    // The reports go to `session`, which holds them for the bytes shown and says when a check is
    // due; `files` reloads the file when the check failed.
    DocumentCheck(QWidget* window, u8doc::Notices* notices, u8doc::DocumentSession* session,
                  OpenActions* files, AuditActions* audits, u8ui::SummaryPanel* summary);

    // The status bar's progress and Cancel button (hidden while nothing runs).
    QProgressBar* progressBar() const { return progress_; }
    QToolButton* cancelButton() const { return cancel_; }
    // Go > Check Again.
    QAction* againAction() const { return again_; }

    // Checks the document's bytes from the start (dropping what was found), then audits them
    // (on DocumentSession::checkDue).
    void start();
    // The bytes were edited by hand from offset `from` on: what was found goes now (its offsets
    // may no longer fit), and the check starts again once the edits pause for kQuietAfterEdit
    // (the latest bytes win), unless the check waits (for the verdict, or on binary data). It goes
    // on from the last check's report up to the last resume point before the first byte any edit
    // since changed (DocumentScan::startAfterEdit).
    void restartAfterEdit(quint64 from);
    static constexpr int kQuietAfterEdit = 300; // ms

    u8doc::DocumentScan* scan() const { return scan_; }
    // What the title says of the document's state: "valid UTF-8, 3 suspicious characters".
    QString stateText() const;

signals:
    // What stateText() says may have changed. (The reports: DocumentSession::checked and
    // audited.)
    void stateChanged();

private:
    QToolButton* makeCancelButton(QWidget* window);
    void connectScan();
    void connectAudit();
    void onScanFinished(std::shared_ptr<const u8doc::ScanReport> report);
    // Other bytes are shown: what was found goes, and the check waits for their verdict.
    void onReplaced();
    // The verdict is binary data (`kind`, "ELF executable"): the check would list nearly every
    // byte, so it waits until the user asks for it.
    void setBinary(const QString& kind);
    void showAuditProblem(const QString& message);
    void drop();
    void run();
    void startAudit();
    void onAuditChanged();
    void hideProgress();
    QString auditStateText() const;

    QWidget* window_;
    u8doc::Notices* notices_; // the status text and the banner
    u8doc::DocumentSession* session_;
    u8ui::ByteDocument* document_;
    OpenActions* files_;
    AuditActions* audits_;
    u8ui::SummaryPanel* summary_;
    u8doc::DocumentScan* scan_;
    QProgressBar* progress_;
    QToolButton* cancel_;
    QAction* again_;
    QTimer* restart_;

    // Waiting: for the verdict on new bytes (the check follows it).
    enum class State { None, Waiting, Running, Finished, Cancelled, Failed };
    State state_ = State::None;
    // The last finished check's report, and the first offset edited since the bytes it is of
    // (kNoEdit: none); the first offset edited since the running check's bytes.
    static constexpr quint64 kNoEdit = ~quint64(0);
    std::shared_ptr<const u8doc::ScanReport> base_;
    quint64 editedSinceBase_ = kNoEdit;
    quint64 editedSinceRun_ = kNoEdit;
    // The same for the audit: the last finished audit's report (with the options the audit has
    // now), the first offset edited since its bytes, and since the running audit's.
    std::shared_ptr<const u8doc::AuditReport> auditBase_;
    quint64 editedSinceAuditBase_ = kNoEdit;
    quint64 editedSinceAuditRun_ = kNoEdit;
    QString binaryKind_; // what the encoding check found binary, while not checked
};

} // namespace u8app
