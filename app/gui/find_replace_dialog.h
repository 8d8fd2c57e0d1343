// Edit > Replace… (Ctrl+H): find text (as its UTF-8, with or without case), hex bytes or code
// points (U+20AC), and put other bytes in their place, given the same way. Find Next selects the
// next match after the selection (wrapping once); Replace changes the selected match and goes
// on to the next; Replace All changes every match in the document as one undo step and says how
// many. Searches run on a worker thread (runInBackground: progress and Cancel on a big file).
// Refused, saying why, while the document is read only. The mode and the case option are
// remembered.
#pragma once

#include "find_bar.h"

#include <QDialog>
#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;

namespace u8doc {
class Notices;
} // namespace u8doc
namespace u8app {

class DocumentController;
class JobControl;

class FindReplaceDialog : public QDialog {
    Q_OBJECT
public:
    // What it says goes to `notices` (the window's status bar) too, when given.
    FindReplaceDialog(DocumentController* document, u8doc::Notices* notices, QWidget* parent);

    using Mode = FindBar::Mode; // Text, Hex or CodePoint (not Error: an error has no text)
    void setMode(Mode mode);
    Mode mode() const;
    void setFindText(const QString& text);
    void setReplaceText(const QString& text);
    void setMatchCase(bool on);
    // Puts the keyboard in the Find field, its text selected (Ctrl+H again).
    void focusFind();

    // What the buttons do (for tests too); each says in statusText() what happened or why not.
    bool findNext();
    bool replace();
    // The number of matches replaced (0 when none, or when refused or cancelled).
    quint64 replaceAll();
    QString statusText() const;

    // Replace All changes at most this many matches at once; with more it changes none.
    static constexpr std::size_t kMaxReplacements = 1'000'000;

private:
    std::optional<u8doc::FindQuery> query();
    std::optional<QByteArray> replacement();
    // Selects the first match from `from` on, wrapping once to the start.
    bool findFrom(quint64 from);
    // Runs `work` on a worker thread and waits for it, the window staying responsive; false when
    // cancelled.
    bool runSearch(const QString& title, const std::function<void(JobControl&)>& work);
    void setStatus(const QString& text, bool problem = false);
    void onModeChanged();

    DocumentController* document_;
    u8doc::Notices* notices_; // may be null
    QComboBox* mode_;
    QLineEdit* find_;
    QLineEdit* replace_;
    QCheckBox* matchCase_;
    QLabel* status_;
};

} // namespace u8app
