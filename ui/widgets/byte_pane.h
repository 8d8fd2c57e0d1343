// What the hex pane and the text pane have in common, written once: the document they show and
// the ByteSelection they share (which is what links them), the role palette that follows the
// widget's palette, a tooltip naming the byte under the mouse, a repaint when focus changes the
// cursor's look, and a vertical scroll bar whose int range may be scaled down (a 4 GB file has
// 2^28 rows of 16 bytes): on such a bar one step spans many lines, so arrow and page clicks are
// turned into line counts the pane applies itself.
#pragma once

#include "audit_report.h"
#include "byte_document.h"
#include "byte_selection.h"
#include "document_editor.h"
#include "edit_placement.h"
#include "role_palette.h"

#include <QAbstractScrollArea>
#include <QPointer>
#include <functional>
#include <vector>

class QKeyEvent;
class QPainter;
#include <memory>
#include <optional>
#include <span>

namespace u8ui {

// A place where the document differs from the file it is compared with (File > Compare With…).
struct DifferenceMark {
    quint64 start = 0, end = 0; // empty where the other file has bytes this one lacks
    u8convert::HunkKind kind = u8convert::HunkKind::TextEdit;
};
// In order of their starts, none overlapping another (as a comparison's hunks are).
using DifferenceMarks = std::vector<DifferenceMark>;

class BytePane : public QAbstractScrollArea {
    Q_OBJECT
public:
    // The bytes shown and the shared cursor/selection. Neither is owned; both may be null (an
    // empty view). Give both panes the same ByteSelection to link them.
    void setDocument(ByteDocument* document);
    ByteDocument* document() const { return document_; }
    void setSelection(ByteSelection* selection);
    ByteSelection* selection() const { return selection_; }

    const RolePalette& rolePalette() const { return rolePalette_; }

    // The audit of the document shown (null: none yet): the bytes of its findings take the
    // Suspicious role, and the tooltip says why. The report must be about the bytes shown.
    void setAuditReport(std::shared_ptr<const u8doc::AuditReport> report);
    // The places where the document differs from another (null: it is compared with none): each
    // is tinted by its kind (RolePalette::paintDifference).
    void setDifferenceMarks(std::shared_ptr<const DifferenceMarks> marks);
    // The marks that share a byte with [from, to), and the empty ones at an offset in [from, to].
    std::span<const DifferenceMark> differenceMarksIn(quint64 from, quint64 to) const;
    // What the tooltip says first of the byte at an offset that the selection marks (a
    // bookmark's name and note); empty for nothing.
    using MarkDescriber = std::function<QString(quint64 offset)>;
    void setMarkDescriber(MarkDescriber describer) { markDescriber_ = std::move(describer); }
    // The whole tooltip of the byte at `offset`: its mark, the text pane's reading, what it is in
    // UTF-8, the audit's findings.
    QString toolTipAt(quint64 offset) const;
    const u8doc::AuditReport* auditReport() const { return audit_.get(); }
    // Whether grapheme clusters (UAX #29: e + U+0301, an emoji ZWJ sequence, a flag, a keycap,
    // Hangul jamo) are shown as what a reader sees, one unit (the default: the text pane draws
    // one cell, the hex pane brackets its bytes), or code point by code point.
    void setShowClusters(bool show);
    bool showClusters() const { return showClusters_; }

    // The byte drawn under `pos` (viewport coordinates); nullopt where there is none.
    virtual std::optional<quint64> offsetAt(QPoint pos) const = 0;
    // Scrolls the least needed for `offset` to be fully visible.
    virtual void ensureVisible(quint64 offset) = 0;
    // True while the pane scrolls only to keep the moved cursor in view (not a scroll the user
    // asked for): a linked pane then follows the cursor, not this pane's top (keepInStep).
    bool isFollowingCursor() const { return followingCursor_; }

    // Editing (the document's editor, ByteDocument::setEditor): whether key presses may change
    // the bytes, and the furthest the cursor goes: the last byte, or the end of the document
    // (where bytes are appended) when it is editable.
    u8doc::DocumentEditor* editor() const { return document_ ? document_->editor() : nullptr; }
    bool isEditable() const;
    quint64 cursorLimit() const;

signals:
    void topOffsetChanged(quint64 offset);
    // A key that edits elsewhere was refused here (a printable key that is no hex digit in the
    // hex pane; typing in a text pane that reads another encoding): `why` says what the pane
    // takes.
    void keyRefused(const QString& why);

protected:
    explicit BytePane(QWidget* parent);

    quint64 documentSize() const { return document_ ? document_->size() : 0; }

    // A new document was set: show it from its start.
    virtual void onDocumentSet() { onContentChanged(); }
    // The document's bytes were replaced (an edit, a repair): keep the place where possible.
    virtual void onContentChanged() = 0;
    // The audit's report changed (setAuditReport); the pane repaints after this.
    virtual void onAuditChanged() {}
    // setShowClusters() changed the setting; the pane repaints after this.
    virtual void onShowClustersChanged() {}
    // The shared cursor moved (by this pane, the other one, or a command).
    virtual void onCursorMoved() {}
    // The font changed: recompute the metrics, keep the place.
    virtual void onFontChanged() = 0;
    // Where the tooltip for the byte at `offset` belongs (viewport coordinates).
    virtual QRect toolTipRect(quint64 offset) const = 0;
    // What the pane's tooltip says of the byte at `offset` before what it is in UTF-8 (the text
    // pane read through another encoding says what it is there); empty for nothing.
    virtual QString toolTipPreface(quint64) const { return {}; }
    // Lines a page click on the scroll bar moves.
    virtual int pageLines() const = 0;

    // The lines an arrow or page click on the vertical bar asked for (0 for a drag), taken once:
    // the pane's valueChanged handler applies them instead of the bar's scaled value.
    qint64 takePendingScrollLines() { return std::exchange(pendingScrollLines_, 0); }
    // Called when the pane sets the bar itself: a click that could not move the bar is spent.
    void dropPendingScrollLines() { pendingScrollLines_ = 0; }

    // QScrollBar values are int: above this many positions the bar is scaled.
    static constexpr quint64 kMaxScrollBarValue = quint64(1) << 30;
    // value * to / from without overflow (0 when from is 0).
    static quint64 scaled(quint64 value, quint64 from, quint64 to);

    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

    // Whether the audit reports the byte at `offset`.
    bool isSuspicious(quint64 offset) const { return audit_ && audit_->marked(offset); }

    // Hands `change` to the editor; true when it was made. isApplyingEdit() is true meanwhile, so
    // that the pane can tell its own edit from another change of the bytes or the cursor.
    bool applyEdit(const u8doc::DocumentEditor::Change& change);
    // Delete (forwards) or Backspace: the selection, or one `unit` (edit_placement.h) beside the
    // cursor; a byte or a character at a time is one keystroke run, a selection a step of its own.
    void eraseAtCursor(u8doc::EditUnit unit, bool backwards);
    bool isApplyingEdit() const { return applyingEdit_; }
    // The key toggles overwrite and insert mode (Insert); true when it did.
    bool toggleModeKey(const QKeyEvent* event);
    // Typed text as its UTF-8 bytes: what a key press types (no control characters, no shortcut
    // chord), or an empty array.
    static QByteArray typedText(const QKeyEvent* event);
    // The cursor's look: a frame round the cell in overwrite mode, a bar at its left edge in
    // insert mode (solid with focus, dashed without).
    void paintCursor(QPainter& painter, const QRectF& cell) const;
    // The edited-byte marks (RolePalette::paintEdited) on `cell`, and a deletion's tick at x.
    std::vector<u8codec::EditedRange> editedRangesIn(quint64 from, quint64 to) const;

    QPointer<ByteDocument> document_;
    QPointer<ByteSelection> selection_;
    RolePalette rolePalette_;
    std::shared_ptr<const u8doc::AuditReport> audit_;
    std::shared_ptr<const DifferenceMarks> differences_;
    MarkDescriber markDescriber_;
    bool showClusters_ = true;
    bool settingScrollBar_ = false; // the pane is moving its own bar: not a user scroll

private:
    void onScrollBarAction(int action);

    qint64 pendingScrollLines_ = 0;
    bool followingCursor_ = false;
    bool applyingEdit_ = false;
};

} // namespace u8ui
