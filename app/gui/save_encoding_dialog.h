// File > Save As Encoding…: the target encoding, the byte order mark and what to do with
// characters the encoding cannot represent. When a choice does not work out (an unknown name,
// characters that do not fit), the dialog comes back with the reason and every choice kept.
#pragma once

#include "u8convert/transcode.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;

namespace u8app {

class SaveEncodingDialog : public QDialog {
    Q_OBJECT
public:
    // Prefilled from the settings (the last choices).
    explicit SaveEncodingDialog(QWidget* parent = nullptr);

    QString encoding() const;
    u8convert::TranscodeOptions options() const;
    // Remembers the choices for the next time.
    void saveChoices() const;

    // Why the last choice did not work; shown above the buttons until the next attempt.
    void setProblem(const QString& text);
    QString problem() const;

    QComboBox* encodingBox() const { return encoding_; }
    QComboBox* policyBox() const { return policy_; }

private:
    QComboBox* encoding_;
    QCheckBox* bom_;
    QComboBox* policy_;
    QLabel* problem_;
};

} // namespace u8app
