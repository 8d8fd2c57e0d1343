// A field of the status bar: a label that keeps to the width it is given and elides its text
// ("…") instead of pushing into its neighbours; the whole text stays in the tooltip. Its
// preferred width is that of a sample text, so the fields do not jump as the cursor moves.
#pragma once

#include <QLabel>

namespace u8app {

class StatusField : public QLabel {
    Q_OBJECT
public:
    StatusField(const QString& name, const QString& tip, const QString& sample,
                QWidget* parent = nullptr);

    // The text as painted, elided to the width the field has now.
    QString shownText() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString sample_;
    QString tip_;
};

} // namespace u8app
