// The u8scope window: composes the panes, the docks, the menus and the status bar around one
// document, owned by a u8doc::DocumentSession (its file, identity on disk, verdict and reports),
// which the commands are given, with the status bar behind a u8doc::Notices. What each part does
// lives with its owner: the document, selection, history and editing (DocumentController; the
// Edit menu's commands in EditActions), opening files (OpenActions), the check and audit
// (DocumentCheck), the encoding advice (EncodingCheck), the Problems panel, moving the cursor
// (NavigationActions), search (FindController), the cursor's status (StatusFields), the docks
// (DockSetup), the walk-throughs (WalkthroughActions) and the zoom (ZoomActions). It offers its
// callers commands only; its parts are its own (the suites find them among its children,
// tests/app/window_test_support.h).
#pragma once

#include <QMainWindow>
#include <functional>
#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QSplitter;

namespace u8doc {
class DocumentSession;
class DocumentHistory;
class DocumentScan;
class LineLocator;
struct AuditReport;
struct ScanReport;
} // namespace u8doc
namespace u8ui {
class ByteDocument;
class ByteSelection;
class CodePageTable;
class HexView;
class InspectorPanel;
class LegendWidget;
class SummaryPanel;
class TextView;
} // namespace u8ui

namespace u8app {

class ElidingStatusBar;
class WindowNotices;
class StartPage;

class AuditActions;
class BookmarkActions;
class ChecksumActions;
class CompareActions;
class CompareView;
class CopyActions;
class DockSetup;
class DocumentCheck;
class DocumentController;
class EditActions;
class EncodingCheck;
class FindReplaceDialog;
class FindBar;
class FindController;
class MessageBanner;
class NavigationActions;
class OpenActions;
class ProblemsPanel;
class RepairActions;
class SaveActions;
class SelectionFileActions;
class StatusFields;
class TextEncodingActions;
class WalkthroughActions;
class WindowLayout;
class ZoomActions;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a file (never reading it whole). On failure the current document stays and the
    // window says why; returns false.
    bool openFile(const QString& path);
    // Opens the bundled tour sample.
    void openSample();
    // Start-up: the whole-file check and the encoding advice of the document opened next wait
    // until the window's first paint has been drawn, so that they do not take the cores from it
    // (main() asks; without it, as in most tests, they start as the document opens).
    void holdBackgroundWorkUntilPainted();
    // File > Close: asks to save unsaved changes, then shows no document. False when the user
    // cancelled.
    bool closeDocument();
    // Re-opens the current file from disk (after it changed).
    void reload();

    // Selects `length` bytes from `offset`, the cursor on the first of them.
    void goTo(quint64 offset, quint64 length = 1);
    // Moves the cursor to the first byte of 1-based `line`; false (and says so) past the last.
    bool goToLine(quint64 line);
    // Writes the problems list to `path`: JSON when it ends in ".json", CSV otherwise. Returns
    // why it failed, naming the file; empty on success.
    QString exportProblems(const QString& path) const;

    // Starts a search for the find bar's pattern from the selection; searchFinished reports.
    void findNext();
    void findPrevious();

    // Edit > Replace… (Ctrl+H): shows the Find and Replace dialog (made once) and returns it.
    FindReplaceDialog* showFindReplace();
    // File > Compare With…: the document beside the file at `path`; false (and says why) when
    // it cannot be opened.
    bool compareWith(const QString& path);

signals:
    // A search ended: found at `offset` (and selected) or not.
    void searchFinished(bool found, quint64 offset);
    // The status bar's line and column are up to date.
    void lineLocated();
    // A "next/previous invalid or non-ASCII" step ended: found (and selected) or not.
    void navigationFinished(bool found);
    // The check of a newly opened file's encoding ended; `advised`: the banner offers a remedy
    // (false also when the bytes changed before it ended, and its result was dropped).
    void encodingExamined(bool advised);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    u8ui::ByteDocument* document() const;
    u8ui::ByteSelection* selection() const;
    u8doc::DocumentHistory* history() const;

    QWidget* createCentralWidget();
    void createDocks();
    void createWindowActions();
    void createMenus();
    QMenu* createViewMenu();
    void createStatusBar();
    void connectDocument();
    void connectCheck();
    void readSettings();
    void writeSettings() const;

    void onContentChanged(bool edited);
    void releaseBackgroundWork();
    void syncPanelsToCursor();
    void showCompare(bool on);
    void setBytesPerRow(int bytes);
    void updateTitle();
    void updateActions();

    // First: the parts below add their fields to the status bar as they are made.
    ElidingStatusBar* statusBar_;
    MessageBanner* banner_;
    WindowNotices* notices_; // the status bar's message and the banner, for the commands
    DocumentController* controller_;
    u8doc::DocumentSession* session_; // next: the parts below are handed it as they are made
    FindBar* findBar_;
    QSplitter* panes_;
    StartPage* startPage_ = nullptr; // in the panes' place while no document is open
    u8ui::HexView* hexView_;
    u8ui::TextView* textView_;
    WindowLayout* windowLayout_ = nullptr; // once the panes hold both views
    u8ui::InspectorPanel* inspector_;
    u8ui::CodePageTable* codePage_;
    u8ui::LegendWidget* legend_;
    u8ui::SummaryPanel* summary_;
    RepairActions* repairs_;
    SaveActions* saves_;
    AuditActions* audits_;
    OpenActions* open_;
    u8doc::LineLocator* lines_;
    NavigationActions* navigation_;
    FindController* finder_;
    CopyActions* copies_;
    EditActions* edits_;
    EncodingCheck* encoding_;
    DocumentCheck* check_;
    ProblemsPanel* problems_;
    StatusFields* status_;
    DockSetup* docks_;
    WalkthroughActions* walkthrough_;
    ZoomActions* zoom_;
    ChecksumActions* checksums_;
    SelectionFileActions* selectionFiles_;
    BookmarkActions* bookmarks_;
    TextEncodingActions* textEncoding_;
    CompareView* compareView_;
    CompareActions* compares_;

    QAction* quitAction_ = nullptr;
    QAction* darkThemeAction_ = nullptr;
    QAction* clustersAction_ = nullptr; // View > Show Grapheme Clusters
    QAction* aboutAction_ = nullptr;
    QAction* replaceAction_ = nullptr;
    FindReplaceDialog* findReplace_ = nullptr; // made on first use
    QActionGroup* bytesPerRowGroup_ = nullptr;
    bool restoredLayout_ = false;         // the dock layout came from the settings
    QDockWidget* problemsDock_ = nullptr; // the bottom dock, sized on a first start (showEvent())
    QDockWidget* differencesDock_ = nullptr; // in front while a comparison is shown
    bool shownOnce_ = false;
    bool holdBackgroundWork_ = false; // until the first paint (holdBackgroundWorkUntilPainted)
    std::function<void()> heldWork_;  // what the last document change would have started
};

} // namespace u8app
