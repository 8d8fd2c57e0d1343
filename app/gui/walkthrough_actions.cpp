#include "walkthrough_actions.h"

#include "byte_document.h"
#include "byte_selection.h"
#include "decode_walkthrough.h"
#include "document_controller.h"
#include "encode_walkthrough.h"
#include "notices.h"
#include "u8codec/byte_class.h"
#include "u8codec/local_segments.h"
#include "walkthrough_panel.h"
#include "window_action.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QWidget>
#include <vector>

namespace u8app {

WalkthroughActions::WalkthroughActions(QWidget* window, u8doc::Notices* notices,
                                       DocumentController* document)
    : QObject(window), window_(window), notices_(notices), document_(document),
      panel_(new u8ui::WalkthroughPanel(window)) {
    panel_->setObjectName(QStringLiteral("walkthrough"));
    encode_ = makeWindowAction(
        window, tr("&Encode Character…"), QKeySequence(tr("Ctrl+Alt+E")),
        tr("Walk through how a character (typed, as U+XXXX or by name) becomes UTF-8, UTF-16 and "
           "UTF-32, step by step"),
        this, [this] {
            panel_->showEncoder();
            showDock();
            panel_->encoder()->inputField()->setFocus();
            panel_->encoder()->inputField()->selectAll();
        });
    explain_ = makeWindowAction(
        window, tr("E&xplain Selection"), QKeySequence(tr("Ctrl+Shift+X")),
        tr("Walk through what a strict decoder does with the selected bytes, byte by byte, and "
           "what a naive one would read"),
        this, [this] { explainSelection(); });
}

void WalkthroughActions::addToContextMenu(QWidget* pane) {
    pane->setContextMenuPolicy(Qt::ActionsContextMenu);
    pane->addAction(explain_);
}

void WalkthroughActions::updateActions() {
    explain_->setEnabled(document_->document()->size() > 0);
}

void WalkthroughActions::showDock() {
    if (!dock_)
        return;
    dock_->show();
    dock_->raise();
}

bool WalkthroughActions::explainSelection() {
    const u8codec::ByteSource* source = document_->document()->source();
    if (!source || source->size() == 0)
        return false;
    u8ui::ByteRange range = document_->selection()->range();
    range.end = std::min<quint64>(range.end, source->size());
    if (range.isEmpty())
        return false;
    if (range.end - range.start == 1) {
        // One byte selected (the cursor): the character or error segment it is part of.
        const u8codec::Segment s = u8codec::segmentAt(*source, range.start);
        range = {s.offset, s.end()};
    }
    const quint64 length = range.end - range.start;
    std::vector<std::uint8_t> bytes(
        std::size_t(std::min<quint64>(length, u8ui::DecodeWalkthrough::kMaxBytes)));
    bytes.resize(source->read(range.start, bytes));
    if (bytes.empty()) {
        notices_->say(tr("The selected bytes could not be read (the file may have shrunk)."), 6000);
        return false;
    }
    panel_->decoder()->showBytes(bytes, range.start, length);
    panel_->showDecoder();
    showDock();
    panel_->decoder()->figure()->setFocus();
    return true;
}

void WalkthroughActions::showByteValue(int value) {
    const auto b = std::uint8_t(value);
    if (const auto low = u8codec::lowestCodePoint(b)) {
        panel_->encoder()->inputField()->clear();
        panel_->encoder()->showCodePoint(*low);
        panel_->showEncoder();
        return;
    }
    // A continuation or never-valid byte encodes nothing: what a decoder does with it alone.
    panel_->decoder()->showBytes(std::span(&b, 1));
    panel_->showDecoder();
}

} // namespace u8app
