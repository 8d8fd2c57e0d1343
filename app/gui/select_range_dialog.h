// Edit > Select Range (Ctrl+Shift+G): a first offset and either the last offset or a length, in
// hex or decimal (read as Go to Offset reads them).
#pragma once

#include "byte_selection.h"

#include <QDialog>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace u8app {

class SelectRangeDialog : public QDialog {
    Q_OBJECT
public:
    // `size` is the document size; `current` (the selection) prefills the fields.
    SelectRangeDialog(quint64 size, u8ui::ByteRange current, bool hexByDefault,
                      QWidget* parent = nullptr);

    struct Parsed {
        std::optional<u8ui::ByteRange> range;
        QString error; // why the fields do not make a range inside the document
    };
    // `second` is the last byte's offset (inclusive) or, with byLength, the number of bytes.
    static Parsed parse(const QString& start, const QString& second, bool byLength, bool hex,
                        quint64 size);

    std::optional<u8ui::ByteRange> range() const;
    bool hexSelected() const;

private:
    void revalidate();

    quint64 size_;
    QLineEdit* start_;
    QLineEdit* second_;
    QRadioButton* byEnd_;
    QRadioButton* byLength_;
    QRadioButton* hex_;
    QRadioButton* decimal_;
    QLabel* hint_;
    QDialogButtonBox* buttons_;
};

} // namespace u8app
