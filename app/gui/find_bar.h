// The Find bar (Ctrl+F) below the panes: text (searched as its UTF-8 bytes) or hex bytes,
// next and previous (F3, Shift+F3).
#pragma once

#include <QByteArray>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace u8app {

class FindBar : public QWidget {
    Q_OBJECT
public:
    enum class Mode { Text, Hex };

    explicit FindBar(QWidget* parent = nullptr);

    struct Pattern {
        QByteArray bytes; // empty when there is nothing valid to search
        QString error;    // why the hex text is not a pattern
    };
    // The bytes to search for: the text's UTF-8 encoding, or the parsed hex bytes.
    Pattern pattern() const;
    static Pattern patternFor(Mode mode, const QString& text);

    Mode mode() const;
    void setMode(Mode mode);
    void setText(const QString& text);
    QString text() const;
    // Shows and focuses the field with its text selected.
    void activate();
    // A short result next to the buttons ("Not found", "Wrapped to the start", "3 of 10 visible").
    void setStatus(const QString& status, bool problem = false);
    QString status() const;

signals:
    void findNext();
    void findPrevious();
    // The pattern changed (new text or mode): highlights are recomputed.
    void patternChanged();
    void closed();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void onEdited();

    QComboBox* mode_;
    QLineEdit* edit_;
    QToolButton* previous_;
    QToolButton* next_;
    QLabel* status_;
    QToolButton* close_;
};

} // namespace u8app
