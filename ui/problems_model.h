// The problems list: a table model over a ScanReport's stored problems (offset, line, kind,
// explanation). Rows are only what the report stores (at most its cap); the explanation of a row
// is computed when a view asks for it, so a list of 100 000 problems costs nothing until shown.
#pragma once

#include "scan_report.h"
#include "u8codec/problem.h"

#include <QAbstractTableModel>
#include <QString>
#include <memory>

namespace u8ui {

class ProblemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OffsetColumn, LineColumn, KindColumn, ExplanationColumn, ColumnCount };
    // Extra data roles, on every column of a row.
    enum Role {
        OffsetRole = Qt::UserRole + 1, // quint64: first byte of the problem
        LengthRole,                    // quint64: bytes it covers
        LineRole,                      // quint64: 1-based line
        KindRole,                      // int: u8codec::ProblemKind
    };

    explicit ProblemsModel(QObject* parent = nullptr);

    // Shows the problems of `report` (null clears the list). The report is shared, not copied.
    void setReport(std::shared_ptr<const ScanReport> report);
    const ScanReport* report() const { return report_.get(); }

    // The problem on `row`, or null when row is out of range.
    const u8codec::Problem* problemAt(int row) const;
    // The first row whose problem starts at or after `offset`; -1 if none (F8).
    int rowAtOrAfter(quint64 offset) const;
    // The last row whose problem starts before `offset`; -1 if none (Shift+F8).
    int rowBefore(quint64 offset) const;
    // The row whose problem covers `offset`; -1 if none.
    int rowContaining(quint64 offset) const;

    // The list is complete for problems that start before this offset: the end of the last
    // stored problem when the report is capped, the maximum otherwise. Beyond it, F8 should ask
    // the codec (u8codec::findNextError) instead of the list.
    quint64 completeUntil() const;

    // "Showing the first 100,000 of 3,412,977 problems." when the report stores fewer problems
    // than it found; empty otherwise.
    QString cappedNote() const;

    // The stored problems for other tools, in stream order, offsets in decimal and kinds by their
    // stable names (those of u8scope-cli): CSV (RFC 4180: a header row, CRLF line ends, fields
    // with a comma, quote or line break quoted) with the columns offset, length, line, kind,
    // explanation; JSON, an array of objects with the same keys.
    QByteArray toCsv() const;
    QByteArray toJson() const;
    // One row as a person reads it in the list, its columns separated by tabs (Copy Row).
    QString rowText(int row) const;

    // A short title for a kind of problem, for the list and the summary: "Overlong form".
    static QString kindTitle(u8codec::ProblemKind kind);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ScanReport> report_;
};

} // namespace u8ui
