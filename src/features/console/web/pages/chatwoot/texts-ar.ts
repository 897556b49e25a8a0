import type { chatwootEn } from "./texts-en.js";

// The Chatwoot page's texts added with signed webhooks and posts Chatwoot refused, in Arabic, the
// same keys as texts-en.ts.

export const chatwootAr: typeof chatwootEn = {
  chatwootWebhooks: "اتصالات Webhook من Chatwoot",
  chatwootSigned: "موقّعة: يُتحقَّق من كل واحد بسرّ صندوق الوارد",
  chatwootUnsigned:
    "غير موقّعة: لم يُظهر Chatwoot سرًّا لصندوق الوارد (إصدار أقدم من 4.13، أو رمز ليس لمسؤول). تُرفض ما لم يسمح المشغّل بالاتصالات غير الموقّعة: اربط من جديد برمز وصول لمسؤول.",
  chatwootFailedPosts: "رفضها Chatwoot نهائيًا",
  chatwootNoneFailed: "لا شيء",
  chatwootFailedTitle: "ما رفضه Chatwoot",
  chatwootFailedHelp: "رفض Chatwoot هذه نهائيًا، فهي تنتظر هنا ولا تُعاد محاولتها من تلقاء نفسها. إعادة نشرها تضع كلًّا منها بعد ما أرسلته جهة الاتصال منذ ذلك الحين.",
  chatwootFailedShown: "أحدث {shown} من {all}.",
  chatwootFailedContact: "جهة الاتصال",
  chatwootFailedKind: "ما هو",
  chatwootFailedKind_message: "رسالة جهة الاتصال",
  chatwootFailedKind_opt_out: "ملاحظة إلغاء جهة الاتصال اشتراكها",
  chatwootFailedKind_note: "ملاحظة خاصة",
  chatwootFailedReason: "ردّ Chatwoot",
  chatwootFailedAt: "وقت الفشل",
  chatwootRetry: "انشرها من جديد",
  chatwootRetrying: "جارٍ النشر من جديد…",
  chatwootRetried: "عادت إلى طابور النقل إلى Chatwoot: {n}.",
  chatwootUnreachable: "لم يُجب Chatwoot على هذا العنوان: راجعه، وتأكد من أن Chatwoot يعمل.",
  chatwootTokenRefused: "رفض Chatwoot هذا الرمز. استخدم رمز وصول لمسؤول من إعدادات الملف الشخصي؛ لا يصلح رمز بوت الوكيل.",
  chatwootNoSecret: "لا يُظهر Chatwoot سرّ Webhook لصندوق الوارد إلا للمسؤولين، ابتداءً من الإصدار 4.13: استخدم رمز وصول لمسؤول.",
  chatwootNoInbox: "لا يوجد في Chatwoot صندوق وارد بهذا المعرّف في هذا الحساب.",
  chatwootNotApiInbox: "صندوق الوارد هذا ليس من نوع قناة API: اختر صندوقًا من نوع API.",
  chatwootAccountRefused: "رفض Chatwoot واجهة API لهذا الحساب.",
};
