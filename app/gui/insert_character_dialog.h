// Edit > Insert Character…: a character by its code point ("U+20AC") or its name ("euro sign"),
// read as the encode walk-through reads it (u8convert::codePointFromInput: ICU's names), shown with
// its name and the UTF-8 bytes it will insert before the user confirms.
#pragma once

#include <QDialog>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace u8app {

class InsertCharacterDialog : public QDialog {
    Q_OBJECT
public:
    explicit InsertCharacterDialog(QWidget* parent = nullptr);

    // What is typed in the field (for tests: as if typed).
    void setQuery(const QString& text);
    // The character found, if any.
    std::optional<char32_t> character() const { return found_; }
    // What the dialog says of it: "€ U+20AC EURO SIGN — inserts E2 82 AC (3 bytes)", or why
    // nothing was found.
    QString preview() const;

private:
    void lookUp();

    QLineEdit* query_;
    QLabel* preview_;
    QDialogButtonBox* buttons_;
    std::optional<char32_t> found_;
};

} // namespace u8app
