#include "differences_model.h"

#include "number_format.h"
#include "role_palette.h"
#include "u8convert/audit.h"
#include "u8convert/compare.h"

#include <QApplication>
#include <QLocale>
#include <QPalette>

namespace u8app {
namespace {

constexpr int kPreviewCharacters = 40;

QString place(const u8convert::HunkSide& side) {
    return QStringLiteral("%1:%2").arg(side.line).arg(side.column);
}

// As the Problems list and the panes show offsets (issue 33, defect 12: one format everywhere).
QString offsetText(const u8convert::HunkSide& side) {
    return u8ui::NumberFormat::offset(side.offset, 8);
}

} // namespace

DifferencesModel::DifferencesModel(QObject* parent) : QAbstractTableModel(parent) {}

void DifferencesModel::setResult(std::shared_ptr<const u8convert::CompareResult> result) {
    beginResetModel();
    result_ = std::move(result);
    endResetModel();
}

const u8convert::CompareHunk* DifferencesModel::hunkAt(int row) const {
    if (!result_ || row < 0 || std::size_t(row) >= result_->hunks.size())
        return nullptr;
    return &result_->hunks[std::size_t(row)];
}

QString DifferencesModel::kindName(u8convert::HunkKind kind) {
    using K = u8convert::HunkKind;
    switch (kind) {
    case K::TextEdit:
        return tr("Text edit");
    case K::InvisibleInserted:
        return tr("Invisible character inserted");
    case K::InvisibleRemoved:
        return tr("Invisible character removed");
    case K::Lookalike:
        return tr("Look-alike");
    case K::NormalForm:
        return tr("Normal form");
    case K::LineEnding:
        return tr("Line ending");
    case K::EncodingDamage:
        return tr("Encoding damage");
    case K::ByteOrderMark:
        return tr("Byte order mark");
    }
    return {};
}

QString DifferencesModel::describe(const u8convert::CompareHunk& h) {
    const auto side = [](const u8convert::HunkSide& s) {
        return tr("offset %1 (0x%2), %3 bytes, line %4, column %5")
            .arg(QLocale().toString(s.offset), QString::number(s.offset, 16).toUpper(),
                 QLocale().toString(s.length))
            .arg(s.line)
            .arg(s.column);
    };
    return tr("%1: %2\nA: %3\nB: %4")
        .arg(kindName(h.kind), QString::fromStdString(h.label), side(h.a), side(h.b));
}

QString DifferencesModel::preview(const std::string& text) {
    const QString decoded = QString::fromUtf8(text.data(), qsizetype(text.size()));
    QString out;
    int shown = 0;
    for (const char32_t cp : decoded.toUcs4()) {
        if (shown++ == kPreviewCharacters) {
            out += QChar(0x2026);
            break;
        }
        if (cp < 0x20)
            out += QChar(char16_t(0x2400 + cp)); // Control Pictures: ␍ ␊ ␉
        else if (cp == 0x7F)
            out += QChar(0x2421);
        else if (u8convert::drawsNothing(cp))
            out += QStringLiteral("<U+%1>").arg(uint(cp), 4, 16, QLatin1Char('0')).toUpper();
        else
            out += QString::fromUcs4(&cp, 1);
    }
    return out;
}

int DifferencesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : int(result_->hunks.size());
}

int DifferencesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DifferencesModel::data(const QModelIndex& index, int role) const {
    const u8convert::CompareHunk* h = hunkAt(index.row());
    if (!h)
        return {};
    if (role == Qt::ToolTipRole)
        return describe(*h);
    if (role == Qt::DecorationRole && index.column() == Kind)
        return u8ui::RolePalette::forPalette(QApplication::palette()).difference(h->kind);
    if (role == Qt::TextAlignmentRole && (index.column() == OffsetA || index.column() == OffsetB))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Kind:
        return kindName(h->kind);
    case OffsetA:
        return offsetText(h->a);
    case OffsetB:
        return offsetText(h->b);
    case PlaceA:
        return place(h->a);
    case PlaceB:
        return place(h->b);
    case Preview:
        return tr("“%1” → “%2”").arg(preview(h->a.text), preview(h->b.text));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant DifferencesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Kind:
        return tr("Kind");
    case OffsetA:
        return tr("Offset A");
    case OffsetB:
        return tr("Offset B");
    case PlaceA:
        return tr("Line:Col A");
    case PlaceB:
        return tr("Line:Col B");
    case Preview:
        return tr("A → B");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace u8app
