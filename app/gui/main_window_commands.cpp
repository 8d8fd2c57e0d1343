// The window's everyday commands around the byte panes: Go to Line, Select Range, and the
// problems list's Copy Row and Export. Kept apart from main_window.cpp, which builds the window.
#include "byte_document.h"
#include "byte_selection.h"
#include "cursor_status.h"
#include "main_window.h"
#include "number_format.h"
#include "problems_model.h"
#include "select_range_dialog.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>

namespace u8app {

using u8ui::NumberFormat;

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

void MainWindow::createEverydayCommands(QMenu* edit, QMenu* go) {
    auto make = [this](const QString& text, const QKeySequence& key, const QString& tip) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        addAction(a);
        return a;
    };
    goToLineAction_ = make(tr("Go to &Line…"), QKeySequence(tr("Ctrl+L")),
                           tr("Move the cursor to the first byte of a line (counted by LF)"));
    connect(goToLineAction_, &QAction::triggered, this, &MainWindow::goToLineDialog);
    selectRangeAction_ =
        make(tr("Select &Range…"), QKeySequence(tr("Ctrl+Shift+G")),
             tr("Select bytes by their first offset and the last offset or a length"));
    connect(selectRangeAction_, &QAction::triggered, this, &MainWindow::selectRangeDialog);
    copyProblemAction_ = make(tr("&Copy Row"), {}, tr("Copy the selected problem as text"));
    connect(copyProblemAction_, &QAction::triggered, this, &MainWindow::copyProblemRow);
    exportProblemsAction_ =
        make(tr("E&xport Problems…"), {},
             tr("Save the problems list as CSV or JSON (offset, length, line, kind, explanation)"));
    connect(exportProblemsAction_, &QAction::triggered, this, &MainWindow::exportProblemsDialog);

    go->insertAction(go->actions().value(1), goToLineAction_);
    edit->addAction(selectRangeAction_);
    fileMenu_->insertAction(fileMenu_->actions().value(fileMenu_->actions().size() - 2),
                            exportProblemsAction_);

    problemsView_->setContextMenuPolicy(Qt::ActionsContextMenu);
    problemsView_->addAction(copyProblemAction_);
    problemsView_->addAction(exportProblemsAction_);
    problemsView_->installEventFilter(
        new CopyRowFilter(problemsView_, [this] { copyProblemRow(); }));
}

void MainWindow::updateEverydayCommands() {
    const bool hasBytes = document_->size() > 0;
    goToLineAction_->setEnabled(hasBytes);
    selectRangeAction_->setEnabled(hasBytes);
    exportProblemsAction_->setEnabled(problemsModel_->rowCount() > 0);
    copyProblemAction_->setEnabled(problemsModel_->rowCount() > 0);
}

bool MainWindow::goToLine(quint64 line) {
    const u8codec::ByteSource* source = document_->source();
    if (!source || source->size() == 0)
        return false;
    const std::optional<quint64> start = lineIndex_.lineStart(*source, line);
    if (!start) {
        statusBar()->showMessage(
            tr("%1 has no line %2")
                .arg(CursorStatus::isolated(document_->displayName()), NumberFormat::count(line)),
            6000);
        return false;
    }
    goTo(*start);
    return true;
}

void MainWindow::goToLineDialog() {
    if (document_->size() == 0)
        return;
    bool ok = false;
    // The cursor's line prefills the field when it is known without a long count.
    int current = 1;
    if (lineIndex_.cost(selection_->cursor()) <= LineIndex::kStep)
        if (const auto at = lineIndex_.locate(*document_->source(), selection_->cursor()))
            current = int(std::min<quint64>(at->line, quint64(INT_MAX)));
    const int line = QInputDialog::getInt(this, tr("Go to Line"), tr("&Line (counted by LF):"),
                                          current, 1, INT_MAX, 1, &ok);
    if (ok)
        goToLine(quint64(line));
}

void MainWindow::selectRangeDialog() {
    SelectRangeDialog dialog(document_->size(), selection_->range(), goToHex_, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    goToHex_ = dialog.hexSelected();
    if (const auto range = dialog.range())
        goTo(range->start, range->end - range->start);
}

void MainWindow::copyProblemRow() {
    const QString row = problemsModel_->rowText(problemsView_->currentIndex().row());
    if (row.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(row);
    statusBar()->showMessage(
        tr("Copied the problem at %1").arg(row.section(QLatin1Char('\t'), 0, 0)), 3000);
}

QString MainWindow::exportProblems(const QString& path) const {
    const bool json = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    const QByteArray bytes = json ? problemsModel_->toJson() : problemsModel_->toCsv();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return tr("Cannot write %1: %2.").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

void MainWindow::exportProblemsDialog() {
    if (problemsModel_->rowCount() == 0)
        return;
    QSettings settings;
    const QString csv = tr("CSV (*.csv)");
    const QString json = tr("JSON (*.json)");
    QString filter = settings.value(QStringLiteral("exportFilter"), csv).toString();
    const QString base = path_.isEmpty()
                             ? QStringLiteral("problems")
                             : QFileInfo(path_).completeBaseName() + QStringLiteral("-problems");
    const QString dir = path_.isEmpty() ? settings.value(QStringLiteral("lastDirectory")).toString()
                                        : QFileInfo(path_).absolutePath();
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Problems"),
        QDir(dir).filePath(base +
                           (filter == json ? QStringLiteral(".json") : QStringLiteral(".csv"))),
        csv + QStringLiteral(";;") + json, &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == json ? QStringLiteral(".json") : QStringLiteral(".csv");
    settings.setValue(QStringLiteral("exportFilter"), filter);
    const QString error = exportProblems(path);
    statusBar()->showMessage(
        error.isEmpty() ? tr("Exported %1 problems to %2")
                              .arg(NumberFormat::count(quint64(problemsModel_->rowCount())),
                                   CursorStatus::isolated(QDir::toNativeSeparators(path)))
                        : error,
        8000);
}

} // namespace u8app
