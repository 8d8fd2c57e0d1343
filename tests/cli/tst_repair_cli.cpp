// u8scope-cli repair / transcode / detect as a process: outputs, reports,
// exit statuses, atomic output, --in-place with its backup, refusal to overwrite the input, and
// in-place writes that lose nothing: numbered backups, the original's mode,
// owner and extended attributes, symbolic links, a durable rename.
#include "cli_run.h"
#include "repair_samples.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace repairtest;

namespace {

using Run = u8test::CliRun;
using Strings = std::vector<std::string>;
using nlohmann::json;
using u8test::contains;
using u8test::startsWith;

json parsed(const std::string& text) {
    return json::parse(text, nullptr, false);
}

// Every `from` in `s` as `to` (QByteArray::replace).
std::string replacedAll(std::string s, std::string_view from, std::string_view to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// Each test case runs the CLI in a scratch folder of its own, with relative names.
struct Fixture {
    u8test::TempDir dir;

    Run cli(const Strings& args, const std::string& stdinData = {}) const {
        return u8test::runCli(args, stdinData, dir.path());
    }
    std::string file(const std::string& name, std::string_view content) const {
        return u8test::writeFile(dir.filePath(name), content);
    }
    // The file's bytes, or nothing when it cannot be read.
    std::string read(const std::string& name) const {
        return u8test::readFile(dir.filePath(name)).value_or("");
    }
    std::string path(const std::string& name) const { return dir.filePath(name); }
    bool exists(const std::string& name) const { return u8test::exists(dir.filePath(name)); }
};

TEST_CASE_FIXTURE(Fixture, "repair writes its output and reports what it changed") {
    file("in.txt", "Caf\xC3\x83\xC2\xA9 \xE9t\xE9\r\nit\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2s\r\n");
    const Run r = cli(
        {"repair", "--mojibake", "--invalid=cp1252", "--newlines=lf", "-o", "out.txt", "in.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("out.txt") == "Café été\nit’s\n");
    REQUIRE(contains(r.err, "mojibake: C3 83 C2 A9"));
    REQUIRE(contains(r.err, "UTF-8 read as windows-1252"));
    REQUIRE(contains(r.err, "line endings in input: 0 LF, 2 CRLF, 0 CR"));
    REQUIRE(contains(r.err, "invalid-sequence=2 mojibake=2 line-ending=2"));
    REQUIRE(r.out.empty());
    // Standard input to standard output.
    const Run piped = cli({"repair", "--bom=add", "-o", "-", "-"}, "x");
    REQUIRE(piped.exitCode == 0);
    REQUIRE(piped.out == "\xEF\xBB\xBFx");
}

TEST_CASE_FIXTURE(Fixture, "repair --json reports counts and changes") {
    file("in.txt", "a\xED\xA0\xBD\xED\xB8\x80 \xC0\x80");
    const Run r = cli({"repair", "--cesu", "--json", "-o", "out.txt", "in.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("out.txt") == std::string("a\xF0\x9F\x98\x80 \0", 7));
    const json doc = parsed(r.err);
    INFO(r.err);
    REQUIRE(doc.is_object());
    const json counts = doc.at("counts");
    REQUIRE(counts.at("cesu-8") == 1);
    REQUIRE(counts.at("modified-utf-8-nul") == 1);
    const json changes = doc.at("changes");
    REQUIRE(changes.size() == 2);
    REQUIRE(changes.at(0).at("offset") == 1);
    REQUIRE(changes.at(0).at("before_hex") == "ED A0 BD ED B8 80");
}

TEST_CASE_FIXTURE(Fixture, "repair --explain says why each change was made") {
    file("in.txt", "Caf\xC3\x83\xC6\x92\xC3\x82\xC2\xA9 \xC0\xAF\n");
    const Run r = cli({"repair", "--mojibake", "--explain", "-o", "out.txt", "in.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("out.txt") == "Caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD\n");
    const std::string& err = r.err;
    INFO(r.err);
    REQUIRE(startsWith(err, "in.txt:\noffset 12: invalid-sequence: "));
    REQUIRE(contains(err,
                     "offset 3: mojibake: \"ÃƒÂ©\" -> \"é\"\n  UTF-8 read as windows-1252 (and "
                     "that result read as windows-1252).\n  Evidence: no other fix in this "
                     "file through windows-1252.\n  Likelihood: the repair reads "));
    REQUIRE(
        contains(err, " nats likelier in real text; least likely pairs of the damage \"Ãƒ\" -"));
    REQUIRE(contains(err, "\n  Confidence: "));
    REQUIRE(u8test::endsWith(
        err, "changes: invalid-sequence=1 mojibake=1; 15 bytes in, 13 bytes out\n"));
}

TEST_CASE_FIXTURE(Fixture, "repair --scope=line repairs each line through its own page") {
    // Records: a correct line stays correct whatever the other lines show ("Ã" + a space is "à"
    // whose A0 was lost only where the text shows windows-1252's damage), and each damaged line
    // is repaired through its own page.
    file("in.csv", "caf\xC3\x83\xC2\xA9 r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9\n"
                   "\xC3\x83 is a letter\n"
                   "\xD0\xA0\xD1\x9F\xD0\xA1\xD0\x82\xD0\xA0\xD1\x91\n");
    const Run line = cli({"repair", "--mojibake", "--scope=line", "-o", "out.csv", "in.csv"});
    REQUIRE(line.exitCode == 0);
    REQUIRE(read("out.csv") == "caf\xC3\xA9 r\xC3\xA9sum\xC3\xA9\n\xC3\x83 is a letter\n"
                               "\xD0\x9F\xD1\x80\xD0\xB8\n");
    {
        INFO(line.err);
        REQUIRE(contains(line.err, "changes: mojibake=4; "));
    }
    const Run whole = cli({"repair", "--mojibake", "-o", "out.csv", "in.csv"});
    REQUIRE(whole.exitCode == 0);
    REQUIRE(contains(read("out.csv"), "\xC3\xA0 is a letter"));
    const Run bad = cli({"repair", "--mojibake", "--scope=word", "-o", "out.csv", "in.csv"});
    REQUIRE(bad.exitCode == 2);
    INFO(bad.err);
    REQUIRE(contains(bad.err, "--scope"));
}

// Quotes of two origins in one string: the opening one UTF-8 read as ISO-8859-1 ("â" + two C1
// controls), the closing one windows-1252's 94 read as ISO-8859-1 (U+0094). --mojibake reads C1
// controls as windows-1252 punctuation unless --c1=keep says otherwise.
TEST_CASE_FIXTURE(Fixture, "--mojibake reads C1 controls as windows-1252 punctuation") {
    file("q.txt", "\xC3\xA2\xC2\x80\xC2\x9Cword\xC2\x94\n");
    const Run r = cli({"repair", "--mojibake", "-o", "out.txt", "q.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("out.txt") == "\xE2\x80\x9Cword\xE2\x80\x9D\n");
    {
        INFO(r.err);
        REQUIRE(contains(r.err, "c1-control=1"));
    }
    const Run keep = cli({"repair", "--mojibake", "--c1=keep", "-o", "out.txt", "q.txt"});
    REQUIRE(keep.exitCode == 0);
    REQUIRE(read("out.txt") == "\xE2\x80\x9Cword\xC2\x94\n");
}

struct PagesRow {
    const char* name;
    std::string pages;
    bool repaired;
};

TEST_CASE_FIXTURE(Fixture, "--mojibake=PAGES repairs only through the pages named") {
    // "Café" read as windows-1252 (or ISO-8859-1: the bytes C3 A9 read the same).
    const PagesRow rows[] = {
        {"codec name", "windows-1252", true},
        {"cp1252", "cp1252", true},
        {"win1252", "win1252", true},
        {"latin1", "latin1", true},
        {"latin1 and koi8r", "koi8r,latin1", true},
        {"latin2 only", "latin2", false},
        {"koi8r and cp437", "KOI8R,cp437", false},
        {"mac", "mac", false},
    };
    for (const PagesRow& row : rows) {
        SUBCASE(row.name) {
            const std::string damaged(
                "Caf\xC3\x83\xC2\xA9 and r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9");
            file("in.txt", damaged);
            const Run r =
                cli({"repair", "--mojibake=" + row.pages, "--json", "-o", "out.txt", "in.txt"});
            REQUIRE(r.exitCode == 0);
            REQUIRE(read("out.txt") ==
                    (row.repaired ? "Caf\xC3\xA9 and r\xC3\xA9sum\xC3\xA9" : damaged));
        }
    }
}

TEST_CASE_FIXTURE(Fixture, "an unknown page is refused, the known ones listed") {
    file("in.txt", "x");
    const Run r = cli({"repair", "--mojibake=cp1252,ebcdic", "-o", "o", "in.txt"});
    REQUIRE(r.exitCode == 2);
    {
        INFO(r.err);
        REQUIRE(startsWith(r.err, "u8scope-cli repair: unknown code page 'ebcdic' for --mojibake "
                                  "(known: windows-1252, ISO-8859-1, "));
    }
    REQUIRE(contains(r.err, "KOI8-R"));
    REQUIRE(!exists("o"));
    // A bare --mojibake still takes no value from the next argument.
    const Run bare = cli({"repair", "--mojibake", "in.txt", "-o", "o"});
    REQUIRE(bare.exitCode == 0);
}

TEST_CASE_FIXTURE(Fixture, "repair refuses to overwrite its input") {
    const std::string original("Caf\xC3\x83\xC2\xA9");
    file("in.txt", original);
    // A usage error (2), as for decode: the command line asks for something refused.
    const Run r = cli({"repair", "--mojibake", "-o", "in.txt", "in.txt"});
    REQUIRE(r.exitCode == 2);
    REQUIRE(contains(r.err, "--in-place"));
    REQUIRE(read("in.txt") == original);
    // The same file through another name (./in.txt) is recognised too.
    REQUIRE(cli({"repair", "-o", "./in.txt", "in.txt"}).exitCode == 2);
    REQUIRE(read("in.txt") == original);
}

TEST_CASE_FIXTURE(Fixture, "repair --in-place keeps a backup") {
    const std::string original("Caf\xC3\x83\xC2\xA9\n");
    file("in.txt", original);
    const Run r = cli({"repair", "--mojibake", "--in-place", "in.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("in.txt") == "Café\n");
    REQUIRE(read("in.txt.bak") == original);
    REQUIRE(contains(r.err, "in.txt.bak"));
    REQUIRE(cli({"repair", "--in-place", "-o", "x", "in.txt"}).exitCode == 2);
    REQUIRE(cli({"repair", "--in-place", "-"}).exitCode == 2);
}

const std::string kDamaged("Caf\xC3\x83\xC2\xA9\n");
const std::string kRepaired("Caf\xC3\xA9\n");

struct stat statOf(const std::string& path) {
    struct stat st {};
    ::lstat(path.c_str(), &st);
    return st;
}

// The value of extended attribute `name` of `path`, or nullopt when it has none.
std::optional<std::string> xattrOf(const std::string& path, const char* name) {
    char value[256];
    const ssize_t n = ::getxattr(path.c_str(), name, value, sizeof value);
    return n < 0 ? std::nullopt : std::optional<std::string>(std::string(value, std::size_t(n)));
}

// A POSIX ACL in the form the kernel stores under system.posix_acl_access (version 2, then
// entries of tag, permissions and id, little-endian: linux/posix_acl_xattr.h): the owner rw-,
// user 4321 r--, the owning group ---, mask r--, others ---.
std::string aclGivingUser4321Read() {
    std::string acl;
    const auto u32 = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            acl += char((v >> (8 * i)) & 0xFF);
    };
    const auto entry = [&](std::uint16_t tag, std::uint16_t perm, std::uint32_t id) {
        acl += char(tag & 0xFF);
        acl += char(tag >> 8);
        acl += char(perm & 0xFF);
        acl += char(perm >> 8);
        u32(id);
    };
    u32(2);
    entry(0x01, 6, 0xFFFFFFFF); // ACL_USER_OBJ
    entry(0x02, 4, 4321);       // ACL_USER
    entry(0x04, 0, 0xFFFFFFFF); // ACL_GROUP_OBJ
    entry(0x10, 4, 0xFFFFFFFF); // ACL_MASK
    entry(0x20, 0, 0xFFFFFFFF); // ACL_OTHER
    return acl;
}

TEST_CASE_FIXTURE(Fixture, "--in-place never overwrites a backup") {
    file("notes.txt", kDamaged);
    file("notes.txt.bak", "kept by the user\n");
    const Run r = cli({"repair", "--mojibake", "--in-place", "notes.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("notes.txt") == kRepaired);
    REQUIRE(read("notes.txt.bak") == "kept by the user\n");
    REQUIRE(read("notes.txt.bak.1") == kDamaged);
    {
        INFO(r.err);
        REQUIRE(contains(r.err, "original saved as notes.txt.bak.1 (a "));
    }
    // Again (transcode, the other --in-place command): the next free number, nothing replaced.
    const Run again =
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--in-place", "notes.txt"});
    REQUIRE(again.exitCode == 0);
    REQUIRE(read("notes.txt.bak.2") == kRepaired);
    REQUIRE(read("notes.txt.bak.1") == kDamaged);
    REQUIRE(read("notes.txt.bak") == "kept by the user\n");
    INFO(again.err);
    REQUIRE(contains(again.err, "original saved as notes.txt.bak.2 (a "));
}

// Issue 33, defect 23: the backup of a large file is not written a second time. The file is
// replaced by a new one, so the old one itself becomes the backup (a hard link), and the message
// says so. A file with another name is copied (or reflinked where the file system can): a write
// through that name would change the backup.
TEST_CASE_FIXTURE(Fixture, "the --in-place backup is no copy where it need not be") {
    const std::string name = file("notes.txt", kDamaged);
    struct stat before {};
    REQUIRE(::stat(name.c_str(), &before) == 0);
    const Run r = cli({"repair", "--mojibake", "--in-place", "notes.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("notes.txt.bak") == kDamaged);
    REQUIRE(read("notes.txt") == kRepaired);
    struct stat backup {};
    REQUIRE(::stat(path("notes.txt.bak").c_str(), &backup) == 0);
    {
        INFO(r.err);
        REQUIRE(contains(r.err, "original saved as notes.txt.bak (a hard link)\n"));
    }
    REQUIRE(backup.st_ino == before.st_ino);
    REQUIRE(backup.st_nlink == nlink_t(1)); // the file itself now has a new one
    // Two names: copied, and the other name keeps the old content, apart from the backup.
    REQUIRE(std::remove(path("notes.txt.bak").c_str()) == 0);
    file("notes.txt", kDamaged);
    REQUIRE(::link(name.c_str(), path("other-name.txt").c_str()) == 0);
    const Run linked = cli({"repair", "--mojibake", "--in-place", "notes.txt"});
    REQUIRE(linked.exitCode == 0);
    {
        INFO(linked.err);
        REQUIRE((contains(linked.err, "original saved as notes.txt.bak (a copy)\n") ||
                 contains(linked.err, "original saved as notes.txt.bak (a reflink)\n")));
    }
    REQUIRE(read("notes.txt.bak") == kDamaged);
    REQUIRE(read("other-name.txt") == kDamaged);
    REQUIRE(::stat(path("notes.txt.bak").c_str(), &backup) == 0);
    REQUIRE(backup.st_nlink == nlink_t(1));
}

TEST_CASE_FIXTURE(Fixture, "--in-place keeps the mode, owner and group") {
    for (const mode_t mode : {mode_t(0600), mode_t(0640), mode_t(0604)}) {
        CAPTURE(mode);
        REQUIRE((std::remove(path("notes.txt.bak").c_str()) == 0 || !exists("notes.txt.bak")));
        const std::string name = file("notes.txt", kDamaged);
        REQUIRE(::chmod(name.c_str(), mode) == 0);
        // The tests run as root, who may give the file any owner: one that is not the writer's.
        const bool chowned = ::chown(name.c_str(), 4321, 5432) == 0;
        REQUIRE(cli({"repair", "--mojibake", "--in-place", "notes.txt"}).exitCode == 0);
        for (const char* written : {"notes.txt", "notes.txt.bak"}) {
            CAPTURE(written);
            const struct stat st = statOf(path(written));
            REQUIRE((st.st_mode & 07777) == mode);
            if (chowned) {
                REQUIRE(st.st_uid == uid_t(4321));
                REQUIRE(st.st_gid == gid_t(5432));
            }
        }
        REQUIRE(read("notes.txt.bak") == kDamaged);
    }
    // -o OUT over an existing file keeps that file's mode too; a new OUT follows the umask.
    const std::string out = file("out.txt", "old");
    REQUIRE(::chmod(out.c_str(), 0600) == 0);
    file("in.txt", kDamaged);
    REQUIRE(cli({"repair", "--mojibake", "-o", "out.txt", "in.txt"}).exitCode == 0);
    REQUIRE((statOf(path("out.txt")).st_mode & 07777) == mode_t(0600));
    const mode_t mask = ::umask(0);
    ::umask(mask);
    REQUIRE(cli({"repair", "--mojibake", "-o", "new.txt", "in.txt"}).exitCode == 0);
    REQUIRE((statOf(path("new.txt")).st_mode & 07777) == mode_t(0666 & ~mask));
}

// Run by a user who cannot give the new file the original's group, the group bits are narrowed
// to those of others: a 0640 file of group 5432 must not become readable by the writer's group.
// Where the group can be kept, the mode is kept whole.
TEST_CASE_FIXTURE(Fixture, "--in-place never widens the mode to another group") {
    const std::string setpriv = u8test::findExecutable("setpriv");
    if (::geteuid() != 0 || setpriv.empty())
        U8TEST_SKIP("needs root and setpriv(1) to run the command as another user");
    REQUIRE(::chmod(dir.path().c_str(), 0777) == 0);
    constexpr uid_t kNobody = 65534;
    const struct {
        gid_t group;
        mode_t expected;
    } cases[] = {{5432, 0600}, {kNobody, 0640}};
    for (const auto& c : cases) {
        CAPTURE(c.group);
        const std::string name = "g" + std::to_string(c.group) + ".txt";
        const std::string native = file(name, kDamaged);
        REQUIRE(::chown(native.c_str(), kNobody, c.group) == 0);
        REQUIRE(::chmod(native.c_str(), 0640) == 0);
        u8test::ProcessOptions options;
        options.workingDirectory = dir.path();
        options.timeoutMs = 60000;
        const u8test::ProcessRun p =
            u8test::runProcess(setpriv,
                               {"--reuid=65534", "--regid=65534", "--clear-groups",
                                u8test::cliPath(), "repair", "--mojibake", "--in-place", name},
                               options);
        REQUIRE(!p.timedOut);
        {
            INFO(p.err);
            REQUIRE(p.exitCode == 0);
        }
        REQUIRE(read(name) == kRepaired);
        for (const std::string& written : {name, name + ".bak"}) {
            CAPTURE(written);
            const struct stat st = statOf(path(written));
            REQUIRE(st.st_uid == kNobody);
            // A backup that is the original itself (a hard link) keeps its group and mode.
            if (written != name && st.st_gid == c.group && st.st_nlink == 1)
                REQUIRE((st.st_mode & 07777) == mode_t(0640));
            else
                REQUIRE((st.st_mode & 07777) == c.expected);
        }
    }
}

TEST_CASE_FIXTURE(Fixture, "--in-place keeps extended attributes and the ACL") {
    const std::string name = file("notes.txt", kDamaged);
    if (::setxattr(name.c_str(), "user.origin", "scanner", 7, 0) != 0)
        U8TEST_SKIP("this file system has no extended attributes");
    const std::string acl = aclGivingUser4321Read();
    const bool hasAcl =
        ::setxattr(name.c_str(), "system.posix_acl_access", acl.data(), acl.size(), 0) == 0;
    const mode_t mode = statOf(path("notes.txt")).st_mode & 07777;
    REQUIRE(cli({"repair", "--mojibake", "--in-place", "notes.txt"}).exitCode == 0);
    REQUIRE(read("notes.txt") == kRepaired);
    for (const char* written : {"notes.txt", "notes.txt.bak"}) {
        CAPTURE(written);
        REQUIRE(xattrOf(path(written), "user.origin") == std::optional<std::string>("scanner"));
        if (hasAcl)
            REQUIRE(xattrOf(path(written), "system.posix_acl_access") ==
                    std::optional<std::string>(acl));
        REQUIRE((statOf(path(written)).st_mode & 07777) == mode);
    }
}

TEST_CASE_FIXTURE(Fixture, "--in-place and -o through a symbolic link") {
    namespace fs = std::filesystem;
    REQUIRE(fs::create_directory(path("real")));
    file("real/notes.txt", kDamaged);
    REQUIRE(::symlink("real/notes.txt", path("link.txt").c_str()) == 0);
    const Run r = cli({"repair", "--mojibake", "--in-place", "link.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(S_ISLNK(statOf(path("link.txt")).st_mode));
    // QFileInfo::symLinkTarget: the link's target, absolute.
    std::error_code ec;
    REQUIRE((fs::path(dir.path()) / fs::read_symlink(path("link.txt"), ec)).lexically_normal() ==
            fs::path(path("real/notes.txt")).lexically_normal());
    REQUIRE(read("real/notes.txt") == kRepaired);
    // The backup lies beside the file repaired, not beside the link.
    REQUIRE(read("real/notes.txt.bak") == kDamaged);
    REQUIRE(!exists("link.txt.bak"));
    {
        INFO(r.err);
        REQUIRE(contains(r.err, "real/notes.txt.bak"));
    }
    // -o through a link writes the target too.
    file("in.txt", kDamaged);
    file("real/out.txt", "old");
    REQUIRE(::symlink("real/out.txt", path("out.txt").c_str()) == 0);
    REQUIRE(cli({"repair", "--mojibake", "-o", "out.txt", "in.txt"}).exitCode == 0);
    REQUIRE(S_ISLNK(statOf(path("out.txt")).st_mode));
    REQUIRE(read("real/out.txt") == kRepaired);
    // A link to nothing is refused with the reason, and left as it was.
    REQUIRE(::symlink("real/gone.txt", path("dangling.txt").c_str()) == 0);
    const Run dangling = cli({"repair", "--mojibake", "-o", "dangling.txt", "in.txt"});
    REQUIRE(dangling.exitCode == 2);
    {
        INFO(dangling.err);
        REQUIRE(contains(dangling.err,
                         "dangling.txt: a symbolic link to a file that cannot be reached"));
    }
    REQUIRE(S_ISLNK(statOf(path("dangling.txt")).st_mode));
    REQUIRE(!exists("real/gone.txt"));
}

// How many renames (and the link) of an strace log are made durable, and where the link is.
struct TraceReading {
    int durableRenames = 0, linkAt = -1, renameAt = -1;
};

TraceReading readTrace(const Strings& calls, const std::string& directory) {
    // For the backup and for the file: a sync of the temporary file, the rename, then a sync of
    // the directory. A backup that is the original itself: a sync of it, the link, then a sync
    // of the directory, all of it after the temporary file's sync and just before its rename
    // (issue 35).
    const auto ofBackup = [&](const std::string& call) {
        return contains(call, " link(") || contains(call, "/notes.txt>") ||
               (contains(call, "fsync(") && contains(call, "<" + directory + ">"));
    };
    TraceReading t;
    for (int i = 0; i < int(calls.size()); ++i) {
        const bool linked = contains(calls[i], " link(");
        if (!contains(calls[i], "rename") && !linked)
            continue;
        (linked ? t.linkAt : t.renameAt) = i;
        int synced = i - 1; // the sync that made it durable, before the backup's steps
        while (!linked && synced > 0 && ofBackup(calls[synced]))
            --synced;
        // The temporary file is named (".u8scope-"), or has no name until just before the
        // rename (O_TMPFILE: strace shows the descriptor as "DIR/#INODE (deleted)").
        const bool fileSynced =
            synced >= 0 && contains(calls[synced], "fsync(") &&
            (contains(calls[synced], ".u8scope-") || contains(calls[synced], "(deleted)") ||
             (linked && contains(calls[synced], "/notes.txt>")));
        const bool directorySynced = i + 1 < int(calls.size()) &&
                                     contains(calls[i + 1], "fsync(") &&
                                     contains(calls[i + 1], "<" + directory + ">");
        t.durableRenames += fileSynced && directorySynced;
    }
    return t;
}

// fsync(2) of the file before the rename and of its directory after, seen through strace(1)
// (-y prints the path behind each descriptor).
TEST_CASE_FIXTURE(Fixture, "the --in-place rename is durable") {
    const std::string strace = u8test::findExecutable("strace");
    if (strace.empty())
        U8TEST_SKIP("strace is not installed");
    file("notes.txt", kDamaged);
    u8test::ProcessOptions options;
    options.workingDirectory = dir.path();
    options.timeoutMs = 60000;
    const u8test::ProcessRun p = u8test::runProcess(
        strace,
        {"-f", "-y", "-e", "trace=fsync,rename,renameat2,link", "-o", "trace.txt",
         u8test::cliPath(), "repair", "--mojibake", "--in-place", "notes.txt"},
        options);
    REQUIRE(!p.timedOut);
    if (p.exitCode != 0)
        U8TEST_SKIP("strace cannot trace here (no ptrace)");
    const std::string trace = read("trace.txt");
    const TraceReading t =
        readTrace(u8test::split(trace, '\n'), std::filesystem::canonical(dir.path()).string());
    INFO(trace);
    REQUIRE(t.durableRenames == 2);
    REQUIRE((t.linkAt >= 0 && t.renameAt == t.linkAt + 2));
}

TEST_CASE_FIXTURE(Fixture, "a strict repair that fails leaves no output") {
    file("in.txt", "ok\xFF");
    const Run r = cli({"repair", "--invalid=strict", "-o", "out.txt", "in.txt"});
    REQUIRE(r.exitCode == 1);
    REQUIRE(contains(r.err, "offset 2"));
    REQUIRE(!exists("out.txt"));
    // No temporary file is left behind either.
    REQUIRE(dir.fileNames() == Strings{"in.txt"});
}

TEST_CASE_FIXTURE(Fixture, "repair --c1: C1 controls read as windows-1252, or kept") {
    // windows-1252 "„Grüße“ … 5 €" converted as if it were ISO-8859-1, then an invalid byte and
    // CR LF: the C1 changes are reported at their offsets in the input.
    const std::string in("\xC2\x84Gr\xC3\xBC\xC3\x9F"
                         "e\xC2\x93 \xFF\xC2\x85 5 \xC2\x80\r\n"
                         "\xC2\x81");
    file("in.txt", in);
    const Run keep = cli({"repair", "-o", "kept.txt", "in.txt"});
    REQUIRE(keep.exitCode == 0);
    REQUIRE(read("kept.txt") == replacedAll(in, "\xFF", "\xEF\xBF\xBD"));
    REQUIRE(!contains(keep.err, "c1-control"));
    const Run r = cli({"repair", "--c1=cp1252", "--newlines=lf", "-o", "out.txt", "in.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("out.txt") == "„Grüße“ \xEF\xBF\xBD… 5 €\n\xC2\x81"); // 81: undefined, kept
    {
        INFO(r.err);
        REQUIRE(contains(r.err, "offset 0: c1-control: C2 84 \"<U+0084>\" -> \"„\""));
    }
    REQUIRE(contains(r.err, "offset 13: c1-control: C2 85"));
    REQUIRE(contains(r.err, "(U+0093 (a C1 control) read as windows-1252 0x93: “)"));
    REQUIRE(contains(r.err, "invalid-sequence=1 c1-control=4 line-ending=1"));
    const Run jsonRun = cli({"repair", "--c1=cp1252", "--json", "-o", "out.txt", "in.txt"});
    REQUIRE(jsonRun.exitCode == 0);
    REQUIRE(parsed(jsonRun.err).at("counts").at("c1-control") == 4);
    REQUIRE(cli({"repair", "--c1=keep", "-o", "kept2.txt", "in.txt"}).exitCode == 0);
    REQUIRE(read("kept2.txt") == read("kept.txt"));
    // Another value is a usage error that names the choices.
    const Run bad = cli({"repair", "--c1=latin1", "-o", "o", "in.txt"});
    REQUIRE(bad.exitCode == 2);
    {
        INFO(bad.err);
        REQUIRE(contains(bad.err, "unknown --c1 action 'latin1' (keep, or cp1252"));
    }
    REQUIRE(contains(cli({"repair", "in.txt"}).err, "[--c1=keep|cp1252]"));
}

// A repair command line that is a usage error (the message is the command's own prefix).
struct RepairUsageRow {
    const char* name;
    Strings args;
};

TEST_CASE_FIXTURE(Fixture, "repair's usage errors exit 2 and write nothing") {
    const RepairUsageRow rows[] = {
        {"no file", {"repair", "-o", "out"}},
        {"no output", {"repair", "in.txt"}},
        {"bad invalid", {"repair", "--invalid=maybe", "-o", "o", "in.txt"}},
        {"bad bom", {"repair", "--bom=twice", "-o", "o", "in.txt"}},
        {"bad newlines", {"repair", "--newlines=cr", "-o", "o", "in.txt"}},
        {"bad c1", {"repair", "--c1=utf8", "-o", "o", "in.txt"}},
        {"c1 without value", {"repair", "--c1", "-o", "o", "in.txt"}},
        {"bad normalize", {"repair", "--normalize=nfkc", "-o", "o", "in.txt"}},
        {"unknown option", {"repair", "--fix-all", "-o", "o", "in.txt"}},
        {"json and explain", {"repair", "--json", "--explain", "-o", "o", "in.txt"}},
        {"empty page list", {"repair", "--mojibake=", "-o", "o", "in.txt"}},
    };
    for (const RepairUsageRow& row : rows) {
        SUBCASE(row.name) {
            file("in.txt", "x");
            const Run r = cli(row.args);
            REQUIRE(r.exitCode == 2);
            REQUIRE(startsWith(r.err, "u8scope-cli repair: "));
            REQUIRE(!exists("o"));
        }
    }
}

// The rows of transcodeMatchesUconv: every target encoding under both policies.
struct UconvRow {
    std::string name, to, policy;
};

std::vector<UconvRow> uconvRows() {
    std::vector<UconvRow> rows;
    for (const char* to : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "ISO-8859-1", "windows-1252",
                           "KOI8-R", "Shift_JIS", "GB18030", "Big5", "EUC-KR"})
        for (const char* policy : {"substitute", "escape"})
            rows.push_back({std::string(to) + " " + policy, to, policy});
    return rows;
}

TEST_CASE_FIXTURE(Fixture, "transcode gives uconv's bytes") {
    if (u8test::findExecutable("uconv").empty())
        U8TEST_SKIP("uconv (icu-devtools) is not installed");
    for (const UconvRow& row : uconvRows()) {
        SUBCASE(row.name.c_str()) {
            std::string text;
            for (const std::string& s : sentences())
                text += s + '\n';
            file("in.txt", text);
            const Run r = cli({"transcode", "--from", "UTF-8", "--to", row.to,
                               "--unmappable=" + row.policy, "-o", "out.bin", "in.txt"});
            REQUIRE(r.exitCode == 0);
            u8test::ProcessOptions options;
            options.workingDirectory = dir.path();
            options.timeoutMs = 30000;
            const u8test::ProcessRun u = u8test::runProcess(
                "uconv",
                {"-f", "UTF-8", "-t", row.to, "--callback",
                 row.policy == "escape" ? "escape-xml-hex" : "substitute", "in.txt"},
                options);
            REQUIRE(!u.timedOut);
            REQUIRE(u.exitCode == 0);
            REQUIRE(read("out.bin") == u.out);
            // And back, for the Unicode forms: the original bytes.
            if (startsWith(row.to, "UTF")) {
                REQUIRE(cli({"transcode", "--from", row.to, "--to", "UTF-8", "-o", "back.txt",
                             "out.bin"})
                            .exitCode == 0);
                REQUIRE(read("back.txt") == text);
            }
        }
    }
}

TEST_CASE_FIXTURE(Fixture, "transcode: characters the target cannot hold") {
    file("in.txt", "ab\xE2\x82\xAC"
                   "c\xE2\x82\xAC");
    const Run fail =
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "-o", "out.txt", "in.txt"});
    REQUIRE(fail.exitCode == 1);
    REQUIRE(contains(fail.err, "2 character(s) not representable in ISO-8859-1 at offset(s) 2, 6"));
    REQUIRE(!exists("out.txt"));
    const Run esc = cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1",
                         "--unmappable=escape", "--escape=java", "-o", "out.txt", "in.txt"});
    REQUIRE(esc.exitCode == 0);
    REQUIRE(read("out.txt") == "ab\\u20ACc\\u20AC");
    const Run jsonRun = cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--json",
                             "--unmappable=substitute", "-o", "out2.txt", "in.txt"});
    REQUIRE(jsonRun.exitCode == 0);
    const json o = parsed(jsonRun.err);
    REQUIRE(o.at("unmappable") == 2);
    REQUIRE(o.at("unmappable_offsets").at(1) == 6);
}

TEST_CASE_FIXTURE(Fixture, "transcode: an unknown encoding") {
    file("in.txt", "x");
    const Run r = cli({"transcode", "--from", "UTF-8", "--to", "klingon", "-o", "o", "in.txt"});
    REQUIRE(r.exitCode == 2);
    REQUIRE(contains(r.err, "unknown encoding 'klingon'"));
    REQUIRE(!exists("o"));
}

TEST_CASE_FIXTURE(Fixture, "transcode streams a large input") {
    // 3 MiB read in 1 MiB chunks, with a 2-byte character cut by each chunk boundary and an
    // invalid byte in the third chunk: the same bytes as uconv, the offset in the whole file.
    std::string text;
    while (text.size() < (1 << 20) - 1)
        text += 'a';
    text += "\xC3\xA9";
    while (text.size() < (2 << 20) + 100)
        text += "\xE2\x82\xAC";
    const std::size_t bad = text.size();
    text += "\xFF tail";
    file("big.txt", text);
    const Run fail =
        cli({"transcode", "--from", "UTF-8", "--to", "UTF-16BE", "-o", "o.bin", "big.txt"});
    REQUIRE(fail.exitCode == 1);
    {
        INFO(fail.err);
        REQUIRE(contains(fail.err, "at offset(s) " + std::to_string(bad)));
    }
    REQUIRE(!exists("o.bin"));
    const Run sub = cli({"transcode", "--from", "UTF-8", "--to", "UTF-16BE",
                         "--unmappable=substitute", "-o", "o.bin", "big.txt"});
    REQUIRE(sub.exitCode == 0);
    if (u8test::findExecutable("uconv").empty())
        U8TEST_SKIP("uconv (icu-devtools) is not installed");
    u8test::ProcessOptions options;
    options.workingDirectory = dir.path();
    options.timeoutMs = 60000;
    const u8test::ProcessRun u = u8test::runProcess(
        "uconv", {"-f", "UTF-8", "-t", "UTF-16BE", "--callback", "substitute", "big.txt"}, options);
    REQUIRE(!u.timedOut);
    REQUIRE(read("o.bin") == u.out);
}

TEST_CASE_FIXTURE(Fixture, "transcode --in-place") {
    const std::string original("caf\xC3\xA9\n");
    file("in.txt", original);
    REQUIRE(cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "-o", "in.txt", "in.txt"})
                .exitCode == 2); // refused as a usage error
    REQUIRE(read("in.txt") == original);
    const Run r =
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--in-place", "in.txt"});
    REQUIRE(r.exitCode == 0);
    REQUIRE(read("in.txt") == "caf\xE9\n");
    REQUIRE(read("in.txt.bak") == original);
    // A failed in-place run leaves the file and makes no backup.
    file("e.txt", "\xE2\x82\xAC");
    REQUIRE(cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--in-place", "e.txt"})
                .exitCode == 1);
    REQUIRE(read("e.txt") == "\xE2\x82\xAC");
    REQUIRE(!exists("e.txt.bak"));
}

TEST_CASE_FIXTURE(Fixture, "detect guesses UTF-16LE without a byte order mark") {
    std::string le;
    for (const char c : std::string("plain text in UTF-16LE without a byte order mark\n")) {
        le += c;
        le += '\0';
    }
    file("le.txt", le);
    const Run r = cli({"detect", "le.txt"});
    REQUIRE(r.exitCode == 0);
    INFO(r.out);
    REQUIRE(contains(r.out, "1. UTF-16LE"));
    REQUIRE(contains(r.out, "zero bytes at odd offsets"));
}

TEST_CASE_FIXTURE(Fixture, "detect --json names the mojibake and its repair") {
    file("m.txt", "Le caf\xC3\x83\xC2\xA9 est tr\xC3\x83\xC2\xA8s bon.\n");
    const Run r = cli({"detect", "--json", "m.txt"});
    REQUIRE(r.exitCode == 0);
    const json o = parsed(r.out);
    REQUIRE(o.at("valid_utf8") == true);
    const json m = o.at("mojibake");
    REQUIRE(m.at("fixes") == 2);
    REQUIRE(m.at("description") == "UTF-8 read as windows-1252");
    REQUIRE(m.at("pages") == json::array({"windows-1252"}));
    REQUIRE(m.at("repair") == "repair --mojibake");
}

TEST_CASE_FIXTURE(Fixture, "detect names C1 controls that stand for punctuation") {
    file("c1.txt", "Er sagte \xC2\x84ja\xC2\x93 \xE2\x80\x93 sch\xC3\xB6n.\n");
    const Run r = cli({"detect", "c1.txt"});
    REQUIRE(r.exitCode == 0);
    {
        INFO(r.out);
        REQUIRE(contains(r.out, "2 C1 control(s) U+0080..U+009F that stand for windows-1252 "
                                "punctuation"));
    }
    REQUIRE(contains(r.out, "`repair --c1=cp1252` fixes them"));
    const json o = parsed(cli({"detect", "--json", "c1.txt"}).out);
    REQUIRE(o.at("c1_punctuation").at("repair") == "repair --c1=cp1252");
    file("clean.txt", "Er sagte \xE2\x80\x9Eja\xE2\x80\x9C.\n");
    REQUIRE(!contains(cli({"detect", "clean.txt"}).out, "C1"));
    REQUIRE(contains(cli({"detect", "--json", "clean.txt"}).out, "\"c1_punctuation\":null"));
    // With mojibake too, both repairs are named in one command.
    file("both.txt", "Le caf\xC3\x83\xC2\xA9 est tr\xC3\x83\xC2\xA8s bon, "
                     "\xC2\x93vraiment\xC2\x94.\n");
    const Run both = cli({"detect", "both.txt"});
    INFO(both.out);
    REQUIRE(contains(both.out, "`repair --mojibake --c1=cp1252`"));
}

// UTF-8 with a dozen valid characters and 7 stray Latin-1 bytes: `detect` names UTF-8 and the
// repair that keeps the valid characters, not windows-1252 for the whole file.
TEST_CASE_FIXTURE(Fixture, "detect: UTF-8 with stray bytes is UTF-8, repaired byte by byte") {
    file("s.txt", "Gr\xC3\xBC\xC3\x9F"
                  "e aus K\xC3\xB6ln: sch\xC3\xB6n, caf\xC3\xA9, "
                  "\xE4\xB8\xAD\xE6\x96\x87, na\xC3\xAFve, \xC3\x98resund, "
                  "\xC3\xB6 \xC3\xB6 \xC3\xA9.\n"
                  "caf\xE9 sch\xF6n M\xFCller na\xEFve \xE0 la \xE8re \xF1\n");
    const Run r = cli({"detect", "--json", "s.txt"});
    REQUIRE(r.exitCode == 0);
    const json o = parsed(r.out);
    REQUIRE(o.at("invalid_sequences") == 7);
    REQUIRE(o.at("multibyte_characters") == 12);
    const json best = o.at("guesses").at(0);
    REQUIRE(best.at("encoding") == "UTF-8");
    REQUIRE(best.at("stray_bytes_page") == "windows-1252");
    // The codec's reason says what was found; the CLI names its own repair beside it.
    REQUIRE(!contains(best.at("reason").get<std::string>(), "repair"));
    REQUIRE(best.at("repair") == "repair --invalid=cp1252");
    REQUIRE(contains(cli({"detect", "s.txt"}).out, "; try repair --invalid=cp1252"));
}

TEST_CASE_FIXTURE(Fixture, "a missing file is named with the reason") {
    for (const Strings& args :
         {Strings{"repair", "-o", "o", "nope.txt"},
          Strings{"transcode", "--from", "UTF-8", "--to", "UTF-16LE", "-o", "o", "nope.txt"},
          Strings{"detect", "nope.txt"}}) {
        const Run r = cli(args);
        REQUIRE(r.exitCode == 2);
        INFO(r.err);
        REQUIRE(contains(r.err, "nope.txt: No such file or directory"));
        REQUIRE(!exists("o"));
    }
}

} // namespace
