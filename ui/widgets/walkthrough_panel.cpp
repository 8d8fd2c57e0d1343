#include "walkthrough_panel.h"

#include "decode_walkthrough.h"
#include "encode_walkthrough.h"

namespace u8ui {

WalkthroughPanel::WalkthroughPanel(QWidget* parent)
    : QTabWidget(parent), encode_(new EncodeWalkthrough(this)),
      decode_(new DecodeWalkthrough(this)) {
    setDocumentMode(true);
    addTab(encode_, tr("&Encode"));
    setTabToolTip(0, tr("How a character becomes UTF-8, UTF-16 and UTF-32 bytes, step by step"));
    addTab(decode_, tr("&Decode"));
    setTabToolTip(1, tr("What a strict decoder does with the selected bytes, byte by byte"));
    // Something to look at from the start: the euro sign, three bytes.
    encode_->showCodePoint(0x20AC);
}

void WalkthroughPanel::showEncoder() {
    setCurrentWidget(encode_);
}

void WalkthroughPanel::showDecoder() {
    setCurrentWidget(decode_);
}

} // namespace u8ui
