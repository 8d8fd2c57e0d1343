// The Walk-through dock's content: the encode walk-through and the decode walk-through, one tab
// each.
#pragma once

#include <QTabWidget>

namespace u8ui {

class DecodeWalkthrough;
class EncodeWalkthrough;

class WalkthroughPanel : public QTabWidget {
    Q_OBJECT
public:
    explicit WalkthroughPanel(QWidget* parent = nullptr);

    EncodeWalkthrough* encoder() const { return encode_; }
    DecodeWalkthrough* decoder() const { return decode_; }
    // Brings a tab to the front.
    void showEncoder();
    void showDecoder();

private:
    EncodeWalkthrough* encode_;
    DecodeWalkthrough* decode_;
};

} // namespace u8ui
