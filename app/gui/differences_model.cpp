#include "differences_model.h"

#include "number_format.h"
#include "role_palette.h"
#include "u8codec/byte_source.h"
#include "u8convert/audit.h"

#include <QApplication>
#include <QLocale>
#include <QPalette>

namespace u8app {
namespace {

constexpr int kPreviewCharacters = 40;
// The bytes a byte run's preview shows of each side.
constexpr std::size_t kPreviewBytes = 8;

QString place(const u8convert::HunkSide& side) {
    return QStringLiteral("%1:%2").arg(side.line).arg(side.column);
}

// As the Problems list and the panes show offsets (issue 33, defect 12: one format everywhere).
QString offsetText(const u8convert::HunkSide& side) {
    return u8ui::NumberFormat::offset(side.offset, 8);
}

// Up to kPreviewBytes of `source` at `offset` in hex, "…" when the run goes on; "" when it is
// not there (the side is shorter) or cannot be read.
QString hexPreview(const u8codec::ByteSource* source, quint64 offset, quint64 length) {
    if (!source || length == 0)
        return {};
    std::uint8_t buffer[kPreviewBytes];
    const std::size_t want = std::size_t(std::min<quint64>(length, kPreviewBytes));
    const std::size_t got = source->read(offset, std::span(buffer, want));
    QString out;
    for (std::size_t i = 0; i < got; ++i)
        out += (i ? QStringLiteral(" ") : QString()) +
               QStringLiteral("%1").arg(buffer[i], 2, 16, QLatin1Char('0')).toUpper();
    return length > got ? out + QChar(0x2026) : out;
}

} // namespace

DifferencesModel::DifferencesModel(QObject* parent) : QAbstractTableModel(parent) {}

void DifferencesModel::setResult(std::shared_ptr<const u8convert::CompareResult> result,
                                 std::shared_ptr<const u8codec::ByteSource> a,
                                 std::shared_ptr<const u8codec::ByteSource> b) {
    beginResetModel();
    result_ = std::move(result);
    runs_.clear();
    // The byte runs stand for the differences where no hunk was found (binary files, `--bytes`
    // style results, a text alignment not done): they are the rows then.
    if (result_ && result_->hunks.empty() &&
        result_->verdict == u8convert::CompareVerdict::Differ) {
        const auto row = [&](quint64 offsetA, quint64 lengthA, quint64 offsetB, quint64 lengthB) {
            RunRow r;
            r.place.a.offset = offsetA;
            r.place.a.length = lengthA;
            r.place.b.offset = offsetB;
            r.place.b.length = lengthB;
            r.bytesA = hexPreview(a.get(), offsetA, lengthA);
            r.bytesB = hexPreview(b.get(), offsetB, lengthB);
            runs_.push_back(std::move(r));
        };
        runs_.reserve(result_->byteRuns.size() + 1);
        for (const u8convert::ByteRun& run : result_->byteRuns)
            row(run.offset, run.length, run.offset, run.length);
        // Past the shorter file's end, the longer one's bytes have nothing beside them.
        const quint64 sizeA = result_->a.size, sizeB = result_->b.size;
        const bool allRunsListed = result_->byteRunCount <= result_->byteRuns.size();
        if (sizeA != sizeB && allRunsListed) {
            const quint64 common = std::min(sizeA, sizeB);
            row(common, sizeA - common, common, sizeB - common);
        }
    }
    endResetModel();
}

const u8convert::CompareHunk* DifferencesModel::hunkAt(int row) const {
    if (!result_ || row < 0)
        return nullptr;
    if (!runs_.empty())
        return std::size_t(row) < runs_.size() ? &runs_[std::size_t(row)].place : nullptr;
    if (std::size_t(row) >= result_->hunks.size())
        return nullptr;
    return &result_->hunks[std::size_t(row)];
}

QString DifferencesModel::kindNameAt(int row) const {
    const u8convert::CompareHunk* h = hunkAt(row);
    if (!h)
        return {};
    if (runs_.empty())
        return kindName(h->kind);
    if (h->a.length == 0 || h->b.length == 0)
        return h->a.length ? tr("Only in A") : tr("Only in B");
    return tr("Bytes differ");
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
    if (parent.isValid() || !result_)
        return 0;
    return int(runs_.empty() ? result_->hunks.size() : runs_.size());
}

int DifferencesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DifferencesModel::data(const QModelIndex& index, int role) const {
    const u8convert::CompareHunk* h = hunkAt(index.row());
    if (!h)
        return {};
    if (!runs_.empty())
        return runData(runs_[std::size_t(index.row())], index.column(), role);
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

QVariant DifferencesModel::runData(const RunRow& row, int column, int role) const {
    const u8convert::CompareHunk& h = row.place;
    const QString kind = h.a.length == 0   ? tr("Only in B")
                         : h.b.length == 0 ? tr("Only in A")
                                           : tr("Bytes differ");
    const auto side = [](const u8convert::HunkSide& s) {
        return s.length == 0
                   ? tr("past its end")
                   : tr("offset %1 (0x%2), %3 bytes")
                         .arg(QLocale().toString(s.offset), QString::number(s.offset, 16).toUpper(),
                              QLocale().toString(s.length));
    };
    if (role == Qt::ToolTipRole)
        return tr("%1\nA: %2\nB: %3").arg(kind, side(h.a), side(h.b));
    // Marked in the panes as the text edits are (CompareView::setResult).
    if (role == Qt::DecorationRole && column == Kind)
        return u8ui::RolePalette::forPalette(QApplication::palette())
            .difference(u8convert::HunkKind::TextEdit);
    if (role == Qt::TextAlignmentRole && (column == OffsetA || column == OffsetB))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const auto bytes = [](quint64 length) {
        return length == 1 ? tr("1 byte") : tr("%1 bytes").arg(QLocale().toString(length));
    };
    switch (Column(column)) {
    case Kind:
        return kind;
    case OffsetA:
        return u8ui::NumberFormat::offset(h.a.offset, 8);
    case OffsetB:
        return u8ui::NumberFormat::offset(h.b.offset, 8);
    case PlaceA:
        return bytes(h.a.length);
    case PlaceB:
        return bytes(h.b.length);
    case Preview:
        return tr("%1 → %2").arg(row.bytesA.isEmpty() ? tr("(none)") : row.bytesA,
                                 row.bytesB.isEmpty() ? tr("(none)") : row.bytesB);
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
        return runs_.empty() ? tr("Line:Col A") : tr("Length A");
    case PlaceB:
        return runs_.empty() ? tr("Line:Col B") : tr("Length B");
    case Preview:
        return tr("A → B");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace u8app
