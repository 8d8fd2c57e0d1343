// The two sides of File > Compare With…, in the panes' place: each file as a hex pane and a text
// pane kept in step, the two sides scrolled together by their aligned places (CompareAlignment),
// every difference tinted by its kind with its label and both sides' places in the tooltip.
// Each side shows a snapshot of its bytes, read only: the comparison is of those bytes.
#pragma once

#include "compare_alignment.h"

#include <QWidget>
#include <memory>

class QLabel;

namespace u8codec {
class ByteSource;
} // namespace u8codec
namespace u8convert {
struct CompareHunk;
struct CompareResult;
} // namespace u8convert

namespace u8ui {
class ByteDocument;
class ByteSelection;
class HexView;
class TextView;
} // namespace u8ui

namespace u8app {

class CompareView : public QWidget {
    Q_OBJECT
public:
    using Side = CompareAlignment::Side;

    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    // Shows two sources from their starts, unmarked, scrolled byte for byte until setResult.
    void setSides(std::shared_ptr<const u8codec::ByteSource> a, const QString& nameA,
                  std::shared_ptr<const u8codec::ByteSource> b, const QString& nameB);
    // Marks the differences of a finished comparison of the sides shown, and aligns the scrolling.
    void setResult(std::shared_ptr<const u8convert::CompareResult> result);
    // Drops both sources (the view is hidden).
    void clear();
    // Selects the hunk's bytes on both sides and brings each to the middle when it is off screen.
    void showHunk(const u8convert::CompareHunk& hunk);

    u8ui::HexView* hexView(Side side) const;
    u8ui::TextView* textView(Side side) const;
    u8ui::ByteSelection* selection(Side side) const;
    // The hex panes' bytes a row: `bytes` where each side has room for the row and some text
    // beside it, else 8.
    void setBytesPerRow(int bytes);
    void setShowClusters(bool show);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    struct Pair;
    Pair* makePair(Side side);
    void linkSides();
    void updateHeaders();
    // Each side's hex pane as wide as its rows, the text pane the rest.
    void fitPanes();
    // The tooltip's first lines for the byte at `offset` of `side`: its difference, named.
    QString describe(Side side, quint64 offset) const;
    // Where the differences are byte runs (no hunk): the run at `offset`, the same on both sides,
    // or the longer file's tail.
    QString describeRun(Side side, quint64 offset) const;

    std::unique_ptr<Pair> pairs_[2];
    std::shared_ptr<const u8convert::CompareResult> result_;
    CompareAlignment alignment_;
    bool syncing_ = false; // one side is following the other
    int bytesPerRow_ = 16; // what View > Bytes per Row asks for
};

} // namespace u8app
