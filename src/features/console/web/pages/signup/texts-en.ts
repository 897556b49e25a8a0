// Sign-up's texts in English (the form and the banner of an unconfirmed address); texts-ar.ts has the same keys in Arabic.

export const signupEn = {
  signUpOffer: "New here?",
  signUpLink: "Open an account",
  signUpTitle: "Open an account",
  signUpHelp: "Your business gets a trial. We mail you a link to confirm your address; nothing is sent until you follow it.",
  businessName: "Business name",
  vatNumber: "VAT number (optional)",
  vatHelp: "{vatDigits} digits, starting and ending with {vatEdge}, as on your VAT certificate.",
  signUpLanguage: "Language of mails and invoices",
  signUpCode: "Sign-up code",
  signUpCodeHelp: "Sign-up is by invitation: write the code you were given.",
  signUpSubmit: "Open the account",
  signUpDone: "If the address can be used, a mail with a link to confirm it is on its way; follow it within {verifyHours} hours. Check the inbox of the address you gave.",
  backToSignIn: "Back to sign-in",
  lang_ar: "العربية",
  lang_en: "English",
  unverified: "Confirm your email address: nothing is sent until you follow the link we mailed you.",
  resendLink: "Send the link again",
  resent: "A new link is on its way; earlier links no longer work.",
  alreadyVerified: "Your address is confirmed already.",
};
