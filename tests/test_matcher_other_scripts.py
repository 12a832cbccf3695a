# ruff: noqa: RUF001, RUF003  # the scripts' own punctuation and letters are what these tests are about
"""Quotes in scripts and languages beyond the lexicon's nine (probe26, 2026-12-07).

Arabic, Persian, Urdu, Hebrew, Hindi, Bengali, Tamil, Greek, Turkish, Polish, Italian, Ukrainian,
Vietnamese, Armenian, Georgian, Amharic and Khmer: a script's own punctuation typed as ASCII, the
vowel marks most text leaves out, one letter of two keyboards, and decomposed vowel signs are
read past; a word keeps its vowel signs; and a cut in a language whose conditions and negations no
list reads is for a person, never accepted as neutral.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from citecheck import Document, Location
from citecheck.matcher import locate
from citecheck.matcher._lexicon import unread_language
from citecheck.matcher._tokens import WORD


def _found(source: str, quote: str) -> Location:
    return locate(Document.from_sections({"1": source}), {"id": "q", "claim": "c", "quote": quote, "section": None})


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # Arabic's comma typed as ASCII; Urdu's full stop left out at the end; the danda typed as a period.
        (
            "تنتهي صلاحية الرمز بعد ساعة، ولا يمكن تجديده بعد ذلك.",
            "تنتهي صلاحية الرمز بعد ساعة, ولا يمكن تجديده بعد ذلك.",
        ),
        ("یہ اصول تمام صارفین پر لاگو ہوتا ہے۔", "یہ اصول تمام صارفین پر لاگو ہوتا ہے"),
        ("यह नियम सभी उपयोगकर्ताओं पर लागू होता है।", "यह नियम सभी उपयोगकर्ताओं पर लागू होता है."),
        ("এই নিয়ম সকল ব্যবহারকারীর জন্য প্রযোজ্য।", "এই নিয়ম সকল ব্যবহারকারীর জন্য প্রযোজ্য."),
        # Hebrew's gershayim typed as an ASCII double quote.
        ("המחיר החודשי הוא 49 ש״ח לכל משתמש.", 'המחיר החודשי הוא 49 ש"ח לכל משתמש.'),
        # Armenian's and Ethiopic's full stops typed as a period; Ethiopic's word space as a space.
        ("Սերվերը մերժում է բոլոր հարցումները։", "Սերվերը մերժում է բոլոր հարցումները."),
        ("አገልጋዩ ሁሉንም ጥያቄዎች ውድቅ ያደርጋል።", "አገልጋዩ ሁሉንም ጥያቄዎች ውድቅ ያደርጋል."),
        ("አገልጋዩ፡ሁሉንም፡ጥያቄዎች፡ውድቅ፡ያደርጋል።", "አገልጋዩ ሁሉንም ጥያቄዎች ውድቅ ያደርጋል።"),
    ],
    ids=[
        "arabic-comma",
        "urdu-stop-left-out",
        "danda",
        "bengali-danda",
        "gershayim",
        "armenian-stop",
        "ethiopic-stop",
        "ethiopic-word-space",
    ],
)
def test_a_script_s_own_punctuation_is_its_ascii_twin(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # U+061C, the Arabic letter mark, is as invisible as U+200F.
        ("يجب على الخادم أن يرفض الطلب غير الصالح.", "يجب على الخادم\u061c أن يرفض الطلب غير الصالح."),
        # The source's tanween, or its niqqud, that the quote leaves out; the tatweel that stretches a word.
        ("تحذف السجلات القديمة بعد 90 يوماً.", "تحذف السجلات القديمة بعد 90 يوما."),
        ("הַשָּׁרָת חייב לדחות כל בקשה שאינה תקינה.", "השרת חייב לדחות כל בקשה שאינה תקינה."),
        ("الخادم يرفض كل طلب لا يحتوي على رمز صالح.", "الخـــادم يرفض كل طلب لا يحتوي على رمز صالح."),
        # The same marks on both sides.
        ("الأستاذ دَرَّسَ الطلاب في الجامعة كل يوم.", "الأستاذ دَرَّسَ الطلاب في الجامعة كل يوم."),
        # Persian typed on an Arabic keyboard (ي ك for ی ک).
        ("سرور باید هر درخواستی را که توکن ندارد رد کند.", "سرور بايد هر درخواستي را كه توكن ندارد رد كند."),
        # Bengali and Tamil in NFD: a vowel sign of two parts written apart (ো as ে and া).
        ("সার্ভার প্রতিটি অনুরোধ প্রত্যাখ্যান করবে।", unicodedata.normalize("NFD", "সার্ভার প্রতিটি অনুরোধ প্রত্যাখ্যান করবে।")),
        (
            "சேவையகம் ஒவ்வொரு கோரிக்கையையும் நிராகரிக்க வேண்டும்.",
            unicodedata.normalize("NFD", "சேவையகம் ஒவ்வொரு கோரிக்கையையும் நிராகரிக்க வேண்டும்."),
        ),
        # An emoji's variation selector and keycap pick a glyph: "❤️" is "❤", "1️⃣" is "1".
        (
            "Great job \u2764\ufe0f see you at the meeting tomorrow.",
            "Great job \u2764 see you at the meeting tomorrow.",
        ),
        (
            "Step 1\ufe0f\u20e3: install the package and run the tests.",
            "Step 1: install the package and run the tests.",
        ),
        # Hebrew's gershayim typed as ASCII.
        ("הצבא, כלומר צה״ל, פעל באזור במשך שבוע.", 'הצבא, כלומר צה"ל, פעל באזור במשך שבוע.'),
        # A one-letter prefix before a word in quotation marks is no gershayim.
        ('הוא אמר ו"להתראות" ויצא מהחדר במהירות.', "הוא אמר ולהתראות ויצא מהחדר במהירות."),
        # An exact quote without its stop: the source's last word keeps its last mark past the span.
        ("ذهب الطالبُ إلى المدرسةِ. ثم عاد إلى البيتِ مساءً.", "ذهب الطالبُ إلى المدرسةِ"),
        # Fewer marks than the source's: a shadda only.
        ("الأستاذ دَرَّسَ الطلاب في الجامعة كل يوم.", "الأستاذ درَّس الطلاب في الجامعة كل يوم."),
        # A letter its hamza spells, in NFD: no vowel mark.
        (
            "إن الخادم يرفض كل طلب غير صالح اليوم.",
            unicodedata.normalize("NFD", "إن الخادم يرفض كل طلب غير صالح اليوم."),
        ),
    ],
    ids=[
        "arabic-letter-mark",
        "tanween-left-out",
        "niqqud-left-out",
        "tatweel",
        "same-harakat",
        "persian-on-an-arabic-keyboard",
        "bengali-nfd",
        "tamil-nfd",
        "emoji-variation-selector",
        "keycap",
        "gershayim-typed",
        "hebrew-prefix-before-a-quoted-word",
        "final-haraka-without-the-stop",
        "shadda-only",
        "hamza-in-nfd",
    ],
)
def test_marks_most_text_leaves_out_and_a_keyboard_s_letters_are_read_past(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason


@pytest.mark.parametrize(
    ("source", "quote", "named"),
    [
        # Marks that make another word, in both: killed for was killed, told for counted.
        ("في عام ١٩٩٠ قُتِلَ الرئيسُ في العاصمة.", "في عام ١٩٩٠ قَتَلَ الرئيسُ في العاصمة.", "vowel marks written otherwise"),
        ("הוּא סִפֵּר אֶת הַכֶּסֶף לכולם.", "הוּא סָפַר אֶת הַכֶּסֶף לכולם.", "vowel marks written otherwise"),
        # The quote's marks pick one reading of the source's letters: taught, of studied or taught.
        ("الأستاذ درس الطلاب في الجامعة كل يوم.", "الأستاذ دَرَّسَ الطلاب في الجامعة كل يوم.", "pick one reading"),
        ("השרת חייב לדחות כל בקשה שאינה תקינה.", "הַשָּׁרָת חייב לדחות כל בקשה שאינה תקינה.", "pick one reading"),
        # A geresh or gershayim left out makes another word: gel is not wave.
        (
            "החוקרים מרחו ג׳ל על פני השטח של הדגימה.",
            "החוקרים מרחו גל על פני השטח של הדגימה.",
            "an apostrophe added or dropped",
        ),
        (
            "הצבא, כלומר צה״ל, פעל באזור במשך שבוע.",
            "הצבא, כלומר צהל, פעל באזור במשך שבוע.",
            "an apostrophe added or dropped",
        ),
        # The quote's pointing stands elsewhere in the span: each word is compared with its own.
        (
            "قَتَلَ الجنديُّ العدوَّ ثم قُتِلَ في المعركة الكبيرة.",
            "قَتَلَ الجنديُّ العدوَّ ثم قَتَلَ في المعركة الكبيرة.",
            "vowel marks written otherwise",
        ),
        (
            'הצבא, כלומר צה"ל, פעל באזור במשך שבוע.',
            "הצבא, כלומר צהל, פעל באזור במשך שבוע.",
            "an apostrophe added or dropped",
        ),
        # A pointed quote without the source's shadda: another word (forbade, deprived).
        (
            "المعلم حَرَّمَ الطلاب من الرحلة هذا العام.",
            "المعلم حَرَمَ الطلاب من الرحلة هذا العام.",
            "vowel marks written otherwise",
        ),
        # Persian's kaf and ye typed for Arabic's, on a word pointed otherwise (wrote, was written).
        ("الكاتب كَتَبَ الرسالة أمس في المكتب.", "الكاتب کُتِبَ الرسالة أمس في المكتب.", "vowel marks written otherwise"),
    ],
    ids=[
        "arabic-voice",
        "hebrew-verb",
        "arabic-reading",
        "niqqud-in-the-quote",
        "geresh-dropped",
        "gershayim-dropped",
        "the-other-pointing-elsewhere-in-the-span",
        "gershayim-typed-in-the-source-dropped",
        "shadda-dropped-from-a-pointed-word",
        "persian-letters-pointed-otherwise",
    ],
)
def test_a_mark_that_may_make_another_word_is_for_review(source: str, quote: str, named: str) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert "variant_form" in location.flags and named in location.reason, location.reason


@pytest.mark.parametrize(
    ("source", "quote", "found"),
    [
        # Arabic's decimal mark is never a thousands mark: 1.500 is not 1,500.
        (
            "بلغت نسبة النمو ١٫٥٠٠ في المائة خلال العام الماضي.",
            "بلغت نسبة النمو ١٬٥٠٠ في المائة خلال العام الماضي.",
            False,
        ),
        # The same number in ASCII digits and mark: found, for review.
        (
            "لم تلاحظ فروق بين المجموعتين عند مستوى ٠٫٠٥ في هذه الدراسة.",
            "لم تلاحظ فروق بين المجموعتين عند مستوى 0.05 في هذه الدراسة.",
            True,
        ),
        # An ASCII mark between Arabic-Indic or Persian digits: the same number, written otherwise.
        (
            "بلغت نسبة النمو ٣٫٥ في المائة خلال العام الماضي كله.",
            "بلغت نسبة النمو ٣.٥ في المائة خلال العام الماضي كله.",
            True,
        ),
        ("تعداد کاربران ۱۲٬۰۰۰ نفر در سال گذشته بوده است.", "تعداد کاربران ۱۲,۰۰۰ نفر در سال گذشته بوده است.", True),
        # ASCII digits with the marks as German, French or Russian write them (the last notes' accusations).
        (
            "بلغت نسبة النمو ٣٫٥ في المائة خلال العام الماضي كله.",
            "بلغت نسبة النمو 3,5 في المائة خلال العام الماضي كله.",
            True,
        ),
        ("تعداد کاربران ۱۲٬۰۰۰ نفر در سال گذشته بوده است.", "تعداد کاربران 12.000 نفر در سال گذشته بوده است.", True),
        # A decimal that ends the sentence, its stop right after it.
        (
            "لم تلاحظ فروق بين المجموعتين عند مستوى دلالة ٠٫٠٥.",
            "لم تلاحظ فروق بين المجموعتين عند مستوى دلالة 0.05.",
            True,
        ),
        # Another number, in any digits.
        (
            "بلغت نسبة النمو ٣٫٥ في المائة خلال العام الماضي كله.",
            "بلغت نسبة النمو 3,6 في المائة خلال العام الماضي كله.",
            False,
        ),
        ("تعداد کاربران ۱۲٬۰۰۰ نفر در سال گذشته بوده است.", "تعداد کاربران 13.000 نفر در سال گذشته بوده است.", False),
        # Arabic's decimal mark is never a thousands mark: "1,500" for 1.5 is a decimal comma.
        (
            "بلغت نسبة النمو ١٫٥٠٠ في المائة خلال العام الماضي.",
            "بلغت نسبة النمو 1,500 في المائة خلال العام الماضي.",
            True,
        ),
    ],
    ids=[
        "decimal-for-thousands",
        "ascii-digits",
        "ascii-decimal-mark",
        "persian-ascii-thousands-mark",
        "ascii-digits-decimal-comma",
        "ascii-digits-thousands-dot",
        "decimal-before-the-stop",
        "another-decimal",
        "another-thousand",
        "decimal-comma-before-three-digits",
    ],
)
def test_arabic_decimal_and_thousands_marks_are_told_apart(source: str, quote: str, found: bool) -> None:
    location = _found(source, quote)
    assert (location.status == "found") == found, location.reason
    if found:
        number = re.search("[\u0660-\u0669\u06f0-\u06f9][\u0660-\u0669\u06f0-\u06f9\u066b\u066c]*", source)
        assert number is not None and f"the source's {number.group()!r}" in location.reason, location.reason
        assert "variant_form" in location.flags


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # Arabic's teh marbuta written as heh in three words; Persian's ye written as alef maksura.
        (
            "إذا رفعت دعوى براءة اختراع ضد أي مساهم، تنتهي التراخيص الممنوحة لك بموجب هذه الاتفاقية فوراً.",
            "إذا رفعت دعوى براءه اختراع ضد أي مساهم، تنتهي التراخيص الممنوحه لك بموجب هذه الاتفاقيه فوراً.",
        ),
        ("آیا نسخهٔ فعلی از رمزنگاری سرتاسری پشتیبانی می‌کند؟", "آیا نسخهٔ فعلى از رمزنگارى سرتاسرى پشتیبانى می‌کند؟"),
        # Urdu's heh goal typed as Arabic's heh, which also writes Urdu's other heh (said, ate).
        (
            "اس ترتیب کو تبدیل کرنے کے بعد سروس کو دوبارہ شروع کرنا ضروری نہیں ہے۔",
            "اس ترتیب کو تبدیل کرنے کے بعد سروس کو دوباره شروع کرنا ضروری نهیں هے۔",
        ),
        ("اس نے كها کہ وہ کل آئے گا اور ہم انتظار کریں گے۔", "اس نے کہا کہ وہ کل آئے گا اور ہم انتظار کریں گے۔"),
        # Devanagari's chandrabindu as anusvara, in quotation marks; Vietnamese's old tone placement too.
        (
            "जारी रखने के लिए “हाँ” और रद्द करने के लिए “नहीं” टाइप करें, फिर Enter दबाएं।",
            "जारी रखने के लिए “हां” और रद्द करने के लिए “नहीं” टाइप करें, फिर Enter दबाएं।",
        ),
        (
            "Chọn “Hủy” để dừng quá trình, hoặc nhấn Enter để giữ tuỳ chọn mặc định.",
            "Chọn “Huỷ” để dừng quá trình, hoặc nhấn Enter để giữ tuỳ chọn mặc định.",
        ),
        # A Turkish sentence upper-cased the Turkish way: ı is I, i is İ.
        (
            "İstek boyutu 10 MB'ı aşarsa, sunucu 413 kodunu döndürür ve bağlantıyı kapatır.",
            "İSTEK BOYUTU 10 MB'I AŞARSA, SUNUCU 413 KODUNU DÖNDÜRÜR VE BAĞLANTIYI KAPATIR.",
        ),
    ],
    ids=[
        "teh-marbuta",
        "persian-ye",
        "urdu-heh",
        "urdu-said-for-ate",
        "chandrabindu-quoted",
        "vietnamese-tone-quoted",
        "turkish-upper-case",
    ],
)
def test_a_letter_written_in_another_of_its_forms_is_for_review(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert "variant_form" in location.flags, location.reason


@pytest.mark.parametrize(
    ("source", "quote", "found"),
    [
        ("लगभग ३५ प्रतिशत लोगों ने इस योजना का लाभ उठाया है।", "लगभग 35 प्रतिशत लोगों ने इस योजना का लाभ उठाया है।", True),
        ("মোট ১২০ জন শিক্ষার্থী এই পরীক্ষায় অংশগ্রহণ করেছিল।", "মোট 120 জন শিক্ষার্থী এই পরীক্ষায় অংশগ্রহণ করেছিল।", True),
        ("มีผู้ใช้งาน ๑๒ ล้านคนในประเทศไทยเมื่อปีที่แล้ว", "มีผู้ใช้งาน 12 ล้านคนในประเทศไทยเมื่อปีที่แล้ว", True),
        (
            "لم تلاحظ فروق بين المجموعتين عند مستوى دلالة ٠.٠٥.",
            "لم تلاحظ فروق بين المجموعتين عند مستوى دلالة 0.05.",
            True,
        ),
        ("लगभग ३५ प्रतिशत लोगों ने इस योजना का लाभ उठाया है।", "लगभग 36 प्रतिशत लोगों ने इस योजना का लाभ उठाया है।", False),
        ("มีผู้ใช้งาน ๑๒ ล้านคนในประเทศไทยเมื่อปีที่แล้ว", "มีผู้ใช้งาน 13 ล้านคนในประเทศไทยเมื่อปีที่แล้ว", False),
        # Read with the rest folded (a review of d6e45f3: each was plain): Arabic's comma inside the
        # number, a tatweel; and each number as often as it is written.
        (
            "بلغت نسبة النمو ١،٥٠٠ في المائة خلال العام الماضي كله.",
            "بلغت نسبة النمو 1,500 في المائة خلال العام الماضي كله.",
            True,
        ),
        (
            "بلغت نسبة النمو ١٢ـ٠٠٠ في المائة خلال العام الماضي كله.",
            "بلغت نسبة النمو 12000 في المائة خلال العام الماضي كله.",
            True,
        ),
        (
            "صدر القانون عام ٢٠٢٤ (2024) بعد نقاش طويل في البرلمان.",
            "صدر القانون عام 2024 (2024) بعد نقاش طويل في البرلمان.",
            True,
        ),
    ],
    ids=[
        *("devanagari", "bengali", "thai", "arabic-indic", "devanagari-another", "thai-another"),
        *("arabic-comma", "tatweel", "twice"),
    ],
)
def test_a_number_in_another_script_s_digits_is_the_same_number_for_review(
    source: str, quote: str, found: bool
) -> None:
    location = _found(source, quote)
    assert (location.status == "found") == found, location.reason
    if found:
        assert "another script's digits" in location.reason and "variant_form" in location.flags


def test_full_width_digits_are_typography() -> None:
    location = _found("本章では 8 つのステップを説明します。", "本章では ８ つのステップを説明します。")
    assert location.status == "found" and not location.flags, location.reason


def test_keycap_digits_write_the_number_they_spell() -> None:
    location = _found(
        "The year 2\ufe0f\u20e30\ufe0f\u20e32\ufe0f\u20e36\ufe0f\u20e3 begins on a Thursday this time.",
        "The year 2026 begins on a Thursday this time.",
    )
    assert (location.status, location.flags) == ("found", ()), location.reason


def test_a_name_in_code_spelt_with_another_accent_is_another_name() -> None:
    location = _found(
        "Set the `exp` claim to the expiry time of the token.", "Set the `èxp` claim to the expiry time of the token."
    )
    assert location.status == "missing", location.reason


def test_a_word_keeps_its_vowel_signs_and_viramas() -> None:
    # "\w" has no marks: "नियम" fell apart into "न" and "यम", a negation's "नहीं" into "नह".
    assert WORD.findall("यह नियम लागू नहीं होता है") == ["यह", "नियम", "लागू", "नहीं", "होता", "है"]
    assert WORD.findall("சேவையகம் ஒவ்வொரு") == ["சேவையகம்", "ஒவ்வொரு"]


def test_a_word_keeps_the_marks_of_every_script() -> None:
    # Kannada's and Telugu's vowel signs; Latin letters with marks NFKC has no single letter for.
    assert WORD.findall("ಸರ್ವರ್ ವಿನಂತಿಯನ್ನು ತಿರಸ್ಕರಿಸುತ್ತದೆ") == ["ಸರ್ವರ್", "ವಿನಂತಿಯನ್ನು", "ತಿರಸ್ಕರಿಸುತ್ತದೆ"]
    assert WORD.findall("సర్వర్ అభ్యర్థనను") == ["సర్వర్", "అభ్యర్థనను"]
    assert WORD.findall("q\u0307\u0323 x\u0302yz") == ["q\u0307\u0323", "x\u0302yz"]


@pytest.mark.parametrize(
    ("source", "quote", "flag"),
    [
        # A leading condition cut away: Greek's "if", Turkish's -sa, Polish's "o ile" (Polish's
        # "na", "do" tell Portuguese to the function words), Ukrainian's "якщо", Hebrew behind an ellipsis.
        (
            "Αν το μέγεθος υπερβαίνει τα 10 MB, ο διακομιστής κλείνει αμέσως τη σύνδεση.",
            "Ο διακομιστής κλείνει αμέσως τη σύνδεση.",
            "partial_sentence",
        ),
        (
            "İstek boyutu 10 MB'ı aşarsa, sunucu bağlantıyı hemen kapatır.",
            "sunucu bağlantıyı hemen kapatır.",
            "partial_sentence",
        ),
        (
            "Po pięciu nieudanych próbach konto zostaje zablokowane na 30 minut. O ile użytkownik nie wybierze "
            "innego ustawienia, stare dzienniki są usuwane po 90 dniach.",
            "Stare dzienniki są usuwane po 90 dniach.",
            "partial_sentence",
        ),
        (
            "Після п’яти невдалих спроб обліковий запис блокується на 30 хвилин. Якщо користувач не вибере інше "
            "налаштування, старі журнали видаляються через 90 днів.",
            "Старі журнали видаляються через 90 днів.",
            "partial_sentence",
        ),
        (
            "אלא אם המשתמש בחר הגדרה אחרת, יומנים ישנים נמחקים אחרי 90 יום.",
            "… יומנים ישנים נמחקים אחרי 90 יום.",
            "ellipsis_gap",
        ),
        # A sentence's negation cut away: Vietnamese "Không", Arabic "ليس".
        (
            "Không cần khởi động lại dịch vụ sau khi thay đổi cài đặt này.",
            "Cần khởi động lại dịch vụ sau khi thay đổi cài đặt này.",
            "partial_sentence",
        ),
        (
            "ليس من الضروري إعادة تشغيل الخدمة بعد تغيير هذا الإعداد.",
            "من الضروري إعادة تشغيل الخدمة بعد تغيير هذا الإعداد.",
            "partial_sentence",
        ),
        # A trailing limit behind an ellipsis: Italian's "senza" (without).
        (
            "Il software è fornito senza alcuna garanzia della qualità. Non è consentito usare il nome dell’autore per"
            " promuovere prodotti derivati senza previa autorizzazione scritta.",
            "Non è consentito usare il nome dell’autore per promuovere prodotti derivati …",
            "ellipsis_gap",
        ),
        # A sentence's first word is no name for its capital: Turkish's and Polish's "if", whose short
        # words ("da", "o", "na", "do") Portuguese's function words hold too.
        ("Eğer fiyat da artarsa, o zaman alıcı da azalır.", "o zaman alıcı da azalır.", "partial_sentence"),
        (
            "Jeśli do końca roku na koncie nie będzie środków, to bank zamyka konto.",
            "to bank zamyka konto.",
            "partial_sentence",
        ),
        # Spanish's "sin" (without) cut away, with or without an ellipsis.
        (
            "Se permite usar el nombre del autor sin permiso previo por escrito.",
            "Se permite usar el nombre del autor …",
            "ellipsis_gap",
        ),
        (
            "Se permite usar el nombre del autor sin permiso previo por escrito.",
            "Se permite usar el nombre del autor",
            "partial_sentence",
        ),
        # A Turkish quote that stops inside a word leaves out its negation: "should not use" as "use".
        ("Hamile kadınlar bu ilacı kullanmamalı.", "Hamile kadınlar bu ilacı kullan", "partial_sentence"),
        ("Yarın toplantıya kimse gelmeyecek çünkü tatil var.", "Yarın toplantıya kimse gel", "partial_sentence"),
        # A quote that stops inside a Tamil word leaves out its ending: "தேவையில்லை" is "not needed".
        (
            "இந்த அமைப்பை மாற்றிய பிறகு சேவையை மறுதொடக்கம் செய்யத் தேவையில்லை.",
            "இந்த அமைப்பை மாற்றிய பிறகு சேவையை மறுதொடக்கம் செய்யத் தேவை.",
            "partial_sentence",
        ),
    ],
    ids=[
        "greek-if",
        "turkish-sa",
        "polish-o-ile",
        "ukrainian-yakshcho",
        "hebrew-unless-ellipsis",
        "vietnamese-khong",
        "arabic-laysa",
        "italian-senza-ellipsis",
        "turkish-eger",
        "polish-jesli",
        "spanish-sin-ellipsis",
        "spanish-sin",
        "turkish-negation-suffix",
        "turkish-suffix-of-a-plain-word",
        "tamil-word-ending",
    ],
)
def test_a_cut_in_a_language_no_rule_reads_is_for_review(source: str, quote: str, flag: str) -> None:
    location = _found(source, quote)
    assert location.status == "found", location.reason
    assert flag in location.flags, location.reason
    assert any(said in location.reason for said in ("does not read", "the end of a word", "left out a negation"))


@pytest.mark.parametrize(
    ("source", "quote", "flags"),
    [
        # An ellipsis over a contrast whose words hold a negation: a contrast left out, not an inversion.
        (
            "Процесс медленный. Тем не менее, система работает с большими данными хорошо.",
            "Процесс медленный. ... система работает с большими данными хорошо.",
            ("ellipsis_gap",),
        ),
        (
            "El proceso es lento. Sin embargo, el sistema funciona bien con datos grandes.",
            "El proceso es lento. ... el sistema funciona bien con datos grandes.",
            ("ellipsis_gap",),
        ),
        # "including but not limited to" lists examples; its "not" negates nothing.
        (
            "Users may upload files, including but not limited to images, videos and documents.",
            "Users may upload files, ... images, videos and documents.",
            (),
        ),
    ],
    ids=["tem-ne-menee", "sin-embargo", "including-but-not-limited-to"],
)
def test_a_negation_inside_a_phrase_that_negates_nothing_is_no_inversion(
    source: str, quote: str, flags: tuple[str, ...]
) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", flags), location.reason


def test_portuguese_s_function_words_are_no_italian() -> None:
    # "deve" and "quando" are Portuguese's too, in either case.
    assert unread_language("Quando o sistema deve, quando pedir", lambda: "pt") is None
    assert unread_language("il nome della licenza senza garanzia", lambda: None) == "'della'"


@pytest.mark.parametrize(
    ("source", "quote"),
    [
        # Whole sentences after another, a question later in the paragraph: Georgian's lower-case
        # letters open a sentence, Khmer's and Ethiopic's stops end one.
        (
            "სერვერი უარყოფს ყველა მოთხოვნას. ტოკენს ვადა ეწურება ერთი საათის შემდეგ. გსურთ გაგრძელება?",
            "ტოკენს ვადა ეწურება ერთი საათის შემდეგ.",
        ),
        ("ម៉ាស៊ីនមេបដិសេធសំណើទាំងអស់។ ថូខឹនផុតកំណត់បន្ទាប់ពីមួយម៉ោង។ តើអ្នកចង់បន្តទេ?", "ថូខឹនផុតកំណត់បន្ទាប់ពីមួយម៉ោង។"),
        ("አገልጋዩ ሁሉንም ጥያቄዎች ውድቅ ያደርጋል። ቶከኑ ከአንድ ሰዓት በኋላ ያበቃል። መቀጠል ይፈልጋሉ?", "ቶከኑ ከአንድ ሰዓት በኋላ ያበቃል።"),
        (
            "Ο διακομιστής απορρίπτει κάθε αίτημα. Το διακριτικό λήγει μετά από μία ώρα.",
            "Το διακριτικό λήγει μετά από μία ώρα.",
        ),
        # A foreign name in an English sentence leaves it English: a neutral cut stays neutral.
        ("For example, the team in Łódź ships a release every week.", "the team in Łódź ships a release every week."),
        # So do a Greek letter, a micro sign and a power's superscript n of English prose.
        (
            "For example, the filter passes 5 μm particles at the rate α.",
            "the filter passes 5 μm particles at the rate α.",
        ),
        (
            "In practice, a signed variant stores numbers up to 2ⁿ⁻¹ − 1.",
            "a signed variant stores numbers up to 2ⁿ⁻¹ − 1.",
        ),
        # Loanwords of an English text, twice in the sentence; one the quote stops inside.
        (
            "The złoty fell 5% against the euro last week, and the złoty may fall further this month.",
            "the złoty may fall further this month.",
        ),
        (
            "Support is available for whānau and hapū, and applications close in March every year.",
            "applications close in March every year.",
        ),
        ("Analysts expect the złoty's value to recover by the end of the year.", "Analysts expect the złoty"),
        # Sentences an English text opens with foreign names.
        (
            "Łódź is a large city. Gdańsk is a port. For example, the team ships a release every week.",
            "the team ships a release every week.",
        ),
        # Spanish's "sin embargo" and "no obstante" are however, no negation.
        (
            "El proceso es lento; sin embargo, el sistema funciona bien con datos grandes.",
            "el sistema funciona bien con datos grandes.",
        ),
        (
            "El proceso es lento; no obstante, el sistema funciona bien con datos grandes.",
            "el sistema funciona bien con datos grandes.",
        ),
        # English's "sin" is a sine.
        (
            "The signal is a sin wave with a period of two seconds in this test.",
            "wave with a period of two seconds in this test.",
        ),
    ],
    ids=[
        "georgian",
        "khmer",
        "amharic",
        "greek",
        "polish-name-in-english",
        "greek-symbols-in-english",
        "power",
        "zloty-twice",
        "maori-loanwords",
        "quote-stops-inside-a-loanword",
        "names-opening-english-sentences",
        "sin-embargo",
        "no-obstante",
        "english-sin",
    ],
)
def test_a_whole_sentence_or_a_neutral_cut_is_plain(source: str, quote: str) -> None:
    location = _found(source, quote)
    assert (location.status, location.flags) == ("found", ()), location.reason
