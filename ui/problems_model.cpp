#include "problems_model.h"

#include "number_format.h"

#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <limits>

namespace u8ui {

ProblemsModel::ProblemsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ProblemsModel::setReport(std::shared_ptr<const ScanReport> report) {
    beginResetModel();
    report_ = std::move(report);
    endResetModel();
}

const u8codec::Problem* ProblemsModel::problemAt(int row) const {
    if (!report_ || row < 0 || std::size_t(row) >= report_->problems.size())
        return nullptr;
    return &report_->problems[std::size_t(row)].problem;
}

// Stored problems are in stream order and do not overlap, so offsets are sorted.
int ProblemsModel::rowAtOrAfter(quint64 offset) const {
    if (!report_)
        return -1;
    const auto& list = report_->problems;
    const auto it = std::partition_point(list.begin(), list.end(), [offset](const ProblemEntry& e) {
        return e.problem.offset < offset;
    });
    return it == list.end() ? -1 : int(it - list.begin());
}

int ProblemsModel::rowBefore(quint64 offset) const {
    if (!report_)
        return -1;
    const auto& list = report_->problems;
    const auto it = std::partition_point(list.begin(), list.end(), [offset](const ProblemEntry& e) {
        return e.problem.offset < offset;
    });
    return int(it - list.begin()) - 1;
}

int ProblemsModel::rowContaining(quint64 offset) const {
    const int row = rowBefore(offset + 1);
    const u8codec::Problem* p = problemAt(row);
    return p && offset < p->end() ? row : -1;
}

quint64 ProblemsModel::completeUntil() const {
    if (!report_ || !report_->capped())
        return std::numeric_limits<quint64>::max();
    return report_->problems.empty() ? 0 : report_->problems.back().problem.end();
}

QString ProblemsModel::cappedNote() const {
    if (!report_ || !report_->capped())
        return {};
    return tr("Showing the first %1 of %2 problems.")
        .arg(NumberFormat::count(report_->problems.size()),
             NumberFormat::count(report_->totalProblems));
}

QString ProblemsModel::kindTitle(u8codec::ProblemKind kind) {
    using K = u8codec::ProblemKind;
    switch (kind) {
    case K::NeverValidByte:
        return tr("Never-valid byte");
    case K::StrayContinuation:
        return tr("Stray continuation");
    case K::Overlong:
        return tr("Overlong form");
    case K::Surrogate:
        return tr("Encoded surrogate");
    case K::SurrogatePair:
        return tr("Surrogate pair (CESU-8)");
    case K::TooLarge:
        return tr("Beyond U+10FFFF");
    case K::LegacyLongForm:
        return tr("RFC 2279 long form");
    case K::Truncated:
        return tr("Truncated sequence");
    }
    return {};
}

int ProblemsModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !report_)
        return 0;
    return int(report_->problems.size());
}

int ProblemsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemsModel::data(const QModelIndex& index, int role) const {
    const u8codec::Problem* p = problemAt(index.row());
    if (!p || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const ProblemEntry& entry = report_->problems[std::size_t(index.row())];
    switch (role) {
    case OffsetRole:
        return QVariant::fromValue(quint64(p->offset));
    case LengthRole:
        return QVariant::fromValue(quint64(p->length));
    case LineRole:
        return QVariant::fromValue(entry.line);
    case KindRole:
        return int(p->kind);
    case Qt::FontRole:
        // Fixed-pitch digits line up from row to row.
        if (index.column() == OffsetColumn || index.column() == LineColumn)
            return QFontDatabase::systemFont(QFontDatabase::FixedFont);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == OffsetColumn || index.column() == LineColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case OffsetColumn:
            return NumberFormat::offset(p->offset, 8);
        case LineColumn:
            return NumberFormat::count(entry.line);
        case KindColumn:
            return kindTitle(p->kind);
        case ExplanationColumn:
            // Computed on demand: only the rows a view shows are ever explained.
            return QString::fromStdString(u8codec::explain(*p));
        case ColumnCount:
            break;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == OffsetColumn)
            return tr("Offset %1, %2 long")
                .arg(NumberFormat::offsetAndDecimal(p->offset), NumberFormat::bytes(p->length));
        if (index.column() == ExplanationColumn)
            return QString::fromStdString(u8codec::explain(*p));
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

QByteArray ProblemsModel::toCsv() const {
    QByteArray out = "offset,length,line,kind,explanation\r\n";
    if (!report_)
        return out;
    for (const ProblemEntry& e : report_->problems) {
        const u8codec::Problem& p = e.problem;
        out += QByteArray::number(qulonglong(p.offset)) + ',' +
               QByteArray::number(qulonglong(p.length)) + ',' +
               QByteArray::number(qulonglong(e.line)) + ',' +
               QByteArray::fromStdString(std::string(u8codec::name(p.kind))) + ',' +
               csvField(QByteArray::fromStdString(u8codec::explain(p))) + "\r\n";
    }
    return out;
}

QByteArray ProblemsModel::toJson() const {
    QJsonArray rows;
    if (report_)
        for (const ProblemEntry& e : report_->problems) {
            const u8codec::Problem& p = e.problem;
            // JSON numbers are exact up to 2^53 (RFC 8259, section 6): far past any file size.
            rows.append(QJsonObject{
                {QStringLiteral("offset"), double(p.offset)},
                {QStringLiteral("length"), double(p.length)},
                {QStringLiteral("line"), double(e.line)},
                {QStringLiteral("kind"),
                 QString::fromLatin1(u8codec::name(p.kind).data(),
                                     qsizetype(u8codec::name(p.kind).size()))},
                {QStringLiteral("explanation"), QString::fromStdString(u8codec::explain(p))}});
        }
    return QJsonDocument(rows).toJson(QJsonDocument::Indented);
}

QString ProblemsModel::rowText(int row) const {
    if (!problemAt(row))
        return {};
    QStringList fields;
    for (int column = 0; column < ColumnCount; ++column)
        fields << data(index(row, column)).toString();
    return fields.join(QLatin1Char('\t'));
}

} // namespace u8ui
