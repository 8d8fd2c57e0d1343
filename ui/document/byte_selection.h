// The one cursor and selection shared by the hex and text panes: both observe it, so a click in
// either moves both. Offsets are byte offsets into the ByteDocument.
#pragma once

#include <QObject>
#include <QVector>
#include <algorithm>

// Still named from u8ui, not u8doc: the compare files (app/gui/compare_*), which another change
// is rewriting (issue 36), forward-declare it there; it moves to u8doc with them.
namespace u8ui {

struct ByteRange {
    quint64 start = 0; // inclusive
    quint64 end = 0;   // exclusive
    bool isEmpty() const { return end <= start; }
    bool contains(quint64 offset) const { return offset >= start && offset < end; }
    friend bool operator==(const ByteRange&, const ByteRange&) = default;
};

class ByteSelection : public QObject {
    Q_OBJECT
public:
    explicit ByteSelection(QObject* parent = nullptr) : QObject(parent) {}

    quint64 cursor() const { return cursor_; }
    quint64 anchor() const { return anchor_; }
    // The selected bytes: [min(anchor, cursor), max(anchor, cursor)]; a single byte when they
    // are equal (the cursor byte is always selected).
    ByteRange range() const { return {std::min(anchor_, cursor_), std::max(anchor_, cursor_) + 1}; }

    // Moves the cursor; with extend the anchor stays (Shift+click, Shift+arrows).
    void setCursor(quint64 offset, bool extend = false) {
        const quint64 newAnchor = extend ? anchor_ : offset;
        if (offset == cursor_ && newAnchor == anchor_)
            return;
        cursor_ = offset;
        anchor_ = newAnchor;
        emit cursorChanged(cursor_);
        emit selectionChanged();
    }
    // Sets both ends at once (one signal): the text pane selects whole characters this way, with
    // the anchor on the first byte of the first character and the cursor on the last byte of the
    // last (or the reverse when selecting backwards).
    void setAnchorAndCursor(quint64 anchor, quint64 cursor) {
        if (anchor == anchor_ && cursor == cursor_)
            return;
        const bool cursorMoved = cursor != cursor_;
        anchor_ = anchor;
        cursor_ = cursor;
        if (cursorMoved)
            emit cursorChanged(cursor_);
        emit selectionChanged();
    }
    // Selects [start, end) with the cursor on its last byte.
    void select(ByteRange r) {
        if (r.isEmpty())
            return;
        anchor_ = r.start;
        cursor_ = r.end - 1;
        emit cursorChanged(cursor_);
        emit selectionChanged();
    }

    // Byte ranges to mark (search matches); painted by both panes.
    const QVector<ByteRange>& highlights() const { return highlights_; }
    void setHighlights(QVector<ByteRange> ranges) {
        highlights_ = std::move(ranges);
        emit highlightsChanged();
    }

    // Byte ranges marked for the user's own reasons (bookmarks); painted by both panes, under the
    // search matches. highlightsChanged() says they changed too.
    const QVector<ByteRange>& marks() const { return marks_; }
    void setMarks(QVector<ByteRange> ranges) {
        if (ranges == marks_)
            return;
        marks_ = std::move(ranges);
        emit highlightsChanged();
    }

signals:
    void cursorChanged(quint64 offset);
    void selectionChanged();
    void highlightsChanged();

private:
    quint64 cursor_ = 0;
    quint64 anchor_ = 0;
    QVector<ByteRange> highlights_;
    QVector<ByteRange> marks_;
};

} // namespace u8ui
