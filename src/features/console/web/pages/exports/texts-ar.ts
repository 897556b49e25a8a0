import type { exportsEn } from "./texts-en.js";

// The Exports page's texts in Arabic, the same keys as texts-en.ts.

export const exportsAr: typeof exportsEn = {
  exports: "التصدير",
  exportsHelp:
    "نزّل رسائلك، أو الرسائل التي أرسلتها إليك جهات الاتصال، لفترة من الأيام: ملف CSV يُفتح في جداول البيانات، وNDJSON للبرامج. يحوي الملف ما كان موجودًا عند بدء التصدير، ويمكن تنزيله خلال يوم واحد.",
  exportKind: "ما يُصدَّر",
  exportKind_messages: "الرسائل التي أرسلتها",
  exportKind_inbound: "الرسائل التي أرسلتها إليك جهات الاتصال",
  exportFormat: "الصيغة",
  exportFormat_csv: "CSV (جداول البيانات)",
  exportFormat_ndjson: "NDJSON (للبرامج)",
  exportFrom: "من يوم",
  exportTo: "إلى يوم (ضمنًا)",
  exportStart: "ابدأ التصدير",
  exportStarted: "بدأ التصدير {id}: يُكتب الملف في الخلفية.",
  exportNone: "لا توجد عمليات تصدير بعد.",
  exportDays: "الأيام",
  exportState: "الحالة",
  exportState_queued: "في الانتظار",
  exportState_running: "قيد الكتابة",
  exportState_ready: "جاهز",
  exportState_failed: "فشل",
  exportState_expired: "انتهت صلاحيته",
  exportProgress: "تقدّم التصدير {id}",
  exportRows: "{done} من {total} صف",
  exportCounting: "جارٍ عدّ الصفوف…",
  exportPercent: "{n}٪",
  exportFile: "الملف",
  exportDownload: "تنزيل",
  exportUntil: "حتى {at}",
  exportGone: "يُحفظ يومًا واحدًا؛ ابدأه من جديد.",
};
