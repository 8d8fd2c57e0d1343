#include "find_controller.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "find_bar.h"
#include "hex_view.h"
#include "number_format.h"
#include "text_view.h"
#include "u8codec/local_segments.h"
#include "window_action.h"

#include <QLocale>
#include <QTimer>
#include <algorithm>

namespace u8app {

namespace {
// Matches highlighted around the cursor: a generous screenful either side.
constexpr quint64 kHighlightReach = 64 * 1024;
// The longest selection that prefills the find field.
constexpr quint64 kMaxPrefill = 1024;

u8doc::FindProgress progressOf(const std::atomic<bool>& stop,
                               const std::shared_ptr<std::atomic<int>>& permille) {
    return {&stop, [permille](double done) { *permille = int(done * 1000); }};
}
} // namespace

FindController::FindController(FindBar* bar, u8ui::ByteDocument* document,
                               u8ui::ByteSelection* selection, u8ui::HexView* hex,
                               u8ui::TextView* text, QWidget* window)
    : QObject(window), bar_(bar), document_(document), selection_(selection), hex_(hex),
      text_(text), searchPermille_(std::make_shared<std::atomic<int>>(0)),
      countPermille_(std::make_shared<std::atomic<int>>(0)), countDelay_(new QTimer(this)),
      progressTimer_(new QTimer(this)) {
    countDelay_->setSingleShot(true);
    countDelay_->setInterval(250);
    progressTimer_->setInterval(150);
    connect(countDelay_, &QTimer::timeout, this, &FindController::startCount);
    connect(progressTimer_, &QTimer::timeout, this, &FindController::showStatus);
    createActions(window);
    connect(bar_, &FindBar::findNext, this, [this] { start(true); });
    connect(bar_, &FindBar::findPrevious, this, [this] { start(false); });
    connect(bar_, &FindBar::patternChanged, this, &FindController::onPatternChanged);
    connect(bar_, &FindBar::opened, this, &FindController::onPatternChanged);
    connect(bar_, &FindBar::closed, this, [this] {
        cancel();
        selection_->setHighlights({});
    });
    // New bytes (another file, a repair, an undo): the matches and counts are about the old ones.
    connect(document_, &u8ui::ByteDocument::contentChanged, this,
            &FindController::onPatternChanged);
    connect(selection_, &u8ui::ByteSelection::selectionChanged, this, [this] {
        // "3 of 41" describes the selected match; once the selection moves off it, it is stale.
        if (current_ &&
            selection_->range() !=
                u8ui::ByteRange{current_->offset, current_->offset + current_->length}) {
            current_.reset();
            showStatus();
        }
    });
}

void FindController::createActions(QWidget* window) {
    find_ = makeWindowAction(window, tr("&Find…"), QKeySequence::Find,
                             tr("Find text (as its UTF-8 bytes, with or without case), hex bytes, "
                                "code points or invalid sequences of a kind"),
                             this, [this] { activate(); });
    next_ = makeWindowAction(window, tr("Find &Next"), QKeySequence(Qt::Key_F3),
                             tr("Go to the next match"), this, [this] { start(true); });
    previous_ = makeWindowAction(window, tr("Find Pre&vious"), QKeySequence(Qt::SHIFT | Qt::Key_F3),
                                 tr("Go to the previous match"), this, [this] { start(false); });
}

void FindController::updateActions() {
    const bool hasBytes = document_->size() > 0;
    for (QAction* a : actions())
        a->setEnabled(hasBytes);
}

void FindController::findByte(std::uint8_t value) {
    bar_->setMode(FindBar::Mode::Hex);
    bar_->setText(u8doc::NumberFormat::byteHex(value));
    bar_->show();
    start(true);
}

FindController::~FindController() {
    cancel();
    searchRun_.stopAndWait();
    countRun_.stopAndWait();
}

void FindController::cancel() {
    searchRun_.cancel();
    countRun_.cancel();
    countDelay_->stop();
    searching_ = counting_ = false;
}

void FindController::activate() {
    const u8codec::ByteSource* source = document_->source();
    const u8ui::ByteRange range = selection_->range();
    // A selection of more than the character at the cursor (a click selects one character).
    if (source && range.end - range.start > 1 && range.end - range.start <= kMaxPrefill &&
        u8codec::segmentAt(*source, range.start).end() < range.end) {
        QByteArray bytes(qsizetype(range.end - range.start), '\0');
        bytes.resize(qsizetype(
            source->read(range.start, std::span(reinterpret_cast<std::uint8_t*>(bytes.data()),
                                                std::size_t(bytes.size())))));
        const QString text = QString::fromUtf8(bytes);
        // Printable text round-trips through UTF-8; anything else is searched as its bytes.
        const bool printable =
            text.toUtf8() == bytes && std::none_of(text.begin(), text.end(), [](QChar c) {
                return c.category() == QChar::Other_Control && c != QLatin1Char('\t');
            });
        if (printable) {
            bar_->setMode(FindBar::Mode::Text);
            bar_->setText(text);
        } else {
            bar_->setMode(FindBar::Mode::Hex);
            bar_->setText(QString::fromLatin1(bytes.toHex(' ').toUpper()));
        }
    }
    bar_->activate();
    updateHighlights();
}

void FindController::start(bool forward) {
    const u8doc::FindQuery query = bar_->query();
    if (bar_->isHidden() || query.isEmpty()) {
        bar_->activate();
        if (query.isEmpty()) {
            const QString error = bar_->pattern().error;
            if (!error.isEmpty())
                bar_->setStatus(error, true);
            return;
        }
    }
    const auto source = document_->sharedSource();
    if (!source)
        return;
    searchPermille_ = std::make_shared<std::atomic<int>>(0);
    searching_ = true;
    progressTimer_->start();
    const u8ui::ByteRange range = selection_->range();
    // From the selection: forward past its first byte (so a selected match is not found again),
    // backward before it. Past the end the search wraps around once.
    const quint64 from = range.start;
    searchRun_.start(
        [source, engine = u8doc::FindEngine(query), from, forward,
         permille = searchPermille_](const std::atomic<bool>& stop) {
            const u8doc::FindProgress progress = progressOf(stop, permille);
            SearchJob job;
            job.forward = forward;
            if (forward) {
                job.match = engine.next(*source, from + 1, UINT64_MAX, progress);
                if (!job.match && !progress.cancelled()) {
                    job.match = engine.next(*source, 0, from + 1, progress);
                    job.wrapped = job.match.has_value();
                }
            } else {
                job.match = engine.previous(*source, from, 0, progress);
                if (!job.match && !progress.cancelled()) {
                    job.match = engine.previous(*source, UINT64_MAX, from, progress);
                    job.wrapped = job.match.has_value();
                }
            }
            if (progress.cancelled())
                job.match.reset();
            return job;
        },
        // A search superseded by a newer one, a new pattern or new bytes never reports.
        [this](const SearchJob& job) { onSearchDone(job); });
    showStatus();
}

void FindController::onSearchDone(const SearchJob& job) {
    searching_ = false;
    notFound_ = !job.match;
    wrapped_ = job.wrapped;
    forward_ = job.forward;
    current_ = job.match;
    if (job.match) {
        const u8ui::ByteRange found{job.match->offset, job.match->offset + job.match->length};
        // The cursor on the match's first byte, as Go to leaves it; a far match in the middle.
        hex_->centreIfHidden(found.start);
        selection_->setAnchorAndCursor(found.end - 1, found.start);
        current_ = job.match; // select() may have cleared it: it is the selection now
        updateHighlights();
    }
    showStatus();
    emit finished(job.match.has_value(), job.match ? job.match->offset : 0);
}

void FindController::onPatternChanged() {
    searchRun_.cancel();
    countRun_.cancel();
    searching_ = counting_ = false;
    current_.reset();
    notFound_ = false;
    count_.reset();
    updateHighlights();
    if (!bar_->isHidden() && !bar_->query().isEmpty() && document_->size() > 0)
        countDelay_->start();
    showStatus();
}

void FindController::startCount() {
    const auto source = document_->sharedSource();
    const u8doc::FindQuery query = bar_->query();
    if (!source || query.isEmpty())
        return;
    countPermille_ = std::make_shared<std::atomic<int>>(0);
    counting_ = true;
    progressTimer_->start();
    countRun_.start(
        [source, engine = u8doc::FindEngine(query),
         permille = countPermille_](const std::atomic<bool>& stop) {
            return engine.count(*source, progressOf(stop, permille));
        },
        [this](u8doc::FindEngine::Count count) { onCountDone(std::move(count)); });
}

void FindController::onCountDone(u8doc::FindEngine::Count count) {
    counting_ = false;
    if (count.complete)
        count_ = std::move(count);
    showStatus();
    emit counted();
}

void FindController::showStatus() {
    if (!searching_ && !counting_)
        progressTimer_->stop();
    const QString error = bar_->pattern().error;
    if (!error.isEmpty()) {
        bar_->setStatus(error, true);
        return;
    }
    const QLocale locale;
    if (searching_) {
        bar_->setStatus(tr("Searching… %1%").arg(*searchPermille_ / 10));
        return;
    }
    if (notFound_) {
        bar_->setStatus(tr("Not found"), true);
        return;
    }
    QString counted;
    if (counting_)
        counted = tr("counting… %1%").arg(*countPermille_ / 10);
    else if (count_ && current_ && count_->rankOf(current_->offset) > 0)
        counted = tr("%1 of %2")
                      .arg(locale.toString(qulonglong(count_->rankOf(current_->offset))),
                           locale.toString(qulonglong(count_->total)));
    else if (count_)
        counted = count_->total == 0 ? tr("No matches")
                  : count_->total == 1
                      ? tr("1 match")
                      : tr("%1 matches").arg(locale.toString(qulonglong(count_->total)));
    if (current_ && wrapped_) {
        const QString wrap = forward_ ? tr("wrapped to the start") : tr("wrapped to the end");
        counted = counted.isEmpty() ? wrap : tr("%1, %2").arg(counted, wrap);
    }
    if (!counted.isEmpty())
        counted[0] = counted[0].toUpper();
    bar_->setStatus(counted, count_ && count_->total == 0);
}

void FindController::updateHighlights() {
    const u8codec::ByteSource* source = document_->source();
    const u8doc::FindQuery query = bar_->query();
    if (!source || bar_->isHidden() || query.isEmpty()) {
        if (!selection_->highlights().isEmpty())
            selection_->setHighlights({});
        return;
    }
    const u8doc::FindEngine engine(query);
    // What is on screen (the hex pane's rows; the text pane shows no more than that around the
    // cursor) and a generous neighbourhood of the cursor, so that moving a little needs no
    // recomputation before the next repaint.
    const quint64 size = source->size();
    const quint64 cursor = selection_->cursor();
    const quint64 top = hex_->topOffset();
    const quint64 shown = quint64(hex_->visibleRows() + 1) * quint64(hex_->bytesPerRow());
    const std::pair<quint64, quint64> windows[] = {
        {cursor > kHighlightReach ? cursor - kHighlightReach : 0,
         std::min<quint64>(size, cursor + kHighlightReach)},
        {top, std::min<quint64>(size, top + shown)},
        {text_->topOffset(), std::min<quint64>(size, text_->topOffset() + kHighlightReach)}};
    QVector<u8ui::ByteRange> ranges;
    for (const auto& [from, to] : windows)
        for (const u8doc::FindMatch& m : engine.within(*source, from, to))
            ranges.push_back({m.offset, m.offset + m.length});
    std::sort(ranges.begin(), ranges.end(),
              [](const u8ui::ByteRange& a, const u8ui::ByteRange& b) { return a.start < b.start; });
    ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
    selection_->setHighlights(std::move(ranges));
}

} // namespace u8app
