// Tools > Checksums…: CRC-32, MD5, SHA-1 and SHA-256 of the selection or of the whole document,
// computed on a worker thread (runInBackground: a progress dialog with Cancel for a big file),
// each shown in a field that selects whole and has its own Copy button. The sums are of the bytes
// as they were when asked for (the document's snapshot), edited or not.
#pragma once

#include "byte_selection.h"
#include "checksums.h"

#include <QDialog>
#include <memory>

class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace u8codec {
class ByteSource;
}

namespace u8app {

class ChecksumDialog : public QDialog {
    Q_OBJECT
public:
    enum class Scope { Selection, WholeFile };

    // Offers `selection` and the whole of `source`, starting with `scope`.
    ChecksumDialog(std::shared_ptr<const u8codec::ByteSource> source, u8ui::ByteRange selection,
                   Scope scope, QWidget* parent = nullptr);

    // Computes the sums of the scope shown; computed() follows.
    void compute();
    void setScope(Scope scope);
    Scope scope() const;
    // What a field shows: "CRC-32", "MD5", "SHA-1", "SHA-256" (empty while computing).
    QString value(const QString& name) const;
    // The line under the fields: what was summed, "Cancelled", or why it failed.
    QString statusText() const;

signals:
    // The sums are shown, or the computation was cancelled or failed (`ok` false).
    void computed(bool ok);

private:
    void showSums(const std::optional<Checksums>& sums);
    QLineEdit* addField(QGridLayout* grid, int row, const QString& name, const QString& tip);

    std::shared_ptr<const u8codec::ByteSource> source_;
    u8ui::ByteRange selection_;
    QComboBox* scope_ = nullptr;
    QLineEdit* crc32_ = nullptr;
    QLineEdit* md5_ = nullptr;
    QLineEdit* sha1_ = nullptr;
    QLineEdit* sha256_ = nullptr;
    QLabel* status_ = nullptr;
    std::optional<Checksums> sums_;
    int generation_ = 0; // a newer request drops the result of an older one
};

} // namespace u8app
