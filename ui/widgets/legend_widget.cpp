#include "legend_widget.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <array>

namespace u8ui {

namespace {

// What a swatch shows besides a byte role: the frame that joins a character's bytes, the
// text pane's marker for a character that draws nothing, the selection, a search match and
// bytes edited and not saved yet, a bookmark.
enum class Extra { None, CharacterFrame, Cluster, Marker, Selection, Match, Edited, Bookmark };

// A cell as the hex pane draws it: the role's fill, hatch and frame, with a sample byte.
class Swatch final : public QWidget {
public:
    Swatch(CellRole role, Extra extra, QWidget* parent)
        : QWidget(parent), role_(role), extra_(extra) {
        setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        const QFontMetrics fm(font());
        const int cells =
            extra_ == Extra::CharacterFrame || extra_ == Extra::Cluster || extra_ == Extra::Marker
                ? 3
                : 1;
        setFixedSize(cells * fm.horizontalAdvance(QStringLiteral("00")) + cells * 8 + 4,
                     fm.height() + 8);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        const RolePalette palette = RolePalette::forPalette(this->palette());
        const QRectF area = QRectF(rect()).adjusted(2, 2, -2, -2);
        switch (extra_) {
        case Extra::None:
            palette.paintCell(painter, area, role_);
            painter.setPen(palette.style(role_).text);
            painter.drawText(area, Qt::AlignCenter, LegendWidget::sampleByte(role_));
            break;
        case Extra::CharacterFrame: {
            // E2 82 AC: the euro sign, its three bytes joined.
            paintCells(painter, palette, area,
                       {CellRole::Lead3, CellRole::Continuation, CellRole::Continuation},
                       {"E2", "82", "AC"});
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setPen(QPen(palette.characterFrame(), 1.5));
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(area.adjusted(0.75, 0.75, -0.75, -0.75), 3, 3);
            break;
        }
        case Extra::Cluster: {
            // 65 CC 81: "e" + U+0301 COMBINING ACUTE ACCENT, one cluster read as "é".
            paintCells(painter, palette, area,
                       {CellRole::AsciiPrintable, CellRole::Lead2, CellRole::Continuation},
                       {"65", "CC", "81"});
            palette.paintClusterBracket(painter, area, false, false);
            break;
        }
        case Extra::Marker: {
            // U+202E as the text pane draws it when the audit reports it.
            palette.paintMarker(painter, area, true);
            QFont small = font();
            small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.78));
            painter.setFont(small);
            painter.setPen(palette.markerText(true));
            painter.drawText(area, Qt::AlignCenter, QStringLiteral("RLO"));
            break;
        }
        case Extra::Selection:
        case Extra::Match:
        case Extra::Edited:
        case Extra::Bookmark:
            // An 'A' (41) under the overlay: the selection's tint, a match's, an edit's mark or
            // a bookmark's brackets.
            palette.paintCell(painter, area, CellRole::AsciiPrintable);
            if (extra_ == Extra::Selection) {
                painter.fillRect(area, palette.selectionFill());
            } else if (extra_ == Extra::Match) {
                painter.fillRect(area, palette.matchFill());
                painter.fillRect(QRectF(area.left(), area.bottom() - 2, area.width(), 2),
                                 palette.matchFrame());
            } else if (extra_ == Extra::Edited) {
                palette.paintEdited(painter, area);
            } else {
                palette.paintBookmark(painter, area, true, true);
            }
            painter.setPen(palette.style(CellRole::AsciiPrintable).text);
            painter.drawText(area, Qt::AlignCenter, QStringLiteral("41"));
            break;
        }
    }

private:
    // Three sample bytes side by side, each in its role's look.
    static void paintCells(QPainter& painter, const RolePalette& palette, const QRectF& area,
                           std::array<CellRole, 3> roles, std::array<const char*, 3> bytes) {
        const qreal w = area.width() / 3;
        for (std::size_t i = 0; i < 3; ++i) {
            const QRectF cell(area.left() + qreal(i) * w, area.top(), w, area.height());
            palette.paintCell(painter, cell, roles[i]);
            painter.setPen(palette.style(roles[i]).text);
            painter.drawText(cell, Qt::AlignCenter, QString::fromLatin1(bytes[i]));
        }
    }

    CellRole role_;
    Extra extra_;
};

} // namespace

LegendWidget::LegendWidget(QWidget* parent) : QWidget(parent) {
    rebuild();
}

void LegendWidget::setMode(Mode mode) {
    if (mode == mode_)
        return;
    mode_ = mode;
    rebuild();
}

QString LegendWidget::sampleByte(CellRole role) {
    switch (role) {
    case CellRole::AsciiPrintable:
        return QStringLiteral("41");
    case CellRole::AsciiWhitespace:
        return QStringLiteral("20");
    case CellRole::AsciiControl:
        return QStringLiteral("00");
    case CellRole::Lead2:
        return QStringLiteral("C3");
    case CellRole::Lead3:
        return QStringLiteral("E2");
    case CellRole::Lead4:
        return QStringLiteral("F0");
    case CellRole::Continuation:
        return QStringLiteral("82");
    case CellRole::Suspicious:
        return QStringLiteral("D0"); // the lead of a Cyrillic letter in a Latin name
    case CellRole::ErrorInvalidByte:
        return QStringLiteral("C0");
    case CellRole::ErrorUnexpectedContinuation:
        return QStringLiteral("80");
    case CellRole::ErrorOverlong:
        return QStringLiteral("E0");
    case CellRole::ErrorSurrogate:
        return QStringLiteral("ED");
    case CellRole::ErrorTooLarge:
        return QStringLiteral("F4");
    case CellRole::ErrorTruncated:
        return QStringLiteral("E2");
    }
    return {};
}

QWidget* LegendWidget::swatch(CellRole role) const {
    return findChild<QWidget*>(QStringLiteral("swatch-%1").arg(int(role)));
}

void LegendWidget::rebuild() {
    delete grid_;
    const auto children = findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly);
    for (QWidget* child : children)
        delete child;
    grid_ = new QGridLayout(this);
    grid_->setContentsMargins(6, 6, 6, 6);
    grid_->setHorizontalSpacing(8);
    grid_->setVerticalSpacing(mode_ == Mode::Detailed ? 6 : 3);

    struct Entry {
        CellRole role;
        Extra extra;
        QString name;
        QString description;
    };
    QList<Entry> entries;
    for (CellRole role : RolePalette::allRoles())
        entries.append(
            {role, Extra::None, RolePalette::name(role), RolePalette::description(role)});
    entries.append({CellRole::Lead3, Extra::CharacterFrame, tr("One character"),
                    tr("A frame joins the bytes of one multi-byte character, across a row break "
                       "too.")});
    entries.append({CellRole::Lead2, Extra::Cluster, tr("One cluster"),
                    tr("A bracket under the bytes of a grapheme cluster of several code points "
                       "(e + U+0301, an emoji sequence, a flag): what a reader takes for one "
                       "character (UAX #29). The text pane draws it as one cell. View > Show "
                       "Clusters turns both off.")});
    entries.append({CellRole::Suspicious, Extra::Marker, tr("Marker"),
                    tr("The text pane's stand-in for a character that draws nothing (a bidi "
                       "control, a zero-width space): its abbreviation or code point, grey, or "
                       "violet and dotted when the audit reports it.")});
    entries.append({CellRole::AsciiPrintable, Extra::Selection, tr("Selection"),
                    tr("The selected bytes; the text pane covers whole characters.")});
    entries.append({CellRole::AsciiPrintable, Extra::Match, tr("Search match"),
                    tr("Bytes found by the last search.")});
    entries.append({CellRole::AsciiPrintable, Extra::Edited, tr("Edited"),
                    tr("Bytes typed, pasted or filled since the file was opened or saved, over "
                       "the colour of what they are now; a tick where bytes were deleted. Edit > "
                       "Revert Selection gives them the file's bytes back.")});
    entries.append({CellRole::AsciiPrintable, Extra::Bookmark, tr("Bookmark"),
                    tr("Bytes you marked (Bookmarks > Toggle Bookmark, Ctrl+B): a faint tint "
                       "between brackets; F2 goes to the next.")});

    // Compact: name and swatch pairs in columns, read across.
    const int compactColumns = 4;
    for (int i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        auto* swatch = new Swatch(e.role, e.extra, this);
        if (e.extra == Extra::None)
            swatch->setObjectName(QStringLiteral("swatch-%1").arg(int(e.role)));
        else if (e.extra == Extra::Marker)
            swatch->setObjectName(QStringLiteral("swatch-marker"));
        else if (e.extra == Extra::Edited)
            swatch->setObjectName(QStringLiteral("swatch-edited"));
        else if (e.extra == Extra::Bookmark)
            swatch->setObjectName(QStringLiteral("swatch-bookmark"));
        auto* name = new QLabel(e.name, this);
        const QString tip = e.name + QLatin1Char('\n') + e.description;
        swatch->setToolTip(tip);
        name->setToolTip(tip);
        if (mode_ == Mode::Detailed) {
            QFont bold = name->font();
            bold.setBold(true);
            name->setFont(bold);
            auto* description = new QLabel(e.description, this);
            description->setWordWrap(true);
            grid_->addWidget(swatch, i, 0, Qt::AlignTop);
            grid_->addWidget(name, i, 1, Qt::AlignTop);
            grid_->addWidget(description, i, 2, Qt::AlignTop);
        } else {
            const int row = i / compactColumns;
            const int column = (i % compactColumns) * 2;
            grid_->addWidget(swatch, row, column);
            grid_->addWidget(name, row, column + 1);
        }
    }
    if (mode_ == Mode::Detailed) {
        grid_->setColumnStretch(2, 1);
        grid_->setRowStretch(int(entries.size()), 1);
    } else {
        grid_->setColumnStretch(compactColumns * 2, 1);
    }
}

void LegendWidget::changeEvent(QEvent* event) {
    // The swatches read the palette when they paint; a theme change repaints them.
    if (event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace u8ui
