// Shared helpers of the repair suites: byte/string conversions and the sample sentences.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace repairtest {

inline std::span<const std::uint8_t> bytes(std::string_view s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// For QCOMPARE messages: the string itself.
inline QByteArray q(const std::string& s) {
    return QByteArray(s.data(), qsizetype(s.size()));
}

// Real sentences in many languages and scripts (UTF-8). Each is correct text: the negative set
// for the mojibake repair, and the source of the damaged samples.
inline const QStringList& sentences() {
    static const QStringList s = {
        QStringLiteral("Le café est très bon, n’est-ce pas ? À bientôt, Éloïse."),
        QStringLiteral("Voilà tout : l’hôtel ferme à 22 h, précisément."),
        QStringLiteral("Über die Brücke gehen Bären, Füchse und Vögel; das ist größer."),
        QStringLiteral("Straße, Maß und Fuß – die Grüße aus München."),
        QStringLiteral("¿Dónde está el niño? Mañana habrá más información."),
        QStringLiteral("A ação e a emoção do coração: não há razão, irmã."),
        QStringLiteral("Perché la città è così bella? Però è già tardi."),
        QStringLiteral("Zażółć gęślą jaźń; źródło świętości."),
        QStringLiteral("Příliš žluťoučký kůň úpěl ďábelské ódy."),
        QStringLiteral("Árvíztűrő tükörfúrógép és öt szép szűz."),
        QStringLiteral("Pijamalı hasta yağız şoföre çabucak güvendi."),
        QStringLiteral("Flygande bäckasiner söka hwila på mjuka tuvor."),
        QStringLiteral("Þú ert ótrúlega góður í íslensku, ég veit það."),
        QStringLiteral("Привет, мир! Съешь же ещё этих мягких французских булок."),
        QStringLiteral("Широка страна моя родная, много в ней лесов, полей и рек."),
        QStringLiteral("Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів!"),
        QStringLiteral("Καλημέρα κόσμε, η γλώσσα μου είναι ελληνική."),
        QStringLiteral("Ξεσκεπάζω την ψυχοφθόρα βδελυγμία."),
        QStringLiteral("He said “hello” — and then… nothing. It’s 5 € or £4, ™ and ©."),
        QStringLiteral("Prices: 10 € – 20 €; “quoted” ‘text’ • bullet."),
        QStringLiteral("日本語のテキストです。東京は大きい。"),
        QStringLiteral("中文文本测试，你好世界。"),
        QStringLiteral("한국어 문장입니다. 안녕하세요."),
        QStringLiteral("שלום עולם, זה טקסט בעברית."),
        QStringLiteral("مرحبا بالعالم، هذا نص عربي."),
        QStringLiteral("Emoji too: 😀 🎉 👍 and ✓ done."),
        QStringLiteral("São Paulo é a maior cidade; Dom João VI chegou em 1808."),
        QStringLiteral("Dänemark, Øresund og Århus: smørrebrød på bordet."),
        QStringLiteral("Ελλάδα και Κύπρος: «Ευχαριστώ πολύ»."),
        QStringLiteral("Москва — столица России; «Война и мир» Толстого."),
    };
    return s;
}

inline std::string utf8(const QString& s) {
    return s.toStdString();
}

inline QByteArray readCorpusFile(const char* name, bool* found) {
    QFile f(QStringLiteral(U8SCOPE_CORPUS_DIR "/") + QLatin1String(name));
    *found = f.open(QIODevice::ReadOnly);
    return *found ? f.readAll() : QByteArray();
}

} // namespace repairtest
