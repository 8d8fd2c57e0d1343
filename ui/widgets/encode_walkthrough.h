// The encode walk-through: a character typed as itself, as U+XXXX or by its Unicode name (or
// picked elsewhere: a cell of the code-page table), and its encoding shown one step at a time
// (u8codec::walkEncoding owns the steps and their words; EncodeFigures draws each): the row of
// RFC 3629's table, the bits, the x bits filled group by group from the right, the marker bits,
// the bytes, then UTF-16 and UTF-32. A surrogate or a value beyond U+10FFFF is shown too, with
// why UTF-8 refuses it.
#pragma once

#include "step_walkthrough.h"
#include "u8codec/encode_steps.h"

class QLabel;
class QLineEdit;

namespace u8ui {

class EncodeWalkthrough : public StepWalkthrough {
    Q_OBJECT
public:
    explicit EncodeWalkthrough(QWidget* parent = nullptr);

    // Reads `text` as one character, U+XXXX or 0xXXXX, or a name (u8convert::codePointFromInput),
    // puts it in the field and walks through its encoding from the first step. False when it is
    // none of these: the walk-through then stays as it was and errorText() says why.
    bool showInput(const QString& text);
    // Walks through the encoding of `cp` (any value up to 0x7FFFFFFF), from the first step.
    void showCodePoint(char32_t cp);

    QLineEdit* inputField() const { return input_; }
    // "U+20AC € EURO SIGN": what is being encoded; empty before anything is.
    QString headingText() const;
    QString errorText() const;
    bool hasWalk() const { return stepCount() > 0; }
    const u8codec::EncodeWalk& walk() const { return walk_; }

protected:
    void renderStep(int index) override;
    void changeEvent(QEvent* event) override;

private:
    void styleHeading();

    QLineEdit* input_;
    QLabel* glyph_;
    QLabel* heading_;
    QLabel* error_;
    u8codec::EncodeWalk walk_;
};

} // namespace u8ui
