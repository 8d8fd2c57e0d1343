// The legend: what each colour, hatch and frame of the hex and text panes means, drawn with the
// same RolePalette so that it can never disagree with the panes.
#pragma once

#include "role_palette.h"

#include <QWidget>

class QGridLayout;

namespace u8ui {

class LegendWidget : public QWidget {
    Q_OBJECT
public:
    enum class Mode {
        Detailed, // one role per row: swatch, name, description (for a dock)
        Compact,  // swatches and names in a few rows, descriptions as tooltips (for a strip)
    };

    explicit LegendWidget(QWidget* parent = nullptr);

    Mode mode() const { return mode_; }
    void setMode(Mode mode);

    // The two hex digits shown in a role's swatch: a typical byte of that role ("E2" for a
    // 3-byte lead, "C0" for an invalid byte).
    static QString sampleByte(CellRole role);
    // The swatch drawn for a role (for tests and for embedding elsewhere); null if none.
    QWidget* swatch(CellRole role) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    Mode mode_ = Mode::Detailed;
    QGridLayout* grid_ = nullptr;
};

} // namespace u8ui
