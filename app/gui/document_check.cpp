#include "document_check.h"

#include "audit_actions.h"
#include "audit_report.h"
#include "byte_document.h"
#include "document_controller.h"
#include "document_scan.h"
#include "document_session.h"
#include "notices.h"
#include "number_format.h"
#include "open_actions.h"
#include "scan_report.h"
#include "summary_panel.h"
#include "window_action.h"

#include <QProgressBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QWidget>

namespace u8app {

using u8doc::NumberFormat;

namespace {

QString checkingTip() {
    return DocumentCheck::tr(
        "The whole file is being checked in the background: counts and problems list");
}

} // namespace

DocumentCheck::DocumentCheck(QWidget* window, u8doc::Notices* notices,
                             u8doc::DocumentSession* session, OpenActions* files,
                             AuditActions* audits, u8ui::SummaryPanel* summary)
    : QObject(window), window_(window), notices_(notices), session_(session),
      document_(session->controller()->document()), files_(files), audits_(audits),
      summary_(summary), scan_(new u8doc::DocumentScan(this)), progress_(new QProgressBar(window)),
      cancel_(makeCancelButton(window)), restart_(new QTimer(this)) {
    // After an edit, the check starts again once the typing pauses: a keystroke would otherwise
    // start a whole-file check only for the next one to cancel it.
    restart_->setSingleShot(true);
    restart_->setInterval(kQuietAfterEdit);
    connect(restart_, &QTimer::timeout, this, &DocumentCheck::run);
    progress_->setObjectName(QStringLiteral("scanProgress"));
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(160);
    progress_->setFormat(tr("Checking %p%"));
    progress_->setToolTip(checkingTip());
    hideProgress();
    again_ = makeWindowAction(window, tr("&Check Again"), {},
                              tr("Run the whole-file check and the audit again (counts and "
                                 "Problems list)"),
                              this, [this] { session_->askCheck(); });
    connect(session_, &u8doc::DocumentSession::replaced, this, &DocumentCheck::onReplaced);
    connect(session_, &u8doc::DocumentSession::checkDue, this, &DocumentCheck::start);
    connect(session_, &u8doc::DocumentSession::binaryFound, this, &DocumentCheck::setBinary);
    connectScan();
    connectAudit();
}

QToolButton* DocumentCheck::makeCancelButton(QWidget* window) {
    auto* button = new QToolButton(window);
    button->setObjectName(QStringLiteral("scanCancel"));
    button->setIcon(window->style()->standardIcon(QStyle::SP_DialogCancelButton));
    button->setAutoRaise(true);
    button->setToolTip(tr("Stop checking the whole file"));
    connect(button, &QToolButton::clicked, this, [this] {
        if (scan_->isRunning())
            scan_->cancel();
        else
            audits_->cancel();
    });
    return button;
}

void DocumentCheck::hideProgress() {
    progress_->hide();
    cancel_->hide();
}

void DocumentCheck::connectScan() {
    connect(scan_, &u8doc::DocumentScan::progressChanged, this, [this](int permille) {
        progress_->setValue(permille);
        summary_->setProgress(permille);
    });
    connect(scan_, &u8doc::DocumentScan::finished, this, &DocumentCheck::onScanFinished);
    connect(scan_, &u8doc::DocumentScan::cancelled, this, [this] {
        if (state_ != State::Running)
            return; // replaced by a newer scan, which reports for itself
        state_ = State::Cancelled;
        summary_->showMessage(tr("The check was cancelled: use Go > Check Again."));
        hideProgress();
        emit stateChanged();
        notices_->say(
            tr("Check cancelled: the problems list and counts are incomplete. Use Go > Check "
               "Again to run it."),
            8000);
    });
    connect(scan_, &u8doc::DocumentScan::failed, this, [this](const QString& reason) {
        state_ = State::Failed;
        base_.reset();
        summary_->showMessage(reason);
        hideProgress();
        emit stateChanged();
        notices_->showBanner(
            u8doc::Notices::Level::Warning,
            tr("The whole-file check of %1 stopped: %2").arg(document_->displayName(), reason),
            session_->path().isEmpty() ? QString() : tr("Reload"), [this] { files_->reload(); });
    });
}

void DocumentCheck::start() {
    restart_->stop();
    base_.reset(); // other bytes, or Check Again: from the start
    auditBase_.reset();
    notices_->clearSaid(); // "Check cancelled" is about the check this replaces
    run();
}

void DocumentCheck::restartAfterEdit(quint64 from) {
    editedSinceBase_ = std::min(editedSinceBase_, from);
    editedSinceRun_ = std::min(editedSinceRun_, from);
    editedSinceAuditBase_ = std::min(editedSinceAuditBase_, from);
    editedSinceAuditRun_ = std::min(editedSinceAuditRun_, from);
    if (session_->checkWaits())
        return; // the check starts with the verdict, or (binary data) when the user asks
    drop();
    emit stateChanged();
    restart_->start();
}

void DocumentCheck::drop() {
    summary_->setReport(nullptr);
    session_->setCheckReport(nullptr);
    // A scan still running for the old bytes is cancelled first; that is no news for the user.
    state_ = State::None;
    audits_->reset();
    scan_->cancel(); // reports cancelled() at once, while the state says None
}

void DocumentCheck::run() {
    binaryKind_.clear();
    drop();
    if (document_->size() == 0) {
        hideProgress();
    } else {
        state_ = State::Running;
        progress_->setFormat(tr("Checking %p%"));
        progress_->setValue(0);
        progress_->show();
        cancel_->show();
        editedSinceRun_ = kNoEdit;
        // After edits, what the last check found before them holds (a check cancelled since
        // leaves that report and the edits before it as they were).
        if (base_ && editedSinceBase_ != kNoEdit)
            scan_->startAfterEdit(document_->sharedSource(), base_, editedSinceBase_);
        else
            scan_->start(document_->sharedSource());
    }
    emit stateChanged();
}

void DocumentCheck::onScanFinished(std::shared_ptr<const u8doc::ScanReport> report) {
    state_ = State::Finished;
    base_ = report;
    editedSinceBase_ = editedSinceRun_;
    summary_->setReport(report);
    session_->setCheckReport(std::move(report));
    hideProgress();
    // The audit of what hides in the text follows, on the same bytes.
    startAudit();
}

void DocumentCheck::onReplaced() {
    restart_->stop();
    binaryKind_.clear();
    drop();
    hideProgress();
    base_.reset();
    auditBase_.reset();
    if (document_->size() > 0)
        state_ = State::Waiting;
    emit stateChanged();
}

void DocumentCheck::setBinary(const QString& kind) {
    // Nothing was checked of these bytes: the check waited for their verdict (onReplaced()).
    state_ = State::None;
    base_.reset();
    auditBase_.reset();
    binaryKind_ = kind;
    summary_->showMessage(
        tr("Not checked: binary data (%1). Use Go > Check Again to check it as UTF-8.").arg(kind));
    emit stateChanged();
}

// --- the audit --------------------------------------------------------------------------------

void DocumentCheck::connectAudit() {
    connect(audits_, &AuditActions::progressChanged, this, [this](int permille) {
        if (!scan_->isRunning())
            progress_->setValue(permille);
    });
    connect(audits_, &AuditActions::stateChanged, this, &DocumentCheck::onAuditChanged);
    connect(audits_, &AuditActions::rerunRequested, this, [this] {
        // A new profile or allowlist: audit again what was checked, from the start; a check
        // still to come (or running) starts its audit with them anyway.
        auditBase_.reset();
        if (state_ == State::Finished)
            startAudit();
    });
    connect(audits_, &AuditActions::problem, this, &DocumentCheck::showAuditProblem);
}

void DocumentCheck::showAuditProblem(const QString& message) {
    notices_->showBanner(u8doc::Notices::Level::Error, message, tr("Choose Another…"),
                         [this] { audits_->allowlistAction()->trigger(); });
}

void DocumentCheck::startAudit() {
    if (document_->size() == 0)
        return;
    // An allowlist that could not be read at start-up is news for the first audit too: opening
    // the file may have replaced the banner that said so.
    if (const QString problem = audits_->takeStartupProblem();
        !problem.isEmpty() && notices_->banner() != problem)
        showAuditProblem(problem);
    progress_->setFormat(tr("Auditing %p%"));
    progress_->setToolTip(tr("The whole file is being audited in the background: bidi "
                             "controls, invisible characters, look-alikes"));
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
    // After edits, what the last audit found before them holds (DocumentAudit::reaudit()).
    if (auditBase_ && editedSinceAuditBase_ != kNoEdit)
        audits_->startAfterEdit(document_->sharedSource(), auditBase_, editedSinceAuditBase_);
    else
        audits_->start(document_->sharedSource());
    editedSinceAuditRun_ = kNoEdit;
}

void DocumentCheck::onAuditChanged() {
    const AuditActions::State state = audits_->state();
    if (state != AuditActions::State::Running && !scan_->isRunning()) {
        hideProgress();
        progress_->setToolTip(checkingTip());
    }
    if (state == AuditActions::State::Finished) {
        auditBase_ = audits_->report();
        editedSinceAuditBase_ = editedSinceAuditRun_;
    }
    if (state == AuditActions::State::Cancelled)
        notices_->say(tr("Audit cancelled: suspicious characters are not "
                         "listed or marked. Use Go > Check Again to run it."),
                      8000);
    session_->setAuditReport(audits_->report());
    emit stateChanged();
}

// --- the state in words -----------------------------------------------------------------------

QString DocumentCheck::stateText() const {
    switch (state_) {
    case State::None:
        return document_->size() == 0  ? tr("empty")
               : binaryKind_.isEmpty() ? QString()
                                       : tr("binary data (%1)").arg(binaryKind_);
    case State::Waiting:
    case State::Running:
        return tr("checking UTF-8…");
    case State::Cancelled:
        return tr("UTF-8 check cancelled");
    case State::Failed:
        return tr("UTF-8 check failed");
    case State::Finished:
        break;
    }
    const std::shared_ptr<const u8doc::ScanReport> report = session_->checkReport();
    if (!report)
        return {};
    const QString valid =
        report->summary.valid()
            ? tr("valid UTF-8")
            : tr("not valid UTF-8 (%1)")
                  .arg(report->totalProblems == 1
                           ? tr("1 problem")
                           : tr("%1 problems").arg(NumberFormat::count(report->totalProblems)));
    return valid + auditStateText();
}

QString DocumentCheck::auditStateText() const {
    switch (audits_->state()) {
    case AuditActions::State::None:
        return {};
    case AuditActions::State::Running:
        return tr(", auditing…");
    case AuditActions::State::Cancelled:
        return tr(", audit cancelled");
    case AuditActions::State::Failed:
        return tr(", audit failed");
    case AuditActions::State::Finished:
        break;
    }
    const quint64 n = audits_->report()->suspiciousCharacters;
    return n == 0   ? tr(", nothing suspicious")
           : n == 1 ? tr(", 1 suspicious character")
                    : tr(", %1 suspicious characters").arg(NumberFormat::count(n));
}

} // namespace u8app
