// The window's audit of what hides in valid UTF-8, beside its check of validity: the Problems
// panel (errors and suspicious characters, filtered), F8 and Shift+F8 over it, the audit started
// once the whole-file check has finished and its report handed to every view, and the state the
// title says ("valid UTF-8, 3 suspicious characters"), made here only.
#include "audit_actions.h"
#include "audit_report.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "document_scan.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "main_window.h"
#include "message_banner.h"
#include "number_format.h"
#include "problems_model.h"
#include "scan_report.h"
#include "text_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace u8app {

using u8ui::NumberFormat;
using u8ui::ProblemsModel;

namespace {

const QString kFilterKey = QStringLiteral("problemsFilter");

} // namespace

std::shared_ptr<const u8ui::AuditReport> MainWindow::auditReport() const {
    return audits_->report();
}

QWidget* MainWindow::createProblemsPanel() {
    problemsView_->setObjectName(QStringLiteral("problemsView"));
    problemsView_->setModel(problemsModel_);
    problemsView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    problemsView_->setSelectionMode(QAbstractItemView::SingleSelection);
    problemsView_->setAlternatingRowColors(true);
    problemsView_->setWordWrap(false);
    problemsView_->verticalHeader()->hide();
    problemsView_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    problemsView_->horizontalHeader()->setStretchLastSection(true);
    // Fixed widths from the font, not ResizeToContents: the list may hold 200 000 rows. The kind
    // column fits every problem's title and most findings' (the longest are elided, their
    // tooltip says them whole).
    {
        const QFontMetrics fm = problemsView_->fontMetrics();
        const int pad = 3 * fm.horizontalAdvance(QLatin1Char(' '));
        int kindWidth = 0;
        for (int k = 0; k < u8ui::kProblemKindCount; ++k)
            kindWidth = std::max(
                kindWidth, fm.horizontalAdvance(ProblemsModel::kindTitle(u8codec::ProblemKind(k))));
        for (int k = 0; k < u8codec::kAuditKindCount; ++k)
            kindWidth = std::max(
                kindWidth, fm.horizontalAdvance(ProblemsModel::kindTitle(u8codec::AuditKind(k))));
        kindWidth = std::min(kindWidth, fm.horizontalAdvance(QLatin1Char('x')) * 36);
        auto* header = problemsView_->horizontalHeader();
        header->resizeSection(ProblemsModel::OffsetColumn,
                              fm.horizontalAdvance(QStringLiteral("0x000000000")) + pad);
        header->resizeSection(ProblemsModel::LineColumn,
                              fm.horizontalAdvance(QStringLiteral("00000000")) + pad);
        header->resizeSection(ProblemsModel::KindColumn, kindWidth + pad);
    }
    problemsView_->setToolTip(tr("Every invalid sequence of the file and every suspicious "
                                 "character the audit found; click one to select its bytes. F8 "
                                 "and Shift+F8 step through those shown."));
    auto selectRow = [this](const QModelIndex& index) {
        const u8ui::ByteRange range = problemsModel_->rangeAt(index.row());
        if (!range.isEmpty())
            goTo(range.start, range.end - range.start);
    };
    connect(problemsView_, &QTableView::clicked, this, selectRow);
    connect(problemsView_, &QTableView::activated, this, selectRow);

    createProblemsFilter();
    auto* filterLabel = new QLabel(tr("&Show:"), this);
    filterLabel->setBuddy(problemsFilter_);

    problemsNote_->setObjectName(QStringLiteral("problemsNote"));
    problemsNote_->setWordWrap(true);
    problemsNote_->hide();
    auto* problems = new QWidget(this);
    auto* layout = new QVBoxLayout(problems);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(filterLabel);
    bar->addWidget(problemsFilter_);
    bar->addStretch(1);
    layout->addLayout(bar);
    layout->addWidget(problemsView_);
    layout->addWidget(problemsNote_);
    return problems;
}

void MainWindow::createProblemsFilter() {
    problemsFilter_ = new QComboBox(this);
    problemsFilter_->setObjectName(QStringLiteral("problemsFilter"));
    problemsFilter_->addItem(tr("Errors and suspicious characters"),
                             int(ProblemsModel::Filter::All));
    problemsFilter_->addItem(tr("Errors (invalid UTF-8)"), int(ProblemsModel::Filter::Errors));
    problemsFilter_->addItem(tr("Suspicious characters (audit)"),
                             int(ProblemsModel::Filter::Suspicious));
    problemsFilter_->setToolTip(tr("What the list shows and F8 steps through: the invalid "
                                   "sequences the check found, the characters the audit "
                                   "reports, or both"));
    const int saved = problemsFilter_->findData(
        QSettings().value(kFilterKey, int(ProblemsModel::Filter::All)).toInt());
    problemsFilter_->setCurrentIndex(std::max(0, saved));
    problemsModel_->setFilter(ProblemsModel::Filter(problemsFilter_->currentData().toInt()));
    connect(problemsFilter_, &QComboBox::currentIndexChanged, this, [this] {
        const int filter = problemsFilter_->currentData().toInt();
        problemsModel_->setFilter(ProblemsModel::Filter(filter));
        QSettings().setValue(kFilterKey, filter);
        updateProblemsNote();
        syncPanelsToCursor();
        updateActions();
    });
}

void MainWindow::connectAudit() {
    connect(audits_, &AuditActions::progressChanged, this, [this](int permille) {
        if (!scan_->isRunning())
            scanProgress_->setValue(permille);
    });
    connect(audits_, &AuditActions::stateChanged, this, &MainWindow::onAuditChanged);
    connect(audits_, &AuditActions::rerunRequested, this, [this] {
        // A new profile or allowlist: audit again what was checked; a check still to come (or
        // running) starts its audit with them anyway.
        if (scanState_ == ScanState::Finished)
            startAudit();
    });
    connect(audits_, &AuditActions::problem, this, &MainWindow::showAuditProblem);
}

void MainWindow::showAuditProblem(const QString& message) {
    bannerAction_ = [this] { audits_->allowlistAction()->trigger(); };
    banner_->showMessage(MessageBanner::Level::Error, message, tr("Choose Another…"));
}

void MainWindow::startAudit() {
    if (document_->size() == 0)
        return;
    // An allowlist that could not be read at start-up is news for the first audit too: opening
    // the file may have replaced the banner that said so.
    if (const QString problem = audits_->takeStartupProblem();
        !problem.isEmpty() && banner_->text() != problem)
        showAuditProblem(problem);
    scanProgress_->setFormat(tr("Auditing %p%"));
    scanProgress_->setToolTip(tr("The whole file is being audited in the background: bidi "
                                 "controls, invisible characters, look-alikes"));
    scanProgress_->setValue(0);
    scanProgress_->show();
    scanCancel_->show();
    audits_->start(document_->sharedSource());
}

void MainWindow::onAuditChanged() {
    const std::shared_ptr<const u8ui::AuditReport> report = audits_->report();
    problemsModel_->setAuditReport(report);
    hexView_->setAuditReport(report);
    textView_->setAuditReport(report);
    inspector_->setAuditReport(report);
    const AuditActions::State state = audits_->state();
    if (state != AuditActions::State::Running && !scan_->isRunning()) {
        scanProgress_->hide();
        scanCancel_->hide();
        scanProgress_->setToolTip(
            tr("The whole file is being checked in the background: counts and problems list"));
    }
    if (state == AuditActions::State::Cancelled)
        statusBar()->showMessage(tr("Audit cancelled: suspicious characters are not listed or "
                                    "marked. Use Go > Check Again to run it."),
                                 8000);
    updateProblemsNote();
    syncPanelsToCursor();
    updateTitle();
    updateActions();
}

void MainWindow::updateProblemsNote() {
    QStringList note;
    const u8ui::AuditReport* audit = audits_->report().get();
    // An empty list alone could mean "not checked yet": say what the check and the audit found.
    if (report_ && report_->totalProblems == 0 && problemsModel_->showsErrors())
        note << tr("No problems: %1 is valid UTF-8.").arg(document_->displayName());
    if (audit && problemsModel_->showsFindings())
        note << (audit->totalFindings == 0
                     ? tr("%1: nothing suspicious.").arg(audits_->profileText())
                     : tr("%1: %2 findings on %3.")
                           .arg(audits_->profileText(), NumberFormat::count(audit->totalFindings),
                                audit->suspiciousCharacters == 1
                                    ? tr("1 character")
                                    : tr("%1 characters")
                                          .arg(NumberFormat::count(audit->suspiciousCharacters))));
    if (const QString capped = problemsModel_->cappedNote(); !capped.isEmpty())
        note << capped;
    problemsNote_->setText(note.join(QLatin1Char(' ')));
    problemsNote_->setVisible(!problemsNote_->text().isEmpty());
}

void MainWindow::goToProblem(bool forward) {
    // The rows of the Problems list, as filtered, in offset order. From the row the list is on
    // when it is what is selected (findings may share their bytes: each gets its turn), else from
    // the selection's first byte.
    const u8ui::ByteRange range = selection_->range();
    const int rows = problemsModel_->rowCount();
    const int current = problemsView_->currentIndex().row();
    int row = -1;
    if (current >= 0 && current < rows && problemsModel_->rangeAt(current) == range)
        row = forward ? current + 1 : current - 1;
    else
        row = forward ? problemsModel_->rowAtOrAfter(range.start + 1)
                      : problemsModel_->rowBefore(range.start);
    if (row >= 0 && row < rows) {
        problemsView_->selectRow(row);
        problemsView_->scrollTo(problemsModel_->index(row, 0));
        const u8ui::ByteRange target = problemsModel_->rangeAt(row);
        goTo(target.start, target.end - target.start);
        return;
    }
    // Past the stored problems (a capped list), and before the check has finished, the codec's
    // error segments stand in for them.
    if (problemsModel_->showsErrors() && (!report_ || (forward && report_->capped()))) {
        navigate(forward, true);
        return;
    }
    QString what = problemsModel_->showsErrors() ? tr("problem") : QString();
    if (problemsModel_->showsFindings()) {
        if (!audits_->report()) {
            statusBar()->showMessage(tr("The audit has not finished: no suspicious character to "
                                        "go to yet"),
                                     4000);
            return;
        }
        what = what.isEmpty() ? tr("suspicious character") : tr("problem or suspicious character");
    }
    statusBar()->showMessage(forward ? tr("No %1 after the cursor").arg(what)
                                     : tr("No %1 before the cursor").arg(what),
                             4000);
}

QString MainWindow::checkStateText() const {
    QString state;
    switch (scanState_) {
    case ScanState::None:
        return document_->size() == 0  ? tr("empty")
               : binaryKind_.isEmpty() ? QString()
                                       : tr("binary data (%1)").arg(binaryKind_);
    case ScanState::Running:
        return tr("checking UTF-8…");
    case ScanState::Cancelled:
        return tr("UTF-8 check cancelled");
    case ScanState::Failed:
        return tr("UTF-8 check failed");
    case ScanState::Finished:
        if (!report_)
            return {};
        state =
            report_->summary.valid()
                ? tr("valid UTF-8")
                : tr("not valid UTF-8 (%1)")
                      .arg(
                          report_->totalProblems == 1
                              ? tr("1 problem")
                              : tr("%1 problems").arg(NumberFormat::count(report_->totalProblems)));
        break;
    }
    switch (audits_->state()) {
    case AuditActions::State::None:
        break;
    case AuditActions::State::Running:
        state += tr(", auditing…");
        break;
    case AuditActions::State::Cancelled:
        state += tr(", audit cancelled");
        break;
    case AuditActions::State::Failed:
        state += tr(", audit failed");
        break;
    case AuditActions::State::Finished: {
        const quint64 n = audits_->report()->suspiciousCharacters;
        state += n == 0   ? tr(", nothing suspicious")
                 : n == 1 ? tr(", 1 suspicious character")
                          : tr(", %1 suspicious characters").arg(NumberFormat::count(n));
        break;
    }
    }
    return state;
}

void MainWindow::updateTitle() {
    if (!document_->source()) {
        setWindowTitle(QStringLiteral("u8scope"));
        return;
    }
    const QString state = checkStateText();
    // "[*]" is where Qt shows the modified mark (after a repair, until saved).
    setWindowTitle(state.isEmpty()
                       ? tr("%1[*] — u8scope").arg(document_->displayName())
                       : tr("%1[*] — %2 — u8scope").arg(document_->displayName(), state));
}

} // namespace u8app
