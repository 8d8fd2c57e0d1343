// Runs the find bar's searches on the window's document: next and previous match from the
// selection (wrapping once), the count of every match ("3 of 41"), the highlights around what
// is on screen, and progress on large files; and the window's Find, Find Next and Find Previous.
// Searches and counts run in the background; a newer one, a new pattern or new bytes cancel the
// older.
#pragma once

#include "find_engine.h"
#include "latest_run.h"

#include <QList>
#include <QObject>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

class QAction;
class QTimer;
class QWidget;

namespace u8ui {
class ByteDocument;
class ByteSelection;
class HexView;
class TextView;
} // namespace u8ui

namespace u8app {

class FindBar;

class FindController : public QObject {
    Q_OBJECT
public:
    // The commands are added to `window`, which owns the controller.
    FindController(FindBar* bar, u8ui::ByteDocument* document, u8ui::ByteSelection* selection,
                   u8ui::HexView* hex, u8ui::TextView* text, QWidget* window);
    ~FindController() override;

    // Find…, Find Next, Find Previous (the Go menu).
    QList<QAction*> actions() const { return {find_, next_, previous_}; }
    // Enables them when there are bytes.
    void updateActions();

    // Ctrl+F: shows the bar, prefilled from a selection of more than one character (as text when
    // it is printable UTF-8, else as hex bytes).
    void activate();
    // Starts a search from the selection; finished() reports.
    void start(bool forward);
    // Recomputes the matches highlighted on screen (none while the bar is hidden).
    void updateHighlights();
    // Stops what runs (the document goes away).
    void cancel();
    // The next occurrence of one byte `value` (the code-page table's "find its next occurrence"):
    // a hex search for it, so that the bar shows what is searched and F3 goes on to the next.
    void findByte(std::uint8_t value);

    // The last finished count of the current pattern (null while counting or without pattern).
    const u8doc::FindEngine::Count* count() const { return count_ ? &*count_ : nullptr; }

signals:
    void finished(bool found, quint64 offset);
    // The count of the current pattern is known (count() holds it).
    void counted();

private:
    struct SearchJob {
        std::optional<u8doc::FindMatch> match;
        bool wrapped = false;
        bool forward = true;
    };
    void onSearchDone(const SearchJob& job);
    void startCount();
    void onCountDone(u8doc::FindEngine::Count count);
    void onPatternChanged();
    void showStatus();
    void createActions(QWidget* window);

    FindBar* bar_;
    u8ui::ByteDocument* document_;
    u8ui::ByteSelection* selection_;
    u8ui::HexView* hex_;
    u8ui::TextView* text_;

    // Each run's progress, written by its worker: a new one for each run.
    std::shared_ptr<std::atomic<int>> searchPermille_;
    std::shared_ptr<std::atomic<int>> countPermille_;
    QTimer* countDelay_;    // a count starts when the typing pauses
    QTimer* progressTimer_; // refreshes "Searching… 40%" while something runs
    QAction* find_ = nullptr;
    QAction* next_ = nullptr;
    QAction* previous_ = nullptr;

    // What the status tells.
    bool searching_ = false;
    bool counting_ = false;
    std::optional<u8doc::FindMatch> current_; // the match found last, while it is the selection
    bool wrapped_ = false;
    bool forward_ = true;
    bool notFound_ = false;
    std::optional<u8doc::FindEngine::Count> count_;

    // Last: destroyed first, waiting for their workers before the rest goes.
    u8doc::LatestRun searchRun_{this};
    u8doc::LatestRun countRun_{this};
};

} // namespace u8app
