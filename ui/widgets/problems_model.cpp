#include "problems_model.h"

#include "number_format.h"

#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <limits>

namespace u8ui {

ProblemsModel::ProblemsModel(QObject* parent)
    : QAbstractTableModel(parent),
      fixedPitch_(QFontDatabase::systemFont(QFontDatabase::FixedFont)) {}

void ProblemsModel::setFixedPitchScale(qreal scale) {
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    if (font == fixedPitch_)
        return;
    fixedPitch_ = font;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::FontRole});
}

void ProblemsModel::setReport(std::shared_ptr<const u8doc::ScanReport> report) {
    beginResetModel();
    report_ = std::move(report);
    rebuildRows();
    endResetModel();
}

void ProblemsModel::setAuditReport(std::shared_ptr<const u8doc::AuditReport> audit) {
    beginResetModel();
    audit_ = std::move(audit);
    rebuildRows();
    endResetModel();
}

void ProblemsModel::setFilter(Filter filter) {
    if (filter == filter_)
        return;
    beginResetModel();
    filter_ = filter;
    rebuildRows();
    endResetModel();
}

void ProblemsModel::rebuildRows() {
    rows_.clear();
    const std::size_t problems = report_ && showsErrors() ? report_->problems.size() : 0;
    const std::size_t findings = audit_ && showsFindings() ? audit_->findings.size() : 0;
    rows_.reserve(problems + findings);
    // Both lists are in offset order: merge them. A problem and a finding never share a byte (the
    // audit leaves ill-formed UTF-8 to the scan).
    std::size_t p = 0, f = 0;
    while (p < problems || f < findings) {
        const bool takeFinding =
            p == problems ||
            (f < findings && audit_->findings[f].offset < report_->problems[p].problem.offset);
        if (takeFinding)
            rows_.push_back({quint32(f++), true});
        else
            rows_.push_back({quint32(p++), false});
    }
}

quint64 ProblemsModel::startOf(const Row& row) const {
    return row.finding ? audit_->findings[row.index].offset
                       : report_->problems[row.index].problem.offset;
}

const u8codec::Problem* ProblemsModel::problemAt(int row) const {
    if (row < 0 || std::size_t(row) >= rows_.size() || rows_[std::size_t(row)].finding)
        return nullptr;
    return &report_->problems[rows_[std::size_t(row)].index].problem;
}

const u8convert::AuditFinding* ProblemsModel::findingAt(int row) const {
    if (row < 0 || std::size_t(row) >= rows_.size() || !rows_[std::size_t(row)].finding)
        return nullptr;
    return &audit_->findings[rows_[std::size_t(row)].index];
}

ByteRange ProblemsModel::rangeAt(int row) const {
    if (const u8codec::Problem* p = problemAt(row))
        return {p->offset, p->end()};
    if (const u8convert::AuditFinding* f = findingAt(row))
        return {f->offset, f->end()};
    return {};
}

// Rows are in offset order.
int ProblemsModel::rowAtOrAfter(quint64 offset) const {
    const auto it = std::partition_point(rows_.begin(), rows_.end(),
                                         [&](const Row& r) { return startOf(r) < offset; });
    return it == rows_.end() ? -1 : int(it - rows_.begin());
}

int ProblemsModel::rowBefore(quint64 offset) const {
    const auto it = std::partition_point(rows_.begin(), rows_.end(),
                                         [&](const Row& r) { return startOf(r) < offset; });
    return int(it - rows_.begin()) - 1;
}

int ProblemsModel::rowContaining(quint64 offset) const {
    int row = rowBefore(offset + 1);
    if (row < 0)
        return -1;
    // Problems never overlap, findings may (an identifier and a letter in it): a finding that
    // covers the offset starts inside the audit's mark there, so look back no further.
    quint64 lowest = rangeAt(row).start;
    if (audit_ && showsFindings())
        if (const auto mark = audit_->markAt(offset))
            lowest = std::min(lowest, mark->start);
    for (; row >= 0 && rangeAt(row).start >= lowest; --row)
        if (rangeAt(row).contains(offset))
            return row;
    return -1;
}

quint64 ProblemsModel::completeUntil() const {
    if (!report_ || !report_->capped())
        return std::numeric_limits<quint64>::max();
    return report_->problems.empty() ? 0 : report_->problems.back().problem.end();
}

QString ProblemsModel::cappedNote() const {
    QStringList notes;
    if (report_ && showsErrors() && report_->capped())
        notes << tr("Showing the first %1 of %2 problems.")
                     .arg(u8doc::NumberFormat::count(report_->problems.size()),
                          u8doc::NumberFormat::count(report_->totalProblems));
    if (audit_ && showsFindings() && audit_->capped())
        notes << tr("Showing the first %1 of %2 audit findings; the panes mark the characters of "
                    "those shown.")
                     .arg(u8doc::NumberFormat::count(audit_->findings.size()),
                          u8doc::NumberFormat::count(audit_->totalFindings));
    return notes.join(QLatin1Char(' '));
}

QString ProblemsModel::kindTitle(u8codec::ProblemKind kind) {
    const std::string_view title = u8codec::title(kind);
    return QString::fromUtf8(title.data(), qsizetype(title.size()));
}

QString ProblemsModel::kindTitle(u8convert::AuditKind kind) {
    const std::string_view title = u8convert::title(kind);
    return QString::fromUtf8(title.data(), qsizetype(title.size()));
}

QString ProblemsModel::kindNameAt(int row) const {
    std::string_view name;
    if (const u8codec::Problem* p = problemAt(row))
        name = u8codec::name(p->kind);
    else if (const u8convert::AuditFinding* f = findingAt(row))
        name = u8convert::kindName(*f);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

QString ProblemsModel::explanationAt(int row) const {
    if (const u8codec::Problem* p = problemAt(row))
        return QString::fromStdString(u8codec::explain(*p));
    const u8convert::AuditFinding* f = findingAt(row);
    if (!f)
        return {};
    // A look-alike's message begins with the two names, which read the same ("sayНello" looks
    // like "sayHello"): the character that differs comes first, as `u8scope-cli audit` puts it
    // (issue 33, defect 21).
    if (f->kind == u8convert::AuditKind::Confusable && f->codePoints.size() == 1)
        return QString::fromStdString(u8convert::describeCharacter(f->codePoints.front()) + ": " +
                                      f->message);
    return QString::fromStdString(f->message);
}

int ProblemsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int ProblemsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemsModel::data(const QModelIndex& index, int role) const {
    const int row = index.row();
    const u8codec::Problem* p = problemAt(row);
    const u8convert::AuditFinding* f = findingAt(row);
    if ((!p && !f) || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const ByteRange range = rangeAt(row);
    const quint64 line = p ? report_->problems[rows_[std::size_t(row)].index].line : f->line;
    switch (role) {
    case OffsetRole:
        return QVariant::fromValue(range.start);
    case LengthRole:
        return QVariant::fromValue(range.end - range.start);
    case LineRole:
        return QVariant::fromValue(line);
    case KindRole:
        return p ? int(p->kind) : int(f->kind);
    case IsFindingRole:
        return f != nullptr;
    case Qt::FontRole:
        // Fixed-pitch digits line up from row to row.
        if (index.column() == OffsetColumn || index.column() == LineColumn)
            return fixedPitch_;
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == OffsetColumn || index.column() == LineColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case OffsetColumn:
            return u8doc::NumberFormat::offset(range.start, 8);
        case LineColumn:
            return u8doc::NumberFormat::count(line);
        case KindColumn:
            return p ? kindTitle(p->kind) : kindTitle(f->kind);
        case ExplanationColumn:
            // Computed on demand: only the rows a view shows are ever explained.
            return explanationAt(row);
        case ColumnCount:
            break;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == OffsetColumn)
            return tr("Offset %1, %2 long")
                .arg(u8doc::NumberFormat::offsetAndDecimal(range.start),
                     u8doc::NumberFormat::bytes(range.end - range.start));
        if (index.column() == KindColumn && f) {
            const std::string_view why = u8convert::rationale(f->kind);
            return tr("Suspicious character (the text audit): %1")
                .arg(QString::fromUtf8(why.data(), qsizetype(why.size())));
        }
        if (index.column() == KindColumn)
            return tr("Invalid UTF-8 (the whole-file check)");
        if (index.column() == ExplanationColumn)
            return explanationAt(row);
        return {};
    default:
        return {};
    }
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case OffsetColumn:
        return tr("Offset");
    case LineColumn:
        return tr("Line");
    case KindColumn:
        return tr("Kind");
    case ExplanationColumn:
        return tr("Explanation");
    case ColumnCount:
        break;
    }
    return {};
}

namespace {

// RFC 4180, section 2: a field holding a comma, a double quote or a line break is enclosed in
// double quotes, and a double quote inside it is doubled.
QByteArray csvField(const QByteArray& field) {
    if (!field.contains(',') && !field.contains('"') && !field.contains('\n') &&
        !field.contains('\r'))
        return field;
    QByteArray quoted = field;
    quoted.replace('"', "\"\"");
    return '"' + quoted + '"';
}

} // namespace

// The offset in decimal for programs, and as the list and the panes show it (hex), so that a
// row of the file is found again in the window.
QByteArray ProblemsModel::toCsv() const {
    QByteArray out = "offset,offset_hex,length,line,kind,explanation\r\n";
    for (int row = 0; row < rowCount(); ++row) {
        const ByteRange range = rangeAt(row);
        out += QByteArray::number(qulonglong(range.start)) + ',' +
               data(index(row, OffsetColumn)).toString().toLatin1() + ',' +
               QByteArray::number(qulonglong(range.end - range.start)) + ',' +
               QByteArray::number(data(index(row, 0), LineRole).toULongLong()) + ',' +
               kindNameAt(row).toLatin1() + ',' + csvField(explanationAt(row).toUtf8()) + "\r\n";
    }
    return out;
}

QByteArray ProblemsModel::toJson() const {
    QJsonArray rows;
    for (int row = 0; row < rowCount(); ++row) {
        const ByteRange range = rangeAt(row);
        // JSON numbers are exact up to 2^53 (RFC 8259, section 6): far past any file size.
        rows.append(QJsonObject{
            {QStringLiteral("offset"), double(range.start)},
            {QStringLiteral("offset_hex"), data(index(row, OffsetColumn)).toString()},
            {QStringLiteral("length"), double(range.end - range.start)},
            {QStringLiteral("line"), double(data(index(row, 0), LineRole).toULongLong())},
            {QStringLiteral("kind"), kindNameAt(row)},
            {QStringLiteral("explanation"), explanationAt(row)}});
    }
    return QJsonDocument(rows).toJson(QJsonDocument::Indented);
}

QString ProblemsModel::rowText(int row) const {
    if (!problemAt(row) && !findingAt(row))
        return {};
    QStringList fields;
    for (int column = 0; column < ColumnCount; ++column)
        fields << data(index(row, column)).toString();
    return fields.join(QLatin1Char('\t'));
}

} // namespace u8ui
