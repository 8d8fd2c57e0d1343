#include "decode_walkthrough.h"

#include "bit_layout_widget.h"
#include "decode_figures.h"
#include "number_format.h"
#include "problems_model.h"
#include "unicode_info.h"

#include <QLabel>
#include <QVBoxLayout>

namespace u8ui {

namespace {

// A CESU-8 pair reads as two sequences, and then the shortest form: three layouts at most.
constexpr int kLayoutSlots = 3;

QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}

// What the decoder made of the bytes, as text: each character itself (a control or space by its
// U+ label), U+FFFD for each error segment.
QString decodedText(const u8codec::DecodeWalk& walk) {
    QStringList parts;
    for (const u8codec::Segment& s : walk.segments) {
        if (!s.isValid()) {
            parts << QStringLiteral("\uFFFD");
            continue;
        }
        const std::string withGlyph = u8codec::labelWithGlyph(s.codePoint);
        const std::string label = u8codec::codePointLabel(s.codePoint);
        parts << (withGlyph.size() > label.size() + 3 && s.codePoint != 0x20
                      ? fromStd(
                            withGlyph.substr(label.size() + 2, withGlyph.size() - label.size() - 3))
                      : fromStd(label));
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

DecodeWalkthrough::DecodeWalkthrough(QWidget* parent) : StepWalkthrough(parent) {
    setObjectName(QStringLiteral("decodeWalkthrough"));
    heading_ = new QLabel(tr("Select bytes and choose Explain Selection: what a strict decoder "
                             "does with them appears here, step by step."),
                          this);
    heading_->setWordWrap(true);
    heading_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = heading_->font();
    bold.setBold(true);
    heading_->setFont(bold);
    headerLayout()->addWidget(heading_);
    notice_ = new QLabel(this);
    notice_->setObjectName(QStringLiteral("decodeNotice"));
    notice_->setWordWrap(true);
    notice_->hide();
    headerLayout()->addWidget(notice_);
    for (int i = 0; i < kLayoutSlots; ++i) {
        auto* caption = new QLabel(this);
        caption->setWordWrap(true);
        auto* layout = new BitLayoutWidget(this);
        extraLayout()->addWidget(caption);
        extraLayout()->addWidget(layout);
        layoutCaptions_.push_back(caption);
        layouts_.push_back(layout);
    }
    hideLayouts();
}

void DecodeWalkthrough::showBytes(std::span<const std::uint8_t> bytes,
                                  std::optional<quint64> offset, quint64 selected) {
    const std::size_t taken = std::min(bytes.size(), kMaxBytes);
    bytes_.assign(bytes.begin(), bytes.begin() + qsizetype(taken));
    walk_ = u8codec::walkDecoding(bytes_);
    const QString hex = fromStd(u8codec::hexBytes(bytes_, 16));
    heading_->setText(offset ? tr("%1 at %2: %3")
                                   .arg(u8doc::NumberFormat::bytes(bytes_.size()),
                                        u8doc::NumberFormat::offsetAndDecimal(*offset), hex)
                             : tr("%1: %2").arg(u8doc::NumberFormat::bytes(bytes_.size()), hex));
    selected = std::max<quint64>(selected, bytes.size());
    cut_ = selected > taken;
    notice_->setText(cut_ ? tr("The selection holds %1: only the first %2 are explained, read on "
                               "their own (a sequence cut after byte %2 is then truncated).")
                                .arg(u8doc::NumberFormat::bytes(selected))
                                .arg(taken)
                          : tr("The bytes are read on their own, as if nothing came before or "
                               "after them."));
    notice_->show();
    setStepCount(bytes_.empty() ? 0 : int(walk_.steps.size() + 1 + walk_.naive.size()));
}

QString DecodeWalkthrough::headingText() const {
    return bytes_.empty() ? QString() : heading_->text();
}

QString DecodeWalkthrough::noticeText() const {
    return cut_ ? notice_->text() : QString();
}

QString DecodeWalkthrough::layoutsText() const {
    QStringList lines;
    for (int i = 0; i < kLayoutSlots; ++i)
        if (!layouts_[i]->isHidden())
            lines << layoutCaptions_[i]->text() + QLatin1Char(' ') + layouts_[i]->textDescription();
    return lines.join(QLatin1Char('\n'));
}

void DecodeWalkthrough::hideLayouts() {
    for (int i = 0; i < kLayoutSlots; ++i) {
        layoutCaptions_[i]->hide();
        layouts_[i]->clear();
        layouts_[i]->hide();
    }
}

void DecodeWalkthrough::showLayout(int slot, const QString& caption,
                                   const u8codec::BitLayout& layout, const QString& valueCaption) {
    layoutCaptions_[slot]->setText(caption);
    layoutCaptions_[slot]->show();
    layouts_[slot]->showLayout(layout, valueCaption);
    layouts_[slot]->show();
}

void DecodeWalkthrough::renderStep(int index) {
    hideLayouts();
    const int steps = int(walk_.steps.size());
    if (index == steps) {
        renderSummary();
        return;
    }
    if (index > steps) {
        renderNaive(walk_.naive[std::size_t(index - steps - 1)], index - steps);
        return;
    }
    const u8codec::DecodeStep& st = walk_.steps[std::size_t(index)];
    const QString title = st.action == u8codec::DecodeAction::End
                              ? fromStd(st.title)
                              : tr("Byte %1, %2").arg(st.offset + 1).arg(fromStd(st.title));
    setStepContent(title, fromStd(st.text), DecodeFigures::forStep(walk_, bytes_, index));
    // A character complete: how its bits assemble into the code point.
    if (st.segment.isValid() && st.segment.length > 0) {
        const auto own =
            std::span(bytes_).subspan(std::size_t(st.segment.offset), st.segment.length);
        if (const auto layout = u8codec::layoutOfBytes(own))
            showLayout(0, tr("Its bits, assembled:"), *layout,
                       UnicodeInfo::codePointLabel(st.segment.codePoint));
    }
}

void DecodeWalkthrough::renderSummary() {
    setStepContent(tr("What the decoder made of the bytes"),
                   fromStd(walk_.summary) + QStringLiteral("\n") +
                       tr("Decoded: %1").arg(decodedText(walk_)),
                   DecodeFigures::decided(walk_, bytes_));
}

void DecodeWalkthrough::renderNaive(const u8codec::NaiveReading& r, int number) {
    const u8codec::Problem& p = r.problem;
    setStepContent(tr("What a naive decoder would read (%1 of %2): %3")
                       .arg(number)
                       .arg(walk_.naive.size())
                       .arg(ProblemsModel::kindTitle(p.kind)),
                   tr("A decoder that follows only RFC 2279's bit patterns, without RFC 3629's "
                      "rules, reads these bytes as a whole. %1.")
                       .arg(fromStd(r.explanation)),
                   DecodeFigures::decided(walk_, bytes_, p.offset, p.end()));
    int slot = 0;
    for (const u8codec::BitLayout& l : r.sequences) {
        if (slot >= kLayoutSlots - 1)
            break;
        showLayout(slot++, tr("As RFC 2279 reads %1 bytes:").arg(l.octets), l,
                   UnicodeInfo::codePointLabel(l.value));
    }
    if (r.shortest)
        showLayout(slot, tr("The shortest form, the only one UTF-8 allows:"), *r.shortest,
                   UnicodeInfo::codePointLabel(r.shortest->value));
}

} // namespace u8ui
