#include "navigation_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "cursor_status.h"
#include "document_controller.h"
#include "go_to_offset_dialog.h"
#include "line_locator.h"
#include "notices.h"
#include "number_format.h"
#include "select_range_dialog.h"
#include "settings.h"
#include "u8codec/navigate.h"
#include "window_action.h"

#include <QInputDialog>
#include <QWidget>
#include <climits>

namespace u8app {

namespace {

// A document larger than this is stepped through in the background.
constexpr quint64 kSynchronousBytes = u8doc::LineLocator::kSynchronousBytes;

// Steps from the whole selection, so that repeating the command moves on.
std::optional<u8codec::Segment> stepFrom(const u8codec::ByteSource& source, u8ui::ByteRange range,
                                         bool forward, bool errorsOnly,
                                         const std::atomic<bool>* cancel = nullptr) {
    return forward ? (errorsOnly ? u8codec::findNextError(source, range.end, cancel)
                                 : u8codec::findNextNonAscii(source, range.end, cancel))
                   : (errorsOnly ? u8codec::findPreviousError(source, range.start, cancel)
                                 : u8codec::findPreviousNonAscii(source, range.start, cancel));
}

} // namespace

NavigationActions::NavigationActions(QWidget* window, u8doc::Notices* notices,
                                     DocumentController* document, u8doc::LineLocator* lines)
    : QObject(window), window_(window), notices_(notices), document_(document), lines_(lines) {
    goToOffset_ = makeWindowAction(window, tr("&Go to Offset…"), QKeySequence(tr("Ctrl+G")),
                                   tr("Move the cursor to a byte offset, in hex or decimal"), this,
                                   [this] { goToOffsetDialog(); });
    goToLine_ = makeWindowAction(window, tr("Go to &Line…"), QKeySequence(tr("Ctrl+L")),
                                 tr("Move the cursor to the first byte of a line (counted by LF)"),
                                 this, [this] { goToLineDialog(); });
    selectAll_ =
        makeWindowAction(window, tr("Select &All"), QKeySequence::SelectAll,
                         tr("Select every byte"), this, [this] { document_->selectAll(); });
    selectRange_ =
        makeWindowAction(window, tr("Select &Range…"), QKeySequence(tr("Ctrl+Shift+G")),
                         tr("Select bytes by their first offset and the last offset or a length"),
                         this, [this] { selectRangeDialog(); });
    nextInvalid_ = makeWindowAction(
        window, tr("Next &Invalid Sequence"), QKeySequence(tr("Ctrl+E")),
        tr("Go to the next error segment (a byte sequence that is not valid UTF-8)"), this,
        [this] { step(true, true); });
    previousInvalid_ = makeWindowAction(
        window, tr("Previous Invalid Se&quence"), QKeySequence(tr("Ctrl+Shift+E")),
        tr("Go to the previous error segment"), this, [this] { step(false, true); });
    nextNonAscii_ = makeWindowAction(window, tr("Next Non-&ASCII"), QKeySequence(tr("Ctrl+J")),
                                     tr("Go to the next multi-byte character or error segment"),
                                     this, [this] { step(true, false); });
    previousNonAscii_ =
        makeWindowAction(window, tr("Previous Non-A&SCII"), QKeySequence(tr("Ctrl+Shift+J")),
                         tr("Go to the previous multi-byte character or error segment"), this,
                         [this] { step(false, false); });
}

NavigationActions::~NavigationActions() {
    run_.stopAndWait();
}

void NavigationActions::updateActions() {
    const bool hasBytes = document_->document()->size() > 0;
    for (QAction* a : {goToOffset_, goToLine_, selectAll_, selectRange_, nextInvalid_,
                       previousInvalid_, nextNonAscii_, previousNonAscii_})
        a->setEnabled(hasBytes);
}

void NavigationActions::readSettings() {
    goToHex_ = settings::goToHex();
}

void NavigationActions::writeSettings() const {
    settings::setGoToHex(goToHex_);
}

// Runs an offset dialog; true when accepted, whose choice of hex or decimal is kept for the next.
template <typename Dialog> bool NavigationActions::accepted(Dialog& dialog) {
    if (dialog.exec() != QDialog::Accepted)
        return false;
    goToHex_ = dialog.hexSelected();
    return true;
}

void NavigationActions::goToOffsetDialog() {
    GoToOffsetDialog dialog(document_->document()->size(), document_->selection()->cursor(),
                            goToHex_, window_);
    if (accepted(dialog))
        if (const auto offset = dialog.offset())
            document_->goTo(*offset);
}

void NavigationActions::selectRangeDialog() {
    SelectRangeDialog dialog(document_->document()->size(), document_->selection()->range(),
                             goToHex_, window_);
    if (accepted(dialog))
        if (const auto range = dialog.range())
            document_->goTo(range->start, range->end - range->start);
}

bool NavigationActions::goToLine(quint64 line) {
    if (document_->document()->size() == 0)
        return false;
    const std::optional<quint64> start = lines_->lineStart(line);
    if (!start) {
        notices_->say(tr("%1 has no line %2")
                          .arg(CursorStatus::isolated(document_->document()->displayName()),
                               u8doc::NumberFormat::count(line)),
                      6000);
        return false;
    }
    document_->goTo(*start);
    return true;
}

void NavigationActions::goToLineDialog() {
    if (document_->document()->size() == 0)
        return;
    bool ok = false;
    // The cursor's line prefills the field when it is known without a long count.
    int current = 1;
    const quint64 cursor = document_->selection()->cursor();
    if (lines_->index().cost(cursor) <= u8doc::LineIndex::kStep)
        if (const auto at = lines_->locateNow(cursor))
            current = int(std::min<quint64>(at->line, quint64(INT_MAX)));
    const int line = QInputDialog::getInt(window_, tr("Go to Line"), tr("&Line (counted by LF):"),
                                          current, 1, INT_MAX, 1, &ok);
    if (ok)
        goToLine(quint64(line));
}

void NavigationActions::cancel() {
    run_.cancel();
}

void NavigationActions::step(bool forward, bool errorsOnly) {
    const std::shared_ptr<const u8codec::ByteSource> source = document_->document()->sharedSource();
    if (!source || source->size() == 0)
        return;
    const u8ui::ByteRange range = document_->selection()->range();
    auto deliver = [this, forward, errorsOnly](const std::optional<u8codec::Segment>& found) {
        if (found)
            document_->goTo(found->offset, found->length);
        report(forward, errorsOnly, found.has_value());
    };
    // Small documents answer at once; in a large one the answer may lie gigabytes away, so the
    // step runs in the background and the window stays responsive (a new step cancels it).
    if (source->size() <= kSynchronousBytes) {
        run_.cancel(); // a step still running in a larger document before is stale
        deliver(stepFrom(*source, range, forward, errorsOnly));
        return;
    }
    notices_->say(tr("Searching…"));
    run_.start(
        [source, range, forward, errorsOnly](const std::atomic<bool>& stop) {
            return stepFrom(*source, range, forward, errorsOnly, &stop);
        },
        deliver);
}

void NavigationActions::report(bool forward, bool errorsOnly, bool found) {
    if (found) {
        notices_->clearSaid();
    } else {
        notices_->say(errorsOnly ? (forward ? tr("No invalid sequence after the cursor")
                                            : tr("No invalid sequence before the cursor"))
                                 : (forward ? tr("Only ASCII after the cursor")
                                            : tr("Only ASCII before the cursor")),
                      4000);
    }
    emit finished(found);
}

} // namespace u8app
