// The window's commands that move the cursor or the selection: Go to Offset, Go to Line, Select
// All, Select Range, and the steps to the next or previous invalid sequence or non-ASCII
// character. A step in a large document may have gigabytes to read: it runs in the background
// (LatestRun; a new step or new bytes drop the one before) and navigationFinished() reports it.
#pragma once

#include "latest_run.h"

#include <QList>
#include <QObject>

class QAction;
class QWidget;

namespace u8doc {
class Notices;
class LineLocator;
} // namespace u8doc
namespace u8app {

class DocumentController;

class NavigationActions : public QObject {
    Q_OBJECT
public:
    NavigationActions(QWidget* window, u8doc::Notices* notices, DocumentController* document,
                      u8doc::LineLocator* lines);
    ~NavigationActions() override;

    // Go to Offset, Go to Line (the Go menu's first entries).
    QList<QAction*> jumpActions() const { return {goToOffset_, goToLine_}; }
    // Select All, Select Range (the Edit menu).
    QList<QAction*> selectActions() const { return {selectAll_, selectRange_}; }
    // Next and previous invalid sequence, next and previous non-ASCII (the Go menu).
    QList<QAction*> stepActions() const {
        return {nextInvalid_, previousInvalid_, nextNonAscii_, previousNonAscii_};
    }

    // Moves the cursor to the first byte of 1-based `line`; false (and says so) past the last.
    bool goToLine(quint64 line);
    // Selects the next (or previous) invalid sequence, or with !errorsOnly the next non-ASCII
    // character or invalid sequence, from the selection; finished() reports.
    void step(bool forward, bool errorsOnly);
    // The bytes go away: a step still running never reports.
    void cancel();
    // Enables what needs bytes.
    void updateActions();

    // Whether the offset dialogs start in hex: remembered in the settings.
    void readSettings();
    void writeSettings() const;

signals:
    // A step ended: found (and selected) or not.
    void finished(bool found);

private:
    template <typename Dialog> bool accepted(Dialog& dialog);
    void goToOffsetDialog();
    void goToLineDialog();
    void selectRangeDialog();
    void report(bool forward, bool errorsOnly, bool found);

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    u8doc::LineLocator* lines_;
    bool goToHex_ = true;
    QAction* goToOffset_;
    QAction* goToLine_;
    QAction* selectAll_;
    QAction* selectRange_;
    QAction* nextInvalid_;
    QAction* previousInvalid_;
    QAction* nextNonAscii_;
    QAction* previousNonAscii_;
    u8doc::LatestRun run_{this}; // last: waits for its worker before the rest goes
};

} // namespace u8app
