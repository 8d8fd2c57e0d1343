"""Symbol-rich correct lines that a mojibake repair must leave alone: mathematics, currency,
typographic quotes, product names, all-caps words, and capitals followed by punctuation or a
no-break space that look like UTF-8 read as windows-1252 ("Ã’s", "Å—", "SÃO\u00a0...").
Written by hand; the templates at the end multiply them over prices, names and places."""

import itertools

HAND_WRITTEN = """\
The area is 3×4 = 12 m², and 12 ÷ 4 = 3.
√π ≈ 1.7725, and ∆° is the change in temperature.
A 5×£35 bundle costs less than £175 in total.
Tickets: €5 for students, €12 for adults, £9 in London, ¥1200 in Tokyo.
She said “hello” and he replied ‘goodbye’.
„Guten Tag“, sagte er, «bonjour», dit-elle.
Temperature range: −40 °C to +85 °C (±0.5 °C).
Resistance of 4.7 kΩ ± 5 %, capacitance 100 µF.
The angle α = 30°, β = 60°, so α + β = 90°.
∑ᵢ xᵢ² ≥ 0 for every real vector x ∈ ℝⁿ.
∀ε > 0 ∃δ > 0: |x − a| < δ ⇒ |f(x) − f(a)| < ε.
The set {x ∈ ℕ | x ≤ 10} has 11 elements (with 0).
Use ← and → to move, ↑ and ↓ to scroll.
Prices rose 12½ % in ¾ of the regions.
Copyright © 2024 Example Corp. All rights reserved.
Windows® and Office™ are trademarks of Microsoft Corporation.
iPhone™, iPad® and MacBook® are Apple products.
PlayStation® 5 — now €499.99 at most retailers.
LEGO® Technic™ sets start at $29.99 / €29.99 / £24.99.
Nestlé, Citroën, Škoda, Hyundai and Moët & Chandon sponsor the race.
Häagen-Dazs, Müller, Löwenbräu and Nescafé are brand names.
Zoë, Chloë and Noël met at the Café Olé in Montréal.
IMPORTANT: READ THE MANUAL BEFORE USE — DO NOT DISCARD.
WARNING: HIGH VOLTAGE ⚡ KEEP OUT.
NOTICE — ALL SALES ARE FINAL.
The FBI, the CIA, NASA and the UN signed the MOU.
À la carte menus are available; À bientôt!
À PROPOS DE NOUS — QUI SOMMES-NOUS ?
ÉCOLE NATIONALE SUPÉRIEURE — ÉTUDES ET RECHERCHES
ÇA VA? OUI, ÇA VA TRÈS BIEN.
Ã’s use in Portuguese is rare: the letter Ã is usually followed by O.
The string "Ã’s" is not mojibake here: it is quoted on purpose.
Å—a Swedish capital letter followed by an em dash—looks odd but is right.
ÅNGSTRÖM—THE UNIT IS NAMED AFTER A SWEDE.
SÃO PAULO, SÃO TOMÉ E PRÍNCIPE, MARANHÃO.
Rua de São João, 1200-123 Lisboa, Portugal.
IRMÃ MARIA DA CONCEIÇÃO
CORAÇÃO, AÇÃO, NAÇÃO, EMOÇÃO.
The word “Ã” appears in “SÃO” and “IRMÃ”.
ÄLÄ KOSKE — ÄLÄ AVAA.
YLLÄ OLEVA TEKSTI ON SUOMEA.
PÅ SVENSKA: HÄR ÄR TEXTEN.
ÖL, KÄSE UND BRÖTCHEN — ALLES FÜR 5 €.
ROMÂNIA, BUCUREȘTI, ȘTEFAN CEL MARE ȘI SFÂNT.
ÎN ȚARA ROMÂNEASCĂ — CÂND ȘI UNDE?
ÉTÉ 2024 : PRIX À PARTIR DE 49 €.
The Greek letters Α, Β, Γ, Δ and Ω are capitals.
Δx → 0 as n → ∞.
∫₀¹ x² dx = ⅓.
E = mc², F = ma, a² + b² = c².
The ratio is 16∶9 and the resolution 1920×1080.
Dimensions: 210 mm × 297 mm (A4).
Speed limit: 50 km/h ≈ 31 mph.
Water boils at 100 °C (212 °F).
The price is ¢99, i.e. $0.99.
Bitcoin ₿, Indian rupee ₹, Russian ruble ₽, Turkish lira ₺.
The Korean won ₩, the Israeli shekel ₪ and the euro € are currency signs.
Thai baht ฿ and the generic currency sign ¤.
“Smart quotes” and ‘single quotes’ and «guillemets» and „low quotes“.
He wrote: ‹single guillemets› are rare.
The en dash – and the em dash — differ.
An ellipsis… and a bullet • and a dagger † and a double dagger ‡.
Per mille ‰ and per ten thousand ‱.
Section § 4 ¶ 2 of the contract.
The ° sign, the ′ prime and the ″ double prime: 45° 30′ 15″.
© ® ™ ℠ are marks.
Fractions: ½ ⅓ ¼ ⅕ ⅙ ⅛ ⅔ ¾.
Superscripts x¹ x² x³ and subscripts H₂O, CO₂.
Roman numerals: Ⅰ Ⅱ Ⅲ Ⅳ Ⅴ.
Chess: ♔ ♕ ♖ ♗ ♘ ♙; cards: ♠ ♥ ♦ ♣.
Check marks ✓ ✔ and crosses ✗ ✘.
Weather: ☀ ☁ ☂ ☃.
Emoji: 😀 🎉 👍 🚀 are outside the BMP.
Music: ♩ ♪ ♫ ♬ 𝄞.
MÖTLEY CRÜE and BLUE ÖYSTER CULT are band names.
Motörhead, Mötley Crüe, Queensrÿche.
Beyoncé, Björk, Sinéad O’Connor, Zoë Kravitz.
O’Reilly’s book “Learning Python” costs $39.99.
It’s, don’t, can’t, won’t, we’re.
Rock ’n’ roll since the ’50s.
The café’s naïve façade, the fiancée’s résumé.
CAFÉ — CRÈME BRÛLÉE — €7.50
MENU DU JOUR : ENTRÉE + PLAT + DESSERT = 19,90 €
Price: 1 234,56 € (TVA 20 % incluse).
Preis: 1.234,56 € inkl. 19 % MwSt.
Cena: 1 234,56 zł brutto.
Цена: 1 234,56 ₽.
Total: ¥12,800 (tax incl.).
Samsung Galaxy S24 Ultra — 256 GB — €1 449.
Sony α7 IV, Nikon Z 8, Canon EOS R5.
Škoda Octavia, Citroën C4, Peugeot 308, Renault Mégane.
Ångström, Öresund, Ærø, Þingvellir.
ÆBLESKIVER, SMØRREBRØD, RØDGRØD MED FLØDE.
ISLAND: ÞINGVELLIR, GEYSIR, GULLFOSS.
STRAẞE is the capital form of Straße.
İSTANBUL, IĞDIR, ŞANLIURFA, ÇANAKKALE.
ŁÓDŹ, KRAKÓW, GDAŃSK, WROCŁAW.
ČESKÉ BUDĚJOVICE, PLZEŇ, ÚSTÍ NAD LABEM.
ΑΘΗΝΑ, ΘΕΣΣΑΛΟΝΙΚΗ, ΠΑΤΡΑ.
МОСКВА, САНКТ-ПЕТЕРБУРГ, КИЇВ.
The file naïve–café—résumé.txt was renamed.
Path: C:\\Users\\José\\Documents\\Año 2024\\Informe.docx
URL: https://example.com/über/straße?q=ä&lang=de
E-mail: françois.dupont@example.fr
The → arrow, the ⇒ double arrow, the ↔ two-way arrow.
Logic: ¬p ∧ q ∨ r, p → q, p ↔ q.
Sets: A ∪ B, A ∩ B, A ⊂ B, A ⊆ B, ∅.
Relations: a ≠ b, a ≤ b, a ≥ b, a ≈ b, a ≡ b.
Operators: ∂f/∂x, ∇·F, ∇×F.
Infinity ∞, aleph ℵ₀, and the golden ratio φ ≈ 1.618.
Probability P(A ∩ B) = P(A) · P(B | A).
Standard deviation σ, mean μ, variance σ².
Matrix A ∈ ℝ^{m×n}, A⊤A is symmetric.
Temperature drop ∆T = 15 K, pressure ∆p = 2 bar.
The Ω-notation, the Θ-notation and the O-notation.
Mixed: 5×£35 = £175; 3×€20 = €60; 2×¥500 = ¥1000.
Half off: ½ price — was €40, now €20!
COPYRIGHT © 1999–2024 — ALL RIGHTS RESERVED.
TM™ and ®REGISTERED and ©COPYRIGHT stuck to words.
ALL-CAPS WITH ACCENTS: ÉLÉPHANT, ÉCUREUIL, HÔPITAL, FORÊT.
ESPAÑA, MÉXICO, PERÚ, ASUNCIÓN, BOGOTÁ.
NIÑO, AÑO, MAÑANA, SEÑOR, PEQUEÑO.
¿Qué tal? ¡Muy bien!
Ça coûte 3 € — c’est donné !
Il a dit : « Non ! » et elle : « Si ! »
Er sagte: „Das ist gut“ — sie: ‚Ja‘.
Hij zei: ‘Dag’ en zij: “Tot ziens”.
Han sa: ”Hej” och hon: »Hej då«.
Hän sanoi: ”Terve” ja hän: »Hei hei».
Powiedział: „Cześć” — ona: «Do widzenia».
Řekl: „Ahoj“ a ona: ‚Čau‘.
Он сказал: «Привет» — она: „Пока“.
The quotation marks ” (U+201D) and “ (U+201C) face opposite ways.
Visit the Ötztal, the Zürichsee and the Wörthersee.
GÖTEBORG, MALMÖ, VÄSTERÅS, JÖNKÖPING.
KØBENHAVN, ÅRHUS, ODENSE, AALBORG.
OSLO, TRONDHEIM, TROMSØ, BODØ.
HELSINKI, TAMPERE, JYVÄSKYLÄ, HÄMEENLINNA.
Â is a capital A with circumflex, as in ÂGE (old spelling).
Ã is a capital A with tilde; Õ is O with tilde.
Å is the Swedish letter; Ä and Ö follow it.
Ä, Ö and Ü are German umlauts; ẞ is the capital sharp s.
A-Ä-Å, O-Ö-Ø, U-Ü.
Keyboard: ⌘ Command, ⌥ Option, ⇧ Shift, ⌃ Control, ⏎ Return.
Box drawing: ┌─┐ │ │ └─┘ ═ ║ ╔ ╗ ╚ ╝.
Blocks: █ ▓ ▒ ░ ▀ ▄.
Shapes: ■ □ ▲ △ ● ○ ◆ ◇ ★ ☆.
The symbol ° is a degree; º is the Spanish ordinal as in 1º and 2ª.
Nº 7, № 12, #42.
Business hours: Mon–Fri 9:00–17:30.
Score: 3–1 (2–0 at half time).
Pages 12–18; years 1914–1918.
He ran 100 m in 9.58 s — a world record.
Stock: AAPL ▲ 1.2 %, MSFT ▼ 0.4 %.
Exchange rate: 1 € = 1.08 $ = 0.85 £ = 160 ¥.
Yen ¥, yuan 元, won ₩, rupee ₹, dong ₫.
Prices in Vietnam: 50.000 ₫.
A 12″ pizza and a 6′ table.
ÀÁÂÃÄÅ ÈÉÊË ÌÍÎÏ ÒÓÔÕÖ ÙÚÛÜ Ý
àáâãäå èéêë ìíîï òóôõö ùúûü ýÿ
The Latin-1 range holds ¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿.
Windows-1252 adds €‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ.
Names: Ólafur Arnalds, Émile Zola, Ángel Di María, Ísak Bergmann.
ÓLAFUR, ÉMILE, ÁNGEL, ÍSAK, ÚRSULA.
Ølberg, Øresund, Ødegaard — Norwegian names.
NAÏVE, CAFÉ, FIANCÉE, RÉSUMÉ, NÉE.
MAÑANA — ¡HASTA LUEGO!
Ç, Ğ, İ, Ö, Ş, Ü are Turkish capitals.
Ą, Ć, Ę, Ł, Ń, Ó, Ś, Ź, Ż are Polish capitals.
Ă, Â, Î, Ș, Ț are Romanian capitals.
Ā, Č, Ē, Ģ, Ī, Ķ, Ļ, Ņ, Š, Ū, Ž are Latvian letters.
Õ, Ä, Ö, Ü, Š, Ž are Estonian letters.
Đ, Č, Ć, Š, Ž are Croatian letters.
The Unicode replacement character looks like this: �.
A no-break space sits between 10 and km here: 10 km.
And between a number and its unit: 5 %, 20 °C, 100 €.
French punctuation: Quoi ? Vraiment ! Oui : bien sûr ; merci.
«Bonjour», «Au revoir», «Merci beaucoup».
JOYEUX NOËL ET BONNE ANNÉE 2025 !
FRÖHLICHE WEIHNACHTEN UND EIN GUTES NEUES JAHR!
¡FELIZ NAVIDAD Y PRÓSPERO AÑO NUEVO!
GOD JUL OCH GOTT NYTT ÅR!
HYVÄÄ JOULUA JA ONNELLISTA UUTTA VUOTTA!
WESOŁYCH ŚWIĄT I SZCZĘŚLIWEGO NOWEGO ROKU!
SRETAN BOŽIĆ I NOVA GODINA!
CRĂCIUN FERICIT ȘI LA MULȚI ANI!
ΚΑΛΑ ΧΡΙΣΤΟΥΓΕΝΝΑ!
С НОВЫМ ГОДОМ И РОЖДЕСТВОМ!
"""

# A capital that UTF-8 leads with, then a no-break space: Ã, Ä, Å, Â before U+00A0 read as
# windows-1252 would be à, Ġ, Š and NBSP, yet these are ordinary words followed by a unit
# or a name.
NBSP_LINES = [
    "IRMÃ\u00a0MARIA", "SÃO\u00a0PAULO", "AÇÃO\u00a0RÁPIDA", "MÃE\u00a0E\u00a0FILHA",
    "ÄLÄ\u00a0KOSKE", "YLLÄ\u00a0MAINITTU", "TÄMÄ\u00a0ON\u00a0TESTI", "PÅ\u00a0SVENSKA",
    "SÅ\u00a0HÄR", "ROMÂ\u00a0NIA", "CÂ\u00a0ND", "ÎNCÂ\u00a0NTAT", "À\u00a0BIENTÔT",
    "VOILÀ\u00a0!", "ÇA\u00a0VA\u00a0?", "SÄÄ\u00a0ON\u00a0HYVÄ", "NÄIN\u00a0ON", "JÄÄ\u00a0TALO",
]

_PRODUCTS = ["Café Crème", "Crème Brûlée", "Smørrebrød", "Glühwein", "Piña Colada",
             "Jalapeño Nachos", "Açaí Bowl", "Bière Blonde", "Pâté Maison", "Entrecôte",
             "Würstchen", "Käsespätzle", "Ćevapi", "Gołąbki", "Pierogi Ruskie"]
_PRICES = ["€5", "£3.50", "¥800", "$4.99", "€12,50", "£17", "₹250", "₩9 000", "CHF 7.–", "kr 45"]
_PLACES = ["Zürich", "Kraków", "São Paulo", "Malmö", "Düsseldorf", "Besançon", "Reykjavík",
           "Tromsø", "Łódź", "Brașov", "Plzeň", "İzmir", "Šiauliai", "Pärnu", "Jūrmala"]
_MATH = ["2×3 = 6", "8÷2 = 4", "√2 ≈ 1.414", "π ≈ 3.14159", "x² − 1 = (x − 1)(x + 1)",
         "∆t ≈ 0.5 s", "90° = π/2", "1 ≤ n ≤ 10", "a ≠ b", "∑ k = n(n + 1)/2"]


def templated():
    """Lines built from the lists above: prices of products in places, all-caps variants, and
    formulas in quotes (deterministic order)."""
    out = []
    for product, price, place in zip(_PRODUCTS * 4, _PRICES * 6, _PLACES * 4):
        out.append(f"{product} — {price} in {place}.")
        out.append(f"{product.upper()}: {price} ({place.upper()})")
        out.append(f"“{product}” costs {price} at the market in {place}.")
    for formula, (left, right) in itertools.product(_MATH, [("“", "”"), ("‘", "’"), ("«", "»")]):
        out.append(f"The identity {left}{formula}{right} holds.")
    return out


def symbol_lines():
    lines = [line for line in HAND_WRITTEN.split("\n") if line]
    lines += NBSP_LINES + templated()
    seen = set()
    return [line for line in lines if not (line in seen or seen.add(line))]
