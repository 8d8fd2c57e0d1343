#include "main_window.h"

#include "audit_actions.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "code_page_table.h"
#include "cursor_status.h"
#include "document_history.h"
#include "document_scan.h"
#include "encoding_advice.h"
#include "find_bar.h"
#include "find_controller.h"
#include "go_to_offset_dialog.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "keep_in_step.h"
#include "legend_widget.h"
#include "message_banner.h"
#include "number_format.h"
#include "problems_model.h"
#include "recent_files.h"
#include "repair_actions.h"
#include "save_actions.h"
#include "scan_report.h"
#include "selection_copy.h"
#include "status_field.h"
#include "summary_panel.h"
#include "text_view.h"
#include "theme.h"
#include "u8codec/byte_source.h"
#include "u8codec/navigate.h"
#include "window_layout.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

// Resources live in the static library u8scope_gui: registered explicitly (outside any namespace,
// as Q_INIT_RESOURCE requires) so that the linker keeps them.
static void initResources() {
    Q_INIT_RESOURCE(u8scope);
}

namespace u8app {

namespace {

const QString kSamplePath = QStringLiteral(":/u8scope/sample/tour.txt");
// A search or line count that needs more bytes than this runs in the background.
constexpr quint64 kSynchronousBytes = quint64(8) << 20;

QString lineText(const LineIndex::Location& at) {
    return MainWindow::tr("Line %1, column %2")
        .arg(u8ui::NumberFormat::count(at.line), u8ui::NumberFormat::count(at.column));
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), document_(new u8ui::ByteDocument(this)),
      selection_(new u8ui::ByteSelection(this)), banner_(new MessageBanner(this)),
      findBar_(new FindBar(this)), panes_(new QSplitter(Qt::Horizontal, this)),
      hexView_(new u8ui::HexView(panes_)), textView_(new u8ui::TextView(panes_)),
      scan_(new u8ui::DocumentScan(this)), inspector_(new u8ui::InspectorPanel(this)),
      codePage_(new u8ui::CodePageTable(this)), problemsModel_(new u8ui::ProblemsModel(this)),
      problemsView_(new QTableView(this)), problemsNote_(new QLabel(this)),
      legend_(new u8ui::LegendWidget(this)), summary_(new u8ui::SummaryPanel(this)),
      history_(new DocumentHistory(document_, this)),
      repairs_(new RepairActions(this, document_, history_)),
      saves_(new SaveActions(this, document_, history_, [this] { return path_; })),
      recent_(new RecentFiles(this)), watcher_(new QFileSystemWatcher(this)),
      lineWatcher_(new QFutureWatcher<LineJob>(this)),
      finder_(new FindController(findBar_, document_, selection_, hexView_, textView_, this)),
      navigateWatcher_(new QFutureWatcher<std::optional<u8codec::Segment>>(this)),
      encodingWatcher_(new QFutureWatcher<EncodingJob>(this)), audits_(new AuditActions(this)) {
    initResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/u8scope/icons/u8scope-64.png")));
    setAcceptDrops(true);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(banner_);
    panes_->setObjectName(QStringLiteral("panes"));
    panes_->setChildrenCollapsible(false);
    hexView_->setObjectName(QStringLiteral("hexView"));
    hexView_->setDocument(document_);
    hexView_->setSelection(selection_);
    hexView_->setToolTip(QString()); // per-byte tooltips come from the view itself
    panes_->addWidget(hexView_);
    textView_->setObjectName(QStringLiteral("textView"));
    textView_->setDocument(document_);
    textView_->setSelection(selection_);
    panes_->addWidget(textView_);
    u8ui::keepInStep(hexView_, textView_);
    windowLayout_ = new WindowLayout(this, panes_, hexView_);
    layout->addWidget(panes_, 1);
    layout->addWidget(findBar_);
    setCentralWidget(central);

    createActions();
    createDocks();
    createMenus();
    createStatusBar();

    connect(selection_, &u8ui::ByteSelection::selectionChanged, this, &MainWindow::updateStatus);
    connect(selection_, &u8ui::ByteSelection::cursorChanged, this, &MainWindow::updateHighlights);
    connect(document_, &u8ui::ByteDocument::contentChanged, this, &MainWindow::onContentChanged);
    connect(selection_, &u8ui::ByteSelection::cursorChanged, this, &MainWindow::syncPanelsToCursor);
    connect(history_, &DocumentHistory::modifiedChanged, this, &QWidget::setWindowModified);
    connect(repairs_, &RepairActions::finished, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(saves_, &SaveActions::message, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(saves_, &SaveActions::saved, this, [this](const QString& path) {
        // The saved bytes are now the file: show them from disk, where the cursor was.
        const quint64 cursor = selection_->cursor();
        const QString said = statusBar()->currentMessage(); // "Saved …": about these bytes
        if (openFile(path) && document_->size() > 0)
            goTo(std::min(cursor, document_->size() - 1));
        statusBar()->showMessage(said, 8000);
    });
    connect(hexView_, &u8ui::HexView::topOffsetChanged, this, &MainWindow::updateHighlights);
    connect(textView_, &u8ui::TextView::topOffsetChanged, this, &MainWindow::updateHighlights);
    connect(scan_, &u8ui::DocumentScan::progressChanged, this, [this](int permille) {
        scanProgress_->setValue(permille);
        summary_->setProgress(permille);
    });
    connect(scan_, &u8ui::DocumentScan::finished, this, &MainWindow::onScanFinished);
    connect(scan_, &u8ui::DocumentScan::cancelled, this, [this] {
        if (scanState_ != ScanState::Running)
            return; // replaced by a newer scan, which reports for itself
        scanState_ = ScanState::Cancelled;
        summary_->showMessage(tr("The check was cancelled: use Go > Check Again."));
        scanProgress_->hide();
        scanCancel_->hide();
        updateTitle();
        updateActions();
        statusBar()->showMessage(
            tr("Check cancelled: the problems list and counts are incomplete. Use Go > Check "
               "Again to run it."),
            8000);
    });
    connect(scan_, &u8ui::DocumentScan::failed, this, [this](const QString& reason) {
        scanState_ = ScanState::Failed;
        summary_->showMessage(reason);
        scanProgress_->hide();
        scanCancel_->hide();
        updateTitle();
        updateActions();
        bannerAction_ = [this] { reload(); };
        banner_->showMessage(
            MessageBanner::Level::Warning,
            tr("The whole-file check of %1 stopped: %2").arg(document_->displayName(), reason),
            path_.isEmpty() ? QString() : tr("Reload"));
    });
    connect(findBar_, &FindBar::findNext, this, &MainWindow::findNext);
    connect(findBar_, &FindBar::findPrevious, this, &MainWindow::findPrevious);
    connect(finder_, &FindController::finished, this, &MainWindow::searchFinished);
    connect(lineWatcher_, &QFutureWatcher<LineJob>::finished, this, [this] {
        linePending_ = false;
        const LineJob job = lineWatcher_->result();
        if (job.index.checkpointCount() > lineIndex_.checkpointCount())
            lineIndex_ = job.index;
        // Only the answer for where the cursor still is gets shown; otherwise ask again.
        if (job.offset == selection_->cursor() && job.location)
            lineLabel_->setText(lineText(*job.location));
        else
            updateLineStatus(selection_->cursor());
        if (!linePending_)
            emit lineLocated();
    });
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, &MainWindow::onFileChanged);
    connect(encodingWatcher_, &QFutureWatcher<EncodingJob>::finished, this,
            &MainWindow::onEncodingExamined);
    connect(banner_, &MessageBanner::actionTriggered, this, [this] {
        if (bannerAction_)
            bannerAction_();
    });
    connect(recent_, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    connectAudit();

    readSettings();
    rebuildRecentMenu();
    updateTitle();
    updateActions();
    updateStatus();
}

MainWindow::~MainWindow() {
    // Background work holds shared pointers to the bytes it reads; tell it to stop and wait, so
    // that nothing outlives the window it reports to.
    finder_->cancel();
    if (lineCancel_)
        *lineCancel_ = true;
    if (navigateCancel_)
        *navigateCancel_ = true;
    navigateWatcher_->waitForFinished();
    lineWatcher_->waitForFinished();
    encodingWatcher_->waitForFinished(); // reads 4 MiB at most
}

// --- actions and menus ----------------------------------------------------------------------

void MainWindow::createActions() {
    auto make = [this](const QString& text, const QKeySequence& key, const QString& tip,
                       auto slot) {
        auto* a = new QAction(text, this);
        if (!key.isEmpty())
            a->setShortcut(key);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        connect(a, &QAction::triggered, this, slot);
        addAction(a); // shortcuts work with the menu bar hidden too
        return a;
    };
    openAction_ = make(tr("&Open…"), QKeySequence::Open, tr("Open a file to inspect its bytes"),
                       &MainWindow::openDialog);
    openAction_->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    reloadAction_ = make(tr("&Reload"), QKeySequence::Refresh, tr("Read the file again from disk"),
                         &MainWindow::reload);
    sampleAction_ = make(tr("Open the &Tour Sample"), {},
                         tr("Open the bundled sample: every byte class and every kind of error, "
                            "each on a line that says what it shows"),
                         &MainWindow::openSample);
    closeAction_ = make(tr("&Close"), QKeySequence(tr("Ctrl+W")),
                        tr("Close the file (asks first when it has unsaved changes)"),
                        &MainWindow::closeDocument);
    quitAction_ = make(tr("&Quit"), QKeySequence::Quit, tr("Quit u8scope"), &MainWindow::close);

    copyTextAction_ = make(tr("Copy as &Text"), QKeySequence::Copy,
                           tr("Copy the selected bytes decoded as UTF-8 (errors become U+FFFD)"),
                           [this] { copySelection(int(u8ui::SelectionCopy::Format::Text)); });
    copyHexAction_ = make(tr("Copy as &Hex"), QKeySequence(tr("Ctrl+Shift+C")),
                          tr("Copy the selected bytes as hex: E2 82 AC"),
                          [this] { copySelection(int(u8ui::SelectionCopy::Format::Hex)); });
    copyCArrayAction_ = make(tr("Copy as &C Array"), QKeySequence(tr("Ctrl+Alt+C")),
                             tr("Copy the selected bytes as a C array of unsigned char"),
                             [this] { copySelection(int(u8ui::SelectionCopy::Format::CArray)); });
    selectAllAction_ =
        make(tr("Select &All"), QKeySequence::SelectAll, tr("Select every byte"), [this] {
            if (document_->size() > 0)
                selection_->select({0, document_->size()});
        });

    goToAction_ =
        make(tr("&Go to Offset…"), QKeySequence(tr("Ctrl+G")),
             tr("Move the cursor to a byte offset, in hex or decimal"), &MainWindow::goToDialog);
    findAction_ = make(tr("&Find…"), QKeySequence::Find,
                       tr("Find text (as its UTF-8 bytes, with or without case), hex bytes, "
                          "code points or invalid sequences of a kind"),
                       [this] { finder_->activate(); });
    findNextAction_ = make(tr("Find &Next"), QKeySequence(Qt::Key_F3), tr("Go to the next match"),
                           &MainWindow::findNext);
    findPreviousAction_ = make(tr("Find Pre&vious"), QKeySequence(Qt::SHIFT | Qt::Key_F3),
                               tr("Go to the previous match"), &MainWindow::findPrevious);
    nextProblemAction_ =
        make(tr("Next &Problem"), QKeySequence(Qt::Key_F8),
             tr("Go to the next row of the Problems list: an invalid sequence or a suspicious "
                "character, as its filter shows"),
             [this] { goToProblem(true); });
    previousProblemAction_ =
        make(tr("Previous P&roblem"), QKeySequence(Qt::SHIFT | Qt::Key_F8),
             tr("Go to the previous row of the Problems list, as its filter shows"),
             [this] { goToProblem(false); });
    rescanAction_ = make(tr("&Check Again"), {},
                         tr("Run the whole-file check and the audit again (counts and "
                            "Problems list)"),
                         &MainWindow::startScan);
    nextInvalidAction_ =
        make(tr("Next &Invalid Sequence"), QKeySequence(tr("Ctrl+E")),
             tr("Go to the next error segment (a byte sequence that is not valid UTF-8)"),
             [this] { navigate(true, true); });
    previousInvalidAction_ =
        make(tr("Previous Invalid Se&quence"), QKeySequence(tr("Ctrl+Shift+E")),
             tr("Go to the previous error segment"), [this] { navigate(false, true); });
    nextNonAsciiAction_ = make(tr("Next Non-&ASCII"), QKeySequence(tr("Ctrl+J")),
                               tr("Go to the next multi-byte character or error segment"),
                               [this] { navigate(true, false); });
    previousNonAsciiAction_ = make(tr("Previous Non-A&SCII"), QKeySequence(tr("Ctrl+Shift+J")),
                                   tr("Go to the previous multi-byte character or error segment"),
                                   [this] { navigate(false, false); });

    darkThemeAction_ =
        make(tr("&Dark Theme"), {}, tr("Switch between a light and a dark look"), [](bool on) {
            Theme::apply(on);
            QSettings().setValue(QStringLiteral("darkTheme"), on);
        });
    darkThemeAction_->setCheckable(true);
    aboutAction_ = make(tr("&About u8scope"), {}, tr("Version and purpose of u8scope"), [this] {
        QMessageBox::about(
            this, tr("About u8scope"),
            tr("<h3>u8scope %1</h3><p>A byte inspector for UTF-8: every byte coloured by the role "
               "it plays, every invalid sequence found and explained.</p>")
                .arg(QStringLiteral(U8SCOPE_VERSION)));
    });
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    fileMenu_ = file;
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    recentMenu_->setToolTipsVisible(true);
    file->addAction(reloadAction_);
    file->addAction(sampleAction_);
    file->addAction(closeAction_);
    file->addSeparator();
    QAction* quitSeparator = file->addSeparator();
    file->addAction(quitAction_);
    saves_->populate(file, quitSeparator);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = history_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setToolTip(tr("Undo the last repair or reinterpretation"));
    QAction* redo = history_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setToolTip(tr("Redo the repair or reinterpretation undone last"));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(copyTextAction_);
    edit->addAction(copyHexAction_);
    edit->addAction(copyCArrayAction_);
    edit->addSeparator();
    edit->addAction(selectAllAction_);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(goToAction_);
    go->addSeparator();
    go->addAction(findAction_);
    go->addAction(findNextAction_);
    go->addAction(findPreviousAction_);
    go->addSeparator();
    go->addAction(nextProblemAction_);
    go->addAction(previousProblemAction_);
    go->addAction(rescanAction_);
    go->addSeparator();
    go->addAction(nextInvalidAction_);
    go->addAction(previousInvalidAction_);
    go->addAction(nextNonAsciiAction_);
    go->addAction(previousNonAsciiAction_);

    QMenu* repair = menuBar()->addMenu(tr("&Repair"));
    repairs_->populate(repair);

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    viewMenu_->addActions(dockActions_);
    viewMenu_->addSeparator();
    QMenu* rowMenu = viewMenu_->addMenu(tr("&Bytes per Row"));
    rowMenu->setToolTipsVisible(true);
    bytesPerRowGroup_ = new QActionGroup(this);
    for (int bytes : {8, 16, 32}) {
        QAction* a = rowMenu->addAction(tr("%1 Bytes").arg(bytes));
        a->setCheckable(true);
        a->setData(bytes);
        a->setShortcut(QKeySequence(bytes == 8    ? tr("Ctrl+Alt+1")
                                    : bytes == 16 ? tr("Ctrl+Alt+2")
                                                  : tr("Ctrl+Alt+3")));
        a->setToolTip(tr("Show %1 bytes in each row of the hex pane").arg(bytes));
        bytesPerRowGroup_->addAction(a);
        addAction(a);
        connect(a, &QAction::triggered, this, [this, bytes] { setBytesPerRow(bytes); });
    }
    viewMenu_->addSeparator();
    audits_->populate(viewMenu_);
    viewMenu_->addSeparator();
    viewMenu_->addAction(darkThemeAction_);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(sampleAction_);
    help->addAction(aboutAction_);
    createEverydayCommands(edit, go);
    for (QMenu* m : {file, edit, go, repair, viewMenu_, help})
        m->setToolTipsVisible(true);
}

void MainWindow::createStatusBar() {
    // Fixed fields, each as wide as a typical text and elided when the window is narrower, so
    // that they never run into each other; transient messages get the space on their left.
    auto field = [this](const QString& name, const QString& tip, const QString& sample) {
        auto* f = new StatusField(name, tip, sample, this);
        statusBar()->addPermanentWidget(f);
        return f;
    };
    offsetLabel_ = field(QStringLiteral("offset"), tr("Offset of the cursor, hex and decimal"),
                         QStringLiteral("Offset 0x0000000 (00,000,000)"));
    byteLabel_ =
        field(QStringLiteral("byte"), tr("Value of the byte under the cursor, in hex and binary"),
              QStringLiteral("Byte 00 (0000 0000)"));
    roleLabel_ = field(QStringLiteral("role"),
                       tr("Class of the byte on its own, and the role it plays here"),
                       QStringLiteral("Class lead3 · Lead of 3-byte character"));
    characterLabel_ = field(QStringLiteral("character"),
                            tr("The character or error segment the cursor byte belongs to"),
                            QStringLiteral("U+20AC '€', 3 bytes at 0x0000000"));
    lineLabel_ = field(QStringLiteral("line"),
                       tr("Line (counted by LF) and column (in characters) of the cursor"),
                       QStringLiteral("Line 000,000, column 0,000"));
    scanProgress_ = new QProgressBar(this);
    scanProgress_->setObjectName(QStringLiteral("scanProgress"));
    scanProgress_->setRange(0, 1000);
    scanProgress_->setMaximumWidth(160);
    scanProgress_->setFormat(tr("Checking %p%"));
    scanProgress_->setToolTip(
        tr("The whole file is being checked in the background: counts and problems list"));
    scanCancel_ = new QToolButton(this);
    scanCancel_->setObjectName(QStringLiteral("scanCancel"));
    scanCancel_->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    scanCancel_->setAutoRaise(true);
    scanCancel_->setToolTip(tr("Stop checking the whole file"));
    connect(scanCancel_, &QToolButton::clicked, this, [this] {
        if (scan_->isRunning())
            scan_->cancel();
        else
            audits_->cancel();
    });
    statusBar()->addPermanentWidget(scanProgress_);
    statusBar()->addPermanentWidget(scanCancel_);
    scanProgress_->hide();
    scanCancel_->hide();
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList paths = recent_->paths();
    for (int i = 0; i < paths.size(); ++i) {
        const QString& path = paths[i];
        QAction* a = recentMenu_->addAction(
            QStringLiteral("&%1 %2").arg((i + 1) % 10).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openFile(path); });
    }
    if (!paths.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("&Clear List"), recent_, &RecentFiles::clear)
            ->setToolTip(tr("Forget the recently opened files"));
    }
    recentMenu_->setEnabled(!paths.isEmpty());
}

// --- settings ---------------------------------------------------------------------------------

void MainWindow::readSettings() {
    QSettings s;
    if (!restoreGeometry(s.value(QStringLiteral("geometry")).toByteArray())) {
        // Room for the hex pane, the text pane and one dock column, within the screen.
        QSize size(1440, 900);
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableSize() * 0.92);
        resize(size);
    }
    restoredLayout_ = restoreState(s.value(QStringLiteral("windowState")).toByteArray());
    goToHex_ = s.value(QStringLiteral("goToHex"), true).toBool();
    setBytesPerRow(s.value(QStringLiteral("bytesPerRow"), 16).toInt());
    darkThemeAction_->setChecked(s.value(QStringLiteral("darkTheme"), false).toBool());
    audits_->readSettings();
}

void MainWindow::writeSettings() const {
    QSettings s;
    s.setValue(QStringLiteral("geometry"), saveGeometry());
    s.setValue(QStringLiteral("windowState"), saveState());
    s.setValue(QStringLiteral("goToHex"), goToHex_);
    s.setValue(QStringLiteral("bytesPerRow"), hexView_->bytesPerRow());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (history_->isModified() && !saves_->maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    QMainWindow::closeEvent(event);
}

// --- opening ----------------------------------------------------------------------------------

bool MainWindow::openFile(const QString& path) {
    if (history_->isModified() && !saves_->maybeSave())
        return false;
    const QFileInfo info(path);
    // Checked here too, so that the message names the case plainly before the codec's errno text.
    if (!info.exists() && !info.isSymLink()) {
        showOpenError(path, tr("the file does not exist"));
        recent_->remove(path);
        return false;
    }
    if (info.isDir()) {
        showOpenError(path, tr("it is a folder, not a file"));
        return false;
    }
    // Checked before open(2): opening a FIFO for reading would block until a writer appears,
    // freezing the window.
    if (!info.isFile()) {
        showOpenError(path,
                      tr("Not a regular file (a device, pipe or socket cannot be inspected)"));
        return false;
    }
    auto opened = u8codec::FileSource::open(QFile::encodeName(path).toStdString());
    if (!opened.source) {
        showOpenError(path, QString::fromLocal8Bit(opened.error.c_str()));
        return false;
    }
    if (!path_.isEmpty())
        watcher_->removePath(path_);
    path_ = info.absoluteFilePath();
    file_ = std::shared_ptr<u8codec::FileSource>(std::move(opened.source));
    openedSize_ = file_->size();
    watcher_->addPath(path_);
    recent_->add(path_);
    QSettings().setValue(QStringLiteral("lastDirectory"), info.absolutePath());
    setSource(file_, info.fileName());
    if (openedSize_ == 0) {
        banner_->showMessage(
            MessageBanner::Level::Information,
            tr("%1 is empty (0 bytes): there is nothing to inspect.").arg(info.fileName()));
    } else {
        banner_->dismiss();
    }
    return true;
}

void MainWindow::startEncodingCheck() {
    const quint64 ticket = ++encodingTicket_;
    std::shared_ptr<const u8codec::ByteSource> source = document_->sharedSource();
    encodingWatcher_->setFuture(QtConcurrent::run([source, ticket] {
        std::vector<std::uint8_t> head(
            std::size_t(std::min<quint64>(source->size(), u8codec::kDetectWindow)));
        head.resize(source->read(0, std::span(head)));
        return EncodingJob{u8codec::detectEncoding(head), ticket};
    }));
}

void MainWindow::onEncodingExamined() {
    const EncodingJob job = encodingWatcher_->result();
    // Another file was opened since, or the bytes changed (a repair or an edit): the result is
    // about bytes no longer shown.
    if (job.ticket != encodingTicket_) {
        emit encodingExamined(false);
        return;
    }
    const EncodingAdvice advice = adviseOn(job.detection, document_->displayName(), openedSize_);
    // Advice waits behind what the banner says already (the file changed on disk, the check
    // stopped): that matters more.
    if (advice.remedy == EncodingAdvice::Remedy::None || !banner_->text().isEmpty()) {
        emit encodingExamined(false);
        return;
    }
    switch (advice.remedy) {
    case EncodingAdvice::Remedy::FixMojibake:
        bannerAction_ = [this] { repairs_->fixMojibakeAction()->trigger(); };
        break;
    case EncodingAdvice::Remedy::ReadAsCp1252:
        bannerAction_ = [this] { repairs_->readInvalidAsCp1252Action()->trigger(); };
        break;
    case EncodingAdvice::Remedy::C1AsCp1252:
        bannerAction_ = [this] { repairs_->readC1AsCp1252Action()->trigger(); };
        break;
    case EncodingAdvice::Remedy::Reinterpret:
        bannerAction_ = [this, encoding = advice.encoding] { repairs_->runReinterpret(encoding); };
        break;
    case EncodingAdvice::Remedy::Binary:
        setBinary(QString::fromStdString(job.detection.binary));
        break;
    case EncodingAdvice::Remedy::None:
        break;
    }
    adviceText_ = advice.text;
    banner_->showMessage(MessageBanner::Level::Information, advice.text, advice.actionText);
    emit encodingExamined(true);
}

void MainWindow::openSample() {
    if (history_->isModified() && !saves_->maybeSave())
        return;
    QFile f(kSamplePath);
    if (!f.open(QIODevice::ReadOnly)) {
        showOpenError(tr("the tour sample"), f.errorString());
        return;
    }
    const QByteArray data = f.readAll();
    if (!path_.isEmpty())
        watcher_->removePath(path_);
    path_.clear();
    file_.reset();
    openedSize_ = quint64(data.size());
    setSource(std::make_shared<u8codec::MemorySource>(
                  std::vector<std::uint8_t>(data.begin(), data.end())),
              tr("tour.txt (sample)"));
    banner_->dismiss();
}

bool MainWindow::closeDocument() {
    if (history_->isModified() && !saves_->maybeSave())
        return false;
    if (!path_.isEmpty())
        watcher_->removePath(path_);
    path_.clear();
    file_.reset();
    openedSize_ = 0;
    banner_->dismiss();
    statusBar()->clearMessage();
    setSource(nullptr, QString());
    findBar_->hide();
    return true;
}

void MainWindow::reload() {
    if (path_.isEmpty())
        return;
    const quint64 cursor = selection_->cursor();
    if (openFile(path_) && document_->size() > 0)
        goTo(std::min(cursor, document_->size() - 1));
}

void MainWindow::setSource(std::shared_ptr<const u8codec::ByteSource> source, const QString& name) {
    finder_->cancel();
    if (lineCancel_)
        *lineCancel_ = true;
    if (navigateCancel_)
        *navigateCancel_ = true;
    selection_->setHighlights({});
    selection_->setCursor(0);
    history_->reset();
    audits_->setDocument(path_, name);
    document_->setSource(std::move(source), name);
}

void MainWindow::onContentChanged() {
    // A new file, or the document's bytes replaced by a repair, undo or redo: everything derived
    // from the bytes is recomputed. The advice on the encoding was about the bytes before: a file's
    // bytes are examined again (after Undo, the mojibake advice comes back), the sample's never.
    // Messages in the status bar were about the old bytes too ("Saved", "N changes applied").
    ++encodingTicket_;
    if (!adviceText_.isEmpty() && banner_->text() == adviceText_)
        banner_->dismiss();
    adviceText_.clear();
    binaryKind_.clear();
    statusBar()->clearMessage();
    if (file_ && document_->size() > 0)
        startEncodingCheck();
    lineIndex_ = LineIndex();
    const quint64 size = document_->size();
    if (selection_->cursor() >= size || selection_->anchor() >= size)
        selection_->setCursor(size > 0 ? size - 1 : 0);
    startScan();
    updateHighlights();
    updateStatus();
    syncPanelsToCursor();
}

void MainWindow::syncPanelsToCursor() {
    const quint64 cursor = selection_->cursor();
    const u8codec::ByteSource* source = document_->source();
    std::uint8_t b = 0;
    if (source && cursor < source->size() && source->read(cursor, std::span(&b, 1)) == 1)
        codePage_->setCurrentByte(b);
    else
        codePage_->setCurrentByte(-1);
    // The problems list follows the cursor when it lies inside a problem or a finding (and
    // stays on the row it is on when that one covers the cursor: findings may overlap).
    if (problemsModel_->rowCount() > 0) {
        const int current = problemsView_->currentIndex().row();
        const int row = problemsModel_->rowContaining(cursor);
        if (row >= 0 && !(current >= 0 && problemsModel_->rangeAt(current).contains(cursor))) {
            problemsView_->selectRow(row);
            problemsView_->scrollTo(problemsModel_->index(row, 0));
        }
    }
}

void MainWindow::findByteValue(int byteValue) {
    // The code-page table's "find its next occurrence": a hex search for that one byte, so the
    // find bar shows what is searched and F3 goes on to the next.
    findBar_->setMode(FindBar::Mode::Hex);
    findBar_->setText(u8ui::NumberFormat::byteHex(std::uint8_t(byteValue)));
    findBar_->show();
    findNext();
}

QDockWidget* MainWindow::addDock(QWidget* content, const QString& name, const QString& title,
                                 Qt::DockWidgetArea area, const QString& tip,
                                 const QKeySequence& key) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name); // saveState() needs it
    dock->setWidget(content);
    addDockWidget(area, dock);
    // The View menu's entry and its shortcut bring the dock forward (see showOrHideDock); Qt's
    // toggleViewAction would hide a dock that is only tabbed behind another.
    auto* action = new QAction(title, this);
    action->setObjectName(name + QStringLiteral("Action"));
    action->setCheckable(true);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    action->setShortcut(key);
    action->setChecked(dock->toggleViewAction()->isChecked());
    connect(dock->toggleViewAction(), &QAction::toggled, action, &QAction::setChecked);
    connect(action, &QAction::triggered, this, [this, dock, action] {
        showOrHideDock(dock);
        action->setChecked(!dock->isHidden());
    });
    addAction(action);
    dockActions_.push_back(action);
    docks_.push_back(dock);
    return dock;
}

void MainWindow::showOrHideDock(QDockWidget* dock) {
    // In front: shown and not covered by the other docks of its tab group (a tab behind another
    // is not visible). Only then does the command hide it.
    if (!dock->isHidden() && dock->isVisible() && !dock->visibleRegion().isEmpty()) {
        dock->hide();
        return;
    }
    dock->show();
    dock->raise();
    if (dock->isFloating())
        dock->activateWindow();
}

QScrollArea* MainWindow::scrollable(QWidget* content) {
    // A dock's content in a scroll area, so that a short or narrow window keeps every dock usable
    // (the dock's minimum is the scroll area's, not the content's).
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}

void MainWindow::createDocks() {
    inspector_->setObjectName(QStringLiteral("inspector"));
    inspector_->attach(document_, selection_);
    codePage_->setObjectName(QStringLiteral("codePageTable"));
    connect(codePage_, &u8ui::CodePageTable::byteValueActivated, this, &MainWindow::findByteValue);

    QWidget* problems = createProblemsPanel();

    legend_->setObjectName(QStringLiteral("legend"));
    legend_->setMode(u8ui::LegendWidget::Mode::Detailed);

    QDockWidget* inspector = addDock(
        inspector_, QStringLiteral("inspectorDock"), tr("Inspector"), Qt::RightDockWidgetArea,
        tr("Show or hide the inspector: the bits, code point and name of the character "
           "under the cursor"),
        QKeySequence(tr("Ctrl+1")));
    QDockWidget* codePage =
        addDock(scrollable(codePage_), QStringLiteral("codePageDock"), tr("Code Page"),
                Qt::RightDockWidgetArea,
                tr("Show or hide the table of the 256 byte values and their UTF-8 classes"),
                QKeySequence(tr("Ctrl+2")));
    addDock(problems, QStringLiteral("problemsDock"), tr("Problems"), Qt::BottomDockWidgetArea,
            tr("Show or hide the list of every invalid sequence and suspicious character"),
            QKeySequence(tr("Ctrl+3")));
    QDockWidget* legend = addDock(
        scrollable(legend_), QStringLiteral("legendDock"), tr("Legend"), Qt::RightDockWidgetArea,
        tr("Show or hide what the colours of the panes mean"), QKeySequence(tr("Ctrl+4")));
    summary_->setObjectName(QStringLiteral("summary"));
    QDockWidget* summary = addDock(scrollable(summary_), QStringLiteral("summaryDock"),
                                   tr("Summary"), Qt::RightDockWidgetArea,
                                   tr("Show or hide the summary: valid or not, counts per kind, "
                                      "characters by length, lines, BOM"),
                                   QKeySequence(tr("Ctrl+5")));
    // One column of tabs: the inspector's bit layout and the code page's grid each need the
    // column's full height to read well; the problems list keeps the bottom.
    tabifyDockWidget(inspector, codePage);
    tabifyDockWidget(codePage, summary);
    tabifyDockWidget(summary, legend);
    inspector->raise();
    resizeDocks({inspector}, {530}, Qt::Horizontal);
}

void MainWindow::setBinary(const QString& kind) {
    // The whole-file check would list nearly every byte: it waits until the user asks for it
    // (the banner's button, or Go > Check Again).
    scanState_ = ScanState::None; // first, so that the cancel is no news
    scan_->cancel();
    // A check that ended before the detection did (a small file) is dropped as well.
    report_.reset();
    problemsModel_->setReport(nullptr);
    summary_->setReport(nullptr);
    audits_->reset();
    scanProgress_->hide();
    scanCancel_->hide();
    binaryKind_ = kind;
    summary_->showMessage(
        tr("Not checked: binary data (%1). Use Go > Check Again to check it as UTF-8.").arg(kind));
    bannerAction_ = [this] {
        banner_->dismiss();
        startScan();
    };
    updateTitle();
    updateActions();
}

void MainWindow::startScan() {
    binaryKind_.clear();
    statusBar()->clearMessage(); // "Check cancelled" is about the check this one replaces
    report_.reset();
    problemsModel_->setReport(nullptr);
    summary_->setReport(nullptr);
    problemsNote_->hide();
    codePage_->clearCounts();
    // A scan still running for the old bytes is cancelled first; that is no news for the user.
    scanState_ = ScanState::None;
    audits_->reset();
    scan_->cancel(); // reports cancelled() at once, while the state says None
    if (document_->size() == 0) {
        scanProgress_->hide();
        scanCancel_->hide();
    } else {
        scanState_ = ScanState::Running;
        scanProgress_->setFormat(tr("Checking %p%"));
        scanProgress_->setValue(0);
        scanProgress_->show();
        scanCancel_->show();
        scan_->start(document_->sharedSource());
    }
    updateTitle();
    updateActions();
}

void MainWindow::onScanFinished(std::shared_ptr<const u8ui::ScanReport> report) {
    report_ = std::move(report);
    scanState_ = ScanState::Finished;
    problemsModel_->setReport(report_);
    summary_->setReport(report_);
    codePage_->setCounts(report_->byteCounts);
    // The scan gathered every line checkpoint in its pass: lines anywhere are now quick.
    if (report_->lineCheckpoints.size() > lineIndex_.checkpointCount())
        lineIndex_ = LineIndex(report_->lineCheckpoints);
    syncPanelsToCursor();
    scanProgress_->hide();
    scanCancel_->hide();
    // The audit of what hides in the text follows, on the same bytes.
    startAudit();
}

void MainWindow::showOpenError(const QString& path, const QString& reason) {
    bannerAction_ = [this] { openDialog(); };
    banner_->showMessage(MessageBanner::Level::Error,
                         tr("Cannot open %1: %2.").arg(QDir::toNativeSeparators(path), reason),
                         tr("Open Another File…"));
}

void MainWindow::openDialog() {
    const QString dir = path_.isEmpty()
                            ? QSettings().value(QStringLiteral("lastDirectory")).toString()
                            : QFileInfo(path_).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open File"), dir);
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::onFileChanged(const QString& path) {
    if (path != path_ || !file_)
        return;
    const QFileInfo info(path);
    if (!info.exists()) {
        // The open descriptor still reads the old bytes (POSIX keeps an unlinked file alive while
        // it is open), so the panes stay as they are.
        banner_->showMessage(MessageBanner::Level::Warning,
                             tr("%1 was deleted or renamed on disk. The bytes shown are those of "
                                "the file as it was opened.")
                                 .arg(info.fileName()));
        return;
    }
    watcher_->addPath(path); // editors that replace the file drop it from the watch list
    const quint64 now = quint64(info.size());
    if (now == openedSize_)
        return;
    bannerAction_ = [this] { reload(); };
    banner_->showMessage(MessageBanner::Level::Warning,
                         now < openedSize_
                             ? tr("%1 shrank on disk from %2 to %3: bytes past the new end can no "
                                  "longer be read.")
                                   .arg(info.fileName(), u8ui::NumberFormat::size(openedSize_),
                                        u8ui::NumberFormat::size(now))
                             : tr("%1 grew on disk from %2 to %3.")
                                   .arg(info.fileName(), u8ui::NumberFormat::size(openedSize_),
                                        u8ui::NumberFormat::size(now)),
                         tr("Reload"));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.first().isLocalFile())
        return;
    event->acceptProposedAction();
    openFile(urls.first().toLocalFile());
}

// --- title and status -------------------------------------------------------------------------

void MainWindow::updateActions() {
    const bool hasBytes = document_->size() > 0;
    for (QAction* a :
         {copyTextAction_, copyHexAction_, copyCArrayAction_, selectAllAction_, goToAction_,
          findAction_, findNextAction_, findPreviousAction_, nextInvalidAction_,
          previousInvalidAction_, nextNonAsciiAction_, previousNonAsciiAction_})
        a->setEnabled(hasBytes);
    reloadAction_->setEnabled(!path_.isEmpty());
    closeAction_->setEnabled(document_->source() != nullptr);
    updateEverydayCommands();
}

QString MainWindow::statusField(const QString& name) const {
    const auto* l = findChild<QLabel*>(name);
    return l ? l->text() : QString();
}

void MainWindow::updateStatus() {
    const u8codec::ByteSource* source = document_->source();
    const quint64 cursor = selection_->cursor();
    if (!source || cursor >= source->size()) {
        for (QLabel* l : {offsetLabel_, byteLabel_, roleLabel_, characterLabel_, lineLabel_})
            l->clear();
        if (source)
            offsetLabel_->setText(tr("Empty file"));
        return;
    }
    const CursorStatus status = CursorStatus::describe(*source, cursor);
    const u8ui::ByteRange range = selection_->range();
    offsetLabel_->setText(
        range.end - range.start > 1
            ? tr("%1, %2 selected")
                  .arg(status.offset, u8ui::NumberFormat::bytes(range.end - range.start))
            : status.offset);
    byteLabel_->setText(status.byte);
    roleLabel_->setText(status.role);
    characterLabel_->setText(status.character);
    updateLineStatus(cursor);
}

void MainWindow::updateLineStatus(quint64 offset) {
    const u8codec::ByteSource* source = document_->source();
    if (!source || offset >= source->size())
        return;
    if (lineIndex_.cost(offset) <= kSynchronousBytes) {
        if (const auto loc = lineIndex_.locate(*source, offset)) {
            lineLabel_->setText(lineText(*loc));
            emit lineLocated();
        }
        return;
    }
    // Far into a large file: count in the background, the window stays responsive.
    if (linePending_)
        return; // the finished handler asks again for the cursor's current offset
    lineLabel_->setText(tr("Line …"));
    linePending_ = true;
    lineCancel_ = std::make_shared<std::atomic<bool>>(false);
    auto cancel = lineCancel_;
    auto shared = document_->sharedSource();
    LineIndex index = lineIndex_;
    lineWatcher_->setFuture(QtConcurrent::run([shared, index, offset, cancel]() mutable {
        LineJob job;
        job.location = index.locate(*shared, offset, cancel.get());
        job.index = std::move(index);
        job.offset = offset;
        return job;
    }));
}

// --- navigation -------------------------------------------------------------------------------

void MainWindow::goTo(quint64 offset, quint64 length) {
    if (offset >= document_->size())
        return;
    length = std::max<quint64>(1, std::min(length, document_->size() - offset));
    // The cursor on the first byte: the status bar and the inspector then describe the segment
    // from its start, as the problems list and the find bar name it.
    selection_->setAnchorAndCursor(offset + length - 1, offset);
}

void MainWindow::goToDialog() {
    GoToOffsetDialog dialog(document_->size(), selection_->cursor(), goToHex_, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    goToHex_ = dialog.hexSelected();
    if (const auto offset = dialog.offset())
        goTo(*offset);
}

namespace {

std::optional<u8codec::Segment> step(const u8codec::ByteSource& source, u8ui::ByteRange range,
                                     bool forward, bool errorsOnly,
                                     const std::atomic<bool>* cancel = nullptr) {
    // Step from the whole selection, so that repeating the command moves on.
    return forward ? (errorsOnly ? u8codec::findNextError(source, range.end, cancel)
                                 : u8codec::findNextNonAscii(source, range.end, cancel))
                   : (errorsOnly ? u8codec::findPreviousError(source, range.start, cancel)
                                 : u8codec::findPreviousNonAscii(source, range.start, cancel));
}

} // namespace

void MainWindow::navigate(bool forward, bool errorsOnly) {
    const u8codec::ByteSource* source = document_->source();
    if (!source || source->size() == 0)
        return;
    if (navigateCancel_)
        *navigateCancel_ = true;
    navigateWatcher_->waitForFinished();
    const u8ui::ByteRange range = selection_->range();
    auto report = [this, forward, errorsOnly](const std::optional<u8codec::Segment>& found) {
        if (found) {
            goTo(found->offset, found->length);
            statusBar()->clearMessage();
        } else {
            statusBar()->showMessage(errorsOnly
                                         ? (forward ? tr("No invalid sequence after the cursor")
                                                    : tr("No invalid sequence before the cursor"))
                                         : (forward ? tr("Only ASCII after the cursor")
                                                    : tr("Only ASCII before the cursor")),
                                     4000);
        }
        emit navigationFinished(found.has_value());
    };
    // Small documents answer at once; in a large one the answer may lie gigabytes away, so the
    // search runs in the background and the window stays responsive (a new step cancels it).
    if (source->size() <= kSynchronousBytes) {
        report(step(*source, range, forward, errorsOnly));
        return;
    }
    navigateCancel_ = std::make_shared<std::atomic<bool>>(false);
    auto cancel = navigateCancel_;
    auto shared = document_->sharedSource();
    statusBar()->showMessage(tr("Searching…"));
    disconnect(navigateWatcher_, nullptr, this, nullptr);
    connect(navigateWatcher_, &QFutureWatcher<std::optional<u8codec::Segment>>::finished, this,
            [this, cancel, report] {
                if (*cancel)
                    return;
                report(navigateWatcher_->result());
            });
    navigateWatcher_->setFuture(QtConcurrent::run([shared, cancel, range, forward, errorsOnly] {
        return step(*shared, range, forward, errorsOnly, cancel.get());
    }));
}

// --- search -----------------------------------------------------------------------------------

void MainWindow::findNext() {
    finder_->start(true);
}
void MainWindow::findPrevious() {
    finder_->start(false);
}

void MainWindow::updateHighlights() {
    finder_->updateHighlights();
}

void MainWindow::setBytesPerRow(int bytes) {
    hexView_->setBytesPerRow(bytes);
    for (QAction* a : bytesPerRowGroup_->actions())
        a->setChecked(a->data().toInt() == hexView_->bytesPerRow());
    if (shownOnce_)
        windowLayout_->fitHexPane();
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (shownOnce_)
        return;
    shownOnce_ = true;
    // Sizes that depend on the laid-out window: after the first layout pass.
    if (restoredLayout_)
        if (const QDockWidget* dock = findChild<QDockWidget*>(QStringLiteral("inspectorDock")))
            windowLayout_->setDockColumnWidth(dock->width());
    QTimer::singleShot(0, this, [this] { windowLayout_->fitHexPane(); });
}

// --- copy -------------------------------------------------------------------------------------

void MainWindow::copySelection(int format) {
    const u8codec::ByteSource* source = document_->source();
    if (!source || source->size() == 0)
        return;
    const auto result = u8ui::SelectionCopy::toClipboard(*source, selection_->range(),
                                                         u8ui::SelectionCopy::Format(format));
    if (result.ok())
        statusBar()->showMessage(tr("Copied %1")
                                     .arg(u8ui::NumberFormat::bytes(selection_->range().end -
                                                                    selection_->range().start)),
                                 3000);
    else
        statusBar()->showMessage(result.error, 6000);
}

} // namespace u8app
