"""What mail clients write above quoted history and below a reply, per language, as data."""
from __future__ import annotations

# Entries are matched case-insensitively against one line (or a few joined lines) that is already
# NFKC-normalised and stripped of bidi and zero-width marks, so `：` arrives as `:` and Gmail's RTL
# embeddings are gone. Start words and field names are plain text; the other entries are
# regular-expression fragments, most of them plain words too. Adding a
# language is adding an entry here and a row of cases in tests/mail/test_reply_languages.py.
#
# The forms come from what the common clients write in each locale: Gmail ("On <date>, <sender>
# wrote:"), Outlook (a "From:/Sent:/To:/Subject:" block, "-----Original Message-----"), Apple Mail,
# Thunderbird, Yahoo, and the phones' "Sent from my iPhone" lines.

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """The words one language's mail clients write around quoted history and below a reply."""

    # Verbs ending an attribution: "<date>, <sender> wrote:", "<sender> napsal(a):".
    wrote: tuple[str, ...] = ()
    # Words standing between the date and the sender: "skrev <sender>:", "بواسطة <sender>:".
    wrote_before_sender: tuple[str, ...] = ()
    # Words opening an attribution before its date: "On", "Le", "W dniu".
    starts: tuple[str, ...] = ()
    # Outlook-style header block: the field naming the sender, and the others.
    sender_fields: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    # Phrases between dashes: "-----Original Message-----", "---------- Forwarded message ---------".
    separators: tuple[str, ...] = ()
    # A forward introduced by a sentence ending in a colon: "Begin forwarded message:".
    forward_intros: tuple[str, ...] = ()
    # A phone or app signature line: "Sent from my iPhone", "iPhoneから送信". A fragment ending in
    # `$` describes the whole line and holds however many words it has; the others are prefixes, and
    # a line they start is a signature only while it stays short.
    sent_from: tuple[str, ...] = ()


# What a phone signature names as the sending device ("via mobile", "von unterwegs gesendet").
_DEVICE = r"(?:mobile|phone|cell|iphone|ipad|android|smartphone|handy)"

LANGUAGES: dict[str, Language] = {
    "en": Language(
        wrote=("wrote", "writes", "sent", "said"),
        starts=("on", "at"),
        sender_fields=("from",),
        fields=("sent", "date", "to", "cc", "subject", "reply-to"),
        separators=("original message", "forwarded message", "reply message"),
        forward_intros=("begin forwarded message",),
        sent_from=(r"sent (?:from|via|with|using) \S", r"get (?:\[)?outlook for", r"<<sent by .{1,40}>>$",
                   r"\(sent from .{1,40}\)$", r"from my (?:iphone|ipad|android|phone|mobile|cell)\b",
                   # "via mobile", "Ann / via mobile", "Kim from mobile": a name and where it was sent from.
                   rf"(?:\S.{{0,40}}?\s)?(?:[-/|–—]\s*)?(?:sent\s)?(?:via|from)\s(?:my\s)?{_DEVICE}\.?$"),
    ),
    "de": Language(
        wrote=("schrieb", "geschrieben"),
        starts=("am",),
        sender_fields=("von",),
        fields=("gesendet", "datum", "an", "betreff", "cc", "kopie"),
        separators=("ursprüngliche nachricht", "weitergeleitete nachricht", "originalnachricht"),
        forward_intros=("anfang der weitergeleiteten nachricht",),
        sent_from=(r"von meine[mr] .{1,60} gesendet", r"gesendet (?:von|mit) (?:meinem|meiner|my)\b",
                   r"gesendet (?:von|mit|über) \S", r"outlook für (?:ios|android) (?:beziehen|herunterladen)",
                   r"diese nachricht wurde von meinem .{1,80} gesendet\.?$",
                   rf"(?:\S.{{0,40}}?\s)?(?:[-/|–—]\s*)?(?:von\s)?(?:unterwegs|{_DEVICE}) gesendet\.?$"),
    ),
    "fr": Language(
        wrote=("a écrit", "a ecrit", "a envoyé"),
        starts=("le",),
        sender_fields=("de",),
        fields=("envoyé", "date", "à", "a", "objet", "sujet", "cc"),
        separators=("message d'origine", "message d’origine", "message original", "message transféré"),
        forward_intros=("début du message (?:réexpédié|transféré)",),
        sent_from=(r"envoyé (?:depuis|de|à partir de|avec) (?:mon|ma|l'|my|outlook|yahoo)\b",
                   r"obtenir outlook pour (?:ios|android)"),
    ),
    "es": Language(
        wrote=("escribió", "escribio"),
        starts=("el",),
        sender_fields=("de",),
        fields=("enviado", "enviada", "para", "asunto", "fecha", "cc"),
        separators=("mensaje original", "mensaje reenviado"),
        forward_intros=("inicio del mensaje reenviado",),
        sent_from=(r"enviado (?:desde|de) (?:mi|my|outlook|yahoo)\b", r"obtener outlook para (?:ios|android)"),
    ),
    "it": Language(
        wrote=("ha scritto",),
        starts=("il giorno", "il"),
        sender_fields=("da",),
        fields=("inviato", "data", "a", "oggetto", "cc", "risposta"),
        separators=("messaggio originale", "messaggio inoltrato"),
        forward_intros=("inizio messaggio inoltrato",),
        sent_from=(r"inviato da\b", r"scarica outlook per (?:ios|android)"),
    ),
    "pt": Language(
        wrote=("escreveu",),
        starts=("em", "no dia"),
        sender_fields=("de",),
        fields=("enviado", "enviada", "data", "para", "assunto", "cc"),
        separators=("mensagem original", "mensagem encaminhada"),
        forward_intros=("início da mensagem (?:encaminhada|reencaminhada)",),
        sent_from=(r"enviado (?:do|de|com) (?:meu|o meu|o|my)\b", r"(?:baixe|obter|obtenha) o outlook para"),
    ),
    "nl": Language(
        wrote=("schreef", "geschreven"),
        starts=("op",),
        sender_fields=("van",),
        fields=("verzonden", "datum", "aan", "onderwerp", "cc"),
        separators=("oorspronkelijk bericht", "doorgestuurd bericht"),
        forward_intros=("begin doorgestuurd bericht",),
        sent_from=(r"verzonden (?:met|vanaf|vanuit|van)\b", r"verstuurd (?:met|vanaf|vanuit|van)\b",
                   r"outlook voor (?:ios|android) downloaden"),
    ),
    "sv": Language(
        wrote=("skrev",),
        wrote_before_sender=("skrev",),
        starts=("den",),
        sender_fields=("från",),
        fields=("skickat", "datum", "till", "ämne", "kopia"),
        separators=("ursprungligt meddelande", "vidarebefordrat meddelande"),
        forward_intros=("vidarebefordrat brev",),
        sent_from=(r"skickat från\b", r"hämta outlook för (?:ios|android)"),
    ),
    "da": Language(
        wrote=("skrev",),
        wrote_before_sender=("skrev",),
        starts=("den",),
        sender_fields=("fra",),
        fields=("sendt", "dato", "til", "emne", "cc"),
        separators=("oprindelig meddelelse", "videresendt meddelelse", "videresendt besked"),
        forward_intros=("videresendt besked", "start på videresendt besked"),
        sent_from=(r"sendt fra\b", r"hent outlook til (?:ios|android)"),
    ),
    "nb": Language(
        wrote=("skrev",),
        wrote_before_sender=("skrev",),
        starts=("den",),
        sender_fields=("fra",),
        fields=("sendt", "dato", "til", "emne", "kopi"),
        separators=("opprinnelig melding", "videresendt melding"),
        forward_intros=("videresendt melding", "begynnelse på videresendt melding"),
        sent_from=(r"sendt fra\b", r"få outlook for (?:ios|android)"),
    ),
    "fi": Language(
        wrote=("kirjoitti",),
        sender_fields=("lähettäjä",),
        fields=("lähetetty", "päivämäärä", "vastaanottaja", "aihe", "kopio"),
        separators=("alkuperäinen viesti", "välitetty viesti"),
        forward_intros=("välitetty viesti alkaa",),
        sent_from=(r"lähetetty \S.{0,40}(?:sta|stä)$", r"hanki outlook for"),
    ),
    "pl": Language(
        wrote=("napisał", "napisała", "napisal", "napisala", "pisze", "nadesłał"),
        wrote_before_sender=("napisana przez",),
        starts=("w dniu", "dnia", "wiadomość"),
        sender_fields=("od",),
        fields=("wysłano", "wysłane", "do", "temat", "dw", "data"),
        separators=("wiadomość oryginalna", "oryginalna wiadomość", "przekazana wiadomość"),
        forward_intros=("początek przekazywanej wiadomości",),
        sent_from=(r"wysłan[oe] z\b", r"pobierz outlook dla"),
    ),
    "cs": Language(
        wrote=("napsal", "napsala"),
        starts=("dne",),
        sender_fields=("od",),
        fields=("odesláno", "komu", "předmět", "datum", "kopie"),
        separators=("původní zpráva", "přeposlaná zpráva"),
        forward_intros=("začátek přeposlané zprávy",),
        sent_from=(r"odesláno z\b", r"stáhněte si outlook pro"),
    ),
    "sk": Language(
        wrote=("napísal", "napísala"),
        starts=("dňa",),
        sender_fields=("od",),
        fields=("odoslané", "komu", "predmet", "dátum", "kópia"),
        separators=("pôvodná správa", "preposlaná správa"),
        forward_intros=("začiatok preposlanej správy",),
        sent_from=(r"odoslané z\b",),
    ),
    "hu": Language(
        wrote=("ezt írta", "írta"),
        sender_fields=("feladó",),
        fields=("elküldve", "küldve", "dátum", "címzett", "tárgy", "másolatot kap", "másolat"),
        separators=("eredeti üzenet", "továbbított üzenet", "továbbított levél"),
        forward_intros=("továbbított üzenet kezdete",),
        sent_from=(r"\S.{0,40}(?:ról|ről) küldve$",),
    ),
    "ro": Language(
        wrote=("a scris",),
        starts=("pe", "în"),
        sender_fields=("de la",),
        fields=("trimis", "data", "către", "subiect", "cc"),
        separators=("mesaj original", "mesaj redirecționat", "mesaj redirectionat"),
        forward_intros=("începutul mesajului redirecționat",),
        sent_from=(r"trimis de pe\b", r"trimis din\b"),
    ),
    "ca": Language(
        wrote=("ha escrit", "va escriure"),
        starts=("el",),
        sender_fields=("de",),
        fields=("enviat", "per a", "assumpte", "data", "a/c"),
        separators=("missatge original", "missatge reenviat"),
        forward_intros=("inici del missatge reenviat",),
        sent_from=(r"enviat des de(?:l)?\b",),
    ),
    "ru": Language(
        wrote=("написал", "написала", "пишет", "писал"),
        starts=("в",),
        sender_fields=("от",),
        fields=("отправлено", "кому", "тема", "дата", "копия"),
        separators=("исходное сообщение", "пересылаемое сообщение", "пересланное сообщение"),
        forward_intros=("начало переадресованного сообщения",),
        sent_from=(r"отправлено (?:с|из)\b",),
    ),
    "uk": Language(
        wrote=("написав", "написала", "пише"),
        starts=("у",),
        sender_fields=("від",),
        fields=("надіслано", "кому", "тема", "дата", "копія"),
        separators=("оригінальне повідомлення", "переслане повідомлення", "початкове повідомлення"),
        forward_intros=("початок пересланого листа",),
        sent_from=(r"надіслано з\b",),
    ),
    "bg": Language(
        wrote=("написа",),
        starts=("на",),
        sender_fields=("от",),
        fields=("изпратено", "до", "тема", "дата", "копие"),
        separators=("оригинално съобщение", "препратено съобщение"),
        forward_intros=("начало на препратеното съобщение",),
        sent_from=(r"изпратено от\b",),
    ),
    "el": Language(
        wrote=("έγραψε",),
        starts=("στις",),
        sender_fields=("από",),
        fields=("στάλθηκε", "προς", "θέμα", "ημερομηνία", "κοιν."),
        separators=("αρχικό μήνυμα", "προωθημένο μήνυμα"),
        forward_intros=("έναρξη προωθημένου μηνύματος",),
        sent_from=(r"στάλθηκε από\b",),
    ),
    "tr": Language(
        wrote=("yazdı", "şunu yazdı", "şunları yazdı"),
        sender_fields=("kimden",),
        fields=("gönderildi", "gönderilme tarihi", "tarih", "kime", "konu", "bilgi"),
        separators=("özgün ileti", "orijinal mesaj", "yönlendirilmiş ileti", "iletilen mesaj"),
        forward_intros=("iletilen mesajın başlangıcı",),
        sent_from=(r"\S.{0,40}(?:umdan|ümden|ımdan|imden) gönderildi$",),
    ),
    "ar": Language(
        wrote=("كتب",),
        wrote_before_sender=("كتب", "بواسطة"),
        starts=("في",),
        sender_fields=("من",),
        fields=("تم الإرسال", "أرسل", "التاريخ", "إلى", "الموضوع", "نسخة"),
        separators=("الرسالة الأصلية", "الرسالة المُعاد توجيهها", "الرسالة المعاد توجيهها", "رسالة معاد توجيهها"),
        forward_intros=("بداية الرسالة المُعاد توجيهها",),
        sent_from=(r"(?:أُرسلت|أرسلت|مرسل) من\b",),
    ),
    "he": Language(
        wrote=("כתב", "כתבה", "כתב/ה"),
        wrote_before_sender=("מאת",),
        starts=("בתאריך", "ב-"),
        sender_fields=("מאת",),
        fields=("נשלח", "תאריך", "אל", "נושא", "עותק"),
        separators=("הודעה מקורית", "הודעה שהועברה", "הודעה מועברת"),
        forward_intros=("תחילת ההודעה שהועברה",),
        sent_from=(r"נשלח (?:מה|מ)-?\S",),
    ),
    "fa": Language(
        wrote=("نوشت",),
        starts=("در",),
        sender_fields=("از",),
        fields=("ارسال شده", "تاریخ", "به", "موضوع", "رونوشت"),
        separators=("پیام اصلی", "پیام هدایت‌شده", "پیام هدایت شده", "پیام بازارسال شده"),
        sent_from=(r"ارسال شده از\b",),
    ),
    "hi": Language(
        wrote=("ने लिखा",),
        sender_fields=("प्रेषक",),
        fields=("भेजा गया", "दिनांक", "प्रति", "विषय"),
        separators=("मूल संदेश", "अग्रेषित संदेश"),
        sent_from=(r"मेरे \S.{0,30} से भेजा गया",),
    ),
    "ja": Language(
        wrote=("のメール", "書きました"),
        sender_fields=("差出人", "送信者"),
        fields=("送信日時", "宛先", "件名", "日付", "cc"),
        separators=("元のメッセージ", "転送メッセージ", "転送されたメッセージ"),
        forward_intros=("転送されたメッセージ",),
        sent_from=(r".{1,40}から送信(?:しました)?$", r"outlook for (?:ios|android) ?を入手"),
    ),
    "zh-hans": Language(
        wrote=("写道",),
        starts=("在",),
        sender_fields=("发件人",),
        fields=("发送时间", "时间", "收件人", "主题", "抄送", "日期"),
        separators=("原始邮件", "转发的邮件", "转发邮件", "回复的原邮件"),
        forward_intros=("以下是转发的邮件",),
        sent_from=(r"发自我的\S", r"从我的.{1,40}发送"),
    ),
    "zh-hant": Language(
        wrote=("寫道",),
        starts=("在",),
        sender_fields=("寄件者", "寄件人"),
        fields=("寄件日期", "傳送時間", "收件者", "收件人", "主旨", "副本", "日期"),
        separators=("原始郵件", "轉寄的郵件", "轉寄郵件"),
        forward_intros=("以下為轉寄的郵件",),
        sent_from=(r"從我的.{1,40}(?:傳送|寄出)",),
    ),
    "ko": Language(
        wrote=("님이 작성", "님이 씀", r"[>)] 작성"),
        sender_fields=("보낸 사람",),
        fields=("보낸 날짜", "받는 사람", "제목", "참조", "날짜"),
        separators=("원본 메시지", "원본 메일", "전달된 메일", "전달된 메시지"),
        forward_intros=("전달된 메시지",),
        sent_from=(r"\S.{0,30}에서 보냄$",),
    ),
    "vi": Language(
        wrote=("đã viết",),
        starts=("vào",),
        sender_fields=("từ",),
        fields=("đã gửi", "ngày", "đến", "chủ đề", "cc"),
        separators=("thư gốc", "thư đã chuyển tiếp", "tin nhắn gốc"),
        forward_intros=("bắt đầu thư được chuyển tiếp",),
        sent_from=(r"được gửi từ\b",),
    ),
    "th": Language(
        wrote=("เขียนว่า",),
        starts=("เมื่อ",),
        sender_fields=("จาก",),
        fields=("ส่ง", "ถึง", "เรื่อง", "วันที่", "สำเนา"),
        separators=("ข้อความต้นฉบับ", "ข้อความที่ส่งต่อ"),
        forward_intros=("เริ่มข้อความที่ส่งต่อ",),
        sent_from=(r"ส่งจาก\s?\S",),
    ),
    "id": Language(
        wrote=("menulis",),
        starts=("pada", "pada tanggal"),
        sender_fields=("dari",),
        fields=("dikirim", "tanggal", "kepada", "subjek", "perihal", "cc"),
        separators=("pesan asli", "pesan terusan", "pesan yang diteruskan"),
        forward_intros=("awal pesan yang diteruskan",),
        sent_from=(r"dikirim dari\b",),
    ),
}
