// The streaming Transcoder: the hand-written loops while the input is well-formed and
// representable, ICU's converters from the first piece that is not (they keep a sequence cut
// between pieces), with the counts and offsets transcode() gives for the whole input.
#include "transcode_icu.h"
#include "u8convert/transcode.h"

#include <algorithm>

namespace u8convert {

using detail::appendSignature;
using detail::completePrefix;
using detail::ConverterPair;
using detail::failureText;
using detail::fastTranscode;
using detail::Form;
using detail::fromPivot;
using detail::FromUnicodeRecorder;
using detail::installRecorders;
using detail::openPair;
using detail::restorePlainCallbacks;
using detail::toPivot;
using detail::ToUnicodeRecorder;

struct Transcoder::Impl {
    TranscodeOptions opt;
    ConverterPair pair;
    bool valid = false;
    bool icu = false;     // ICU's converters took over
    bool started = false; // the signature (if any) is written
    bool failed = false;
    TranscodeResult state;
    ToUnicodeRecorder toRec;
    FromUnicodeRecorder fromRec;
    std::string pending;        // input not converted yet (a sequence cut between pieces)
    std::string scratch;        // the fast loops' output, reused
    std::uint64_t consumed = 0; // input offset of pending[0]
    // With a signature asked for, the input's own (if it has one) is dropped: one byte order
    // mark, always. The input's first bytes are held here until they tell.
    std::string head;
    bool headSeen = false;
    std::vector<UChar> pivot;
    std::vector<std::int32_t> offsets;

    ~Impl() {
        if (pair.src && pair.dst) // the recorders die with this object: ICU's plain callbacks back
            restorePlainCallbacks(pair.src.get(), pair.dst.get());
    }

    bool fail(std::string message) {
        failed = true;
        state.status = {u8codec::ErrorCode::Invalid, std::move(message)};
        return false;
    }

    // Feeds n bytes to ICU (source -> pivot -> target), appending to out.
    bool icuFeed(const char* data, std::size_t n, bool flush, std::string& out) {
        toRec.sourceStart = data;
        toRec.base = consumed;
        pivot.resize(std::max<std::size_t>(n + 16, pivot.size()));
        offsets.resize(pivot.size());
        std::size_t used = 0;
        const char* s = data;
        if (const UErrorCode e =
                toPivot(pair.src.get(), s, data + n, data, flush, pivot, offsets, used);
            U_FAILURE(e))
            return fail(std::string("conversion from ") + state.from +
                        " failed: " + u_errorName(e));
        fromRec.sourceStart = pivot.data();
        fromRec.offsets = &offsets;
        fromRec.base = consumed;
        std::size_t written = out.size();
        out.resize(written + used * 4 + 16);
        const UChar* u = pivot.data();
        const UErrorCode e = fromPivot(pair.dst.get(), u, u + used, flush, out, written);
        out.resize(written);
        if (U_FAILURE(e))
            return fail(std::string("conversion to ") + state.to + " failed: " + u_errorName(e));
        consumed += n;
        return true;
    }

    void start(std::string& out) {
        if (started)
            return;
        started = true;
        if (!opt.addSignature || pair.targetSigns)
            return;
        if (pair.to != Form::Other) {
            appendSignature(pair.to, out);
            return;
        }
        // A Unicode target only ICU writes ("UTF-16" with its own BOM, "UTF-7"...): U+FEFF
        // through the converter, as the whole-buffer path puts it in front of the pivot.
        const UChar bom = 0xFEFF;
        const UChar* u = &bom;
        char buf[16];
        char* t = buf;
        UErrorCode e = U_ZERO_ERROR;
        ucnv_fromUnicode(pair.dst.get(), &t, buf + sizeof buf, &u, u + 1, nullptr, false, &e);
        out.append(buf, std::size_t(t - buf));
    }
};

Transcoder::Transcoder(std::string_view from, std::string_view to, const TranscodeOptions& options)
    : impl_(std::make_unique<Impl>()) {
    Impl& m = *impl_;
    m.opt = options;
    if (!openPair(from, to, options.addSignature, m.pair, m.state))
        return;
    const bool recording =
        installRecorders(m.pair.src.get(), m.pair.dst.get(), m.toRec, m.fromRec, options, m.state);
    // Without a loop for this pair, ICU does everything from the start.
    m.icu = m.pair.from == Form::Other || m.pair.to == Form::Other ||
            (m.pair.from != Form::Utf8 && m.pair.to != Form::Utf8);
    m.valid = recording;
}

Transcoder::~Transcoder() = default;

const u8codec::Status& Transcoder::status() const noexcept {
    return impl_->state.status;
}

bool Transcoder::ok() const noexcept {
    return impl_->valid && !impl_->failed;
}

const u8codec::Status& Transcoder::feed(std::span<const std::uint8_t> piece, std::string& out) {
    (void)feedPiece(piece, out); // a failure is in the status
    return impl_->state.status;
}

const u8codec::Status& Transcoder::finish(std::string& out) {
    (void)finishInput(out); // a failure is in the status
    return impl_->state.status;
}

const TranscodeResult& Transcoder::state() const noexcept {
    return impl_->state;
}

bool Transcoder::feedPiece(std::span<const std::uint8_t> piece, std::string& out) {
    Impl& m = *impl_;
    if (!ok())
        return false;
    if (m.opt.addSignature && !m.headSeen) {
        const std::string signature = detail::signatureOf(m.pair.from);
        m.head.append(reinterpret_cast<const char*>(piece.data()), piece.size());
        if (m.head.size() < signature.size() && signature.starts_with(m.head))
            return true; // too short to tell yet
        m.headSeen = true;
        const std::size_t skip =
            !signature.empty() && m.head.starts_with(signature) ? signature.size() : 0;
        m.consumed += skip; // the offsets reported stay the input's
        const std::string head = m.head.substr(skip);
        m.head.clear();
        return feedPiece({reinterpret_cast<const std::uint8_t*>(head.data()), head.size()}, out);
    }
    m.start(out);
    if (m.icu)
        return m.icuFeed(reinterpret_cast<const char*>(piece.data()), piece.size(), false, out);
    // Without a cut sequence waiting, the piece is converted where it lies (no copy); the loops
    // write straight into an empty `out`.
    const bool direct = m.pending.empty();
    if (!direct)
        m.pending.append(reinterpret_cast<const char*>(piece.data()), piece.size());
    const std::string_view all =
        direct ? std::string_view(reinterpret_cast<const char*>(piece.data()), piece.size())
               : std::string_view(m.pending);
    const std::size_t cut = completePrefix(m.pair.from, all);
    const auto ready =
        std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(all.data()), cut);
    const bool intoOut = out.empty();
    std::string& target = intoOut ? out : m.scratch;
    if (!intoOut)
        m.scratch.clear();
    if (fastTranscode(ready, m.pair.from, m.pair.to, target, false)) {
        if (!intoOut)
            out += m.scratch;
        std::string rest(all.substr(cut));
        m.pending = std::move(rest);
        m.consumed += cut;
        return true;
    }
    if (intoOut)
        out.clear(); // the loop may have written part of its output there
    if (direct)
        m.pending.assign(all.data(), all.size());
    // Not well-formed or not representable: ICU from here on. The loops stopped at a character
    // boundary, where a stateless converter's state is its initial one, so the bytes are the
    // same as ICU's for the whole input.
    m.icu = true;
    std::string rest = std::move(m.pending);
    m.pending.clear();
    return m.icuFeed(rest.data(), rest.size(), false, out);
}

bool Transcoder::finishInput(std::string& out) {
    Impl& m = *impl_;
    if (!ok())
        return false;
    if (!m.headSeen && !m.head.empty()) { // shorter than a signature: no signature
        m.headSeen = true;
        const std::string head = std::move(m.head);
        if (!feedPiece({reinterpret_cast<const std::uint8_t*>(head.data()), head.size()}, out))
            return false;
    }
    m.start(out);
    if (!m.pending.empty() || m.icu) {
        m.icu = true;
        std::string rest = std::move(m.pending);
        m.pending.clear();
        if (!m.icuFeed(rest.data(), rest.size(), true, out))
            return false;
    }
    TranscodeResult& r = m.state;
    if (m.opt.unmappable == UnmappablePolicy::Fail && (r.unmappable != 0 || r.invalidInput != 0))
        return m.fail(failureText(r));
    return true;
}

} // namespace u8convert
