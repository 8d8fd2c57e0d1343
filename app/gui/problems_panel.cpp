#include "problems_panel.h"

#include "audit_actions.h"
#include "audit_report.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "cursor_status.h"
#include "document_controller.h"
#include "document_session.h"
#include "navigation_actions.h"
#include "notices.h"
#include "number_format.h"
#include "problems_model.h"
#include "scan_report.h"
#include "settings.h"
#include "window_action.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>
#include <QWidget>

namespace u8app {

using u8doc::NumberFormat;
using u8ui::ProblemsModel;

namespace {

// Ctrl+C in the problems list copies its current row instead of the window's Copy as Text: the
// list takes the shortcut over while it has the focus (QEvent::ShortcutOverride).
class CopyRowFilter final : public QObject {
public:
    CopyRowFilter(QObject* parent, std::function<void()> copy)
        : QObject(parent), copy_(std::move(copy)) {}
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
            auto* key = static_cast<QKeyEvent*>(event);
            if (key->matches(QKeySequence::Copy)) {
                event->accept();
                if (event->type() == QEvent::KeyPress)
                    copy_();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> copy_;
};

} // namespace

ProblemsPanel::ProblemsPanel(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                             AuditActions* audits, NavigationActions* navigation,
                             const u8doc::DocumentSession* session)
    : QWidget(window), window_(window), notices_(notices), document_(document), audits_(audits),
      navigation_(navigation), session_(session), model_(new ProblemsModel(this)),
      view_(new QTableView(this)), filter_(new QComboBox(this)), note_(new QLabel(this)) {
    setUpView();
    createFilter();
    auto* filterLabel = new QLabel(tr("&Show:"), this);
    filterLabel->setBuddy(filter_);
    note_->setObjectName(QStringLiteral("problemsNote"));
    note_->setWordWrap(true);
    note_->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    bar->addWidget(filterLabel);
    bar->addWidget(filter_);
    bar->addStretch(1);
    layout->addLayout(bar);
    layout->addWidget(view_);
    layout->addWidget(note_);
    createActions(window);
}

void ProblemsPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() != QEvent::FontChange)
        return;
    const qreal base = QApplication::font().pointSizeF();
    model_->setFixedPitchScale(base > 0 ? font().pointSizeF() / base : 1.0);
    view_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    sizeColumns();
}

void ProblemsPanel::setUpView() {
    view_->setObjectName(QStringLiteral("problemsView"));
    view_->setModel(model_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    // Tab leaves the list for the next control (the arrows move in it): otherwise it would move
    // from cell to cell and keep the focus for ever.
    view_->setTabKeyNavigation(false);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    view_->verticalHeader()->hide();
    view_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    view_->horizontalHeader()->setStretchLastSection(true);
    sizeColumns();
    view_->setToolTip(tr("Every invalid sequence of the file and every suspicious character the "
                         "audit found; click one to select its bytes. F8 and Shift+F8 step "
                         "through those shown."));
    auto selectRow = [this](const QModelIndex& index) {
        const u8ui::ByteRange range = model_->rangeAt(index.row());
        if (!range.isEmpty())
            document_->goTo(range.start, range.end - range.start);
    };
    connect(view_, &QTableView::clicked, this, selectRow);
    connect(view_, &QTableView::activated, this, selectRow);
}

void ProblemsPanel::sizeColumns() {
    // Fixed widths from the font, not ResizeToContents: the list may hold 200 000 rows. The kind
    // column fits every problem's title and most findings' (the longest are elided, their
    // tooltip says them whole).
    const QFontMetrics fm = view_->fontMetrics();
    const int pad = 3 * fm.horizontalAdvance(QLatin1Char(' '));
    int kindWidth = 0;
    for (int k = 0; k < u8doc::kProblemKindCount; ++k)
        kindWidth = std::max(
            kindWidth, fm.horizontalAdvance(ProblemsModel::kindTitle(u8codec::ProblemKind(k))));
    for (int k = 0; k < u8convert::kAuditKindCount; ++k)
        kindWidth = std::max(
            kindWidth, fm.horizontalAdvance(ProblemsModel::kindTitle(u8convert::AuditKind(k))));
    kindWidth = std::min(kindWidth, fm.horizontalAdvance(QLatin1Char('x')) * 36);
    auto* header = view_->horizontalHeader();
    header->resizeSection(ProblemsModel::OffsetColumn,
                          fm.horizontalAdvance(QStringLiteral("0x000000000")) + pad);
    header->resizeSection(ProblemsModel::LineColumn,
                          fm.horizontalAdvance(QStringLiteral("00000000")) + pad);
    header->resizeSection(ProblemsModel::KindColumn, kindWidth + pad);
}

void ProblemsPanel::createFilter() {
    filter_->setObjectName(QStringLiteral("problemsFilter"));
    filter_->addItem(tr("Errors and suspicious characters"), int(ProblemsModel::Filter::All));
    filter_->addItem(tr("Errors (invalid UTF-8)"), int(ProblemsModel::Filter::Errors));
    filter_->addItem(tr("Suspicious characters (audit)"), int(ProblemsModel::Filter::Suspicious));
    filter_->setToolTip(tr("What the list shows and F8 steps through: the invalid sequences the "
                           "check found, the characters the audit reports, or both"));
    const int saved = filter_->findData(int(settings::problemsFilter()));
    filter_->setCurrentIndex(std::max(0, saved));
    model_->setFilter(ProblemsModel::Filter(filter_->currentData().toInt()));
    connect(filter_, &QComboBox::currentIndexChanged, this, [this] {
        const auto filter = ProblemsModel::Filter(filter_->currentData().toInt());
        model_->setFilter(filter);
        settings::setProblemsFilter(filter);
        updateNote();
        followCursor();
        updateActions();
    });
}

void ProblemsPanel::createActions(QWidget* window) {
    next_ = makeWindowAction(
        window, tr("Next &Problem"), QKeySequence(Qt::Key_F8),
        tr("Go to the next row of the Problems list: an invalid sequence or a suspicious "
           "character, as its filter shows"),
        this, [this] { step(true); });
    previous_ =
        makeWindowAction(window, tr("Previous P&roblem"), QKeySequence(Qt::SHIFT | Qt::Key_F8),
                         tr("Go to the previous row of the Problems list, as its filter shows"),
                         this, [this] { step(false); });
    copyRow_ =
        makeWindowAction(window, tr("&Copy Row"), {}, tr("Copy the selected problem as text"), this,
                         [this] { copyRow(); });
    export_ = makeWindowAction(
        window, tr("E&xport Problems…"), {},
        tr("Save the problems list as CSV or JSON (offset, length, line, kind, explanation)"), this,
        [this] { exportDialog(); });
    view_->setContextMenuPolicy(Qt::ActionsContextMenu);
    view_->addAction(copyRow_);
    view_->addAction(export_);
    view_->installEventFilter(new CopyRowFilter(view_, [this] { copyRow(); }));
}

void ProblemsPanel::updateActions() {
    export_->setEnabled(model_->rowCount() > 0);
    copyRow_->setEnabled(model_->rowCount() > 0);
}

void ProblemsPanel::setReport(std::shared_ptr<const u8doc::ScanReport> report) {
    model_->setReport(std::move(report));
    updateNote();
}

void ProblemsPanel::setAuditReport(std::shared_ptr<const u8doc::AuditReport> report) {
    model_->setAuditReport(std::move(report));
    updateNote();
}

void ProblemsPanel::followCursor() {
    if (model_->rowCount() == 0)
        return;
    const quint64 cursor = document_->selection()->cursor();
    const int current = view_->currentIndex().row();
    const int row = model_->rowContaining(cursor);
    if (row >= 0 && !(current >= 0 && model_->rangeAt(current).contains(cursor))) {
        view_->selectRow(row);
        view_->scrollTo(model_->index(row, 0));
    }
}

void ProblemsPanel::updateNote() {
    QStringList note;
    const u8doc::ScanReport* report = model_->report();
    const u8doc::AuditReport* audit = audits_->report().get();
    // An empty list alone could mean "not checked yet": say what the check and the audit found.
    if (report && report->totalProblems == 0 && model_->showsErrors())
        note << tr("No problems: %1 is valid UTF-8.").arg(document_->document()->displayName());
    if (audit && model_->showsFindings())
        note << (audit->totalFindings == 0
                     ? tr("%1: nothing suspicious.").arg(audits_->profileText())
                     : tr("%1: %2 on %3.")
                           .arg(audits_->profileText(),
                                audit->totalFindings == 1
                                    ? tr("1 finding")
                                    : tr("%1 findings")
                                          .arg(NumberFormat::count(audit->totalFindings)),
                                audit->suspiciousCharacters == 1
                                    ? tr("1 character")
                                    : tr("%1 characters")
                                          .arg(NumberFormat::count(audit->suspiciousCharacters))));
    if (const QString capped = model_->cappedNote(); !capped.isEmpty())
        note << capped;
    note_->setText(note.join(QLatin1Char(' ')));
    note_->setVisible(!note_->text().isEmpty());
}

void ProblemsPanel::step(bool forward) {
    // The rows of the list, as filtered, in offset order. From the row the list is on when it is
    // what is selected (findings may share their bytes: each gets its turn), else from the
    // selection's first byte.
    const u8ui::ByteRange range = document_->selection()->range();
    const int rows = model_->rowCount();
    const int current = view_->currentIndex().row();
    int row = -1;
    if (current >= 0 && current < rows && model_->rangeAt(current) == range)
        row = forward ? current + 1 : current - 1;
    else
        row = forward ? model_->rowAtOrAfter(range.start + 1) : model_->rowBefore(range.start);
    if (row >= 0 && row < rows) {
        view_->selectRow(row);
        view_->scrollTo(model_->index(row, 0));
        const u8ui::ByteRange target = model_->rangeAt(row);
        document_->goTo(target.start, target.end - target.start);
        return;
    }
    // Past the stored problems (a capped list), and before the check has finished, the codec's
    // error segments stand in for them.
    const u8doc::ScanReport* report = model_->report();
    if (model_->showsErrors() && (!report || (forward && report->capped()))) {
        navigation_->step(forward, true);
        return;
    }
    sayNoneLeft(forward);
}

void ProblemsPanel::sayNoneLeft(bool forward) {
    QString what = model_->showsErrors() ? tr("problem") : QString();
    if (model_->showsFindings()) {
        if (!audits_->report()) {
            notices_->say(tr("The audit has not finished: no suspicious character to go to yet"),
                          4000);
            return;
        }
        what = what.isEmpty() ? tr("suspicious character") : tr("problem or suspicious character");
    }
    notices_->say(forward ? tr("No %1 after the cursor").arg(what)
                          : tr("No %1 before the cursor").arg(what),
                  4000);
}

void ProblemsPanel::copyRow() {
    const QString row = model_->rowText(view_->currentIndex().row());
    if (row.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(row);
    notices_->say(tr("Copied the problem at %1").arg(row.section(QLatin1Char('\t'), 0, 0)), 3000);
}

QString ProblemsPanel::exportTo(const QString& path) const {
    const bool json = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    const QByteArray bytes = json ? model_->toJson() : model_->toCsv();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return tr("Cannot write %1: %2.").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

void ProblemsPanel::exportDialog() {
    if (model_->rowCount() == 0)
        return;
    const QString csv = tr("CSV (*.csv)");
    const QString json = tr("JSON (*.json)");
    QString filter = settings::problemsExportFilter();
    if (filter.isEmpty())
        filter = csv;
    const QString file = session_->path();
    const QString base = file.isEmpty()
                             ? QStringLiteral("problems")
                             : QFileInfo(file).completeBaseName() + QStringLiteral("-problems");
    const QString dir = file.isEmpty() ? settings::lastDirectory() : QFileInfo(file).absolutePath();
    const auto suffix = [&] {
        return filter == json ? QStringLiteral(".json") : QStringLiteral(".csv");
    };
    QString path = QFileDialog::getSaveFileName(window_, tr("Export Problems"),
                                                QDir(dir).filePath(base + suffix()),
                                                csv + QStringLiteral(";;") + json, &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += suffix();
    settings::setProblemsExportFilter(filter);
    const QString error = exportTo(path);
    notices_->say(error.isEmpty() ? tr("Exported %1 problems to %2")
                                        .arg(NumberFormat::count(quint64(model_->rowCount())),
                                             CursorStatus::isolated(QDir::toNativeSeparators(path)))
                                  : error,
                  8000);
}

} // namespace u8app
