// The Find bar (Ctrl+F) below the panes: text (searched as its UTF-8 bytes, with or without
// case), hex bytes, code points (U+20AC) or error segments of a kind; next and previous (F3,
// Shift+F3), and a status that counts the matches ("3 of 41") and shows progress on large files.
#pragma once

#include "find_engine.h"

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
    enum class Mode { Text, Hex, CodePoint, Error };

    explicit FindBar(QWidget* parent = nullptr);

    struct Pattern {
        QByteArray bytes; // empty when there is nothing valid to search
        QString error;    // why the text is not a pattern
    };
    // The bytes to search for: the text's UTF-8 encoding, the parsed hex bytes or the code
    // points' UTF-8 encoding (empty in Error mode).
    Pattern pattern() const;
    static Pattern patternFor(Mode mode, const QString& text);
    // What to search for, with the case option and the error kind; empty when nothing valid.
    u8doc::FindQuery query() const;
    // The query for `text` searched without case: each character's case forms (Unicode simple
    // case mappings: lower, upper, title and folded) as alternatives.
    static u8doc::FindQuery caseInsensitiveQuery(const QString& text);

    Mode mode() const;
    void setMode(Mode mode);
    void setText(const QString& text);
    QString text() const;
    bool matchCase() const;
    void setMatchCase(bool on);
    // Error mode: the kind searched, None for any error.
    u8codec::ErrorKind errorKind() const;
    void setErrorKind(u8codec::ErrorKind kind);
    // Shows and focuses the field with its text selected.
    void activate();
    // A short result next to the buttons ("Not found", "3 of 41", "Searching… 40%").
    void setStatus(const QString& status, bool problem = false);
    QString status() const;
    // The colour the status is drawn in (readable on the bar's window colour in every theme).
    QColor statusColour() const;

signals:
    void findNext();
    void findPrevious();
    // The pattern changed (new text, mode, case or kind): highlights and counts are recomputed.
    void patternChanged();
    // The bar was shown by activate(): its pattern may be counted now.
    void opened();
    void closed();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void onEdited();
    void colourStatus();

    QComboBox* mode_;
    QLineEdit* edit_;
    QComboBox* errorKind_;
    QToolButton* matchCase_;
    QToolButton* previous_;
    QToolButton* next_;
    QLabel* status_;
    QToolButton* close_;
    bool statusIsProblem_ = false;
};

} // namespace u8app
