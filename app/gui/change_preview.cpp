#include "change_preview.h"

#include "change_tree.h"
#include "number_format.h"
#include "u8codec/controls.h"
#include "u8codec/problem.h"
#include "u8codec/segmenter.h"
#include "unicode_info.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace u8app {
namespace {

QString sizeText(quint64 bytes) {
    return u8doc::NumberFormat::size(bytes);
}

} // namespace

QString ChangePreviewDialog::visible(const QByteArray& bytes) {
    const auto span = std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()));
    QString out;
    for (const u8codec::Segment& s : u8codec::segment(span)) {
        if (!s.isValid()) {
            out += QLatin1Char('[') +
                   QString::fromStdString(u8codec::hexBytes(span.subspan(s.offset, s.length))) +
                   QLatin1Char(']');
            continue;
        }
        const char32_t cp = s.codePoint;
        if (const QString abbreviation = u8ui::UnicodeInfo::controlAbbreviation(cp);
            !abbreviation.isEmpty() && cp != 0x20)
            out += QStringLiteral("⟨%1⟩").arg(abbreviation); // ⟨LF⟩, ⟨NUL⟩, ⟨DEL⟩
        else if (cp == 0xFEFF)
            out += QObject::tr("⟨BOM⟩");
        else if (cp == 0xA0)
            out += QObject::tr("⟨NBSP⟩");
        else if (u8codec::isC1Control(cp))
            out += QStringLiteral("⟨%1⟩").arg(u8ui::UnicodeInfo::codePointLabel(cp));
        else
            out += QString::fromUcs4(&cp, 1);
    }
    return out;
}

std::pair<QString, QString> ChangePreviewDialog::visiblePair(const QByteArray& before,
                                                             const QByteArray& after) {
    std::pair<QString, QString> shown{visible(before), visible(after)};
    const QString a = QString::fromUtf8(before);
    const QString b = QString::fromUtf8(after);
    if (a == b ||
        a.normalized(QString::NormalizationForm_C) != b.normalized(QString::NormalizationForm_C))
        return shown;
    const auto codePoints = [](const QString& text) {
        QStringList labels;
        for (char32_t cp : text.toUcs4())
            labels << u8ui::UnicodeInfo::codePointLabel(cp);
        return QStringLiteral(" ⟨%1⟩").arg(labels.join(QLatin1Char(' ')));
    };
    shown.first += codePoints(a);
    shown.second += codePoints(b);
    return shown;
}

PreviewChoice ChangePreviewDialog::choice() const {
    return tree_ ? tree_->choice() : PreviewChoice{};
}

void ChangePreviewDialog::updateSummary() {
    const ChangePreview& p = preview_;
    if (p.totalChanges == 0) {
        headline_->setText(tr("<b>%1</b>: nothing to change in this document.").arg(p.title));
        return;
    }
    // What the unticked changes would have made; kinds and pages left out of a repair that
    // lists only its first changes are counted when it runs again without them.
    const PreviewChoice c = choice();
    QHash<int, quint64> leftOutByKind;
    quint64 leftOut = 0;
    qint64 sizeDelta = 0;
    if (p.selectable) {
        for (const int i : c.untickedChanges) {
            const ChangePreview::Change& change = p.changes.value(i);
            ++leftOutByKind[change.kind];
            ++leftOut;
            sizeDelta -= change.after.size() - change.before.size();
        }
    }
    const quint64 made = p.totalChanges - std::min(leftOut, p.totalChanges);
    QString text =
        tr("<b>%1</b> will make %n change(s). Size: %2 → %3.", nullptr,
           int(std::min<quint64>(made, INT_MAX)))
            .arg(p.title, sizeText(p.oldSize), sizeText(quint64(qint64(p.newSize) + sizeDelta)));
    if (!p.selectable && !c.everything())
        text += QLatin1Char(' ') + tr("Apply runs the repair again without what is unticked.");
    headline_->setText(text);
    if (!counts_)
        return;
    for (int row = 0; row < p.counts.size(); ++row) {
        const ChangePreview::Count& count = p.counts[row];
        const quint64 n = count.count - std::min(count.count, leftOutByKind.value(count.kind));
        counts_->topLevelItem(row)->setText(1, u8doc::NumberFormat::count(n));
    }
}

ChangePreviewDialog::ChangePreviewDialog(const ChangePreview& p, QWidget* parent)
    : QDialog(parent), preview_(p) {
    setWindowTitle(tr("Preview: %1").arg(p.title));
    auto* layout = new QVBoxLayout(this);

    headline_ = new QLabel(this);
    headline_->setObjectName(QStringLiteral("headline"));
    headline_->setWordWrap(true);
    layout->addWidget(headline_);

    if (!p.counts.isEmpty()) {
        counts_ = new QTreeWidget(this);
        counts_->setObjectName(QStringLiteral("counts"));
        counts_->setHeaderLabels({tr("Change"), tr("Count")});
        counts_->setRootIsDecorated(false);
        for (const ChangePreview::Count& c : p.counts)
            new QTreeWidgetItem(counts_, {c.label, u8doc::NumberFormat::count(c.count)});
        counts_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
        counts_->setMaximumHeight(24 + 22 * int(std::min<qsizetype>(p.counts.size(), 6)));
        layout->addWidget(counts_);
    }

    const bool repair =
        std::any_of(p.counts.begin(), p.counts.end(), [](const auto& c) { return c.kind >= 0; });
    if (!p.changes.isEmpty() || repair) {
        QString intro =
            p.totalChanges > quint64(p.changes.size())
                ? tr("The first %1 of %2 changes:").arg(p.changes.size()).arg(p.totalChanges)
                : tr("Changes:");
        if (repair)
            intro += QLatin1Char(' ') +
                     (p.selectable ? tr("untick a change, a page or a kind to leave it out.")
                                   : tr("untick a kind or a page to run the repair again without "
                                        "it (%1).")
                                         .arg(p.whyNotSelectable));
        auto* label = new QLabel(intro, this);
        label->setWordWrap(true);
        layout->addWidget(label);
        tree_ = new ChangeTree(p, this);
        connect(tree_, &ChangeTree::choiceChanged, this, &ChangePreviewDialog::updateSummary);
        layout->addWidget(tree_, 1);
    }
    updateSummary();

    for (const QString& note : p.notes) {
        auto* label = new QLabel(note, this);
        label->setWordWrap(true);
        layout->addWidget(label);
    }

    auto* buttons = new QDialogButtonBox(this);
    if (p.totalChanges == 0) {
        buttons->addButton(QDialogButtonBox::Close);
    } else {
        auto* apply = buttons->addButton(tr("&Apply"), QDialogButtonBox::AcceptRole);
        apply->setObjectName(QStringLiteral("apply"));
        apply->setDefault(true);
        apply->setToolTip(tr("Change the open document (Edit > Undo takes it back; the file on "
                             "disk changes only when you save)"));
        buttons->addButton(QDialogButtonBox::Cancel);
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, p.changes.isEmpty() ? 240 : 520);
}

} // namespace u8app
