#include "encoding_advice.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>

namespace u8doc {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("EncodingAdvice", text);
}

// An example from the file, short enough for one line of the banner.
QString excerpt(const std::string& utf8) {
    constexpr qsizetype kMax = 32;
    const QString s = QString::fromStdString(utf8).simplified();
    return s.size() <= kMax ? s : s.left(kMax - 1) + QStringLiteral("…");
}

// "in the whole file" or "in the first 4 MiB": how much the detector read (the window less a
// character its end cuts, so rounded; a file shorter than a MiB is read whole).
QString where(const u8convert::Detection& d, quint64 fileSize) {
    if (d.wholeInput || d.examinedBytes >= fileSize)
        return tr("in the whole file");
    return tr("in the first %1 MiB")
        .arg(std::max<quint64>(1, (d.examinedBytes + (1u << 19)) >> 20));
}

// The guess that reads the invalid sequences as stray bytes of a legacy page and keeps every
// valid character, or null.
const u8convert::EncodingGuess* strayBytesGuess(const u8convert::Detection& d) {
    for (const u8convert::EncodingGuess& g : d.guesses)
        if (!g.strayBytesPage.empty())
            return &g;
    return nullptr;
}

// Invalid sequences among valid multi-byte UTF-8, which the remedy must keep: UTF-8's own
// damage (overlong forms, surrogates, characters cut short) is replaced, never read as another
// encoding (that makes mojibake of it); stray bytes alone are read as their page. `legacy` is a
// whole-file reinterpretation the detector ranked higher, named as the second choice.
EncodingAdvice invalidAdvice(const u8convert::Detection& d, const QString& fileName,
                             quint64 fileSize, const QString& legacy) {
    EncodingAdvice advice;
    const QLocale locale;
    // Problems, as the Problems list counts them (one rule for the window: C0 AF is one).
    const QString count = locale.toString(qulonglong(d.problems));
    if (d.utf8Damage > 0) {
        advice.remedy = EncodingAdvice::Remedy::ReplaceInvalid;
        advice.text = tr("%1 is UTF-8 with invalid sequences (%2 %3), among them overlong forms, "
                         "surrogates or characters cut short: damage of UTF-8 itself, not bytes "
                         "of another encoding.")
                          .arg(fileName, count, where(d, fileSize));
        advice.actionText = tr("Replace Invalid Sequences with U+FFFD…");
        return advice;
    }
    const QString page = QString::fromStdString(strayBytesGuess(d)->strayBytesPage);
    advice.remedy = EncodingAdvice::Remedy::ReadAsCp1252;
    advice.text = tr("%1 is mostly UTF-8, with a few invalid sequences (%2 %3): most likely "
                     "stray bytes of %4.")
                      .arg(fileName, count, where(d, fileSize), page);
    if (!legacy.isEmpty())
        advice.text +=
            QLatin1Char(' ') + tr("Repair > Reinterpret As… would read the whole file "
                                  "as %1 instead, making mojibake of its %2 valid "
                                  "UTF-8 character(s).")
                                   .arg(legacy, locale.toString(qulonglong(d.multiByteCharacters)));
    advice.actionText = tr("Read Invalid Bytes as %1…").arg(page);
    return advice;
}

// Whether the invalid sequences sit among valid UTF-8 that a whole-file reinterpretation would
// damage: the detector ranks UTF-8 with stray bytes among its guesses, or most errors are UTF-8's
// own. (A legacy file holding a few UTF-8 characters is neither: it is reinterpreted.)
bool invalidAmongUtf8(const u8convert::Detection& d) {
    if (d.validUtf8 || d.multiByteCharacters == 0)
        return false;
    return (strayBytesGuess(d) && !d.guesses.front().encoding.starts_with("UTF-16") &&
            !d.guesses.front().encoding.starts_with("UTF-32")) ||
           2 * d.utf8Damage >= d.invalidSequences;
}

// ", Russian text" where ICU's detector names the language (ISO 639: "ru"), else nothing.
QString languageOf(const u8convert::EncodingGuess& guess) {
    if (guess.language.empty())
        return {};
    const QLocale::Language language =
        QLocale::codeToLanguage(QString::fromStdString(guess.language));
    if (language == QLocale::AnyLanguage || language == QLocale::C)
        return {};
    return tr(", %1 text").arg(QLocale::languageToString(language));
}

// Valid UTF-8 without mojibake that holds C1 controls windows-1252 reads as punctuation.
EncodingAdvice c1Advice(const u8convert::Detection& d, const QString& fileName, quint64 fileSize) {
    EncodingAdvice advice;
    if (d.c1Punctuation == 0)
        return advice;
    advice.remedy = EncodingAdvice::Remedy::C1AsCp1252;
    advice.text =
        tr("%1 is valid UTF-8 but holds C1 controls (%2 %3) that stand for windows-1252 "
           "punctuation such as „ “ ” …: most likely windows-1252 text converted as if "
           "it were ISO-8859-1.")
            .arg(fileName, QLocale().toString(qulonglong(d.c1Punctuation)), where(d, fileSize));
    advice.actionText = tr("Read C1 Controls as windows-1252 Punctuation…");
    return advice;
}

} // namespace

EncodingAdvice adviseOn(const u8convert::Detection& d, const QString& fileName, quint64 fileSize) {
    EncodingAdvice advice;
    const QLocale locale;
    if (!d.binary.empty()) {
        // Every byte of an executable would be listed as a problem: that is not news.
        advice.remedy = EncodingAdvice::Remedy::Binary;
        advice.text = tr("%1 looks like binary data, not text (%2). It was not checked as UTF-8.")
                          .arg(fileName, QString::fromStdString(d.binary));
        advice.actionText = tr("Check as UTF-8 Anyway");
        return advice;
    }
    if (d.guesses.empty())
        return advice; // nothing the detector recognises: the problems list tells the rest
    const u8convert::EncodingGuess& best = d.guesses.front();
    if (best.encoding != "UTF-8") {
        // A byte order mark, zero bytes in a UTF-16/UTF-32 pattern, or ICU's detector.
        if (best.confidence < kAdviceMinConfidence)
            return advice;
        if (invalidAmongUtf8(d))
            return invalidAdvice(d, fileName, fileSize, QString::fromStdString(best.encoding));
        advice.remedy = EncodingAdvice::Remedy::Reinterpret;
        advice.encoding = QString::fromStdString(best.encoding);
        advice.text = tr("%1 is not UTF-8: it reads best as %2%3 (%4 % confident, from the %5).")
                          .arg(fileName, advice.encoding, languageOf(best))
                          .arg(best.confidence)
                          .arg(QString::fromStdString(best.reason));
        advice.actionText = tr("Reinterpret as %1…").arg(advice.encoding);
        // Reading the whole file as another encoding reads its valid UTF-8 too: say so.
        if (d.multiByteCharacters == 1)
            advice.text += QLatin1Char(' ') + tr("1 valid UTF-8 character would become mojibake.");
        else if (d.multiByteCharacters > 1)
            advice.text +=
                QLatin1Char(' ') + tr("%1 valid UTF-8 characters would become mojibake.")
                                       .arg(locale.toString(qulonglong(d.multiByteCharacters)));
        return advice;
    }
    if (!d.validUtf8) {
        // UTF-8 ranked first with invalid sequences: stray legacy bytes or UTF-8's own damage
        // among well-formed characters (see detectEncoding()).
        if (best.strayBytesPage.empty())
            return advice;
        return invalidAdvice(d, fileName, fileSize, {});
    }
    if (d.mojibake.fixes == 0)
        return c1Advice(d, fileName, fileSize);
    advice.remedy = EncodingAdvice::Remedy::FixMojibake;
    advice.text = tr("%1 is valid UTF-8 but reads like mojibake, %2: “%3” should be “%4” "
                     "(places like it %5: %6).")
                      .arg(fileName, QString::fromStdString(d.mojibake.description),
                           excerpt(d.mojibake.exampleBefore), excerpt(d.mojibake.exampleAfter),
                           where(d, fileSize), locale.toString(qulonglong(d.mojibake.fixes)));
    advice.actionText = tr("Fix Mojibake…");
    return advice;
}

} // namespace u8doc
