#include "number_panel.h"

#include "number_format.h"
#include "number_readings.h"
#include "u8codec/byte_source.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <array>
#include <map>

namespace u8ui {

namespace {

enum Column { TypeColumn, LittleColumn, BigColumn, ColumnCount };

} // namespace

NumberPanel::NumberPanel(QWidget* parent) : QWidget(parent) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel(this);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    column->addWidget(title_);
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("numbersTable"));
    table_->setHorizontalHeaderLabels({tr("Type"), tr("Little endian"), tr("Big endian")});
    table_->verticalHeader()->hide();
    // Rows as tight as the inspector's own lines: all twelve fit without scrolling the dock.
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(TypeColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(LittleColumn, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(BigColumn, QHeaderView::Stretch);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Tab goes on to the next control, as everywhere in the window; the arrows move between cells.
    table_->setTabKeyNavigation(false);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setToolTip(tr("The bytes from the cursor on read as numbers, in both byte orders. "
                          "Select cells and press Ctrl+C to copy their values"));
    table_->setContextMenuPolicy(Qt::ActionsContextMenu);
    copy_ = new QAction(tr("&Copy Value"), table_);
    copy_->setShortcut(QKeySequence::Copy);
    copy_->setShortcutContext(Qt::WidgetShortcut); // the panes keep Ctrl+C for their bytes
    copy_->setToolTip(tr("Copy the selected values to the clipboard"));
    connect(copy_, &QAction::triggered, this, [this] {
        if (const QString text = selectedText(); !text.isEmpty())
            QApplication::clipboard()->setText(text);
    });
    table_->addAction(copy_);
    column->addWidget(table_);
    show(0, 0, nullptr);
}

void NumberPanel::showAt(const u8codec::ByteSource* source, quint64 offset) {
    if (!source || offset >= source->size()) {
        show(0, 0, nullptr);
        return;
    }
    std::array<std::uint8_t, NumberReadings::kMaxWidth> bytes{};
    const std::size_t got = source->read(offset, bytes);
    show(offset, int(got), bytes.data());
}

void NumberPanel::show(std::uint64_t offset, int available, const std::uint8_t* bytes) {
    title_->setText(available > 0 ? tr("Numbers at %1").arg(u8doc::NumberFormat::offset(offset))
                                  : tr("Numbers at the cursor"));
    const std::vector<NumberReading> readings =
        NumberReadings::of(std::span(bytes, bytes ? std::size_t(available) : 0));
    table_->setRowCount(int(readings.size()));
    table_->clearSpans();
    for (int row = 0; row < int(readings.size()); ++row) {
        const NumberReading& r = readings[std::size_t(row)];
        const QString missing =
            available > 0 ? tr("Fewer than %1 bytes from the cursor to the end").arg(r.width)
                          : QString();
        const std::array<QString, ColumnCount> texts = {r.type, r.littleEndian, r.bigEndian};
        for (int col = 0; col < ColumnCount; ++col) {
            auto* item = new QTableWidgetItem(texts[std::size_t(col)]);
            if (col != TypeColumn && texts[std::size_t(col)].isEmpty())
                item->setToolTip(missing);
            table_->setItem(row, col, item);
        }
        // One byte has no byte order: its value spans both columns.
        if (r.width == 1)
            table_->setSpan(row, LittleColumn, 1, 2);
    }
    fitHeight();
}

// Every row shown at once: the inspector around it scrolls, not the table.
void NumberPanel::fitHeight() {
    int height = table_->horizontalHeader()->height() + 2 * table_->frameWidth();
    for (int row = 0; row < table_->rowCount(); ++row)
        height += table_->rowHeight(row);
    table_->setFixedHeight(height);
}

QString NumberPanel::value(const QString& type, bool littleEndian) const {
    for (int row = 0; row < table_->rowCount(); ++row)
        if (table_->item(row, TypeColumn)->text() == type)
            return table_->item(row, littleEndian ? LittleColumn : BigColumn)->text();
    return {};
}

QString NumberPanel::selectedText() const {
    // Row by row, left to right, whatever order the cells were selected in; a spanned one-byte
    // value once.
    std::map<int, std::map<int, QString>> cells;
    for (const QTableWidgetItem* item : table_->selectedItems())
        if (item->column() != BigColumn || table_->columnSpan(item->row(), LittleColumn) == 1)
            cells[item->row()][item->column()] = item->text();
    QStringList lines;
    for (const auto& [row, columns] : cells) {
        QStringList values;
        for (const auto& [col, text] : columns)
            values << text;
        lines << values.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace u8ui
