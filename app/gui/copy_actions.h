// Edit > Copy as Text, Copy as Hex and Copy as C Array: the selected bytes to the clipboard in
// the form chosen (u8ui::SelectionCopy), and a word in the status bar of what was copied.
#pragma once

#include "selection_copy.h"

#include <QList>
#include <QObject>
#include <functional>

class QAction;
class QWidget;

namespace u8doc {
class Notices;
} // namespace u8doc
namespace u8app {

class DocumentController;

class CopyActions : public QObject {
    Q_OBJECT
public:
    CopyActions(QWidget* window, u8doc::Notices* notices, DocumentController* document);

    QList<QAction*> actions() const { return {text_, hex_, cArray_}; }
    // Enables them when there are bytes.
    void updateActions();
    // How the text pane reads the bytes (View > Text Encoding): Copy as Text copies what it shows.
    void setTextReading(std::function<const u8convert::TextReading*()> reading) {
        reading_ = std::move(reading);
    }

private:
    void copy(u8ui::SelectionCopy::Format format);

    QWidget* window_;
    u8doc::Notices* notices_; // the status text
    DocumentController* document_;
    QAction* text_;
    QAction* hex_;
    QAction* cArray_;
    std::function<const u8convert::TextReading*()> reading_;
};

} // namespace u8app
