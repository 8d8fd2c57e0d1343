#include "glyph_coverage.h"

#include <QGlyphRun>
#include <QHash>
#include <QTextLayout>

namespace u8ui {

namespace {

bool layoutHasGlyphs(const QFont& font, char32_t cp) {
    // QTextLayout shapes with the fallback fonts that QPainter would use, so its glyph runs say
    // what would be drawn; a font's glyph 0 is .notdef, the empty box.
    QTextLayout layout(QString::fromUcs4(&cp, 1), font);
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    const QList<QGlyphRun> runs = layout.glyphRuns();
    if (runs.isEmpty())
        return false;
    for (const QGlyphRun& run : runs)
        for (const quint32 index : run.glyphIndexes())
            if (index == 0)
                return false;
    return true;
}

} // namespace

bool fontsCanDraw(const QFont& font, char32_t cp) {
    static QHash<QString, QHash<char32_t, bool>> known; // by QFont::key()
    QHash<char32_t, bool>& forFont = known[font.key()];
    const auto found = forFont.constFind(cp);
    if (found != forFont.constEnd())
        return *found;
    const bool drawn = layoutHasGlyphs(font, cp);
    forFont.insert(cp, drawn);
    return drawn;
}

} // namespace u8ui
