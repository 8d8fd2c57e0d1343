#include "main_window.h"

#include "audit_actions.h"
#include "bookmark_actions.h"
#include "bookmark_list.h"
#include "bookmarks_panel.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "checksum_actions.h"
#include "code_page_table.h"
#include "compare_actions.h"
#include "compare_view.h"
#include "copy_actions.h"
#include "differences_panel.h"
#include "dock_setup.h"
#include "document_check.h"
#include "document_controller.h"
#include "document_history.h"
#include "document_session.h"
#include "edit_actions.h"
#include "eliding_status_bar.h"
#include "encoding_check.h"
#include "export_actions.h"
#include "find_bar.h"
#include "find_controller.h"
#include "find_replace_dialog.h"
#include "hex_view.h"
#include "inspector_panel.h"
#include "keep_in_step.h"
#include "legend_widget.h"
#include "line_locator.h"
#include "message_banner.h"
#include "navigation_actions.h"
#include "open_actions.h"
#include "problems_panel.h"
#include "repair_actions.h"
#include "save_actions.h"
#include "scan_report.h"
#include "selection_file_actions.h"
#include "settings.h"
#include "start_page.h"
#include "status_fields.h"
#include "summary_panel.h"
#include "text_encoding_actions.h"
#include "text_view.h"
#include "theme.h"
#include "walkthrough_actions.h"
#include "walkthrough_panel.h"
#include "window_action.h"
#include "window_layout.h"
#include "window_notices.h"
#include "zoom_actions.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

// Resources live in the static library u8scope_gui: registered explicitly (outside any namespace,
// as Q_INIT_RESOURCE requires) so that the linker keeps them.
static void initResources() {
    Q_INIT_RESOURCE(u8scope);
}

namespace u8app {

namespace {
// The longest a shown window holds its background work back waiting for a first paint.
constexpr int kLongestHold = 500; // ms
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), statusBar_(new ElidingStatusBar(this)), banner_(new MessageBanner(this)),
      notices_(new WindowNotices(statusBar_, banner_, this)),
      controller_(new DocumentController(this)),
      session_(new u8doc::DocumentSession(controller_, this)), findBar_(new FindBar(this)),
      panes_(new QSplitter(Qt::Horizontal, this)), hexView_(new u8ui::HexView(panes_)),
      textView_(new u8ui::TextView(panes_)), inspector_(new u8ui::InspectorPanel(this)),
      codePage_(new u8ui::CodePageTable(this)), legend_(new u8ui::LegendWidget(this)),
      summary_(new u8ui::SummaryPanel(this)),
      repairs_(new RepairActions(this, document(), history())),
      saves_(new SaveActions(this, document(), history(), session_)),
      audits_(new AuditActions(this)), open_(new OpenActions(this, notices_, session_, saves_)),
      lines_(new u8doc::LineLocator(this)),
      navigation_(new NavigationActions(this, notices_, controller_, lines_)),
      finder_(new FindController(findBar_, document(), selection(), hexView_, textView_, this)),
      copies_(new CopyActions(this, notices_, controller_)),
      edits_(new EditActions(this, notices_, controller_, hexView_)),
      encoding_(new EncodingCheck(repairs_, notices_, session_, this)),
      check_(new DocumentCheck(this, notices_, session_, open_, audits_, summary_)),
      problems_(new ProblemsPanel(this, notices_, controller_, audits_, navigation_, session_)),
      status_(new StatusFields(this, controller_, lines_)), docks_(new DockSetup(this)),
      walkthrough_(new WalkthroughActions(this, notices_, controller_)),
      zoom_(new ZoomActions(this)), checksums_(new ChecksumActions(this, controller_)),
      selectionFiles_(new SelectionFileActions(this, notices_, controller_, saves_, session_)),
      bookmarks_(new BookmarkActions(this, notices_, controller_, session_)),
      textEncoding_(new TextEncodingActions(this, textView_)), compareView_(new CompareView(this)),
      compares_(new CompareActions(this, notices_, session_, compareView_,
                                   [this](bool on) { showCompare(on); })) {
    initResources();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/u8scope/icons/u8scope-64.png")));
    setAcceptDrops(true);
    setCentralWidget(createCentralWidget());

    createWindowActions();
    createDocks();
    createMenus();
    createStatusBar();
    connectDocument();
    connectCheck();
    saves_->setDiskCheck([this] { return open_->changeOnDisk(); });
    copies_->setTextReading([this] { return &textView_->textReading(); });
    for (u8ui::BytePane* pane :
         {static_cast<u8ui::BytePane*>(hexView_), static_cast<u8ui::BytePane*>(textView_)})
        pane->setMarkDescriber([this](quint64 offset) { return bookmarks_->describe(offset); });
    // Reload and the reopening after Save keep the top row and the selection (clamped to the
    // new size), so that the view does not jump.
    open_->setPlaceKeeper([this] {
        const quint64 top = hexView_->topOffset();
        const quint64 anchor = selection()->anchor(), cursor = selection()->cursor();
        return std::function<void()>([this, top, anchor, cursor] {
            // On the bytes (not past the end), as far as they reach.
            const quint64 size = document()->size();
            const quint64 last = size > 0 ? size - 1 : 0;
            selection()->setAnchorAndCursor(std::min(anchor, last), std::min(cursor, last));
            hexView_->setTopOffset(top);
        });
    });

    readSettings();
    updateTitle();
    updateActions();
    status_->update();
}

// Every part waits for its own background work as it goes (LatestRun).
MainWindow::~MainWindow() = default;

QWidget* MainWindow::createCentralWidget() {
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(banner_);
    panes_->setObjectName(QStringLiteral("panes"));
    panes_->setChildrenCollapsible(false);
    hexView_->setObjectName(QStringLiteral("hexView"));
    hexView_->setDocument(document());
    hexView_->setSelection(selection());
    hexView_->setToolTip(QString()); // per-byte tooltips come from the view itself
    panes_->addWidget(hexView_);
    textView_->setObjectName(QStringLiteral("textView"));
    textView_->setDocument(document());
    textView_->setSelection(selection());
    panes_->addWidget(textView_);
    u8ui::keepInStep(hexView_, textView_);
    windowLayout_ = new WindowLayout(this, panes_, hexView_);
    layout->addWidget(panes_, 1);
    compareView_->hide();
    layout->addWidget(compareView_, 1);
    startPage_ = new StartPage(
        open_->openAction(), open_->sampleAction(), open_->recentFiles(),
        [this](const QString& path) { openFile(path); }, central);
    // Over the panes, outside the layout: it changes no width the window lays out (the docks
    // and the panes keep those of a window with a document).
    startPage_->cover(panes_);
    layout->addWidget(findBar_);
    return central;
}

// --- composition ------------------------------------------------------------------------------

void MainWindow::connectDocument() {
    u8ui::ByteSelection* selection = this->selection();
    connect(selection, &u8ui::ByteSelection::selectionChanged, status_, &StatusFields::update);
    connect(selection, &u8ui::ByteSelection::cursorChanged, finder_,
            &FindController::updateHighlights);
    connect(document(), &u8ui::ByteDocument::contentChanged, this,
            [this](u8ui::ByteDocument::Change change) {
                if (change != u8ui::ByteDocument::Change::Saved) {
                    onContentChanged(change == u8ui::ByteDocument::Change::Edited);
                    return;
                }
                // Saved: the same bytes, now read from the file just written; the check and the
                // audit of them hold (the panes repaint the edit marks themselves). The advice
                // on the encoding was about the file as opened: it is given again for the file
                // as saved (binary data stays so, and a check asked for on it stays).
                if (session_->binaryKind().isEmpty())
                    encoding_->restart(document()->sharedSource(), document()->displayName(),
                                       session_->openedSize());
                updateTitle();
                updateActions();
            });
    connect(selection, &u8ui::ByteSelection::cursorChanged, this, &MainWindow::syncPanelsToCursor);
    connect(history(), &u8doc::DocumentHistory::modifiedChanged, this, &QWidget::setWindowModified);
    connect(controller_, &DocumentController::aboutToReplace, this, [this](const QString& name) {
        // Work on the old bytes stops; the audit's profile follows the new name.
        finder_->cancel();
        navigation_->cancel();
        audits_->setDocument(session_->path(), name);
        compares_->closeCompare(); // it was of the document before
    });
    connect(repairs_, &RepairActions::finished, this,
            [this](const QString& message) { notices_->say(message, 8000); });
    connect(saves_, &SaveActions::message, this,
            [this](const QString& message) { notices_->say(message, 8000); });
    connect(saves_, &SaveActions::written, bookmarks_, &BookmarkActions::documentWritten);
    connect(bookmarks_, &BookmarkActions::message, this,
            [this](const QString& message) { notices_->say(message, 8000); });
    connect(hexView_, &u8ui::HexView::topOffsetChanged, finder_, &FindController::updateHighlights);
    connect(textView_, &u8ui::TextView::topOffsetChanged, finder_,
            &FindController::updateHighlights);
    connect(finder_, &FindController::finished, this, &MainWindow::searchFinished);
    connect(status_, &StatusFields::lineLocated, this, &MainWindow::lineLocated);
    connect(navigation_, &NavigationActions::finished, this, &MainWindow::navigationFinished);
    connect(open_, &OpenActions::closed, findBar_, &QWidget::hide);
    connect(controller_, &DocumentController::jumping, hexView_, &u8ui::HexView::centreIfHidden);
    for (u8ui::BytePane* pane :
         {static_cast<u8ui::BytePane*>(hexView_), static_cast<u8ui::BytePane*>(textView_)})
        connect(pane, &u8ui::BytePane::keyRefused, this, [this](const QString& why) {
            QApplication::beep();
            notices_->say(why, 6000);
        });
    connect(textEncoding_, &TextEncodingActions::message, this,
            [this](const QString& message) { notices_->say(message, 8000); });
    connect(codePage_, &u8ui::CodePageTable::byteValueActivated, finder_,
            [this](int value) { finder_->findByte(std::uint8_t(value)); });
    connect(codePage_, &u8ui::CodePageTable::byteValueActivated, walkthrough_,
            &WalkthroughActions::showByteValue);
    // Both panes' context menus: the everyday edits, then the walk-through's Explain Selection.
    for (QWidget* pane : {static_cast<QWidget*>(hexView_), static_cast<QWidget*>(textView_)}) {
        const QList<QAction*> copies = copies_->actions();
        pane->addActions({edits_->cutAction(), copies.value(0), copies.value(1),
                          edits_->pasteAction(), edits_->pasteHexAction()});
        auto* separator = new QAction(pane);
        separator->setSeparator(true);
        pane->addAction(separator);
        pane->addActions(navigation_->selectActions().mid(0, 1)); // Select All
        auto* before = new QAction(pane);
        before->setSeparator(true);
        pane->addAction(before);
        walkthrough_->addToContextMenu(pane);
    }
    connect(zoom_, &ZoomActions::zoomed, this, [this] {
        if (shownOnce_)
            windowLayout_->fitHexPane(); // the hex row's width changed with the font
    });
}

void MainWindow::connectCheck() {
    // The verdict goes to the session, which starts the check (or holds it on binary data).
    connect(encoding_, &EncodingCheck::examined, this, &MainWindow::encodingExamined);
    connect(session_, &u8doc::DocumentSession::checked, this,
            [this](const std::shared_ptr<const u8doc::ScanReport>& report) {
                problems_->setReport(report);
                if (report) {
                    codePage_->setCounts(report->byteCounts);
                    // The scan gathered every line checkpoint: lines anywhere are now quick.
                    lines_->adopt(report->lineCheckpoints);
                    syncPanelsToCursor();
                } else {
                    codePage_->clearCounts();
                }
            });
    connect(session_, &u8doc::DocumentSession::audited, this,
            [this](const std::shared_ptr<const u8doc::AuditReport>& report) {
                problems_->setAuditReport(report);
                hexView_->setAuditReport(report);
                textView_->setAuditReport(report);
                inspector_->setAuditReport(report);
                syncPanelsToCursor();
            });
    connect(check_, &DocumentCheck::stateChanged, this, [this] {
        updateTitle();
        updateActions();
    });
}

void MainWindow::onContentChanged(bool edited) {
    const std::shared_ptr<const u8codec::ByteSource> source = document()->sharedSource();
    if (edited)
        lines_->edited(source, document()->changedFrom());
    else
        lines_->reset(source);
    controller_->keepSelectionInside();
    if (edited) {
        // A hand edit (or its undo): what was found is dropped and found again once the typing
        // pauses. The advice on the encoding and the status bar's word stay: they are about the
        // file, and about what the user just did.
        check_->restartAfterEdit(document()->changedFrom());
    } else {
        // A new file, or the document's bytes replaced by a repair or its undo: everything
        // derived from the bytes is recomputed. The advice on the encoding was about the bytes
        // before: a file's bytes are examined again (after Undo, the mojibake advice comes back),
        // the sample's never; the whole-file check follows the verdict (DocumentSession).
        // Messages in the status bar were about the old bytes too ("Saved", "N changes
        // applied").
        notices_->clearSaid();
        auto work = [this, source, hasFile = session_->hasFile(), name = document()->displayName(),
                     size = session_->openedSize()] {
            encoding_->restart(hasFile ? source : nullptr, name, size);
        };
        if (holdBackgroundWork_)
            heldWork_ = std::move(work);
        else
            work();
    }
    finder_->updateHighlights();
    status_->update();
    syncPanelsToCursor();
}

void MainWindow::holdBackgroundWorkUntilPainted() {
    holdBackgroundWork_ = true;
    hexView_->viewport()->installEventFilter(this);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    // The first paint of the hex pane is part of the window's first paint (one pass): work
    // queued now starts once that pass has been drawn.
    if (holdBackgroundWork_ && watched == hexView_->viewport() && event->type() == QEvent::Paint)
        QTimer::singleShot(0, this, &MainWindow::releaseBackgroundWork);
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::releaseBackgroundWork() {
    if (!holdBackgroundWork_)
        return;
    holdBackgroundWork_ = false;
    hexView_->viewport()->removeEventFilter(this);
    if (const std::function<void()> work = std::exchange(heldWork_, nullptr))
        work();
}

void MainWindow::syncPanelsToCursor() {
    const quint64 cursor = selection()->cursor();
    const u8codec::ByteSource* source = document()->source();
    std::uint8_t b = 0;
    if (source && cursor < source->size() && source->read(cursor, std::span(&b, 1)) == 1)
        codePage_->setCurrentByte(b);
    else
        codePage_->setCurrentByte(-1);
    // The problems list follows the cursor when it lies inside a problem or a finding.
    problems_->followCursor();
}

// --- actions, menus, docks and the status bar -------------------------------------------------

void MainWindow::createWindowActions() {
    quitAction_ = makeWindowAction(this, tr("&Quit"), QKeySequence::Quit, tr("Quit u8scope"), this,
                                   [this] { close(); });
    darkThemeAction_ =
        makeWindowAction(this, tr("&Dark Theme"), {}, tr("Switch between a light and a dark look"),
                         this, [](bool on) {
                             Theme::apply(on);
                             settings::setDarkTheme(on);
                         });
    darkThemeAction_->setCheckable(true);
    clustersAction_ = makeWindowAction(
        this, tr("Show Grapheme &Clusters"), QKeySequence(tr("Ctrl+Alt+G")),
        tr("On: a grapheme cluster (e + U+0301, an emoji sequence, a flag) is one cell in the text "
           "pane and its bytes are bracketed in the hex pane, as a reader sees it (UAX #29). Off: "
           "every code point on its own"),
        this, [this](bool on) {
            hexView_->setShowClusters(on);
            textView_->setShowClusters(on);
            compareView_->setShowClusters(on);
            settings::setShowClusters(on);
        });
    clustersAction_->setObjectName(QStringLiteral("showClusters"));
    clustersAction_->setCheckable(true);
    replaceAction_ = makeWindowAction(
        this, tr("&Replace…"), QKeySequence(tr("Ctrl+H")),
        tr("Find text, hex bytes or code points and replace them: one at a time, or all at once "
           "as one undo step"),
        this, [this] { showFindReplace(); });
    aboutAction_ = makeWindowAction(
        this, tr("&About u8scope"), {}, tr("Version and purpose of u8scope"), this, [this] {
            QMessageBox::about(this, tr("About u8scope"),
                               tr("<h3>u8scope %1</h3><p>A byte inspector for UTF-8: every byte "
                                  "coloured by the role it plays, every invalid sequence found "
                                  "and explained.</p>")
                                   .arg(QStringLiteral(U8SCOPE_VERSION)));
        });
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    open_->populate(file);
    file->addSeparator();
    QAction* quitSeparator = file->addSeparator();
    file->addAction(quitAction_);
    saves_->populate(file, quitSeparator);
    compares_->populate(file, quitSeparator);
    file->insertAction(quitSeparator, selectionFiles_->saveSelectionAction());
    file->insertAction(quitSeparator, problems_->exportAction());
    auto* exports = new ExportActions(this, notices_, controller_, session_,
                                      [this] { return hexView_->bytesPerRow(); });
    exports->populate(file, quitSeparator);
    exports->setBookmarks([this] {
        std::vector<u8dump::HtmlBookmark> out;
        for (const Bookmark& b : bookmarks_->list()->bookmarks())
            out.push_back({b.start, b.length, b.name.toStdString(), b.note.toStdString()});
        return out;
    });

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = makeStepAction(this, history()->undoStack(), false, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setToolTip(tr("Undo the last edit, repair or reinterpretation"));
    QAction* redo = makeStepAction(this, history()->undoStack(), true, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setToolTip(tr("Redo the edit, repair or reinterpretation undone last"));
    edit->addActions({undo, redo});
    edit->addSeparator();
    edit->addActions(copies_->actions());
    edit->addSeparator();
    edit->addActions(edits_->actions());
    edit->addAction(selectionFiles_->insertFileAction());
    edit->addAction(replaceAction_);
    edit->addSeparator();
    edit->addActions(navigation_->selectActions());

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addActions(navigation_->jumpActions());
    go->addSeparator();
    go->addActions(finder_->actions());
    go->addSeparator();
    go->addActions(problems_->stepActions());
    go->addAction(check_->againAction());
    go->addSeparator();
    go->addActions(navigation_->stepActions());
    go->addSeparator();
    go->addActions(compares_->stepActions());

    QMenu* marks = menuBar()->addMenu(tr("&Bookmarks"));
    marks->addActions(bookmarks_->actions());

    QMenu* repair = menuBar()->addMenu(tr("&Repair"));
    repairs_->populate(repair);

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addActions(walkthrough_->actions());
    tools->addSeparator();
    tools->addAction(checksums_->checksumsAction());

    QMenu* view = createViewMenu();

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(open_->sampleAction());
    help->addAction(aboutAction_);
    for (QMenu* m : {file, edit, go, marks, repair, tools, view, help})
        m->setToolTipsVisible(true);
    // Menus are windows of their own: a font set on the menu bar does not reach them.
    zoom_->addTarget(menuBar());
    for (QMenu* m : menuBar()->findChildren<QMenu*>())
        zoom_->addTarget(m);
}

QMenu* MainWindow::createViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions(docks_->actions());
    view->addSeparator();
    QMenu* rowMenu = view->addMenu(tr("&Bytes per Row"));
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
    view->addAction(clustersAction_);
    textEncoding_->populate(view);
    view->addAction(edits_->readOnlyAction());
    view->addSeparator();
    view->addActions(zoom_->actions());
    view->addSeparator();
    audits_->populate(view);
    view->addSeparator();
    view->addAction(darkThemeAction_);
    return view;
}

void MainWindow::createDocks() {
    inspector_->setObjectName(QStringLiteral("inspector"));
    inspector_->attach(document(), selection());
    codePage_->setObjectName(QStringLiteral("codePageTable"));
    legend_->setObjectName(QStringLiteral("legend"));
    legend_->setMode(u8ui::LegendWidget::Mode::Detailed);
    summary_->setObjectName(QStringLiteral("summary"));
    using Fit = DockSetup::Fit;
    QDockWidget* inspector = docks_->add(
        inspector_, QStringLiteral("inspectorDock"), tr("Inspector"), Qt::RightDockWidgetArea,
        tr("Show or hide the inspector: the bits, code point and name of the character "
           "under the cursor"),
        QKeySequence(tr("Ctrl+1")), Fit::Scroll);
    QDockWidget* codePage = docks_->add(
        codePage_, QStringLiteral("codePageDock"), tr("Code Page"), Qt::RightDockWidgetArea,
        tr("Show or hide the table of the 256 byte values and their UTF-8 classes"),
        QKeySequence(tr("Ctrl+2")), Fit::Scroll);
    problemsDock_ = docks_->add(
        problems_, QStringLiteral("problemsDock"), tr("Problems"), Qt::BottomDockWidgetArea,
        tr("Show or hide the list of every invalid sequence and suspicious character"),
        QKeySequence(tr("Ctrl+3")));
    QDockWidget* legend =
        docks_->add(legend_, QStringLiteral("legendDock"), tr("Legend"), Qt::RightDockWidgetArea,
                    tr("Show or hide what the colours of the panes mean"),
                    QKeySequence(tr("Ctrl+4")), Fit::Scroll);
    QDockWidget* summary = docks_->add(
        summary_, QStringLiteral("summaryDock"), tr("Summary"), Qt::RightDockWidgetArea,
        tr("Show or hide the summary: valid or not, counts per kind, characters by length, "
           "lines, BOM"),
        QKeySequence(tr("Ctrl+5")), Fit::Scroll);
    // One column of tabs: the inspector's bit layout and the code page's grid each need the
    // column's full height to read well; the problems list keeps the bottom.
    tabifyDockWidget(inspector, codePage);
    tabifyDockWidget(codePage, summary);
    tabifyDockWidget(summary, legend);
    QDockWidget* walkthrough = docks_->add(
        walkthrough_->panel(), QStringLiteral("walkthroughDock"), tr("Walk-through"),
        Qt::RightDockWidgetArea,
        tr("Show or hide the walk-through: a character encoded, or the selection decoded, step by "
           "step"),
        QKeySequence(tr("Ctrl+6")), Fit::Scroll);
    walkthrough_->setDock(walkthrough);
    tabifyDockWidget(legend, walkthrough);
    QDockWidget* bookmarks =
        docks_->add(bookmarks_->panel(), QStringLiteral("bookmarksDock"), tr("Bookmarks"),
                    Qt::RightDockWidgetArea,
                    tr("Show or hide the bookmarks: named ranges with notes, kept beside the file"),
                    QKeySequence(tr("Ctrl+7")), Fit::Scroll);
    tabifyDockWidget(walkthrough, bookmarks);
    differencesDock_ = docks_->add(
        compares_->panel(), QStringLiteral("differencesDock"), tr("Differences"),
        Qt::BottomDockWidgetArea,
        tr("Show or hide the differences of File > Compare With…: the verdict, and each "
           "difference with its kind and both sides' places"),
        QKeySequence(tr("Ctrl+8")));
    // Behind the problems list until a comparison starts (showCompare() raises it).
    if (auto* problemsDock = findChild<QDockWidget*>(QStringLiteral("problemsDock"))) {
        tabifyDockWidget(problemsDock, differencesDock_);
        problemsDock->raise();
    }
    inspector->raise();
    // View > Zoom scales the whole window: the panes, every dock with its title, the banner, the
    // start page (the menus and the status bar: createStatusBar(), createMenus()).
    zoom_->addTarget(hexView_);
    zoom_->addTarget(compareView_);
    zoom_->addTarget(textView_);
    zoom_->addTarget(banner_);
    zoom_->addTarget(startPage_);
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        zoom_->addTarget(dock);
    resizeDocks({inspector}, {530}, Qt::Horizontal);
}

void MainWindow::createStatusBar() {
    // The cursor's fields (StatusFields) from the left; on the right the editing mode, the text
    // pane's encoding, then the check's progress and its Cancel button.
    for (QLabel* field : status_->fields())
        statusBar()->addWidget(field);
    statusBar()->addPermanentWidget(edits_->modeField());
    statusBar()->addPermanentWidget(textEncoding_->field());
    statusBar()->addPermanentWidget(check_->progressBar());
    statusBar()->addPermanentWidget(check_->cancelButton());
    zoom_->addTarget(statusBar());
}

void MainWindow::showCompare(bool on) {
    // The compared view in the panes' place, or the panes back.
    compareView_->setVisible(on);
    panes_->setVisible(!on);
    (on ? compareView_->textView(CompareView::Side::A) : textView_)->setFocus();
    if (!on)
        return;
    differencesDock_->show();
    differencesDock_->raise();
    // Room for a screenful of rows, when the dock is docked below the panes.
    if (dockWidgetArea(differencesDock_) == Qt::BottomDockWidgetArea &&
        differencesDock_->height() < 220)
        resizeDocks({differencesDock_}, {240}, Qt::Vertical);
}

void MainWindow::setBytesPerRow(int bytes) {
    hexView_->setBytesPerRow(bytes);
    compareView_->setBytesPerRow(bytes);
    for (QAction* a : bytesPerRowGroup_->actions())
        a->setChecked(a->data().toInt() == hexView_->bytesPerRow());
    if (shownOnce_)
        windowLayout_->fitHexPane();
}

void MainWindow::updateTitle() {
    if (!document()->source()) {
        setWindowTitle(QStringLiteral("u8scope"));
        return;
    }
    const QString state = check_->stateText();
    // "[*]" is where Qt shows the modified mark (after a repair, until saved).
    setWindowTitle(state.isEmpty()
                       ? tr("%1[*] — u8scope").arg(document()->displayName())
                       : tr("%1[*] — %2 — u8scope").arg(document()->displayName(), state));
}

void MainWindow::updateActions() {
    startPage_->setVisible(document()->source() == nullptr);
    copies_->updateActions();
    edits_->updateActions();
    navigation_->updateActions();
    finder_->updateActions();
    open_->updateActions();
    problems_->updateActions();
    walkthrough_->updateActions();
    checksums_->updateActions();
    selectionFiles_->updateActions();
    bookmarks_->updateActions();
    compares_->updateActions();
    replaceAction_->setEnabled(document()->source() != nullptr);
}

// --- settings and window events ---------------------------------------------------------------

void MainWindow::readSettings() {
    if (!restoreGeometry(settings::windowGeometry())) {
        // Room for the hex pane, the text pane and one dock column, within the screen.
        QSize size(1440, 900);
        if (const QScreen* screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableSize() * 0.92);
        resize(size);
    }
    restoredLayout_ = restoreState(settings::windowState());
    navigation_->readSettings();
    setBytesPerRow(settings::bytesPerRow());
    darkThemeAction_->setChecked(settings::darkTheme());
    const bool clusters = settings::showClusters();
    clustersAction_->setChecked(clusters);
    hexView_->setShowClusters(clusters);
    textView_->setShowClusters(clusters);
    compareView_->setShowClusters(clusters);
    audits_->readSettings();
    edits_->readSettings();
    zoom_->readSettings();
}

void MainWindow::writeSettings() const {
    settings::setWindowGeometry(saveGeometry());
    settings::setWindowState(saveState());
    navigation_->writeSettings();
    settings::setBytesPerRow(hexView_->bytesPerRow());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (history()->isModified() && !saves_->maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    QMainWindow::closeEvent(event);
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
    open_->openFile(urls.first().toLocalFile());
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (shownOnce_)
        return;
    shownOnce_ = true;
    // A window whose hex pane is not painted (no document: the start page) starts its held
    // work all the same.
    if (holdBackgroundWork_)
        QTimer::singleShot(kLongestHold, this, &MainWindow::releaseBackgroundWork);
    // Sizes that depend on the laid-out window: after the first layout pass.
    if (restoredLayout_) {
        if (const QDockWidget* dock = findChild<QDockWidget*>(QStringLiteral("inspectorDock")))
            windowLayout_->setDockColumnWidth(dock->width());
    } else {
        // The panes keep most of the height on a short screen (at 1024×640 the problems list
        // took half of it): a quarter for the list, which scrolls.
        resizeDocks({problemsDock_}, {std::max(height() / 4, 120)}, Qt::Vertical);
    }
    QTimer::singleShot(0, this, [this] { windowLayout_->fitHexPane(); });
}

// --- what the window offers its callers -------------------------------------------------------

bool MainWindow::openFile(const QString& path) {
    return open_->openFile(path);
}
void MainWindow::openSample() {
    open_->openSample();
}
bool MainWindow::closeDocument() {
    return open_->closeDocument();
}
void MainWindow::reload() {
    open_->reload();
}
void MainWindow::goTo(quint64 offset, quint64 length) {
    controller_->goTo(offset, length);
}
FindReplaceDialog* MainWindow::showFindReplace() {
    if (!findReplace_) {
        findReplace_ = new FindReplaceDialog(controller_, notices_, this);
        findReplace_->setObjectName(QStringLiteral("findReplaceDialog"));
        zoom_->addTarget(findReplace_);
    }
    findReplace_->show();
    findReplace_->raise();
    findReplace_->activateWindow();
    findReplace_->focusFind();
    return findReplace_;
}
bool MainWindow::goToLine(quint64 line) {
    return navigation_->goToLine(line);
}
QString MainWindow::exportProblems(const QString& path) const {
    return problems_->exportTo(path);
}
void MainWindow::findNext() {
    finder_->start(true);
}
void MainWindow::findPrevious() {
    finder_->start(false);
}
bool MainWindow::compareWith(const QString& path) {
    return compares_->compareWith(path);
}

u8ui::ByteDocument* MainWindow::document() const {
    return controller_->document();
}
u8ui::ByteSelection* MainWindow::selection() const {
    return controller_->selection();
}
u8doc::DocumentHistory* MainWindow::history() const {
    return controller_->history();
}

} // namespace u8app
