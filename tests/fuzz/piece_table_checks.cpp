// The piece table's fuzz check (u8fuzz::checkPieceTable): the input is an edit script run on a
// PieceTable and on the plain model of tests/codec/piece_model.h at once, every step compared, and
// everything (bytes, edited ranges, canonical layout, snapshots) every 16 steps and at the end.
#include "../codec/piece_model.h"
#include "fuzz_checks.h"

namespace u8fuzz {

// The script: the first byte times 3 is the original's size (its bytes a fixed pattern); then
// steps of [kind, offset low, offset high, length] and, for the steps that write, a count and
// that many bytes. Offsets and lengths are taken modulo what the document allows.
std::string checkPieceTable(std::span<const std::uint8_t> data) {
    if (data.empty())
        return {};
    std::vector<std::uint8_t> original(std::size_t(data[0]) * 3);
    for (std::size_t i = 0; i < original.size(); ++i)
        original[i] = std::uint8_t(i * 37 + 11);
    u8test::PieceChecker checker(std::make_shared<u8codec::MemorySource>(original), original);
    std::size_t at = 1;
    const auto next = [&]() -> std::uint8_t { return at < data.size() ? data[at++] : 0; };
    for (int step = 0; at < data.size(); ++step) {
        u8test::PieceOp op;
        op.kind = u8test::PieceOp::Kind(next() % u8test::PieceOp::Kinds);
        const std::uint8_t low = next();
        op.a = low | std::uint64_t(next()) << 8;
        op.b = next();
        if (op.kind == u8test::PieceOp::Insert || op.kind == u8test::PieceOp::Replace ||
            op.kind == u8test::PieceOp::Type || op.kind == u8test::PieceOp::Overwrite) {
            const std::size_t count = 1 + next() % 16;
            for (std::size_t k = 0; k < count; ++k)
                op.bytes.push_back(next());
        }
        if (std::string failure = checker.apply(op); !failure.empty())
            return "step " + std::to_string(step) + ": " + failure;
        if (step % 16 == 15)
            if (std::string failure = checker.checkAll(); !failure.empty())
                return "after step " + std::to_string(step) + ": " + failure;
    }
    return checker.checkAll();
}

} // namespace u8fuzz
