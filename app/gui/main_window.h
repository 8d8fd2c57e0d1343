// The u8scope window: one document, its panes and panels, and the commands on it.
#pragma once

#include "line_index.h"
#include "u8codec/detect.h"
#include "u8codec/segment.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QTableView;
class QFileSystemWatcher;
class QLabel;
class QMenu;
class QProgressBar;
class QScrollArea;
class QSplitter;
class QToolButton;

namespace u8codec {
class ByteSource;
class FileSource;
} // namespace u8codec

namespace u8ui {
struct AuditReport;
class ByteDocument;
class ByteSelection;
class CodePageTable;
class DocumentScan;
class HexView;
class InspectorPanel;
class LegendWidget;
class ProblemsModel;
class SummaryPanel;
class TextView;
struct ScanReport;
} // namespace u8ui

namespace u8app {

class WindowLayout;

class AuditActions;
class DocumentHistory;
class FindBar;
class FindController;
class MessageBanner;
class RecentFiles;
class RepairActions;
class SaveActions;

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

    u8ui::ByteDocument* document() const { return document_; }
    u8ui::ByteSelection* selection() const { return selection_; }
    MessageBanner* banner() const { return banner_; }
    FindBar* findBar() const { return findBar_; }
    u8ui::HexView* hexView() const { return hexView_; }
    u8ui::TextView* textView() const { return textView_; }
    u8ui::DocumentScan* documentScan() const { return scan_; }
    u8ui::InspectorPanel* inspector() const { return inspector_; }
    u8ui::CodePageTable* codePageTable() const { return codePage_; }
    QTableView* problemsView() const { return problemsView_; }
    u8ui::SummaryPanel* summaryPanel() const { return summary_; }
    DocumentHistory* history() const { return history_; }
    RepairActions* repairActions() const { return repairs_; }
    // The last finished whole-document scan of the current document; null while it runs.
    std::shared_ptr<const u8ui::ScanReport> scanReport() const { return report_; }
    // The text audit (profile, allowlist) and its last finished report (null while it runs).
    AuditActions* auditActions() const { return audits_; }
    std::shared_ptr<const u8ui::AuditReport> auditReport() const;
    // The Problems list's filter: errors, suspicious characters or both.
    QComboBox* problemsFilter() const { return problemsFilter_; }
    // What the title says of the document's state: "valid UTF-8, 3 suspicious characters".
    QString checkStateText() const;
    QString filePath() const { return path_; }
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

private:
    void createDocks();
    QDockWidget* addDock(QWidget* content, const QString& name, const QString& title,
                         Qt::DockWidgetArea area, const QString& tip, const QKeySequence& key);
    // A dock's shortcut: shows the dock and brings it to the front of its tabs; hides it only
    // when it is already in front.
    void showOrHideDock(QDockWidget* dock);
    void onContentChanged();
    void syncPanelsToCursor();
    void findByteValue(int byteValue);
    void createActions();
    // Go to Line, Select Range, the problems list's Copy Row and Export (main_window_commands).
    void createEverydayCommands(QMenu* edit, QMenu* go);
    void updateEverydayCommands();
    void goToLineDialog();
    void selectRangeDialog();
    void copyProblemRow();
    void exportProblemsDialog();
    void createMenus();
    void createStatusBar();
    void readSettings();
    void writeSettings() const;

    void setSource(std::shared_ptr<const u8codec::ByteSource> source, const QString& name);
    void showOpenError(const QString& path, const QString& reason);
    void openDialog();
    void goToDialog();
    void rebuildRecentMenu();
    void updateTitle();
    void updateActions();
    void updateStatus();
    void updateLineStatus(quint64 offset);
    void updateHighlights();
    void onFileChanged(const QString& path);
    void navigate(bool forward, bool errorsOnly);
    void copySelection(int format);
    void setBytesPerRow(int bytes);
    // `content` in a frameless, resizable scroll area (for a dock).
    QScrollArea* scrollable(QWidget* content);
    void startScan();
    void onScanFinished(std::shared_ptr<const u8ui::ScanReport> report);
    // main_window_audit.cpp: the Problems panel (list, filter, note), F8 over it, the audit's
    // wiring and the state shown in the title.
    QWidget* createProblemsPanel();
    void createProblemsFilter();
    void connectAudit();
    void showAuditProblem(const QString& message);
    void startAudit();
    void onAuditChanged();
    void updateProblemsNote();
    void goToProblem(bool forward);
    // Detects the encoding of the file just opened in the background; if it is not clean UTF-8,
    // the banner says so and offers the repair (see EncodingAdvice).
    void startEncodingCheck();
    void onEncodingExamined();
    // The encoding check found binary data (`kind`, "ELF executable"): the whole-file check stops
    // and waits for the user.
    void setBinary(const QString& kind);

    u8ui::ByteDocument* document_;
    u8ui::ByteSelection* selection_;
    std::shared_ptr<u8codec::FileSource> file_; // the open file, null for the sample
    QString path_;
    quint64 openedSize_ = 0;

    MessageBanner* banner_;
    FindBar* findBar_;
    QSplitter* panes_;
    WindowLayout* windowLayout_ = nullptr;
    u8ui::HexView* hexView_;
    u8ui::TextView* textView_;
    u8ui::DocumentScan* scan_;
    std::shared_ptr<const u8ui::ScanReport> report_;
    enum class ScanState { None, Running, Finished, Cancelled, Failed };
    ScanState scanState_ = ScanState::None;
    u8ui::InspectorPanel* inspector_;
    u8ui::CodePageTable* codePage_;
    u8ui::ProblemsModel* problemsModel_;
    QTableView* problemsView_;
    QLabel* problemsNote_;
    QComboBox* problemsFilter_ = nullptr;
    u8ui::LegendWidget* legend_;
    u8ui::SummaryPanel* summary_;
    DocumentHistory* history_;
    RepairActions* repairs_;
    SaveActions* saves_;
    QProgressBar* scanProgress_;
    QToolButton* scanCancel_;
    std::function<void()> bannerAction_;
    RecentFiles* recent_;
    QFileSystemWatcher* watcher_;

    QLabel* offsetLabel_;
    QLabel* byteLabel_;
    QLabel* roleLabel_;
    QLabel* characterLabel_;
    QLabel* lineLabel_;

    LineIndex lineIndex_;
    struct LineJob {
        LineIndex index;
        std::optional<LineIndex::Location> location;
        quint64 offset = 0;
    };
    QFutureWatcher<LineJob>* lineWatcher_;
    std::shared_ptr<std::atomic<bool>> lineCancel_;
    bool linePending_ = false;

    FindController* finder_;
    QFutureWatcher<std::optional<u8codec::Segment>>* navigateWatcher_;
    std::shared_ptr<std::atomic<bool>> navigateCancel_;

    struct EncodingJob {
        u8codec::Detection detection;
        quint64 ticket = 0;
    };
    QFutureWatcher<EncodingJob>* encodingWatcher_;
    quint64 encodingTicket_ = 0; // a result for an older ticket is dropped
    QString adviceText_;         // the banner's text while it shows the advice
    QString binaryKind_;         // what the encoding check found binary, while not checked

    AuditActions* audits_;

    QAction* openAction_ = nullptr;
    QAction* reloadAction_ = nullptr;
    QAction* sampleAction_ = nullptr;
    QAction* closeAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* copyTextAction_ = nullptr;
    QAction* copyHexAction_ = nullptr;
    QAction* copyCArrayAction_ = nullptr;
    QAction* selectAllAction_ = nullptr;
    QAction* goToAction_ = nullptr;
    QAction* goToLineAction_ = nullptr;
    QAction* selectRangeAction_ = nullptr;
    QAction* copyProblemAction_ = nullptr;
    QAction* exportProblemsAction_ = nullptr;
    QAction* findAction_ = nullptr;
    QAction* findNextAction_ = nullptr;
    QAction* findPreviousAction_ = nullptr;
    QAction* nextProblemAction_ = nullptr;
    QAction* previousProblemAction_ = nullptr;
    QAction* rescanAction_ = nullptr;
    QAction* nextInvalidAction_ = nullptr;
    QAction* previousInvalidAction_ = nullptr;
    QAction* nextNonAsciiAction_ = nullptr;
    QAction* previousNonAsciiAction_ = nullptr;
    QAction* darkThemeAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* fileMenu_ = nullptr;
    QList<QDockWidget*> docks_;
    QList<QAction*> dockActions_; // the View menu's entries, one per dock
    QActionGroup* bytesPerRowGroup_ = nullptr;
    bool goToHex_ = true;
    bool restoredLayout_ = false; // the dock layout came from the settings
    bool shownOnce_ = false;
};

} // namespace u8app
