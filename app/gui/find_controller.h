// Runs the find bar's searches on the window's document: next and previous match from the
// selection (wrapping once), the count of every match ("3 of 41"), the highlights around what
// is on screen, and progress on large files. Searches and counts run in the background; a newer
// one, a new pattern or new bytes cancel the older.
#pragma once

#include "find_engine.h"

#include <QFutureWatcher>
#include <QObject>
#include <atomic>
#include <memory>
#include <optional>

class QTimer;

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
    FindController(FindBar* bar, u8ui::ByteDocument* document, u8ui::ByteSelection* selection,
                   u8ui::HexView* hex, u8ui::TextView* text, QObject* parent);
    ~FindController() override;

    // Ctrl+F: shows the bar, prefilled from a selection of more than one character (as text when
    // it is printable UTF-8, else as hex bytes).
    void activate();
    // Starts a search from the selection; finished() reports.
    void start(bool forward);
    // Recomputes the matches highlighted on screen (none while the bar is hidden).
    void updateHighlights();
    // Stops what runs (the document goes away).
    void cancel();

    // The last finished count of the current pattern (null while counting or without pattern).
    const FindEngine::Count* count() const { return count_ ? &*count_ : nullptr; }

signals:
    void finished(bool found, quint64 offset);
    // The count of the current pattern is known (count() holds it).
    void counted();

private:
    struct SearchJob {
        std::optional<FindMatch> match;
        bool wrapped = false;
        bool forward = true;
    };
    void onSearchDone();
    void startCount();
    void onCountDone();
    void onPatternChanged();
    void showStatus();
    static std::shared_ptr<std::atomic<bool>> renew(std::shared_ptr<std::atomic<bool>>& flag);

    FindBar* bar_;
    u8ui::ByteDocument* document_;
    u8ui::ByteSelection* selection_;
    u8ui::HexView* hex_;
    u8ui::TextView* text_;

    QFutureWatcher<SearchJob>* searchWatcher_;
    std::shared_ptr<std::atomic<bool>> searchCancel_;
    std::shared_ptr<std::atomic<int>> searchPermille_;
    QFutureWatcher<FindEngine::Count>* countWatcher_;
    std::shared_ptr<std::atomic<bool>> countCancel_;
    std::shared_ptr<std::atomic<int>> countPermille_;
    QTimer* countDelay_;    // a count starts when the typing pauses
    QTimer* progressTimer_; // refreshes "Searching… 40%" while something runs

    // What the status tells.
    bool searching_ = false;
    bool counting_ = false;
    std::optional<FindMatch> current_; // the match found last, while it is the selection
    bool wrapped_ = false;
    bool forward_ = true;
    bool notFound_ = false;
    std::optional<FindEngine::Count> count_;
};

} // namespace u8app
