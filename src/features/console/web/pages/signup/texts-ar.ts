// Sign-up's texts in Arabic (the form and the banner of an unconfirmed address); texts-en.ts has the same keys in English.

export const signupAr = {
  signUpOffer: "جديد هنا؟",
  signUpLink: "افتح حسابًا",
  signUpTitle: "فتح حساب",
  signUpHelp: "يحصل نشاطك على فترة تجربة. نرسل إليك رابطًا لتأكيد بريدك، ولا يُرسل شيء حتى تفتحه.",
  businessName: "اسم النشاط",
  vatNumber: "الرقم الضريبي (اختياري)",
  vatHelp: "{vatDigits} رقمًا تبدأ بـ {vatEdge} وتنتهي بـ {vatEdge}، كما في شهادة ضريبة القيمة المضافة.",
  signUpLanguage: "لغة الرسائل والفواتير",
  signUpCode: "رمز التسجيل",
  signUpCodeHelp: "التسجيل بدعوة: اكتب الرمز الذي أُعطيته.",
  signUpSubmit: "افتح الحساب",
  signUpDone: "إن كان العنوان صالحًا فرسالة فيها رابط لتأكيده في طريقها إليك؛ افتحه خلال {verifyHours} ساعة. راجع بريد العنوان الذي كتبته.",
  backToSignIn: "العودة إلى تسجيل الدخول",
  lang_ar: "العربية",
  lang_en: "English",
  unverified: "أكّد بريدك الإلكتروني: لا يُرسل شيء حتى تفتح الرابط الذي أرسلناه إليك.",
  resendLink: "أرسل الرابط مرة أخرى",
  resent: "رابط جديد في طريقه إليك، والروابط السابقة لم تعد تعمل.",
  alreadyVerified: "بريدك مؤكَّد من قبل.",
};
