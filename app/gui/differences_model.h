// The Differences dock's table: one row per difference of a comparison (its kind, both sides'
// byte offsets, line:column and a short preview of both sides' text), and the words the window
// uses for a comparison: each kind's name, a difference described for a tooltip.
#pragma once

#include <QAbstractTableModel>
#include <memory>

namespace u8convert {
struct CompareHunk;
struct CompareResult;
enum class HunkKind : std::uint8_t;
} // namespace u8convert

namespace u8app {

class DifferencesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, OffsetA, OffsetB, PlaceA, PlaceB, Preview, ColumnCount };

    explicit DifferencesModel(QObject* parent = nullptr);

    // The comparison listed (null: none).
    void setResult(std::shared_ptr<const u8convert::CompareResult> result);
    const u8convert::CompareResult* result() const { return result_.get(); }
    // The difference on `row` (null past the last).
    const u8convert::CompareHunk* hunkAt(int row) const;

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
    std::shared_ptr<const u8convert::CompareResult> result_;
};

} // namespace u8app
