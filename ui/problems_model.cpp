#include "problems_model.h"

#include <QLocale>
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
    const QLocale locale;
    return tr("Showing the first %1 of %2 problems.")
        .arg(locale.toString(qulonglong(report_->problems.size())),
             locale.toString(qulonglong(report_->totalProblems)));
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
    case Qt::TextAlignmentRole:
        if (index.column() == OffsetColumn || index.column() == LineColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case OffsetColumn:
            return QStringLiteral("0x%1").arg(qulonglong(p->offset), 8, 16, QLatin1Char('0'));
        case LineColumn:
            return QLocale().toString(qulonglong(entry.line));
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
            return tr("Byte %1 (0x%2), %n byte(s) long", nullptr,
                      int(std::min<quint64>(p->length, 1u << 30)))
                .arg(QLocale().toString(qulonglong(p->offset)))
                .arg(qulonglong(p->offset), 0, 16);
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

} // namespace u8ui
