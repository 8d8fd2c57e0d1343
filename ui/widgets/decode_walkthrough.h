// The decode walk-through: what a strict decoder does with some bytes (a selection), one byte at
// a time (u8codec::walkDecoding owns the steps and their words; DecodeFigures draws each): each
// byte's class, the range it expects next, where a sequence stops and why, one U+FFFD per maximal
// subpart. Then what it made of them, and, problem by problem, what a naive RFC 2279 decoder
// would have read, bit by bit (BitLayoutWidget), beside the shortest form where there is one.
#pragma once

#include "step_walkthrough.h"
#include "u8codec/decode_steps.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

class QLabel;

namespace u8ui {

class BitLayoutWidget;

class DecodeWalkthrough : public StepWalkthrough {
    Q_OBJECT
public:
    // A walk-through of more bytes than this would be too long to follow: longer selections are
    // cut to their first kMaxBytes, and the panel says so.
    static constexpr std::size_t kMaxBytes = 64;

    explicit DecodeWalkthrough(QWidget* parent = nullptr);

    // Walks through decoding `bytes` (at most kMaxBytes of them are taken) from the first step.
    // `offset` is where they start in the document (none: bytes of no document) and `selected`
    // how many bytes were selected there (when more than were given, the notice says that only
    // the first are explained).
    void showBytes(std::span<const std::uint8_t> bytes, std::optional<quint64> offset = {},
                   quint64 selected = 0);

    // "3 bytes at 0x10: E0 80 41" ("1 byte: 80" without an offset); empty before any.
    QString headingText() const;
    // Why only part of the selection is explained; empty when all of it is.
    QString noticeText() const;
    const u8codec::DecodeWalk& walk() const { return walk_; }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }
    // The bit layouts shown with the step, one per line, each after its caption: "The shortest
    // form, the only one UTF-8 allows: 0|0101111 -> 0101111 = U+002F".
    QString layoutsText() const;

protected:
    void renderStep(int index) override;

private:
    void renderSummary();
    void renderNaive(const u8codec::NaiveReading& reading, int number);
    void showLayout(int slot, const QString& caption, const u8codec::BitLayout& layout,
                    const QString& valueCaption);
    void hideLayouts();

    QLabel* heading_;
    QLabel* notice_;
    QVector<QLabel*> layoutCaptions_;
    QVector<BitLayoutWidget*> layouts_;
    std::vector<std::uint8_t> bytes_;
    u8codec::DecodeWalk walk_;
    bool cut_ = false; // the selection was longer than kMaxBytes
};

} // namespace u8ui
