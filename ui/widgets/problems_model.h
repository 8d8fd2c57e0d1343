// The problems list: a table model over a ScanReport's stored problems and an AuditReport's
// stored findings (offset, line, kind, explanation), in offset order, filtered to errors,
// suspicious characters or both. Rows are only what the reports store (at most their caps); the
// explanation of a problem is computed when a view asks for it, so a list of 100 000 problems
// costs nothing until shown.
#pragma once

#include "audit_report.h"
#include "byte_selection.h"
#include "scan_report.h"
#include "u8codec/problem.h"

#include <QAbstractTableModel>
#include <QFont>
#include <QString>
#include <memory>
#include <vector>

namespace u8ui {

class ProblemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OffsetColumn, LineColumn, KindColumn, ExplanationColumn, ColumnCount };
    // Extra data roles, on every column of a row.
    enum Role {
        OffsetRole = Qt::UserRole + 1, // quint64: first byte of the problem or finding
        LengthRole,                    // quint64: bytes it covers
        LineRole,                      // quint64: 1-based line
        KindRole,      // int: u8codec::ProblemKind, or u8convert::AuditKind for a finding
        IsFindingRole, // bool: an audit finding (a suspicious character), not an error
    };
    // What the list shows: the errors of the scan, the findings of the audit, or both.
    enum class Filter { Errors, Suspicious, All };

    explicit ProblemsModel(QObject* parent = nullptr);

    // Shows the problems of `report` (null clears them). The report is shared, not copied.
    void setReport(std::shared_ptr<const u8doc::ScanReport> report);
    const u8doc::ScanReport* report() const { return report_.get(); }
    // Shows the findings of `audit` beside them (null clears them).
    void setAuditReport(std::shared_ptr<const u8doc::AuditReport> audit);
    const u8doc::AuditReport* auditReport() const { return audit_.get(); }
    void setFilter(Filter filter);
    Filter filter() const { return filter_; }
    // The fixed-pitch font of the offset and line columns at `scale` times its size (the view's
    // zoom: the columns grow with the rest of the window).
    void setFixedPitchScale(qreal scale);
    bool showsErrors() const { return filter_ != Filter::Suspicious; }
    bool showsFindings() const { return filter_ != Filter::Errors; }

    // The problem on `row`, or null when row is out of range or holds a finding.
    const u8codec::Problem* problemAt(int row) const;
    // The finding on `row`, or null when row is out of range or holds a problem.
    const u8convert::AuditFinding* findingAt(int row) const;
    // The bytes of the problem or finding on `row` (empty when out of range).
    ByteRange rangeAt(int row) const;
    // The first row that starts at or after `offset`; -1 if none (F8).
    int rowAtOrAfter(quint64 offset) const;
    // The last row that starts before `offset`; -1 if none (Shift+F8).
    int rowBefore(quint64 offset) const;
    // The last row that covers `offset`; -1 if none.
    int rowContaining(quint64 offset) const;

    // The list is complete for problems that start before this offset: the end of the last
    // stored problem when the scan's report is capped, the maximum otherwise. Beyond it, F8
    // should ask the codec (u8codec::findNextError) instead of the list.
    quint64 completeUntil() const;

    // "Showing the first 100,000 of 3,412,977 problems." when a report shown stores fewer than it
    // found (for each one); empty otherwise.
    QString cappedNote() const;

    // The rows shown, for other tools, in offset order, offsets in decimal and kinds by their
    // stable names (those of u8scope-cli: "overlong", "bidi-control"): CSV (RFC 4180: a header
    // row, CRLF line ends, fields with a comma, quote or line break quoted) with the columns
    // offset, length, line, kind, explanation; JSON, an array of objects with the same keys.
    QByteArray toCsv() const;
    QByteArray toJson() const;
    // One row as a person reads it in the list, its columns separated by tabs (Copy Row).
    QString rowText(int row) const;

    // A short title for a kind of problem, for the list and the summary: "Overlong form".
    static QString kindTitle(u8codec::ProblemKind kind);
    // The title of a kind of finding: the codec's, "Bidirectional control character".
    static QString kindTitle(u8convert::AuditKind kind);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // A row: the index of a stored problem or of a stored finding.
    struct Row {
        quint32 index = 0;
        bool finding = false;
    };
    void rebuildRows();
    quint64 startOf(const Row& row) const;
    QString kindNameAt(int row) const;    // the stable name, for exports
    QString explanationAt(int row) const; // computed for a problem, stored for a finding

    std::shared_ptr<const u8doc::ScanReport> report_;
    std::shared_ptr<const u8doc::AuditReport> audit_;
    QFont fixedPitch_;
    Filter filter_ = Filter::All;
    std::vector<Row> rows_;
};

} // namespace u8ui
