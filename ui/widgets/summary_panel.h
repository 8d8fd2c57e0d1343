// The document summary: valid UTF-8 or not, how many problems of each kind, characters by length,
// lines and line endings, byte-order mark, size. Filled from a ScanReport (DocumentScan).
#pragma once

#include "scan_report.h"

#include <QWidget>
#include <memory>

class QFormLayout;
class QLabel;
class QProgressBar;

namespace u8ui {

class SummaryPanel : public QWidget {
    Q_OBJECT
public:
    explicit SummaryPanel(QWidget* parent = nullptr);

    // Shows a finished scan's figures (null: clear).
    void setReport(std::shared_ptr<const u8doc::ScanReport> report);
    // While a scan runs: "Scanning..." with its progress (0..1000, DocumentScan::progressChanged).
    void setProgress(int permille);
    // A message instead of figures ("No file open", a scan failure).
    void showMessage(const QString& message);

    // What is shown, as "Label: value" lines after the verdict (tests, copying).
    QString text() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void resetRows();
    void addRow(const QString& label, const QString& value, bool detail = false);

    QLabel* verdict_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QFormLayout* form_ = nullptr;
    std::shared_ptr<const u8doc::ScanReport> report_;
};

} // namespace u8ui
