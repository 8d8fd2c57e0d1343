// File > Compare With… and Compare With Saved: the open document (unsaved edits included) beside
// another file, or beside its own version on disk, in the CompareView that takes the panes' place;
// the comparison (u8convert::compareSources, the engine `u8scope-cli compare` runs) on a worker
// thread with its progress and Cancel in the Differences dock, which then lists every difference
// and the verdict. Go > Next / Previous Difference (F7 / Shift+F7) step through them; Close
// Compare (Escape in the compared panes or the dock) brings the single view back.
#pragma once

#include <QFuture>
#include <QList>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

class QAction;
class QMenu;
class QWidget;

namespace u8codec {
class ByteSource;
} // namespace u8codec
namespace u8convert {
struct CompareResult;
} // namespace u8convert
namespace u8doc {
class DocumentSession;
class Notices;
} // namespace u8doc

namespace u8app {

class CompareView;
class DifferencesPanel;
class DocumentController;

class CompareActions : public QObject {
    Q_OBJECT
public:
    // `window`: the parent of the actions, the panel and the file dialog; `session`: the open
    // document and its file; `showCompare(on)` puts the compare view in the panes' place with the
    // Differences dock in front, or the panes back.
    CompareActions(QWidget* window, u8doc::Notices* notices, u8doc::DocumentSession* session,
                   CompareView* view, std::function<void(bool)> showCompare);
    ~CompareActions() override;

    // Compare With…, Compare With Saved and Close Compare, before `before` in the File menu.
    void populate(QMenu* file, QAction* before);
    // Next and Previous Difference (the Go menu).
    QList<QAction*> stepActions() const { return {next_, previous_}; }
    QAction* compareWithAction() const { return compareWith_; }
    QAction* compareWithSavedAction() const { return compareSaved_; }
    QAction* closeAction() const { return close_; }
    DifferencesPanel* panel() const { return panel_; }

    // The document beside the file at `path` (never read whole); false, and the status bar says
    // why, when it cannot be opened.
    bool compareWith(const QString& path);
    // The edited document beside the file it was opened from, as it is on disk.
    bool compareWithSaved();
    // Stops a running comparison (the sides stay); its result is dropped.
    void cancel();
    // The single view back; a running comparison is stopped.
    void closeCompare();
    bool isComparing() const { return comparing_; }
    bool isRunning() const { return running_; }
    // Whether a worker is still at a comparison: after Cancel, until it has stopped (it asks the
    // stop flag all along, also inside the alignment).
    bool isWorking() const;
    // How many workers were stopped by Cancel inside the engine (their result came back
    // cancelled) rather than running to their end.
    int workersStopped() const { return workersStopped_.load(); }
    // The finished comparison shown (null while it runs, after Cancel, or with none).
    std::shared_ptr<const u8convert::CompareResult> result() const { return result_; }
    // Goes to the difference `row` of the list on both sides.
    void showDifference(int row);
    // The difference the list has current (-1: none).
    int currentDifference() const { return current_; }
    void updateActions();

signals:
    // A comparison ended: finished (result() holds it), failed or cancelled.
    void finished();

private:
    void start(std::shared_ptr<const u8codec::ByteSource> a, const QString& nameA,
               std::shared_ptr<const u8codec::ByteSource> b, const QString& nameB);
    void deliver(std::shared_ptr<const u8convert::CompareResult> result);
    void step(bool forward);
    QString summaryOf(const u8convert::CompareResult& r) const;
    // "Comparing A with B: aligning the texts…".
    void showStage(const QString& stage);
    void message(const QString& text);

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    u8doc::DocumentSession* session_;
    DocumentController* document_;
    CompareView* view_;
    DifferencesPanel* panel_;
    std::function<void(bool)> showCompare_;
    QAction* compareWith_;
    QAction* compareSaved_;
    QAction* close_;
    QAction* next_;
    QAction* previous_;
    std::shared_ptr<const u8convert::CompareResult> result_;
    bool comparing_ = false;
    bool running_ = false;
    int current_ = -1;
    QString runningNames_[2]; // the sides' names while it runs, for the stage line
    // The running comparison's stop flag and number: what an earlier one still reports is
    // dropped. A cancelled worker is not waited for (a new comparison starts at once), only on
    // destruction.
    std::shared_ptr<std::atomic<bool>> stop_;
    quint64 generation_ = 0;
    QList<QFuture<void>> workers_;
    std::atomic<int> workersStopped_{0};
};

} // namespace u8app
