// The figure of each step of the encode walk-through (StepFigure rows), drawn from the codec's
// u8codec::EncodeWalk: RFC 3629's table with the code point's row highlighted; its bits, grouped
// by hex digit; the pattern's x bits filled group by group from the right, each group in the hue
// of its octet (as the inspector's bit layout colours them); the marker bits; the bytes; and the
// UTF-16 and UTF-32 forms, the surrogate pair's arithmetic bit by bit.
#pragma once

#include "step_figure.h"
#include "u8codec/encode_steps.h"

#include <QCoreApplication>

namespace u8ui {

class EncodeFigures {
    Q_DECLARE_TR_FUNCTIONS(u8ui::EncodeFigures)
public:
    static QVector<FigureRow> rowsFor(const u8codec::EncodeWalk& walk,
                                      const u8codec::EncodeStep& step);

private:
    static QVector<FigureRow> table(const u8codec::EncodeWalk& w);
    static QVector<FigureRow> bits(const u8codec::EncodeWalk& w);
    static QVector<FigureRow> fill(const u8codec::EncodeWalk& w, int group);
    static QVector<FigureRow> markers(const u8codec::EncodeWalk& w);
    static QVector<FigureRow> bytes(const u8codec::EncodeWalk& w, const QString& note);
    static QVector<FigureRow> utf16(const u8codec::EncodeWalk& w, u8codec::EncodeStepKind kind);
    static QVector<FigureRow> utf32(const u8codec::EncodeWalk& w);
};

} // namespace u8ui
