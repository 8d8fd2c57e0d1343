// The one palette of u8scope in Qt's terms: the colour, hatch and frame of every byte role, read
// from the shared table (codec/dump/role_colours.h, which u8scope-cli's dump and the exported pages
// use too) and used by the hex pane, the text pane, the legend and the code-page table. Why the
// colours are what they are is said there.
#pragma once

#include "cell_role.h"
#include "u8codec/byte_class.h"
#include "u8codec/byte_source.h"
#include "u8codec/segment.h"
#include "u8convert/compare.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QPalette>
#include <QPen>
#include <QString>
#include <array>

class QPainter;
class QRectF;

namespace u8ui {

// What a cell shows, finer than u8codec::ByteRole (cell_role.h).
using CellRole = u8dump::CellRole;
inline constexpr int kCellRoleCount = u8dump::kCellRoleCount;

// How one role is drawn.
struct RoleStyle {
    QColor fill;                             // cell background
    QColor text;                             // hex digits or glyph
    QColor frame;                            // outline (errors, suspicious), or invalid for none
    Qt::BrushStyle hatch = Qt::NoBrush;      // drawn over the fill in `frame` colour
    Qt::PenStyle frameStyle = Qt::SolidLine; // solid for errors, dotted for suspicious
};

class RolePalette {
    Q_DECLARE_TR_FUNCTIONS(u8ui::RolePalette)
public:
    // The light variant; see forPalette.
    RolePalette() : RolePalette(false) {}
    static RolePalette light() { return RolePalette(false); }
    static RolePalette dark() { return RolePalette(true); }
    // Dark when the palette's window colour is dark (lightness below one half), light otherwise.
    static RolePalette forPalette(const QPalette& palette);
    bool isDark() const { return dark_; }

    const RoleStyle& style(CellRole role) const { return styles_[std::size_t(role)]; }

    // The role of the byte `byte` at `offset` inside segment `s` (the segment that contains it).
    static CellRole roleOf(const u8codec::Segment& s, quint64 offset, quint8 byte) {
        return u8dump::roleOf(s, offset, byte);
    }
    // The role for the context-free class of a byte (the code-page table): ASCII by the byte's
    // value, a lead by its length, a continuation, and Invalid as ErrorInvalidByte.
    static CellRole roleForClass(quint8 byte) { return u8dump::roleForClass(byte); }
    static CellRole roleForError(u8codec::ErrorKind kind) { return u8dump::roleForError(kind); }
    static bool isError(CellRole role) { return u8dump::isError(role); }
    // A role the audit may put in place of a byte's structural role: never over an error (the
    // audit reports ill-formed bytes no differently from the scan).
    static CellRole withAudit(CellRole structural, bool suspicious) {
        return u8dump::withAudit(structural, suspicious);
    }
    // Every role, in legend order.
    static QList<CellRole> allRoles();

    // Short name ("Lead byte of a 3-byte character") and one-sentence description for the legend
    // and tooltips; translated.
    static QString name(CellRole role);
    static QString description(CellRole role);

    // Colours shared by the panes besides the roles.
    QColor characterFrame() const { return characterFrame_; } // joins the bytes of a character
    QColor selectionFill() const { return selectionFill_; }   // translucent, over the roles
    QColor cursorFrame() const { return cursorFrame_; }
    QColor matchFill() const { return matchFill_; } // search hits, translucent
    QColor matchFrame() const { return matchFrame_; }
    QColor offsetText() const { return offsetText_; }         // the offset column
    QColor clusterBracket() const { return clusterBracket_; } // a grapheme cluster's bytes
    QColor offsetBackground() const { return offsetBackground_; }
    QColor editedMark() const { return editedMark_; } // bytes changed since the file was saved
    QColor bookmark() const { return bookmark_; }     // the user's bookmarks
    // A difference from the file compared with, by its kind (File > Compare With…).
    QColor difference(u8convert::HunkKind kind) const;

    // Paints a role's fill, hatch and (when withFrame) frame into rect. The hex pane passes
    // withFrame = false and frames whole error segments and findings itself.
    void paintCell(QPainter& painter, const QRectF& rect, CellRole role,
                   bool withFrame = true) const;
    // The pen of a role's frame: 2 px, solid or dotted (invalid colour for roles without one).
    QPen framePen(CellRole role) const;
    // The box the text pane draws in place of a character that draws nothing (a bidi control, a
    // zero-width space): the control grey with a dashed outline, or the suspicious look when the
    // audit reports the character. The caller writes the abbreviation or code point inside.
    void paintMarker(QPainter& painter, const QRectF& box, bool suspicious) const;
    // A bracket along the bottom of `rect` (the cells of one row of a grapheme cluster), its ends
    // turned up where the cluster starts or ends on this row (not where `openLeft`/`openRight`
    // say it goes on in the row before or after).
    void paintClusterBracket(QPainter& painter, const QRectF& rect, bool openLeft,
                             bool openRight) const;
    // The mark of bytes edited and not saved yet, over their role's look (which still says what
    // the bytes are now): a faint tint and a bar along the top of `rect`, where nothing else
    // draws (search matches and clusters are marked along the bottom).
    void paintEdited(QPainter& painter, const QRectF& rect) const;
    // The mark of a bookmark's bytes: a faint tint, and where the bookmark starts (`closedLeft`)
    // a bar up the left edge with a tab along the top, where it ends a bar down the right edge
    // with a tab along the bottom, like brackets (the middle of edges is free of other marks).
    void paintBookmark(QPainter& painter, const QRectF& rect, bool closedLeft,
                       bool closedRight) const;
    // The mark of bytes that differ from the file compared with: a tint of the kind's colour
    // and a box round them in the kind's own line (solid for a text edit, dashed for a
    // look-alike...: kinds stay apart without colour), open at a side where the run goes on
    // (not `closedLeft`, not `closedRight`).
    void paintDifference(QPainter& painter, const QRectF& rect, u8convert::HunkKind kind,
                         bool closedLeft, bool closedRight) const;
    // Where the other file has bytes this one lacks: a bar at x in the kind's colour, with a
    // notch at the top.
    void paintDifferenceGap(QPainter& painter, qreal x, qreal top, qreal bottom,
                            u8convert::HunkKind kind) const;
    // Where bytes were deleted: a tick at x, from top to bottom, with a notch at the top.
    void paintDeletion(QPainter& painter, qreal x, qreal top, qreal bottom) const;
    // The colour of the text inside such a marker.
    QColor markerText(bool suspicious) const;
    // The Suspicious look behind a character drawn as text: for a character a finding is about
    // (`ownFinding`), the role's cell (fill, dots, dotted frame); for one that is only part of a
    // finding about a run (an identifier that mixes scripts), the fill with dotted lines along
    // the run, closed at its ends, so that a marked name stays legible.
    void paintSuspiciousText(QPainter& painter, const QRectF& box, bool ownFinding, bool closedLeft,
                             bool closedRight) const;

    // The tooltip for the byte at `offset`: offset (hex and decimal), byte value, role, and for an
    // error the codec's explanation of the problem it belongs to (u8codec::explain, from a
    // ProblemScanner run over a bounded neighbourhood; never the whole source). Empty when offset
    // is outside the source.
    static QString toolTip(const u8codec::ByteSource& source, quint64 offset);

private:
    explicit RolePalette(bool dark);

    bool dark_ = false;
    std::array<RoleStyle, kCellRoleCount> styles_{};
    QColor characterFrame_, selectionFill_, cursorFrame_, matchFill_, matchFrame_, offsetText_,
        offsetBackground_, clusterBracket_, editedMark_, bookmark_;
};

} // namespace u8ui
