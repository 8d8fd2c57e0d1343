// The figure of each step of the decode walk-through (StepFigure rows), drawn from the codec's
// u8codec::DecodeWalk: the bytes, eight to a row, those the decoder has decided coloured by the
// role they turned out to play (as the panes colour them), those of the sequence it is reading
// marked, the byte it reads framed; that byte's bits, marker apart from payload; and the range
// it expects next.
#pragma once

#include "step_figure.h"
#include "u8codec/decode_steps.h"

#include <QCoreApplication>
#include <cstdint>
#include <span>

namespace u8ui {

class DecodeFigures {
    Q_DECLARE_TR_FUNCTIONS(u8ui::DecodeFigures)
public:
    // Step `index` of walk.steps.
    static QVector<FigureRow> forStep(const u8codec::DecodeWalk& walk,
                                      std::span<const std::uint8_t> bytes, int index);
    // Every byte decided, and the bytes [from, to) framed (to == from: none).
    static QVector<FigureRow> decided(const u8codec::DecodeWalk& walk,
                                      std::span<const std::uint8_t> bytes, quint64 from = 0,
                                      quint64 to = 0);
};

} // namespace u8ui
