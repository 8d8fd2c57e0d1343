// RunRewrite (mojibake_rewrite.h): how a fix rewrites the characters of a run and joins the
// chain of fixes whose output it reads again.
#include "mojibake_rewrite.h"

namespace u8convert::detail::mojibake {
using namespace u8codec;

void RunRewrite::reset(DecisionStore* store) {
    store_ = store ? store : &own_;
    if (!store)
        own_.clear();
    for (std::size_t k = 0; k < chainCount_; ++k)
        chains_[k].clear();
    chainCount_ = 0;
    applied_ = 0;
    limit_ = chars_.size() + 8;
    noted_.clear();
    perPiece_ = false;
    if (perCharacter_)
        makePieces();
}

void RunRewrite::makePieces() {
    // Written over in place (the storage is kept from run to run), without push_back()'s checks.
    pieces_.resize(chars_.size());
    for (std::size_t k = 0; k < chars_.size(); ++k)
        pieces_[k] = {chars_[k].offset, chars_[k].offset + chars_[k].length, kOriginal};
    for (const Noted& n : noted_)
        for (std::size_t k = n.begin; k < n.end; ++k)
            pieces_[k].chain = n.chain;
    noted_.clear();
    perPiece_ = true;
}

bool RunRewrite::settled(std::size_t b, std::size_t e) const {
    if (e < chars_.size() && chars_[e].cp >= 0x80)
        return false;
    // Original characters only, and no fix's output right before them.
    if (rewrittenWithin(b > 0 ? b - 1 : 0, e))
        return false;
    for (std::size_t k = lookBackFrom(b); k < b; ++k)
        if (chars_[k].cp >= 0x80 && original(k))
            return false;
    return true;
}

void RunRewrite::note(Decision&& d) {
    const std::size_t chain = newChain();
    if (perPiece_) {
        for (std::size_t k = d.cand.begin; k < d.cand.end; ++k)
            pieces_[k].chain = chain;
    } else {
        // Judging goes forward until a fix is applied: in the order of the text but for a fix
        // before one noted earlier, which is put in its place.
        const Noted n{d.cand.begin, d.cand.end, chain};
        auto at = noted_.end();
        while (at != noted_.begin() && (at - 1)->begin > n.begin)
            --at;
        noted_.insert(at, n);
    }
    chains_[chain].push_back(&store_->push(std::move(d)));
    ++applied_;
}

void RunRewrite::apply(Decision&& d) {
    if (!perPiece_)
        makePieces();
    const std::size_t b = d.cand.begin, e = d.cand.end;
    // The fix joins the chain of any rewritten character it takes in.
    std::size_t chain = kOriginal;
    for (std::size_t k = b; k < e; ++k) {
        const std::size_t g = pieces_[k].chain;
        if (g == kOriginal || g == chain)
            continue;
        if (chain == kOriginal) {
            chain = g;
            continue;
        }
        for (Decision* x : chains_[g])
            chains_[chain].push_back(x);
        chains_[g].clear();
        for (Piece& piece : pieces_)
            piece.chain = piece.chain == g ? chain : piece.chain;
    }
    if (chain == kOriginal)
        chain = newChain();
    const Piece covered{pieces_[b].begin, pieces_[e - 1].end, chain};
    const std::size_t n = d.cand.repaired.size();
    chars_.erase(chars_.begin() + std::ptrdiff_t(b), chars_.begin() + std::ptrdiff_t(e));
    chars_.insert(chars_.begin() + std::ptrdiff_t(b), n, Char{covered.begin, 0, 0});
    for (std::size_t k = 0; k < n; ++k)
        chars_[b + k].cp = d.cand.repaired[k];
    pieces_.erase(pieces_.begin() + std::ptrdiff_t(b), pieces_.begin() + std::ptrdiff_t(e));
    pieces_.insert(pieces_.begin() + std::ptrdiff_t(b), n, covered);
    chains_[chain].push_back(&store_->push(std::move(d)));
    ++applied_;
}

} // namespace u8convert::detail::mojibake
