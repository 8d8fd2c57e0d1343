// The u8scope window: composes the panes, the docks, the menus and the status bar around one
// document, owned by a u8doc::DocumentSession (its file, identity on disk, verdict and reports),
// which the commands are given, with the status bar behind a u8doc::Notices. What each part does
// lives with its owner: the document, selection, history and editing (DocumentController; the
// Edit menu's commands in EditActions), opening files (OpenActions), the check and audit
// (DocumentCheck), the encoding advice (EncodingCheck), the Problems panel, moving the cursor
// (NavigationActions), search (FindController), the cursor's status (StatusFields), the docks
// (DockSetup), the walk-throughs (WalkthroughActions) and the zoom (ZoomActions).
#pragma once

#include <QMainWindow>
#include <functional>
#include <memory>

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QMenu;
class QSplitter;
class QTableView;

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

    DocumentController* documentController() const { return controller_; }
    // The open document's owner: its file, identity on disk, verdict and reports.
    u8doc::DocumentSession* session() const { return session_; }
    u8ui::ByteDocument* document() const;
    u8ui::ByteSelection* selection() const;
    u8doc::DocumentHistory* history() const;
    MessageBanner* banner() const { return banner_; }
    FindBar* findBar() const { return findBar_; }
    u8ui::HexView* hexView() const { return hexView_; }
    u8ui::TextView* textView() const { return textView_; }
    QAction* showClustersAction() const { return clustersAction_; }
    u8doc::DocumentScan* documentScan() const;
    u8ui::InspectorPanel* inspector() const { return inspector_; }
    u8ui::CodePageTable* codePageTable() const { return codePage_; }
    QTableView* problemsView() const;
    u8ui::SummaryPanel* summaryPanel() const { return summary_; }
    RepairActions* repairActions() const { return repairs_; }
    EditActions* editActions() const { return edits_; }
    // The walk-throughs (Tools menu, the Walk-through dock) and View > Zoom.
    WalkthroughActions* walkthroughActions() const { return walkthrough_; }
    ZoomActions* zoomActions() const { return zoom_; }
    // View > Text Encoding: the text pane read through another encoding.
    TextEncodingActions* textEncodingActions() const { return textEncoding_; }
    // The Bookmarks menu, dock and sidecar file.
    BookmarkActions* bookmarkActions() const { return bookmarks_; }
    // Tools > Checksums….
    ChecksumActions* checksumActions() const { return checksums_; }
    // File > Compare With… and Compare With Saved, the compared view and the Differences dock.
    CompareActions* compareActions() const { return compares_; }
    CompareView* compareView() const { return compareView_; }
    // File > Save Selection As… and Edit > Insert File….
    SelectionFileActions* selectionFileActions() const { return selectionFiles_; }
    // Edit > Replace… (Ctrl+H): shows the Find and Replace dialog (made once) and returns it.
    FindReplaceDialog* showFindReplace();
    // The text audit: its profile and allowlist (its report: session()->auditReport()).
    AuditActions* auditActions() const { return audits_; }
    // The Problems list's filter: errors, suspicious characters or both.
    QComboBox* problemsFilter() const;
    // What the title says of the document's state: "valid UTF-8, 3 suspicious characters".
    QString checkStateText() const;
    // The status bar's fields, for tests: "offset", "byte", "role", "character", "line".
    QString statusField(const QString& name) const;

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
    void setBytesPerRow(int bytes);
    void updateTitle();
    void updateActions();

    // First: the parts below add their fields to the status bar as they are made.
    ElidingStatusBar* statusBar_;
    WindowNotices* notices_; // the status bar's message, for the commands
    DocumentController* controller_;
    u8doc::DocumentSession* session_; // next: the parts below are handed it as they are made
    MessageBanner* banner_;
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
    bool shownOnce_ = false;
    bool holdBackgroundWork_ = false; // until the first paint (holdBackgroundWorkUntilPainted)
    std::function<void()> heldWork_;  // what the last document change would have started
};

} // namespace u8app
