// The Differences dock's table: one row per difference of a comparison (its kind, both sides'
// byte offsets, line:column and a short preview of both sides' text), and the words the window
// uses for a comparison: each kind's name, a difference described for a tooltip. A comparison
// whose differences are runs of bytes only (`--bytes` style: binary files, or where the texts
// were not aligned) lists those runs instead: both offsets, the length, the bytes in hex, and a
// last row for the bytes one file has past the other's end.
#pragma once

#include "u8convert/compare.h"

#include <QAbstractTableModel>
#include <memory>
#include <vector>

namespace u8codec {
class ByteSource;
}

namespace u8app {

class DifferencesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, OffsetA, OffsetB, PlaceA, PlaceB, Preview, ColumnCount };

    explicit DifferencesModel(QObject* parent = nullptr);

    // The comparison listed (null: none); `a` and `b`, the sources compared, give the bytes of
    // the byte runs' previews.
    void setResult(std::shared_ptr<const u8convert::CompareResult> result,
                   std::shared_ptr<const u8codec::ByteSource> a = nullptr,
                   std::shared_ptr<const u8codec::ByteSource> b = nullptr);
    const u8convert::CompareResult* result() const { return result_.get(); }
    // The difference on `row` (null past the last): a hunk, or a byte run as a hunk of its bytes
    // on both sides.
    const u8convert::CompareHunk* hunkAt(int row) const;
    // Whether the rows are the result's byte runs rather than its hunks.
    bool listsByteRuns() const { return !runs_.empty(); }
    // The name of the row's kind: kindName() of a hunk; "Bytes differ", "Only in A"/"Only in B"
    // of a byte run.
    QString kindNameAt(int row) const;

    // "Text edit", "Look-alike", "Line ending"...: translated.
    static QString kindName(u8convert::HunkKind kind);
    // The kind, the engine's label and both sides' places, in a few lines.
    static QString describe(const u8convert::CompareHunk& hunk);
    // One side's characters shortened for a table cell: controls, line breaks and characters
    // that draw nothing as their Control Pictures or code points, so that a CR LF is seen.
    static QString preview(const std::string& text);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    // One row of the byte runs: a run at the same offset on both sides, or the tail one side has
    // past the other's end (length 0 on the other side).
    struct RunRow {
        u8convert::CompareHunk place; // kind unused
        QString bytesA, bytesB;       // the first bytes in hex
    };
    QVariant runData(const RunRow& row, int column, int role) const;

    std::shared_ptr<const u8convert::CompareResult> result_;
    std::vector<RunRow> runs_;
};

} // namespace u8app
