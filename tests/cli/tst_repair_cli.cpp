// u8scope-cli repair / transcode / detect through QProcess: outputs, reports,
// exit statuses, atomic output, --in-place with its backup, refusal to overwrite the input, and
// in-place writes that lose nothing: numbered backups, the original's mode,
// owner and extended attributes, symbolic links, a durable rename.
#include "cli_run.h"
#include "repair_test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

using namespace repairtest;

class TestRepairCli : public QObject {
    Q_OBJECT

private slots:
    void init();
    void repairWritesOutAndReports();
    void repairJsonReport();
    void repairExplain();
    void repairScopeLine();
    void mojibakeReadsC1Punctuation();
    void repairMojibakePages_data();
    void repairMojibakePages();
    void repairUnknownPageListsTheKnownOnes();
    void repairRefusesOverwritingInput();
    void repairInPlaceKeepsBackup();
    void inPlaceNeverOverwritesABackup();
    void inPlaceBackupIsNoCopyWhereItNeedNotBe();
    void inPlaceKeepsModeOwnerAndGroup();
    void inPlaceNeverWidensToAnotherGroup();
    void inPlaceKeepsExtendedAttributesAndAcl();
    void inPlaceThroughASymbolicLink();
    void inPlaceRenameIsDurable();
    void repairStrictFailureLeavesNoOutput();
    void repairC1Controls();
    void repairUsageErrors_data();
    void repairUsageErrors();
    void transcodeMatchesUconv_data();
    void transcodeMatchesUconv();
    void transcodeUnmappable();
    void transcodeUnknownEncoding();
    void transcodeStreamsLargeInput();
    void transcodeInPlace();
    void detectGuesses();
    void detectMojibakeJson();
    void detectC1Controls();
    void detectStrayBytes();
    void missingFile();

private:
    using Run = u8test::CliRun;
    Run cli(const QStringList& args, const QByteArray& stdinData = {});
    QString file(const QString& name, const QByteArray& content);
    QByteArray read(const QString& name);
    QString path(const QString& name) const { return dir_->filePath(name); }

    std::unique_ptr<QTemporaryDir> dir_;
};

void TestRepairCli::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
}

TestRepairCli::Run TestRepairCli::cli(const QStringList& args, const QByteArray& stdinData) {
    return u8test::runCli(args, stdinData, dir_->path());
}

QString TestRepairCli::file(const QString& name, const QByteArray& content) {
    QFile f(dir_->filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(content);
    return f.fileName();
}

QByteArray TestRepairCli::read(const QString& name) {
    QFile f(dir_->filePath(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestRepairCli::repairWritesOutAndReports() {
    file(QStringLiteral("in.txt"),
         "Caf\xC3\x83\xC2\xA9 \xE9t\xE9\r\nit\xC3\xA2\xE2\x82\xAC\xE2\x84\xA2s\r\n");
    const Run r = cli(
        {"repair", "--mojibake", "--invalid=cp1252", "--newlines=lf", "-o", "out.txt", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")), QByteArray("Café été\nit’s\n"));
    QVERIFY(r.err.contains("mojibake: C3 83 C2 A9"));
    QVERIFY(r.err.contains("UTF-8 read as windows-1252"));
    QVERIFY(r.err.contains("line endings in input: 0 LF, 2 CRLF, 0 CR"));
    QVERIFY(r.err.contains("invalid-sequence=2 mojibake=2 line-ending=2"));
    QVERIFY(r.out.isEmpty());
    // Standard input to standard output.
    const Run piped = cli({"repair", "--bom=add", "-o", "-", "-"}, "x");
    QCOMPARE(piped.exitCode, 0);
    QCOMPARE(piped.out, QByteArray("\xEF\xBB\xBFx"));
}

void TestRepairCli::repairJsonReport() {
    file(QStringLiteral("in.txt"), "a\xED\xA0\xBD\xED\xB8\x80 \xC0\x80");
    const Run r = cli({"repair", "--cesu", "--json", "-o", "out.txt", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")), QByteArray("a\xF0\x9F\x98\x80 \0", 7));
    const QJsonDocument doc = QJsonDocument::fromJson(r.err);
    QVERIFY2(doc.isObject(), r.err.constData());
    const QJsonObject counts = doc.object().value(QLatin1String("counts")).toObject();
    QCOMPARE(counts.value(QLatin1String("cesu-8")).toInt(), 1);
    QCOMPARE(counts.value(QLatin1String("modified-utf-8-nul")).toInt(), 1);
    const QJsonArray changes = doc.object().value(QLatin1String("changes")).toArray();
    QCOMPARE(changes.size(), 2);
    QCOMPARE(changes.at(0).toObject().value(QLatin1String("offset")).toInt(), 1);
    QCOMPARE(changes.at(0).toObject().value(QLatin1String("before_hex")).toString(),
             QStringLiteral("ED A0 BD ED B8 80"));
}

void TestRepairCli::repairExplain() {
    file(QStringLiteral("in.txt"), "Caf\xC3\x83\xC6\x92\xC3\x82\xC2\xA9 \xC0\xAF\n");
    const Run r = cli({"repair", "--mojibake", "--explain", "-o", "out.txt", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")), QByteArray("Caf\xC3\xA9 \xEF\xBF\xBD\xEF\xBF\xBD\n"));
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith("in.txt:\noffset 12: invalid-sequence: "), r.err.constData());
    QVERIFY2(
        err.contains("offset 3: mojibake: \"ÃƒÂ©\" -> \"é\"\n  UTF-8 read as windows-1252 (and "
                     "that result read as windows-1252).\n  Evidence: no other fix in this "
                     "file through windows-1252.\n  Likelihood: the repair reads "),
        r.err.constData());
    QVERIFY2(err.contains(" nats likelier in real text; least likely pairs of the damage \"Ãƒ\" -"),
             r.err.constData());
    QVERIFY2(err.contains("\n  Confidence: "), r.err.constData());
    QVERIFY(err.endsWith("changes: invalid-sequence=1 mojibake=1; 15 bytes in, 13 bytes out\n"));
}

void TestRepairCli::repairScopeLine() {
    // Records: a correct line stays correct whatever the other lines show ("Ã" + a space is "à"
    // whose A0 was lost only where the text shows windows-1252's damage), and each damaged line
    // is repaired through its own page.
    file(QStringLiteral("in.csv"), "caf\xC3\x83\xC2\xA9 r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9\n"
                                   "\xC3\x83 is a letter\n"
                                   "\xD0\xA0\xD1\x9F\xD0\xA1\xD0\x82\xD0\xA0\xD1\x91\n");
    const Run line = cli({"repair", "--mojibake", "--scope=line", "-o", "out.csv", "in.csv"});
    QCOMPARE(line.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.csv")),
             QByteArray("caf\xC3\xA9 r\xC3\xA9sum\xC3\xA9\n\xC3\x83 is a letter\n"
                        "\xD0\x9F\xD1\x80\xD0\xB8\n"));
    QVERIFY2(QString::fromUtf8(line.err).contains("changes: mojibake=4; "), line.err.constData());
    const Run whole = cli({"repair", "--mojibake", "-o", "out.csv", "in.csv"});
    QCOMPARE(whole.exitCode, 0);
    QVERIFY(read(QStringLiteral("out.csv")).contains("\xC3\xA0 is a letter"));
    const Run bad = cli({"repair", "--mojibake", "--scope=word", "-o", "out.csv", "in.csv"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("--scope"), bad.err.constData());
}

// Quotes of two origins in one string: the opening one UTF-8 read as ISO-8859-1 ("â" + two C1
// controls), the closing one windows-1252's 94 read as ISO-8859-1 (U+0094). --mojibake reads C1
// controls as windows-1252 punctuation unless --c1=keep says otherwise.
void TestRepairCli::mojibakeReadsC1Punctuation() {
    file(QStringLiteral("q.txt"), "\xC3\xA2\xC2\x80\xC2\x9Cword\xC2\x94\n");
    const Run r = cli({"repair", "--mojibake", "-o", "out.txt", "q.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")), QByteArray("\xE2\x80\x9Cword\xE2\x80\x9D\n"));
    QVERIFY2(r.err.contains("c1-control=1"), r.err.constData());
    const Run keep = cli({"repair", "--mojibake", "--c1=keep", "-o", "out.txt", "q.txt"});
    QCOMPARE(keep.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")), QByteArray("\xE2\x80\x9Cword\xC2\x94\n"));
}

void TestRepairCli::repairMojibakePages_data() {
    QTest::addColumn<QString>("pages");
    QTest::addColumn<bool>("repaired");
    // "Café" read as windows-1252 (or ISO-8859-1: the bytes C3 A9 read the same).
    QTest::newRow("codec name") << "windows-1252" << true;
    QTest::newRow("cp1252") << "cp1252" << true;
    QTest::newRow("win1252") << "win1252" << true;
    QTest::newRow("latin1") << "latin1" << true;
    QTest::newRow("latin1 and koi8r") << "koi8r,latin1" << true;
    QTest::newRow("latin2 only") << "latin2" << false;
    QTest::newRow("koi8r and cp437") << "KOI8R,cp437" << false;
    QTest::newRow("mac") << "mac" << false;
}

void TestRepairCli::repairMojibakePages() {
    QFETCH(QString, pages);
    QFETCH(bool, repaired);
    const QByteArray damaged("Caf\xC3\x83\xC2\xA9 and r\xC3\x83\xC2\xA9sum\xC3\x83\xC2\xA9");
    file(QStringLiteral("in.txt"), damaged);
    const Run r = cli({"repair", "--mojibake=" + pages, "--json", "-o", "out.txt", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")),
             repaired ? QByteArray("Caf\xC3\xA9 and r\xC3\xA9sum\xC3\xA9") : damaged);
}

void TestRepairCli::repairUnknownPageListsTheKnownOnes() {
    file(QStringLiteral("in.txt"), "x");
    const Run r = cli({"repair", "--mojibake=cp1252,ebcdic", "-o", "o", "in.txt"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("u8scope-cli repair: unknown code page 'ebcdic' for --mojibake "
                              "(known: windows-1252, ISO-8859-1, "),
             r.err.constData());
    QVERIFY(r.err.contains("KOI8-R"));
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("o"))));
    // A bare --mojibake still takes no value from the next argument.
    const Run bare = cli({"repair", "--mojibake", "in.txt", "-o", "o"});
    QCOMPARE(bare.exitCode, 0);
}

void TestRepairCli::repairRefusesOverwritingInput() {
    const QByteArray original("Caf\xC3\x83\xC2\xA9");
    file(QStringLiteral("in.txt"), original);
    // A usage error (2), as for decode: the command line asks for something refused.
    const Run r = cli({"repair", "--mojibake", "-o", "in.txt", "in.txt"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("--in-place"));
    QCOMPARE(read(QStringLiteral("in.txt")), original);
    // The same file through another name (./in.txt) is recognised too.
    QCOMPARE(cli({"repair", "-o", "./in.txt", "in.txt"}).exitCode, 2);
    QCOMPARE(read(QStringLiteral("in.txt")), original);
}

void TestRepairCli::repairInPlaceKeepsBackup() {
    const QByteArray original("Caf\xC3\x83\xC2\xA9\n");
    file(QStringLiteral("in.txt"), original);
    const Run r = cli({"repair", "--mojibake", "--in-place", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("in.txt")), QByteArray("Café\n"));
    QCOMPARE(read(QStringLiteral("in.txt.bak")), original);
    QVERIFY(r.err.contains("in.txt.bak"));
    QCOMPARE(cli({"repair", "--in-place", "-o", "x", "in.txt"}).exitCode, 2);
    QCOMPARE(cli({"repair", "--in-place", "-"}).exitCode, 2);
}

namespace {

const QByteArray kDamaged("Caf\xC3\x83\xC2\xA9\n");
const QByteArray kRepaired("Caf\xC3\xA9\n");

struct stat statOf(const QString& path) {
    struct stat st {};
    ::lstat(QFile::encodeName(path).constData(), &st);
    return st;
}

// The value of extended attribute `name` of `path`, or a null array when it has none.
QByteArray xattrOf(const QString& path, const char* name) {
    char value[256];
    const ssize_t n = ::getxattr(QFile::encodeName(path).constData(), name, value, sizeof value);
    return n < 0 ? QByteArray() : QByteArray(value, int(n));
}

// A POSIX ACL in the form the kernel stores under system.posix_acl_access (version 2, then
// entries of tag, permissions and id, little-endian: linux/posix_acl_xattr.h): the owner rw-,
// user 4321 r--, the owning group ---, mask r--, others ---.
QByteArray aclGivingUser4321Read() {
    QByteArray acl;
    const auto u32 = [&](quint32 v) {
        for (int i = 0; i < 4; ++i)
            acl.append(char((v >> (8 * i)) & 0xFF));
    };
    const auto entry = [&](quint16 tag, quint16 perm, quint32 id) {
        acl.append(char(tag & 0xFF)).append(char(tag >> 8));
        acl.append(char(perm & 0xFF)).append(char(perm >> 8));
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

} // namespace

void TestRepairCli::inPlaceNeverOverwritesABackup() {
    file(QStringLiteral("notes.txt"), kDamaged);
    file(QStringLiteral("notes.txt.bak"), "kept by the user\n");
    const Run r = cli({"repair", "--mojibake", "--in-place", "notes.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("notes.txt")), kRepaired);
    QCOMPARE(read(QStringLiteral("notes.txt.bak")), QByteArray("kept by the user\n"));
    QCOMPARE(read(QStringLiteral("notes.txt.bak.1")), kDamaged);
    QVERIFY2(r.err.contains("original saved as notes.txt.bak.1 (a "), r.err.constData());
    // Again (transcode, the other --in-place command): the next free number, nothing replaced.
    const Run again =
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--in-place", "notes.txt"});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(read(QStringLiteral("notes.txt.bak.2")), kRepaired);
    QCOMPARE(read(QStringLiteral("notes.txt.bak.1")), kDamaged);
    QCOMPARE(read(QStringLiteral("notes.txt.bak")), QByteArray("kept by the user\n"));
    QVERIFY2(again.err.contains("original saved as notes.txt.bak.2 (a "), again.err.constData());
}

// Issue 33, defect 23: the backup of a large file is not written a second time. The file is
// replaced by a new one, so the old one itself becomes the backup (a hard link), and the message
// says so. A file with another name is copied (or reflinked where the file system can): a write
// through that name would change the backup.
void TestRepairCli::inPlaceBackupIsNoCopyWhereItNeedNotBe() {
    const QByteArray name = QFile::encodeName(file(QStringLiteral("notes.txt"), kDamaged));
    struct stat before {};
    QCOMPARE(::stat(name.constData(), &before), 0);
    const Run r = cli({"repair", "--mojibake", "--in-place", "notes.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("notes.txt.bak")), kDamaged);
    QCOMPARE(read(QStringLiteral("notes.txt")), kRepaired);
    struct stat backup {};
    QCOMPARE(::stat(QFile::encodeName(path(QStringLiteral("notes.txt.bak"))).constData(), &backup),
             0);
    QVERIFY2(r.err.contains("original saved as notes.txt.bak (a hard link)\n"), r.err.constData());
    QCOMPARE(backup.st_ino, before.st_ino);
    QCOMPARE(backup.st_nlink, nlink_t(1)); // the file itself now has a new one
    // Two names: copied, and the other name keeps the old content, apart from the backup.
    QVERIFY(QFile::remove(path(QStringLiteral("notes.txt.bak"))));
    file(QStringLiteral("notes.txt"), kDamaged);
    const QByteArray other = QFile::encodeName(path(QStringLiteral("other-name.txt")));
    QCOMPARE(::link(name.constData(), other.constData()), 0);
    const Run linked = cli({"repair", "--mojibake", "--in-place", "notes.txt"});
    QCOMPARE(linked.exitCode, 0);
    QVERIFY2(linked.err.contains("original saved as notes.txt.bak (a copy)\n") ||
                 linked.err.contains("original saved as notes.txt.bak (a reflink)\n"),
             linked.err.constData());
    QCOMPARE(read(QStringLiteral("notes.txt.bak")), kDamaged);
    QCOMPARE(read(QStringLiteral("other-name.txt")), kDamaged);
    QCOMPARE(::stat(QFile::encodeName(path(QStringLiteral("notes.txt.bak"))).constData(), &backup),
             0);
    QCOMPARE(backup.st_nlink, nlink_t(1));
}

void TestRepairCli::inPlaceKeepsModeOwnerAndGroup() {
    for (const mode_t mode : {mode_t(0600), mode_t(0640), mode_t(0604)}) {
        QVERIFY(QFile::remove(path(QStringLiteral("notes.txt.bak"))) ||
                !QFile::exists(path(QStringLiteral("notes.txt.bak"))));
        const QByteArray name = QFile::encodeName(file(QStringLiteral("notes.txt"), kDamaged));
        QCOMPARE(::chmod(name.constData(), mode), 0);
        // The tests run as root, who may give the file any owner: one that is not the writer's.
        const bool chowned = ::chown(name.constData(), 4321, 5432) == 0;
        QCOMPARE(cli({"repair", "--mojibake", "--in-place", "notes.txt"}).exitCode, 0);
        for (const QString& written :
             {QStringLiteral("notes.txt"), QStringLiteral("notes.txt.bak")}) {
            const struct stat st = statOf(path(written));
            QCOMPARE(st.st_mode & 07777, mode);
            if (chowned) {
                QCOMPARE(st.st_uid, uid_t(4321));
                QCOMPARE(st.st_gid, gid_t(5432));
            }
        }
        QCOMPARE(read(QStringLiteral("notes.txt.bak")), kDamaged);
    }
    // -o OUT over an existing file keeps that file's mode too; a new OUT follows the umask.
    const QByteArray out = QFile::encodeName(file(QStringLiteral("out.txt"), "old"));
    QCOMPARE(::chmod(out.constData(), 0600), 0);
    file(QStringLiteral("in.txt"), kDamaged);
    QCOMPARE(cli({"repair", "--mojibake", "-o", "out.txt", "in.txt"}).exitCode, 0);
    QCOMPARE(statOf(path(QStringLiteral("out.txt"))).st_mode & 07777, mode_t(0600));
    const mode_t mask = ::umask(0);
    ::umask(mask);
    QCOMPARE(cli({"repair", "--mojibake", "-o", "new.txt", "in.txt"}).exitCode, 0);
    QCOMPARE(statOf(path(QStringLiteral("new.txt"))).st_mode & 07777, mode_t(0666 & ~mask));
}

// Run by a user who cannot give the new file the original's group, the group bits are narrowed
// to those of others: a 0640 file of group 5432 must not become readable by the writer's group.
// Where the group can be kept, the mode is kept whole.
void TestRepairCli::inPlaceNeverWidensToAnotherGroup() {
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (::geteuid() != 0 || setpriv.isEmpty())
        QSKIP("needs root and setpriv(1) to run the command as another user");
    QCOMPARE(::chmod(QFile::encodeName(dir_->path()).constData(), 0777), 0);
    constexpr uid_t kNobody = 65534;
    const struct {
        gid_t group;
        mode_t expected;
    } cases[] = {{5432, 0600}, {kNobody, 0640}};
    for (const auto& c : cases) {
        const QString name = QStringLiteral("g%1.txt").arg(c.group);
        const QByteArray native = QFile::encodeName(file(name, kDamaged));
        QCOMPARE(::chown(native.constData(), kNobody, c.group), 0);
        QCOMPARE(::chmod(native.constData(), 0640), 0);
        QProcess p;
        p.setWorkingDirectory(dir_->path());
        p.start(setpriv, {"--reuid=65534", "--regid=65534", "--clear-groups",
                          QStringLiteral(U8SCOPE_CLI), "repair", "--mojibake", "--in-place", name});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QCOMPARE(read(name), kRepaired);
        for (const QString& written : {name, name + QStringLiteral(".bak")}) {
            const struct stat st = statOf(path(written));
            QCOMPARE(st.st_uid, kNobody);
            // A backup that is the original itself (a hard link) keeps its group and mode.
            if (written != name && st.st_gid == c.group && st.st_nlink == 1)
                QCOMPARE(st.st_mode & 07777, mode_t(0640));
            else
                QCOMPARE(st.st_mode & 07777, c.expected);
        }
    }
}

void TestRepairCli::inPlaceKeepsExtendedAttributesAndAcl() {
    const QByteArray name = QFile::encodeName(file(QStringLiteral("notes.txt"), kDamaged));
    if (::setxattr(name.constData(), "user.origin", "scanner", 7, 0) != 0)
        QSKIP("this file system has no extended attributes");
    const QByteArray acl = aclGivingUser4321Read();
    const bool hasAcl = ::setxattr(name.constData(), "system.posix_acl_access", acl.constData(),
                                   acl.size(), 0) == 0;
    const mode_t mode = statOf(path(QStringLiteral("notes.txt"))).st_mode & 07777;
    QCOMPARE(cli({"repair", "--mojibake", "--in-place", "notes.txt"}).exitCode, 0);
    QCOMPARE(read(QStringLiteral("notes.txt")), kRepaired);
    for (const QString& written : {QStringLiteral("notes.txt"), QStringLiteral("notes.txt.bak")}) {
        QCOMPARE(xattrOf(path(written), "user.origin"), QByteArray("scanner"));
        if (hasAcl)
            QCOMPARE(xattrOf(path(written), "system.posix_acl_access"), acl);
        QCOMPARE(statOf(path(written)).st_mode & 07777, mode);
    }
}

void TestRepairCli::inPlaceThroughASymbolicLink() {
    QVERIFY(QDir(dir_->path()).mkdir(QStringLiteral("real")));
    file(QStringLiteral("real/notes.txt"), kDamaged);
    QVERIFY(QFile::link(QStringLiteral("real/notes.txt"), path(QStringLiteral("link.txt"))));
    const Run r = cli({"repair", "--mojibake", "--in-place", "link.txt"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(S_ISLNK(statOf(path(QStringLiteral("link.txt"))).st_mode));
    QCOMPARE(QFileInfo(path(QStringLiteral("link.txt"))).symLinkTarget(),
             QFileInfo(path(QStringLiteral("real/notes.txt"))).absoluteFilePath());
    QCOMPARE(read(QStringLiteral("real/notes.txt")), kRepaired);
    // The backup lies beside the file repaired, not beside the link.
    QCOMPARE(read(QStringLiteral("real/notes.txt.bak")), kDamaged);
    QVERIFY(!QFileInfo::exists(path(QStringLiteral("link.txt.bak"))));
    QVERIFY2(r.err.contains("real/notes.txt.bak"), r.err.constData());
    // -o through a link writes the target too.
    file(QStringLiteral("in.txt"), kDamaged);
    file(QStringLiteral("real/out.txt"), "old");
    QVERIFY(QFile::link(QStringLiteral("real/out.txt"), path(QStringLiteral("out.txt"))));
    QCOMPARE(cli({"repair", "--mojibake", "-o", "out.txt", "in.txt"}).exitCode, 0);
    QVERIFY(S_ISLNK(statOf(path(QStringLiteral("out.txt"))).st_mode));
    QCOMPARE(read(QStringLiteral("real/out.txt")), kRepaired);
    // A link to nothing is refused with the reason, and left as it was.
    QVERIFY(QFile::link(QStringLiteral("real/gone.txt"), path(QStringLiteral("dangling.txt"))));
    const Run dangling = cli({"repair", "--mojibake", "-o", "dangling.txt", "in.txt"});
    QCOMPARE(dangling.exitCode, 2);
    QVERIFY2(
        dangling.err.contains("dangling.txt: a symbolic link to a file that cannot be reached"),
        dangling.err.constData());
    QVERIFY(S_ISLNK(statOf(path(QStringLiteral("dangling.txt"))).st_mode));
    QVERIFY(!QFileInfo::exists(path(QStringLiteral("real/gone.txt"))));
}

// fsync(2) of the file before the rename and of its directory after, seen through strace(1)
// (-y prints the path behind each descriptor).
void TestRepairCli::inPlaceRenameIsDurable() {
    const QString strace = QStandardPaths::findExecutable(QStringLiteral("strace"));
    if (strace.isEmpty())
        QSKIP("strace is not installed");
    file(QStringLiteral("notes.txt"), kDamaged);
    QProcess p;
    p.setWorkingDirectory(dir_->path());
    p.start(strace,
            {"-f", "-y", "-e", "trace=fsync,rename,renameat2,link", "-o", "trace.txt",
             QStringLiteral(U8SCOPE_CLI), "repair", "--mojibake", "--in-place", "notes.txt"});
    QVERIFY(p.waitForFinished(60000));
    if (p.exitCode() != 0)
        QSKIP("strace cannot trace here (no ptrace)");
    const QList<QByteArray> calls = read(QStringLiteral("trace.txt")).split('\n');
    const QByteArray directory = QFile::encodeName(QDir(dir_->path()).canonicalPath());
    // For the backup and for the file: a sync of the temporary file, the rename, then a sync of
    // the directory. A backup that is the original itself: a sync of it, the link, then a sync
    // of the directory, all of it after the temporary file's sync and just before its rename
    // (issue 35).
    const auto ofBackup = [&](const QByteArray& call) {
        return call.contains(" link(") || call.contains("/notes.txt>") ||
               (call.contains("fsync(") && call.contains("<" + directory + ">"));
    };
    int durableRenames = 0, linkAt = -1, renameAt = -1;
    for (int i = 0; i < calls.size(); ++i) {
        const bool linked = calls[i].contains(" link(");
        if (!calls[i].contains("rename") && !linked)
            continue;
        (linked ? linkAt : renameAt) = i;
        int synced = i - 1; // the sync that made it durable, before the backup's steps
        while (!linked && synced > 0 && ofBackup(calls[synced]))
            --synced;
        // The temporary file is named (".u8scope-"), or has no name until just before the
        // rename (O_TMPFILE: strace shows the descriptor as "DIR/#INODE (deleted)").
        const bool fileSynced =
            synced >= 0 && calls[synced].contains("fsync(") &&
            (calls[synced].contains(".u8scope-") || calls[synced].contains("(deleted)") ||
             (linked && calls[synced].contains("/notes.txt>")));
        const bool directorySynced = i + 1 < calls.size() && calls[i + 1].contains("fsync(") &&
                                     calls[i + 1].contains("<" + directory + ">");
        durableRenames += fileSynced && directorySynced;
    }
    QVERIFY2(durableRenames == 2, read(QStringLiteral("trace.txt")).constData());
    QVERIFY2(linkAt >= 0 && renameAt == linkAt + 2, read(QStringLiteral("trace.txt")).constData());
}

void TestRepairCli::repairStrictFailureLeavesNoOutput() {
    file(QStringLiteral("in.txt"), "ok\xFF");
    const Run r = cli({"repair", "--invalid=strict", "-o", "out.txt", "in.txt"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("offset 2"));
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("out.txt"))));
    // No temporary file is left behind either.
    QCOMPARE(QDir(dir_->path()).entryList(QDir::Files), QStringList{QStringLiteral("in.txt")});
}

void TestRepairCli::repairC1Controls() {
    // windows-1252 "„Grüße“ … 5 €" converted as if it were ISO-8859-1, then an invalid byte and
    // CR LF: the C1 changes are reported at their offsets in the input.
    const QByteArray in("\xC2\x84Gr\xC3\xBC\xC3\x9F"
                        "e\xC2\x93 \xFF\xC2\x85 5 \xC2\x80\r\n"
                        "\xC2\x81");
    file(QStringLiteral("in.txt"), in);
    const Run keep = cli({"repair", "-o", "kept.txt", "in.txt"});
    QCOMPARE(keep.exitCode, 0);
    QCOMPARE(read(QStringLiteral("kept.txt")), QByteArray(in).replace("\xFF", "\xEF\xBF\xBD"));
    QVERIFY(!keep.err.contains("c1-control"));
    const Run r = cli({"repair", "--c1=cp1252", "--newlines=lf", "-o", "out.txt", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")),
             QByteArray("„Grüße“ \xEF\xBF\xBD… 5 €\n\xC2\x81")); // 81: undefined, kept
    QVERIFY2(r.err.contains("offset 0: c1-control: C2 84 \"<U+0084>\" -> \"„\""),
             r.err.constData());
    QVERIFY(r.err.contains("offset 13: c1-control: C2 85"));
    QVERIFY(r.err.contains("(U+0093 (a C1 control) read as windows-1252 0x93: “)"));
    QVERIFY(r.err.contains("invalid-sequence=1 c1-control=4 line-ending=1"));
    const Run json = cli({"repair", "--c1=cp1252", "--json", "-o", "out.txt", "in.txt"});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(json.err).object();
    QCOMPARE(o.value(QLatin1String("counts")).toObject().value(QLatin1String("c1-control")).toInt(),
             4);
    QCOMPARE(cli({"repair", "--c1=keep", "-o", "kept2.txt", "in.txt"}).exitCode, 0);
    QCOMPARE(read(QStringLiteral("kept2.txt")), read(QStringLiteral("kept.txt")));
    // Another value is a usage error that names the choices.
    const Run bad = cli({"repair", "--c1=latin1", "-o", "o", "in.txt"});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains("unknown --c1 action 'latin1' (keep, or cp1252"),
             bad.err.constData());
    QVERIFY(cli({"repair", "in.txt"}).err.contains("[--c1=keep|cp1252]"));
}

void TestRepairCli::repairUsageErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no file") << QStringList{"repair", "-o", "out"};
    QTest::newRow("no output") << QStringList{"repair", "in.txt"};
    QTest::newRow("bad invalid") << QStringList{"repair", "--invalid=maybe", "-o", "o", "in.txt"};
    QTest::newRow("bad bom") << QStringList{"repair", "--bom=twice", "-o", "o", "in.txt"};
    QTest::newRow("bad newlines") << QStringList{"repair", "--newlines=cr", "-o", "o", "in.txt"};
    QTest::newRow("bad c1") << QStringList{"repair", "--c1=utf8", "-o", "o", "in.txt"};
    QTest::newRow("c1 without value") << QStringList{"repair", "--c1", "-o", "o", "in.txt"};
    QTest::newRow("bad normalize")
        << QStringList{"repair", "--normalize=nfkc", "-o", "o", "in.txt"};
    QTest::newRow("unknown option") << QStringList{"repair", "--fix-all", "-o", "o", "in.txt"};
    QTest::newRow("json and explain")
        << QStringList{"repair", "--json", "--explain", "-o", "o", "in.txt"};
    QTest::newRow("empty page list") << QStringList{"repair", "--mojibake=", "-o", "o", "in.txt"};
}

void TestRepairCli::repairUsageErrors() {
    QFETCH(QStringList, args);
    file(QStringLiteral("in.txt"), "x");
    const Run r = cli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.startsWith("u8scope-cli repair: "));
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("o"))));
}

void TestRepairCli::transcodeMatchesUconv_data() {
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("policy");
    for (const char* to : {"UTF-16LE", "UTF-16BE", "UTF-32LE", "ISO-8859-1", "windows-1252",
                           "KOI8-R", "Shift_JIS", "GB18030", "Big5", "EUC-KR"})
        for (const char* policy : {"substitute", "escape"})
            QTest::newRow(
                qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(to), QLatin1String(policy))))
                << QString::fromLatin1(to) << QString::fromLatin1(policy);
}

void TestRepairCli::transcodeMatchesUconv() {
    if (QStandardPaths::findExecutable(QStringLiteral("uconv")).isEmpty())
        QSKIP("uconv (icu-devtools) is not installed");
    QFETCH(QString, to);
    QFETCH(QString, policy);
    QByteArray text;
    for (const QString& s : sentences())
        text += s.toUtf8() + '\n';
    file(QStringLiteral("in.txt"), text);
    const Run r = cli({"transcode", "--from", "UTF-8", "--to", to, "--unmappable=" + policy, "-o",
                       "out.bin", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QProcess u;
    u.setWorkingDirectory(dir_->path());
    u.start(QStringLiteral("uconv"),
            {"-f", "UTF-8", "-t", to, "--callback",
             policy == QLatin1String("escape") ? "escape-xml-hex" : "substitute", "in.txt"});
    QVERIFY(u.waitForFinished(30000));
    QCOMPARE(u.exitCode(), 0);
    QCOMPARE(read(QStringLiteral("out.bin")), u.readAllStandardOutput());
    // And back, for the Unicode forms: the original bytes.
    if (to.startsWith(QLatin1String("UTF"))) {
        QCOMPARE(
            cli({"transcode", "--from", to, "--to", "UTF-8", "-o", "back.txt", "out.bin"}).exitCode,
            0);
        QCOMPARE(read(QStringLiteral("back.txt")), text);
    }
}

void TestRepairCli::transcodeUnmappable() {
    file(QStringLiteral("in.txt"), "ab\xE2\x82\xAC"
                                   "c\xE2\x82\xAC");
    const Run fail =
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "-o", "out.txt", "in.txt"});
    QCOMPARE(fail.exitCode, 1);
    QVERIFY(fail.err.contains("2 character(s) not representable in ISO-8859-1 at offset(s) 2, 6"));
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("out.txt"))));
    const Run esc = cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1",
                         "--unmappable=escape", "--escape=java", "-o", "out.txt", "in.txt"});
    QCOMPARE(esc.exitCode, 0);
    QCOMPARE(read(QStringLiteral("out.txt")), QByteArray("ab\\u20ACc\\u20AC"));
    const Run json = cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--json",
                          "--unmappable=substitute", "-o", "out2.txt", "in.txt"});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(json.err).object();
    QCOMPARE(o.value(QLatin1String("unmappable")).toInt(), 2);
    QCOMPARE(o.value(QLatin1String("unmappable_offsets")).toArray().at(1).toInt(), 6);
}

void TestRepairCli::transcodeUnknownEncoding() {
    file(QStringLiteral("in.txt"), "x");
    const Run r = cli({"transcode", "--from", "UTF-8", "--to", "klingon", "-o", "o", "in.txt"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("unknown encoding 'klingon'"));
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("o"))));
}

void TestRepairCli::transcodeStreamsLargeInput() {
    // 3 MiB read in 1 MiB chunks, with a 2-byte character cut by each chunk boundary and an
    // invalid byte in the third chunk: the same bytes as uconv, the offset in the whole file.
    QByteArray text;
    while (text.size() < (1 << 20) - 1)
        text += 'a';
    text += "\xC3\xA9";
    while (text.size() < (2 << 20) + 100)
        text += "\xE2\x82\xAC";
    const qsizetype bad = text.size();
    text += "\xFF tail";
    file(QStringLiteral("big.txt"), text);
    const Run fail =
        cli({"transcode", "--from", "UTF-8", "--to", "UTF-16BE", "-o", "o.bin", "big.txt"});
    QCOMPARE(fail.exitCode, 1);
    QVERIFY2(fail.err.contains(QByteArray("at offset(s) ") + QByteArray::number(bad)),
             fail.err.constData());
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("o.bin"))));
    const Run sub = cli({"transcode", "--from", "UTF-8", "--to", "UTF-16BE",
                         "--unmappable=substitute", "-o", "o.bin", "big.txt"});
    QCOMPARE(sub.exitCode, 0);
    if (QStandardPaths::findExecutable(QStringLiteral("uconv")).isEmpty())
        QSKIP("uconv (icu-devtools) is not installed");
    QProcess u;
    u.setWorkingDirectory(dir_->path());
    u.start(QStringLiteral("uconv"),
            {"-f", "UTF-8", "-t", "UTF-16BE", "--callback", "substitute", "big.txt"});
    QVERIFY(u.waitForFinished(60000));
    QCOMPARE(read(QStringLiteral("o.bin")), u.readAllStandardOutput());
}

void TestRepairCli::transcodeInPlace() {
    const QByteArray original("caf\xC3\xA9\n");
    file(QStringLiteral("in.txt"), original);
    QCOMPARE(cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "-o", "in.txt", "in.txt"})
                 .exitCode,
             2); // refused as a usage error
    QCOMPARE(read(QStringLiteral("in.txt")), original);
    const Run r =
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--in-place", "in.txt"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(read(QStringLiteral("in.txt")), QByteArray("caf\xE9\n"));
    QCOMPARE(read(QStringLiteral("in.txt.bak")), original);
    // A failed in-place run leaves the file and makes no backup.
    file(QStringLiteral("e.txt"), "\xE2\x82\xAC");
    QCOMPARE(
        cli({"transcode", "--from", "UTF-8", "--to", "ISO-8859-1", "--in-place", "e.txt"}).exitCode,
        1);
    QCOMPARE(read(QStringLiteral("e.txt")), QByteArray("\xE2\x82\xAC"));
    QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("e.txt.bak"))));
}

void TestRepairCli::detectGuesses() {
    QByteArray le;
    for (char c : QByteArray("plain text in UTF-16LE without a byte order mark\n")) {
        le.append(c);
        le.append('\0');
    }
    file(QStringLiteral("le.txt"), le);
    const Run r = cli({"detect", "le.txt"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("1. UTF-16LE"), r.out.constData());
    QVERIFY(r.out.contains("zero bytes at odd offsets"));
}

void TestRepairCli::detectMojibakeJson() {
    file(QStringLiteral("m.txt"), "Le caf\xC3\x83\xC2\xA9 est tr\xC3\x83\xC2\xA8s bon.\n");
    const Run r = cli({"detect", "--json", "m.txt"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QLatin1String("valid_utf8")).toBool(), true);
    const QJsonObject m = o.value(QLatin1String("mojibake")).toObject();
    QCOMPARE(m.value(QLatin1String("fixes")).toInt(), 2);
    QCOMPARE(m.value(QLatin1String("description")).toString(),
             QStringLiteral("UTF-8 read as windows-1252"));
    QCOMPARE(m.value(QLatin1String("pages")).toArray(), QJsonArray{"windows-1252"});
    QCOMPARE(m.value(QLatin1String("repair")).toString(), QStringLiteral("repair --mojibake"));
}

void TestRepairCli::detectC1Controls() {
    file(QStringLiteral("c1.txt"), "Er sagte \xC2\x84ja\xC2\x93 \xE2\x80\x93 sch\xC3\xB6n.\n");
    const Run r = cli({"detect", "c1.txt"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("2 C1 control(s) U+0080..U+009F that stand for windows-1252 "
                            "punctuation"),
             r.out.constData());
    QVERIFY(r.out.contains("`repair --c1=cp1252` fixes them"));
    const QJsonObject json =
        QJsonDocument::fromJson(cli({"detect", "--json", "c1.txt"}).out).object();
    QCOMPARE(json.value(QLatin1String("c1_punctuation")).toObject().value(QLatin1String("repair")),
             QJsonValue(QStringLiteral("repair --c1=cp1252")));
    file(QStringLiteral("clean.txt"), "Er sagte \xE2\x80\x9Eja\xE2\x80\x9C.\n");
    QVERIFY(!cli({"detect", "clean.txt"}).out.contains("C1"));
    QVERIFY(cli({"detect", "--json", "clean.txt"}).out.contains("\"c1_punctuation\":null"));
    // With mojibake too, both repairs are named in one command.
    file(QStringLiteral("both.txt"), "Le caf\xC3\x83\xC2\xA9 est tr\xC3\x83\xC2\xA8s bon, "
                                     "\xC2\x93vraiment\xC2\x94.\n");
    const Run both = cli({"detect", "both.txt"});
    QVERIFY2(both.out.contains("`repair --mojibake --c1=cp1252`"), both.out.constData());
}

// UTF-8 with a dozen valid characters and 7 stray Latin-1 bytes: `detect` names UTF-8 and the
// repair that keeps the valid characters, not windows-1252 for the whole file.
void TestRepairCli::detectStrayBytes() {
    file(QStringLiteral("s.txt"), "Gr\xC3\xBC\xC3\x9F"
                                  "e aus K\xC3\xB6ln: sch\xC3\xB6n, caf\xC3\xA9, "
                                  "\xE4\xB8\xAD\xE6\x96\x87, na\xC3\xAFve, \xC3\x98resund, "
                                  "\xC3\xB6 \xC3\xB6 \xC3\xA9.\n"
                                  "caf\xE9 sch\xF6n M\xFCller na\xEFve \xE0 la \xE8re \xF1\n");
    const Run r = cli({"detect", "--json", "s.txt"});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QLatin1String("invalid_sequences")).toInt(), 7);
    QCOMPARE(o.value(QLatin1String("multibyte_characters")).toInt(), 12);
    const QJsonObject best = o.value(QLatin1String("guesses")).toArray().at(0).toObject();
    QCOMPARE(best.value(QLatin1String("encoding")).toString(), QStringLiteral("UTF-8"));
    QCOMPARE(best.value(QLatin1String("stray_bytes_page")).toString(),
             QStringLiteral("windows-1252"));
    // The codec's reason says what was found; the CLI names its own repair beside it.
    QVERIFY(!best.value(QLatin1String("reason")).toString().contains(QLatin1String("repair")));
    QCOMPARE(best.value(QLatin1String("repair")).toString(),
             QStringLiteral("repair --invalid=cp1252"));
    QVERIFY(cli({"detect", "s.txt"}).out.contains("; try repair --invalid=cp1252"));
}

void TestRepairCli::missingFile() {
    for (const QStringList& args :
         {QStringList{"repair", "-o", "o", "nope.txt"},
          QStringList{"transcode", "--from", "UTF-8", "--to", "UTF-16LE", "-o", "o", "nope.txt"},
          QStringList{"detect", "nope.txt"}}) {
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("nope.txt: No such file or directory"), r.err.constData());
        QVERIFY(!QFile::exists(dir_->filePath(QStringLiteral("o"))));
    }
}

QTEST_GUILESS_MAIN(TestRepairCli)
#include "tst_repair_cli.moc"
