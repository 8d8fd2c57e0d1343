// What the window says about a file's encoding right after opening it: the codec's detection
// (u8convert::detectEncoding on the first 4 MiB) turned into one sentence and the action that
// would help. Valid UTF-8 that reads like mojibake or holds C1 controls standing for windows-1252
// punctuation, UTF-8 with stray legacy bytes, a file in another encoding and binary data (an
// executable, an image, an archive) each get one; clean UTF-8 gets none, so nothing is shown.
#pragma once

#include "u8convert/detect.h"

#include <QString>

namespace u8doc {

struct EncodingAdvice {
    enum class Remedy {
        None,           // nothing to say
        FixMojibake,    // Repair > Fix Mojibake
        ReadAsCp1252,   // Repair > Read Invalid Bytes as windows-1252
        ReplaceInvalid, // Repair > Replace Invalid Sequences with U+FFFD
        C1AsCp1252,     // Repair > Read C1 Controls as windows-1252 Punctuation
        Reinterpret,    // Repair > Reinterpret as `encoding`
        Binary,         // not text at all: check it as UTF-8 only if the user wants to
    };
    Remedy remedy = Remedy::None;
    QString text;       // the banner's sentence
    QString actionText; // its button
    QString encoding;   // for Reinterpret: a name ICU knows
};

// The advice for a file named `fileName` of `fileSize` bytes whose start was examined.
EncodingAdvice adviseOn(const u8convert::Detection& detection, const QString& fileName,
                        quint64 fileSize);

// Guesses below this confidence (0-100) are not offered: ICU's detector names some legacy code
// page for nearly any bytes, binary files included.
inline constexpr int kAdviceMinConfidence = 30;

} // namespace u8doc
