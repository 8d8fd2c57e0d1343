// Go to offset (Ctrl+G): a byte offset typed in hex or decimal.
#pragma once

#include <QDialog>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace u8app {

class GoToOffsetDialog : public QDialog {
    Q_OBJECT
public:
    // `size` is the document size: offsets must be below it. `current` prefills the field.
    GoToOffsetDialog(quint64 size, quint64 current, bool hexByDefault, QWidget* parent = nullptr);

    struct Parsed {
        std::optional<quint64> offset;
        QString error; // why the text is not an offset in the document
    };
    // "0x1F", "1Fh" and "$1F" are hex whatever the default; otherwise digits are read in hex when
    // `hex` is true, else in decimal. Spaces and '_' between digits are ignored ("1 048 576").
    static Parsed parse(const QString& text, bool hex, quint64 size);

    std::optional<quint64> offset() const;
    bool hexSelected() const;

private:
    void revalidate();

    quint64 size_;
    QLineEdit* edit_;
    QRadioButton* hex_;
    QRadioButton* decimal_;
    QLabel* hint_;
    QDialogButtonBox* buttons_;
};

} // namespace u8app
