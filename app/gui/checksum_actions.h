// Tools > Checksums… (Ctrl+Shift+K): opens the ChecksumDialog over the document's current bytes,
// summing the selection when more than one byte is selected and the whole file otherwise.
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QWidget;

namespace u8app {

class ChecksumDialog;
class DocumentController;

class ChecksumActions : public QObject {
    Q_OBJECT
public:
    ChecksumActions(QWidget* window, DocumentController* document);

    QAction* checksumsAction() const { return checksums_; }
    // Enabled while a document is open.
    void updateActions();
    // Opens the dialog and starts computing; returns it (it deletes itself when closed).
    ChecksumDialog* showChecksums();

private:
    QWidget* window_;
    DocumentController* document_;
    QAction* checksums_;
};

} // namespace u8app
