#include "compare_view.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "differences_model.h"
#include "hex_view.h"
#include "keep_in_step.h"
#include "text_view.h"
#include "u8codec/byte_source.h"
#include "u8convert/compare.h"

#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

namespace u8app {

// One side: its own document and selection (the panes of a side share them; the two sides do
// not), a header naming the file.
struct CompareView::Pair {
    u8ui::ByteDocument document;
    u8ui::ByteSelection selection;
    QWidget* box = nullptr;
    QLabel* header = nullptr;
    QSplitter* panes = nullptr;
    u8ui::HexView* hex = nullptr;
    u8ui::TextView* text = nullptr;
    QString name;
};

namespace {
int index(CompareView::Side side) {
    return side == CompareView::Side::A ? 0 : 1;
}
} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("compareView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* sides = new QSplitter(Qt::Horizontal, this);
    sides->setObjectName(QStringLiteral("compareSides"));
    sides->setChildrenCollapsible(false);
    for (Side side : {Side::A, Side::B})
        sides->addWidget(makePair(side)->box);
    layout->addWidget(sides);
    linkSides();
}

CompareView::~CompareView() = default;

CompareView::Pair* CompareView::makePair(Side side) {
    auto pair = std::make_unique<Pair>();
    const QString letter = side == Side::A ? QStringLiteral("A") : QStringLiteral("B");
    pair->box = new QWidget(this);
    auto* layout = new QVBoxLayout(pair->box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    pair->header = new QLabel(pair->box);
    pair->header->setObjectName(QStringLiteral("compareHeader") + letter);
    pair->header->setTextFormat(Qt::PlainText);
    pair->header->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(pair->header);
    auto* panes = new QSplitter(Qt::Horizontal, pair->box);
    panes->setChildrenCollapsible(false);
    pair->panes = panes;
    pair->hex = new u8ui::HexView(panes);
    pair->hex->setObjectName(QStringLiteral("compareHex") + letter);
    pair->text = new u8ui::TextView(panes);
    pair->text->setObjectName(QStringLiteral("compareText") + letter);
    for (u8ui::BytePane* pane :
         {static_cast<u8ui::BytePane*>(pair->hex), static_cast<u8ui::BytePane*>(pair->text)}) {
        pane->setDocument(&pair->document);
        pane->setSelection(&pair->selection);
        pane->setMarkDescriber([this, side](quint64 offset) { return describe(side, offset); });
    }
    panes->addWidget(pair->hex);
    panes->addWidget(pair->text);
    panes->setStretchFactor(0, 3);
    panes->setStretchFactor(1, 2);
    u8ui::keepInStep(pair->hex, pair->text);
    layout->addWidget(panes, 1);
    pairs_[index(side)] = std::move(pair);
    return pairs_[index(side)].get();
}

// The text panes lead: a scroll of either pane of a side reaches its text pane (keepInStep),
// which moves the other side's text pane to the aligned place (and that side's hex pane with it).
void CompareView::linkSides() {
    for (Side side : {Side::A, Side::B}) {
        const Side other = side == Side::A ? Side::B : Side::A;
        connect(textView(side), &u8ui::TextView::topOffsetChanged, this,
                [this, side, other](quint64 offset) {
                    if (syncing_)
                        return;
                    syncing_ = true;
                    textView(other)->setTopOffset(alignment_.map(side, offset));
                    syncing_ = false;
                });
    }
}

void CompareView::setSides(std::shared_ptr<const u8codec::ByteSource> a, const QString& nameA,
                           std::shared_ptr<const u8codec::ByteSource> b, const QString& nameB) {
    result_.reset();
    alignment_ = CompareAlignment(a ? a->size() : 0, b ? b->size() : 0);
    pairs_[0]->name = nameA;
    pairs_[1]->name = nameB;
    pairs_[0]->document.setSource(std::move(a), nameA);
    pairs_[1]->document.setSource(std::move(b), nameB);
    for (const auto& pair : pairs_) {
        pair->hex->setDifferenceMarks(nullptr);
        pair->text->setDifferenceMarks(nullptr);
        pair->selection.setCursor(0);
    }
    updateHeaders();
}

void CompareView::setResult(std::shared_ptr<const u8convert::CompareResult> result) {
    result_ = std::move(result);
    if (!result_) {
        alignment_ = CompareAlignment(pairs_[0]->document.size(), pairs_[1]->document.size());
        for (const auto& pair : pairs_) {
            pair->hex->setDifferenceMarks(nullptr);
            pair->text->setDifferenceMarks(nullptr);
        }
        updateHeaders();
        return;
    }
    alignment_ = CompareAlignment(*result_);
    auto marksA = std::make_shared<u8ui::DifferenceMarks>();
    auto marksB = std::make_shared<u8ui::DifferenceMarks>();
    marksA->reserve(result_->hunks.size());
    marksB->reserve(result_->hunks.size());
    for (const u8convert::CompareHunk& h : result_->hunks) {
        marksA->push_back({h.a.offset, h.a.offset + h.a.length, h.kind});
        marksB->push_back({h.b.offset, h.b.offset + h.b.length, h.kind});
    }
    // Byte runs stand for the differences where the texts were not aligned, and the longer
    // file's tail for the bytes the other has not.
    if (result_->hunks.empty()) {
        for (const u8convert::ByteRun& run : result_->byteRuns)
            for (auto* marks : {marksA.get(), marksB.get()})
                marks->push_back(
                    {run.offset, run.offset + run.length, u8convert::HunkKind::TextEdit});
        const quint64 common = std::min(result_->a.size, result_->b.size);
        if (result_->a.size != result_->b.size)
            (result_->a.size > common ? marksA : marksB)
                ->push_back({common, std::max(result_->a.size, result_->b.size),
                             u8convert::HunkKind::TextEdit});
    }
    pairs_[0]->hex->setDifferenceMarks(marksA);
    pairs_[0]->text->setDifferenceMarks(marksA);
    pairs_[1]->hex->setDifferenceMarks(marksB);
    pairs_[1]->text->setDifferenceMarks(marksB);
    updateHeaders();
}

void CompareView::clear() {
    setSides(nullptr, QString(), nullptr, QString());
}

void CompareView::updateHeaders() {
    const QLocale locale;
    for (Side side : {Side::A, Side::B}) {
        Pair& p = *pairs_[index(side)];
        QString text = tr("%1: %2 — %3 bytes")
                           .arg(side == Side::A ? QStringLiteral("A") : QStringLiteral("B"), p.name,
                                locale.toString(p.document.size()));
        if (result_) {
            const u8convert::CompareSideInfo& info = side == Side::A ? result_->a : result_->b;
            if (!info.encoding.empty())
                text += QStringLiteral(", ") + QString::fromStdString(info.encoding);
            if (info.bom)
                text += tr(" with BOM");
        }
        p.header->setText(text);
    }
}

void CompareView::showHunk(const u8convert::CompareHunk& hunk) {
    for (Side side : {Side::A, Side::B}) {
        Pair& p = *pairs_[index(side)];
        const u8convert::HunkSide& h = side == Side::A ? hunk.a : hunk.b;
        const quint64 size = p.document.size();
        if (size == 0)
            continue;
        if (h.length > 0 && h.offset < size)
            p.selection.select({h.offset, std::min<quint64>(h.offset + h.length, size)});
        else
            p.selection.setCursor(std::min<quint64>(h.offset, size - 1));
    }
    // A goes there and takes B to the aligned place, so that the sides stay in step; B then
    // moves only if its end of the hunk is still out of sight.
    Pair& a = *pairs_[0];
    a.hex->centreIfHidden(a.selection.cursor());
    a.text->ensureVisible(a.selection.cursor());
    syncing_ = true;
    Pair& b = *pairs_[1];
    if (b.document.size() > 0) {
        // Where A's hex pane went (its text pane follows it, keepInStep), B's goes too.
        b.hex->setTopOffset(alignment_.map(Side::A, a.hex->topOffset()));
        b.hex->ensureVisible(b.selection.cursor());
        b.text->ensureVisible(b.selection.cursor());
    }
    syncing_ = false;
}

QString CompareView::describe(Side side, quint64 offset) const {
    if (!result_)
        return {};
    if (result_->hunks.empty())
        return describeRun(side, offset);
    const auto& hunks = result_->hunks;
    const bool a = side == Side::A;
    const auto after =
        std::upper_bound(hunks.begin(), hunks.end(), offset, [a](quint64 o, const auto& h) {
            return o < (a ? h.a.offset : h.b.offset);
        });
    if (after == hunks.begin())
        return {};
    const u8convert::CompareHunk& h = *(after - 1);
    const u8convert::HunkSide& own = a ? h.a : h.b;
    if (offset >= own.offset + own.length)
        return {};
    return DifferencesModel::describe(h);
}

QString CompareView::describeRun(Side side, quint64 offset) const {
    const quint64 common = std::min(result_->a.size, result_->b.size);
    if (offset >= common)
        return tr("Only in %1: %2 bytes past the other file's end, from offset %3")
            .arg(side == Side::A ? QStringLiteral("A") : QStringLiteral("B"),
                 QLocale().toString(std::max(result_->a.size, result_->b.size) - common),
                 QLocale().toString(common));
    const auto& runs = result_->byteRuns;
    const auto after = std::upper_bound(runs.begin(), runs.end(), offset,
                                        [](quint64 o, const auto& run) { return o < run.offset; });
    if (after == runs.begin() || offset >= (after - 1)->offset + (after - 1)->length)
        return {};
    const u8convert::ByteRun& run = *(after - 1);
    return tr("Bytes differ: offset %1 (0x%2), %3 bytes, on both sides")
        .arg(QLocale().toString(run.offset), QString::number(run.offset, 16).toUpper(),
             QLocale().toString(run.length));
}

u8ui::HexView* CompareView::hexView(Side side) const {
    return pairs_[index(side)]->hex;
}
u8ui::TextView* CompareView::textView(Side side) const {
    return pairs_[index(side)]->text;
}
u8ui::ByteSelection* CompareView::selection(Side side) const {
    return &pairs_[index(side)]->selection;
}
void CompareView::setBytesPerRow(int bytes) {
    bytesPerRow_ = bytes;
    fitPanes();
}

void CompareView::fitPanes() {
    // The text pane keeps at least this share of a side: a hex pane alone shows no text.
    constexpr double kHexShare = 0.62;
    for (const auto& pair : pairs_) {
        const int width = pair->panes->width();
        for (int bytes : {bytesPerRow_, 16, 8}) {
            if (bytes > bytesPerRow_)
                continue;
            pair->hex->setBytesPerRow(bytes);
            if (pair->hex->fullRowWidth() <= width * kHexShare)
                break;
        }
        const int hex = std::min(pair->hex->fullRowWidth(), int(width * kHexShare));
        pair->panes->setSizes({hex, std::max(1, width - hex - pair->panes->handleWidth())});
    }
}

void CompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitPanes();
}

void CompareView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    fitPanes();
}
void CompareView::setShowClusters(bool show) {
    for (const auto& pair : pairs_) {
        pair->hex->setShowClusters(show);
        pair->text->setShowClusters(show);
    }
}

} // namespace u8app
