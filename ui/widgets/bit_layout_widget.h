// The bytes of one character drawn bit by bit, the way RFC 3629 section 3 builds them: each
// byte's marker bits (0, 110, 1110, 11110, 10) drawn muted, its payload bits bold in a colour of
// its own, the pattern ("1110xxxx") under each byte, and beneath, the payload bits assembled in
// order into the code point's binary, grouped by hex digit, with lines from each byte to the bits
// it gives. This is the picture that teaches how UTF-8 lays out its bytes.
#pragma once

#include "u8codec/encoder.h"

#include <QString>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace u8ui {

class BitLayoutWidget : public QWidget {
    Q_OBJECT
public:
    explicit BitLayoutWidget(QWidget* parent = nullptr);

    // Shows a layout from the codec (u8codec::layoutOfBytes / layoutOfValue). `valueCaption`
    // is drawn after the assembled value, e.g. "U+20AC" or "U+002F, overlong".
    void showLayout(const u8codec::BitLayout& layout, const QString& valueCaption);
    // Shows bytes that no decoder reads as one sequence (a stray continuation byte, a truncated
    // sequence): their bits, all muted, with `note` instead of an assembled value.
    void showBytes(std::span<const std::uint8_t> bytes, const QString& note);
    void clear();

    // What is shown, for tests and accessibility: "1110|0010 10|000010 10|101100 ->
    // 0010000010101100 = U+20AC", or empty.
    QString textDescription() const;

    // Where bits are drawn (widget coordinates), for tests and tools: bit `bit` (0 = the most
    // significant) of byte `octet` in the row of bytes, and bit `k` of the assembled value (0 =
    // the first, padding in front included). Null when there is no such bit.
    QRect byteBitRect(int octet, int bit) const;
    QRect valueBitRect(int k) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Metrics;
    struct Placement; // where the rows and cells go
    struct Painting;  // one paintEvent, row by row
    Metrics metrics() const;
    Placement placement() const;
    QColor payloadColour(int octet) const;

    std::vector<std::uint8_t> bytes_;
    std::optional<u8codec::BitLayout> layout_;
    QString caption_;
};

} // namespace u8ui
