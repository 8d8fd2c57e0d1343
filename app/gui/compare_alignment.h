// Where a place in one of two compared files lies in the other, so that the two sides of File >
// Compare With… scroll together. Between two hunks of a comparison the files hold the same
// decoded text; in the same encoding that is the same bytes, so an offset moves by what the hunks
// before it added or removed. Inside a hunk it moves in proportion. Where the comparison gives no
// byte-for-byte stretch (two encodings, or hunks past those listed), offsets are taken in
// proportion of what is left of each file.
#pragma once

#include <QtGlobal>
#include <vector>

namespace u8convert {
struct CompareResult;
}

namespace u8app {

class CompareAlignment {
public:
    enum class Side { A, B };

    // Before any result: the same offset on both sides (the bytes are compared from the start).
    CompareAlignment(quint64 sizeA = 0, quint64 sizeB = 0);
    explicit CompareAlignment(const u8convert::CompareResult& result);

    // The offset in the other file of `offset` in `from`'s file (clamped inside it).
    quint64 map(Side from, quint64 offset) const;

private:
    // One hunk's bytes on each side, in order.
    struct Anchor {
        quint64 start[2] = {0, 0};
        quint64 end[2] = {0, 0};
    };
    quint64 size_[2] = {0, 0};
    std::vector<Anchor> anchors_;
    bool byteForByte_ = true; // equal stretches are equal bytes (same encoding)
    bool complete_ = true;    // every hunk is listed: past the last, the files end alike
};

} // namespace u8app
