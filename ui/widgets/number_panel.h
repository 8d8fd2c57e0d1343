// The bytes at the cursor read as numbers (NumberReadings): one row per type, its value in little
// and in big endian side by side, so that neither byte order hides behind a switch. The
// inspector it sits in shows it the cursor's place; any cell can be selected and copied (Ctrl+C
// or the context menu).
#pragma once

#include <QWidget>
#include <cstdint>

class QAction;
class QLabel;
class QTableWidget;

namespace u8codec {
class ByteSource;
}

namespace u8ui {

class NumberPanel : public QWidget {
    Q_OBJECT
public:
    explicit NumberPanel(QWidget* parent = nullptr);

    // Shows the bytes of `source` from `offset` on; nothing for a null source or an offset past
    // its end.
    void showAt(const u8codec::ByteSource* source, quint64 offset);

    // The value shown for `type` ("int32", "float64", "binary"), in one byte order; empty when
    // no such row or too few bytes. For tests and accessibility.
    QString value(const QString& type, bool littleEndian) const;
    // The selected cells' values, one row per line, the two byte orders separated by a tab:
    // what Copy puts on the clipboard.
    QString selectedText() const;
    QTableWidget* table() const { return table_; }
    QAction* copyAction() const { return copy_; }

private:
    void show(std::uint64_t offset, int available, const std::uint8_t* bytes);
    void fitHeight();

    QLabel* title_ = nullptr;
    QTableWidget* table_ = nullptr;
    QAction* copy_ = nullptr;
};

} // namespace u8ui
