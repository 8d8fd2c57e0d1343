// The piece table (u8codec/piece_table.h): every operation at the start, middle and end,
// on an empty document and across pieces; undo and redo exact, typed runs as one step, edited
// ranges and revert, snapshots that later edits do not touch, offsets past 4 GiB, an original
// that shrinks on disk; and thousands of random steps held to a plain vector (piece_model.h).
#include "codec_test_support.h"
#include "piece_model.h"
#include "u8codec/piece_table.h"

#include <atomic>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <unistd.h>

using u8codec::Edit;
using u8codec::EditedRange;
using u8codec::OriginalState;
using u8codec::PieceTable;
using u8test::Bytes;

namespace {

std::shared_ptr<const u8codec::ByteSource> memory(const std::string& text) {
    return std::make_shared<u8codec::MemorySource>(Bytes(text.begin(), text.end()));
}

std::span<const std::uint8_t> bytes(const char* text) {
    return {reinterpret_cast<const std::uint8_t*>(text), std::strlen(text)};
}

std::string contentOf(const u8codec::ByteSource& source) {
    std::string out(std::size_t(source.size()), '\0');
    out.resize(source.read(0, {reinterpret_cast<std::uint8_t*>(out.data()), out.size()}));
    return out;
}

// A source far larger than any test file: byte i is a function of i.
class SyntheticSource final : public u8codec::ByteSource {
public:
    explicit SyntheticSource(std::uint64_t size) : size_(size) {}
    static std::uint8_t at(std::uint64_t i) { return std::uint8_t((i * 2654435761u) >> 13); }
    std::uint64_t size() const override { return size_; }
    std::size_t read(std::uint64_t offset, std::span<std::uint8_t> dest) const override {
        const std::size_t n =
            offset >= size_ ? 0 : std::min<std::uint64_t>(dest.size(), size_ - offset);
        for (std::size_t i = 0; i < n; ++i)
            dest[i] = at(offset + i);
        return n;
    }

private:
    std::uint64_t size_;
};

TEST_CASE("an empty document, with or without a source") {
    for (const auto& source : {std::shared_ptr<const u8codec::ByteSource>(), memory("")}) {
        PieceTable t(source);
        REQUIRE(t.size() == std::uint64_t(0));
        REQUIRE(t.isUnmodified());
        REQUIRE(!t.referencesOriginal());
        REQUIRE(t.pieceCount() == std::size_t(0));
        std::uint8_t b[4];
        REQUIRE(t.read(0, b) == std::size_t(0));
        REQUIRE(t.editedRanges(0, 0).empty());
        REQUIRE(t.originalState() == OriginalState::Unchanged);
        const Edit noop = t.erase(0, 0).value();
        REQUIRE(!noop.changes());
        REQUIRE(t.undo(noop));
        const Edit e = t.insert(0, bytes("abc")).value();
        REQUIRE(contentOf(t) == std::string("abc"));
        REQUIRE(!t.isUnmodified());
        REQUIRE(t.editedRanges(0, 3) == (std::vector<EditedRange>{{0, 3, 0, 0}}));
        REQUIRE(t.undo(e));
        REQUIRE(t.isUnmodified());
        REQUIRE(t.size() == std::uint64_t(0));
    }
}

TEST_CASE("inserting at the start, the middle and the end, and undoing it") {
    PieceTable t(memory("hello world"));
    const Edit atStart = t.insert(0, bytes(">")).value();
    const Edit inMiddle = t.insert(6, bytes(",")).value();
    const Edit atEnd = t.insert(t.size(), bytes("!")).value();
    REQUIRE(contentOf(t) == std::string(">hello, world!"));
    REQUIRE(atStart.kind() == Edit::Kind::Insert);
    REQUIRE(inMiddle.offset() == std::uint64_t(6));
    REQUIRE(atEnd.insertedLength() == std::uint64_t(1));
    REQUIRE(atEnd.removedLength() == std::uint64_t(0));
    REQUIRE(t.pieceCount() == std::size_t(5));
    REQUIRE(!t.isOriginal(0, 1));
    REQUIRE(t.isOriginal(1, 5));
    REQUIRE(!t.isOriginal(1, 6));
    REQUIRE(t.referencesOriginal());
    REQUIRE(t.undo(atEnd));
    REQUIRE(t.undo(inMiddle));
    REQUIRE(t.undo(atStart));
    REQUIRE(contentOf(t) == std::string("hello world"));
    REQUIRE(t.isUnmodified());
    REQUIRE(t.pieceCount() == std::size_t(1)); // the file's piece is whole again
}

TEST_CASE("erasing at the start, the middle and the end, and undoing it") {
    PieceTable t(memory("0123456789"));
    const Edit atStart = t.erase(0, 2).value();
    const Edit inMiddle = t.erase(3, 2).value();
    const Edit atEnd = t.erase(t.size() - 1, 1).value();
    REQUIRE(contentOf(t) == std::string("23478"));
    REQUIRE(atStart.kind() == Edit::Kind::Erase);
    REQUIRE(inMiddle.removedLength() == std::uint64_t(2));
    REQUIRE(t.isOriginal(0, 5)); // nothing typed
    REQUIRE(!t.isUnmodified());
    REQUIRE(t.undo(atEnd));
    REQUIRE(t.undo(inMiddle));
    REQUIRE(t.undo(atStart));
    REQUIRE(t.isUnmodified());
    const Edit all = t.erase(0, t.size()).value();
    REQUIRE(t.size() == std::uint64_t(0));
    REQUIRE(!t.referencesOriginal());
    REQUIRE(t.undo(all));
    REQUIRE(contentOf(t) == std::string("0123456789"));
}

TEST_CASE("replacing and overwriting, and undoing it") {
    PieceTable t(memory("abcdefgh"));
    const Edit start = t.replace(0, 1, bytes("XY")).value();
    const Edit middle = t.replace(4, 2, bytes("-")).value();         // "XYbc" + "de" -> "-"
    const Edit end = t.replace(t.size() - 1, 1, bytes("H")).value(); // overwrite
    REQUIRE(contentOf(t) == std::string("XYbc-fgH"));
    REQUIRE(start.kind() == Edit::Kind::Replace);
    REQUIRE(middle.removedLength() == std::uint64_t(2));
    REQUIRE(middle.insertedLength() == std::uint64_t(1));
    REQUIRE(end.removedLength() == end.insertedLength());
    // A replace by nothing is an erase; of nothing, an insert.
    const Edit none = t.replace(2, 2, {}).value();
    REQUIRE(contentOf(t) == std::string("XY-fgH"));
    REQUIRE(t.undo(none));
    REQUIRE(t.undo(end));
    REQUIRE(t.undo(middle));
    REQUIRE(t.undo(start));
    REQUIRE(t.isUnmodified());
}

TEST_CASE("reads, erasures and replacements across pieces") {
    PieceTable t(memory("0123456789"));
    t.insert(2, bytes("ab")).value();
    t.insert(7, bytes("cd")).value(); // "01ab234cd56789"
    t.erase(11, 1).value();           // "01ab234cd5689"
    REQUIRE(contentOf(t) == std::string("01ab234cd5689"));
    REQUIRE(t.pieceCount() >= 5);
    // A read that starts inside one piece and ends inside another.
    std::string window(7, '\0');
    REQUIRE(t.read(3, {reinterpret_cast<std::uint8_t*>(window.data()), window.size()}) ==
            std::size_t(7));
    REQUIRE(window == std::string("b234cd5"));
    // An erase and a replace that span several pieces, cutting the first and last.
    const Edit erase = t.erase(1, 9).value();
    REQUIRE(contentOf(t) == std::string("0689"));
    const Edit replace = t.replace(0, 3, bytes("xyz!")).value();
    REQUIRE(contentOf(t) == std::string("xyz!9"));
    REQUIRE(t.undo(replace));
    REQUIRE(t.undo(erase));
    REQUIRE(contentOf(t) == std::string("01ab234cd5689"));
    // A read past the end is short; at the end, empty.
    std::uint8_t tail[8];
    REQUIRE(t.read(10, tail) == std::size_t(3));
    REQUIRE(t.read(13, tail) == std::size_t(0));
}

TEST_CASE("undo and redo are exact, bytes and layout") {
    PieceTable t(memory("The quick brown fox"));
    std::vector<Edit> edits;
    std::vector<std::string> states{contentOf(t)};
    std::vector<std::vector<u8codec::Piece>> layouts{t.pieces()};
    edits.push_back(t.replace(4, 5, bytes("slow")).value());
    edits.push_back(t.insert(0, bytes("[")).value());
    edits.push_back(t.erase(10, 6).value());
    edits.push_back(t.insert(t.size(), bytes("]")).value());
    edits.push_back(t.replace(1, 3, bytes("A")).value());
    for (std::size_t i = 0; i < edits.size(); ++i) {
        REQUIRE(t.undo(edits[edits.size() - 1 - i]));
        REQUIRE(t.redo(edits[edits.size() - 1 - i]));
        REQUIRE(t.undo(edits[edits.size() - 1 - i]));
    }
    REQUIRE(contentOf(t) == states[0]);
    REQUIRE(t.pieces() == layouts[0]);
    REQUIRE(t.isUnmodified());
    for (const Edit& e : edits)
        REQUIRE(t.redo(e));
    REQUIRE(contentOf(t) == std::string("[A slow fox]"));
}

TEST_CASE("undo refuses an edit whose bytes are not there, and another table's") {
    PieceTable t(memory("abcdef"));
    const Edit typed = t.insert(3, bytes("XYZ")).value();
    const Edit erased = t.erase(2, 3).value(); // takes "cXY"
    // `typed` cannot be undone before `erased`: its bytes are no longer where it left them.
    REQUIRE(!t.undo(typed));
    REQUIRE(contentOf(t) == std::string("abZdef"));
    REQUIRE(t.undo(erased));
    REQUIRE(t.undo(typed));
    REQUIRE(t.isUnmodified());
    // Another table's edit is refused even where the bytes would fit.
    PieceTable other(memory("abcdef"));
    const Edit foreign = other.erase(0, 1).value();
    REQUIRE(!t.redo(foreign));
    REQUIRE(!t.undo(foreign));
    REQUIRE(contentOf(t) == std::string("abcdef"));
}

TEST_CASE("an edit out of range is refused with a reason and changes nothing") {
    PieceTable t(memory("abc"));
    // An error as a value (result.h), not an exception: the library throws nothing.
    const std::vector<u8codec::Result<Edit>> refused = [&] {
        std::vector<u8codec::Result<Edit>> r;
        r.push_back(t.insert(4, bytes("x")));
        r.push_back(t.erase(2, 2));
        r.push_back(t.replace(3, 1, bytes("x")));
        r.push_back(t.revert(2, 4));
        r.push_back(t.erase(1, std::numeric_limits<std::uint64_t>::max()));
        return r;
    }();
    for (const auto& result : refused) {
        REQUIRE(!result.ok());
        REQUIRE(result.error().code == u8codec::ErrorCode::OutOfRange);
        REQUIRE_MESSAGE(result.message().find("not within the document of 3 bytes") !=
                            std::string::npos,
                        result.message());
    }
    REQUIRE(refused[0].message() == std::string("piece table: the bytes 4..4 are not within the "
                                                "document of 3 bytes"));
    REQUIRE(contentOf(t) == std::string("abc"));
    REQUIRE(t.isUnmodified());
    // At the very end, the same calls are edits.
    const auto inserted = t.insert(3, bytes("x"));
    REQUIRE(inserted.ok());
    REQUIRE(inserted->insertedLength() == std::uint64_t(1));
    REQUIRE(contentOf(t) == std::string("abcx"));
}

TEST_CASE("typed runs merge into one step; another kind of edit starts a new one") {
    PieceTable t(memory("0123"));
    // Typing "abc" at offset 2, one byte at a time: one step, one piece.
    Edit run = t.insert(2, bytes("a")).value();
    REQUIRE(run.mergeWith(t.insert(3, bytes("b")).value()));
    REQUIRE(run.mergeWith(t.insert(4, bytes("c")).value()));
    REQUIRE(contentOf(t) == std::string("01abc23"));
    REQUIRE(run.insertedLength() == std::uint64_t(3));
    REQUIRE(t.pieceCount() == std::size_t(3));
    // Typing elsewhere, or another kind of edit, starts a new step.
    const Edit elsewhere = t.insert(0, bytes("z")).value();
    Edit copy = run;
    REQUIRE(!copy.mergeWith(elsewhere));
    REQUIRE(t.undo(elsewhere));
    const Edit erase = t.erase(5, 1).value();
    REQUIRE(!copy.mergeWith(erase));
    REQUIRE(t.undo(erase));
    REQUIRE(t.undo(run)); // the whole run at once
    REQUIRE(t.isUnmodified());

    // Overwriting "01" with "xy", then Backspace twice and Delete once: two steps.
    Edit overwrite = t.replace(0, 1, bytes("x")).value();
    REQUIRE(overwrite.mergeWith(t.replace(1, 1, bytes("y")).value()));
    REQUIRE(contentOf(t) == std::string("xy23"));
    Edit backspace = t.erase(3, 1).value();
    REQUIRE(backspace.mergeWith(t.erase(2, 1).value()));
    REQUIRE(contentOf(t) == std::string("xy"));
    REQUIRE(!overwrite.mergeWith(backspace));
    REQUIRE(t.undo(backspace));
    REQUIRE(contentOf(t) == std::string("xy23"));
    REQUIRE(t.undo(overwrite));
    REQUIRE(t.isUnmodified());
    // A revert is never part of a run.
    Edit typed = t.insert(1, bytes("q")).value();
    Edit revert = t.revert(0, t.size()).value();
    REQUIRE(!revert.mergeWith(t.revert(0, t.size()).value()));
    REQUIRE(!typed.mergeWith(revert));
}

// A byte typed as two hex digits: the first sets the high nibble (an overwrite, or an insert in
// insert mode), the second replaces that same byte; both, and the bytes typed after, undo as one.
TEST_CASE("a byte's second hex digit rewrites the byte its first one put in") {
    PieceTable t(memory("0123"));
    Edit run = t.replace(1, 1, bytes("\xE1")).value(); // "E" over '1' (0x31): E1
    REQUIRE(run.mergeWith(t.replace(1, 1, bytes("\xE2")).value()));
    REQUIRE(run.mergeWith(t.replace(2, 1, bytes("\x81")).value()));
    REQUIRE(run.mergeWith(t.replace(2, 1, bytes("\x82")).value()));
    REQUIRE(contentOf(t) == std::string("0\xE2\x82"
                                        "3"));
    REQUIRE(run.kind() == Edit::Kind::Replace);
    REQUIRE(run.removedLength() == std::uint64_t(2));
    REQUIRE(run.insertedLength() == std::uint64_t(2));
    REQUIRE(t.undo(run));
    REQUIRE(t.isUnmodified());
    REQUIRE(t.redo(run));
    REQUIRE(contentOf(t) == std::string("0\xE2\x82"
                                        "3"));
    // Overwriting the last byte, then on past the end (inserts): still one run.
    REQUIRE(run.mergeWith(t.replace(3, 1, bytes("x")).value()));
    REQUIRE(run.mergeWith(t.insert(4, bytes("y")).value()));
    REQUIRE(contentOf(t) == std::string("0\xE2\x82xy"));
    REQUIRE(t.undo(run));
    REQUIRE(t.isUnmodified());

    // Insert mode: the first digit inserts, the second replaces the inserted byte; the run stays
    // an insert and goes on with the next byte inserted.
    Edit inserted = t.insert(4, bytes("\xA0")).value();
    REQUIRE(inserted.mergeWith(t.replace(4, 1, bytes("\xAC")).value()));
    REQUIRE(inserted.mergeWith(t.insert(5, bytes("\x40")).value()));
    REQUIRE(inserted.mergeWith(t.replace(5, 1, bytes("\x41")).value()));
    REQUIRE(contentOf(t) == std::string("0123\xAC"
                                        "A"));
    REQUIRE(inserted.kind() == Edit::Kind::Insert);
    REQUIRE(inserted.insertedLength() == std::uint64_t(2));
    REQUIRE(t.undo(inserted));
    REQUIRE(t.isUnmodified());

    // Not a rewrite: a replace reaching past the bytes put in, or of bytes another edit changed
    // since.
    Edit one = t.replace(0, 1, bytes("x")).value();
    Edit copy = one;
    REQUIRE(!copy.mergeWith(t.replace(0, 2, bytes("yz")).value()));
    REQUIRE(copy.insertedLength() == std::uint64_t(1));
    Edit stale = t.replace(0, 1, bytes("q")).value(); // over "y", which `one` did not put there
    REQUIRE(!one.mergeWith(stale));
}

TEST_CASE("edited ranges are the hunks between original bytes") {
    PieceTable t(memory("0123456789"));
    t.replace(2, 2, bytes("ab")).value(); // 01ab456789
    t.erase(6, 1).value();                // 01ab45789 (the 6 is gone)
    t.insert(0, bytes("X")).value();      // X01ab45789
    const std::vector<EditedRange> all{{0, 1, 0, 0}, {3, 2, 2, 2}, {7, 0, 6, 1}};
    REQUIRE(t.editedRanges(0, t.size()) == all);
    REQUIRE(t.editedRanges(1, 3) == (std::vector<EditedRange>{}));
    REQUIRE(t.editedRanges(4, 4) == (std::vector<EditedRange>{}));
    REQUIRE(t.editedRanges(4, 5) == (std::vector<EditedRange>{all[1]}));
    REQUIRE(t.editedRanges(7, 7) == (std::vector<EditedRange>{all[2]})); // the deletion's place
    REQUIRE(t.editedRanges(5, 9) == (std::vector<EditedRange>{all[2]}));
    REQUIRE(t.isOriginal(1, 2));
    REQUIRE(!t.isOriginal(2, 2));
    // An erase at the end, and everything erased.
    PieceTable u(memory("abc"));
    REQUIRE(u.erase(2, 1).ok());
    REQUIRE(u.editedRanges(0, 2) == (std::vector<EditedRange>{{2, 0, 2, 1}}));
    REQUIRE(u.erase(0, 2).ok());
    REQUIRE(u.editedRanges(0, 0) == (std::vector<EditedRange>{{0, 0, 0, 3}}));
}

TEST_CASE("revert restores the file's bytes, and is undone like any edit") {
    PieceTable t(memory("0123456789"));
    t.replace(2, 2, bytes("ab")).value();
    t.erase(6, 1).value();
    t.insert(0, bytes("X")).value(); // X01ab45789
    // Reverting a selection inside one range gives back the whole range.
    const Edit one = t.revert(4, 5).value();
    REQUIRE(one.kind() == Edit::Kind::Revert);
    REQUIRE(contentOf(t) == std::string("X012345789"));
    // Reverting a span over the other two gives back everything between them too.
    const Edit rest = t.revert(0, t.size()).value();
    REQUIRE(contentOf(t) == std::string("0123456789"));
    REQUIRE(t.isUnmodified());
    REQUIRE(t.pieceCount() == std::size_t(1));
    REQUIRE(!t.revert(0, t.size()).value().changes()); // nothing left to revert
    // Reverts are undone like any edit.
    REQUIRE(t.undo(rest));
    REQUIRE(t.undo(one));
    REQUIRE(contentOf(t) == std::string("X01ab45789"));
}

TEST_CASE("unmodified means the layout is the file's, not that the bytes are") {
    PieceTable t(memory("abc"));
    // The same byte typed over itself is an edit: it no longer comes from the file.
    const Edit same = t.replace(1, 1, bytes("b")).value();
    REQUIRE(contentOf(t) == std::string("abc"));
    REQUIRE(!t.isUnmodified());
    REQUIRE(!t.isOriginal(1, 1));
    REQUIRE(t.undo(same));
    REQUIRE(t.isUnmodified());
    // Erasing bytes and undoing in any interleaving of undo and redo comes back to the file.
    const Edit a = t.erase(0, 1).value();
    const Edit b = t.erase(1, 1).value();
    REQUIRE(t.undo(b));
    REQUIRE(t.redo(b));
    REQUIRE(t.undo(b));
    REQUIRE(t.undo(a));
    REQUIRE(t.isUnmodified());
}

TEST_CASE("snapshots do not change with later edits, read from another thread") {
    Bytes original(1 << 20);
    for (std::size_t i = 0; i < original.size(); ++i)
        original[i] = std::uint8_t(i * 7);
    PieceTable t(std::make_shared<u8codec::MemorySource>(original));
    const auto before = t.snapshot();
    const Edit edit = t.erase(10, 100).value();
    const auto after = t.snapshot();
    const Edit typed = t.insert(0, bytes("abc")).value();
    REQUIRE(before->size() == std::uint64_t(original.size()));
    REQUIRE(before->isUnmodified());
    REQUIRE(after->size() == std::uint64_t(original.size() - 100));
    REQUIRE(!after->isUnmodified());
    REQUIRE(after->editedRanges(0, after->size()) == (std::vector<EditedRange>{{10, 0, 10, 100}}));
    // A reader on another thread sees its version whole while this thread keeps editing.
    std::atomic<bool> stop{false};
    std::atomic<int> mismatches{0}, rounds{0};
    std::thread reader([&] {
        Bytes got(original.size());
        while (!stop.load() || rounds.load() < 3) {
            const std::size_t n = before->read(0, got);
            if (n != original.size() || got != original)
                ++mismatches;
            ++rounds;
        }
    });
    std::vector<Edit> edits;
    for (int i = 0; i < 2000; ++i)
        edits.push_back(t.replace(std::uint64_t(i * 97) % t.size(), 3, bytes("xyzw")).value());
    stop = true;
    reader.join();
    REQUIRE(mismatches.load() == 0);
    for (auto it = edits.rbegin(); it != edits.rend(); ++it)
        REQUIRE(t.undo(*it));
    REQUIRE(contentOf(*t.snapshot()) == (std::string("abc") + contentOf(*after)));
    REQUIRE(t.undo(typed));
    REQUIRE(t.undo(edit));
    REQUIRE(t.isUnmodified());
    REQUIRE(contentOf(*before) == std::string(original.begin(), original.end()));
}

TEST_CASE("offsets past 4 GiB") {
    constexpr std::uint64_t kSize = std::uint64_t(1) << 40; // 1 TiB, never materialised
    PieceTable t(std::make_shared<SyntheticSource>(kSize));
    const std::uint64_t far = (std::uint64_t(5) << 32) + 123; // past 4 GiB and 2^32
    const Edit insert = t.insert(far, bytes("HELLO")).value();
    const Edit erase = t.erase(kSize - 10, 5).value();
    REQUIRE(t.size() == kSize);
    std::uint8_t window[9];
    REQUIRE(t.read(far - 2, window) == std::size_t(9));
    REQUIRE(window[0] == SyntheticSource::at(far - 2));
    REQUIRE(std::string(reinterpret_cast<char*>(window + 2), 5) == std::string("HELLO"));
    REQUIRE(window[7] == SyntheticSource::at(far));
    REQUIRE(t.editedRanges(far, far + 5) == (std::vector<EditedRange>{{far, 5, far, 0}}));
    REQUIRE(t.editedRanges(kSize - 10, kSize - 1) ==
            (std::vector<EditedRange>{{kSize - 10, 0, kSize - 15, 5}}));
    REQUIRE(t.undo(erase));
    REQUIRE(t.undo(insert));
    REQUIRE(t.isUnmodified());
}

TEST_CASE("an original that shrinks or grows on disk") {
    const u8test::TempDir dir;
    Bytes original(64 << 10);
    for (std::size_t i = 0; i < original.size(); ++i)
        original[i] = std::uint8_t('a' + i % 26);
    const std::string path = u8test::writeFile(dir.filePath("shrinks.bin"), original);
    auto opened = u8codec::FileSource::open(path);
    REQUIRE(opened.ok());
    PieceTable t(std::shared_ptr<const u8codec::ByteSource>(std::move(opened).value()));
    t.replace(100, 4, bytes("EDIT")).value();
    REQUIRE(t.originalState() == OriginalState::Unchanged);
    // Another program cuts the file to 10 KiB.
    REQUIRE(::truncate(path.c_str(), 10 << 10) == 0);
    REQUIRE(t.originalState() == OriginalState::Shrunk);
    // What is still there reads; a read past it comes back short, not a crash.
    std::uint8_t head[200];
    REQUIRE(t.read(0, head) == sizeof head);
    REQUIRE(std::string(reinterpret_cast<char*>(head + 100), 4) == std::string("EDIT"));
    Bytes all(t.size());
    REQUIRE(t.read(0, all) == std::size_t(10 << 10));
    REQUIRE(t.originalState() == OriginalState::Shrunk);
    // Grown back, it still lost bytes the document read short: still Shrunk.
    REQUIRE(::truncate(path.c_str(), 100 << 10) == 0);
    REQUIRE(t.originalState() == OriginalState::Shrunk);
    // A file that only grew (a log being written) is Grown.
    auto reopened = u8codec::FileSource::open(path);
    REQUIRE(reopened.ok());
    PieceTable log(std::shared_ptr<const u8codec::ByteSource>(std::move(reopened).value()));
    REQUIRE(log.originalState() == OriginalState::Unchanged);
    REQUIRE(::truncate(path.c_str(), 200 << 10) == 0);
    REQUIRE(log.originalState() == OriginalState::Grown);
    REQUIRE(log.size() == std::uint64_t(100 << 10)); // the document is what was opened
}

// One row of the table below.
void checkRandomSteps(std::uint32_t seed, bool fromFile) {
    u8test::Random rng(seed);
    Bytes original(std::size_t(rng.bounded(1, 5000)));
    for (auto& b : original)
        b = std::uint8_t(rng.bounded(256));
    std::shared_ptr<const u8codec::ByteSource> source =
        std::make_shared<u8codec::MemorySource>(original);
    const u8test::TempDir dir;
    if (fromFile) {
        const std::string path = u8test::writeFile(dir.filePath("original.bin"), original);
        auto opened = u8codec::FileSource::open(path);
        REQUIRE(opened.ok());
        source = std::move(opened).value();
    }
    u8test::PieceChecker checker(source, original);
    for (int step = 0; step < 4000; ++step) {
        u8test::PieceOp op;
        op.kind = u8test::PieceOp::Kind(rng.bounded(int(u8test::PieceOp::Kinds)));
        op.a = rng.generate64();
        op.b = rng.bounded(4) == 0 ? rng.generate64() : rng.bounded(40);
        op.bytes.resize(rng.bounded(1, rng.bounded(8) == 0 ? 3000 : 12));
        for (auto& b : op.bytes)
            b = std::uint8_t(rng.bounded(256));
        const std::string failure = checker.apply(op);
        REQUIRE_MESSAGE(failure.empty(), "step ", step, " (kind ", int(op.kind), "): ", failure);
        if (step % 50 == 49) {
            const std::string all = checker.checkAll();
            REQUIRE_MESSAGE(all.empty(), "after step ", step, ": ", all);
        }
    }
    REQUIRE(checker.table().pieceCount() > 1); // the run did leave pieces to check
}

// Thousands of random steps, biased towards small edits so that pieces pile up, with every
// query compared after each step and everything (layout, snapshots) every 50 steps.
TEST_CASE("thousands of random steps held to a plain vector") {
    struct Row {
        std::string name;
        std::uint32_t seed;
        bool fromFile;
    };
    std::vector<Row> rows;
    for (std::uint32_t seed : {1u, 2u, 3u, 20261122u, 4242u})
        rows.push_back({"seed " + std::to_string(seed), seed, false});
    rows.push_back({"seed 7, a file", 7u, true});
    for (const Row& row : rows)
        SUBCASE(row.name.c_str()) {
            checkRandomSteps(row.seed, row.fromFile);
        }
}

} // namespace
