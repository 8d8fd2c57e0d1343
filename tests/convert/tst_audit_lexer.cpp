// The code lexer of the audit (audit_syntax.h) reads plain ASCII in runs, skipping the bytes that
// cannot start or end a comment or string: it must end every run in the context it reaches
// character by character, for every syntax and any cut of the text (issue 34).
#include "audit_syntax.h"

#include <QRandomGenerator>
#include <QTest>

using namespace u8codec;
using namespace u8convert;
using namespace u8convert::audit_detail;

class TestAuditLexer : public QObject {
    Q_OBJECT

private slots:
    void runsAgreeWithCharacters() {
        // Pieces of every form the lexer knows, and plain text between them.
        const char* pieces[] = {
            "\"",        "'",       "`",        "\"\"\"",  "'''",  "#",   "//",     "/*",
            "*/",        "*",       "/",        "--",      "-",    ";",   "=pod\n", "\n=cut\n",
            "<<EOF\n",   "\nEOF\n", "<<<X\n",   "<<",      "<",    "q{",  "}",      "qw(",
            ")",         "q",       "\\",       "\n",      "\r\n", " ",   "a",      "1<<n",
            "'a",        "1'000",   "{",        "$",       "0",    "EOF", "=",      "=end\n",
            "__END__\n", "_",       "=begin\n", "__DATA__"};
        QRandomGenerator random(34);
        for (int i = 0; i < 30000; ++i) {
            const quint32 flags = random.generate();
            CodeSyntax syntax;
            syntax.slashComments = flags & 1;
            syntax.hashComments = flags & 2;
            syntax.dashComments = flags & 4;
            syntax.semicolonComments = flags & 8;
            syntax.quotesSpanLines = flags & 16;
            syntax.docBlocks = flags & 32;
            syntax.heredocs = flags & 64;
            syntax.perlQuotes = flags & 128;
            syntax.charQuotes = flags & 256;
            std::string text;
            for (int n = 1 + int(random.bounded(40)); n > 0; --n)
                text += pieces[random.bounded(int(std::size(pieces)))];
            CodeLexer byCharacter(syntax), byRun(syntax);
            for (std::size_t pos = 0; pos < text.size();) {
                const std::size_t len =
                    std::min<std::size_t>(1 + random.bounded(12), text.size() - pos);
                bool changedByCharacter = false;
                for (std::size_t k = 0; k < len; ++k)
                    changedByCharacter =
                        byCharacter.onChar(static_cast<unsigned char>(text[pos + k])) ||
                        changedByCharacter;
                const bool changedByRun =
                    byRun.onAscii(reinterpret_cast<const std::uint8_t*>(text.data() + pos), len);
                QCOMPARE(changedByRun, changedByCharacter);
                pos += len;
                QVERIFY2(byCharacter.context() == byRun.context(),
                         qPrintable(QStringLiteral("syntax %1 at %2: %3")
                                        .arg(flags & 511)
                                        .arg(pos)
                                        .arg(QString::fromStdString(text))));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestAuditLexer)
#include "tst_audit_lexer.moc"
