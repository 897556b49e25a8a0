import { compileRules, firstMatch, type InboundFacts, type MatchableRule } from "../src/features/automation/matching.js";

// npm run bench:automation: what choosing an auto-reply costs per inbound message, in
// microseconds, for a tenant with 200 rules (100 keywords, a third of them Arabic, and 100
// patterns), over MATCHES messages in Arabic and English that mostly reach the end of the list,
// since a message that matches nothing is the one that reads every rule. p50 and p99 of single
// matches; the list's compilation, done once per tenant, is reported apart.

const MATCHES = Number(process.env.BENCH_AUTOMATION_MATCHES ?? 20_000);
const RULES = 200;

const ARABIC_WORDS = ["السعر", "العرض", "التوصيل", "الطلب", "الفاتورة", "الدوام", "الفرع", "الضمان", "الاسترجاع", "الحجز"];
const ENGLISH_WORDS = ["price", "offer", "delivery", "order", "invoice", "hours", "branch", "warranty", "refund", "booking"];
const PATTERN_SHAPES = [
  (i: number) => `\\border\\s*#?\\d{${4 + (i % 3)}}\\b`,
  (i: number) => `^(hi|hello|مرحبا)\\s+team${i}`,
  (i: number) => `(price|سعر|تكلفة)\\s*list\\s*${i}`,
  (i: number) => `booking\\s+for\\s+\\w+\\s+at\\s+${i}(am|pm)`,
  (i: number) => `[a-z0-9._%+-]+@shop${i}\\.example`,
];

function buildRules(): MatchableRule[] {
  const rules: MatchableRule[] = [];
  for (let i = 0; i < RULES / 2; i++) {
    // Suffixed so that most do not match: the cost measured is that of reading on past them.
    const word = i % 3 === 0 ? `${ARABIC_WORDS[i % 10]} ${i}` : `${ENGLISH_WORDS[i % 10]} ${i}`;
    rules.push({ id: rules.length + 1, trigger: "keyword", value: word, accountIds: i % 4 === 0 ? [1, 2] : [] });
    rules.push({ id: rules.length + 1, trigger: "pattern", value: PATTERN_SHAPES[i % PATTERN_SHAPES.length]!(i), accountIds: [] });
  }
  return rules;
}

const MESSAGES = [
  "كم السِّعر؟",
  "السلام عليكم، أبغى أعرف عن العرض ١٩٩ لو سمحت",
  "متى الدوام يوم الجمعة؟ وهل الفرع في جدة مفتوح",
  "أريد إلغاء الطلب رقم ٤٥٦٧٨ لأن التوصيل تأخر كثيرا",
  "Hi, what is the price?",
  "Where is my ORDER #123456? It was due yesterday.",
  "booking for two at 7pm please",
  "Thanks!! 🙏",
  "refund 42",
  "مرحبا team",
];

// A different text each time, as real traffic is, so no cache of a past text flatters the figure.
function message(i: number): InboundFacts {
  const text = `${MESSAGES[i % MESSAGES.length]} ${i % 7 === 0 ? `offer ${i % 120}` : i}`;
  return { accountId: 1 + (i % 3), text, replyId: null, firstMessage: false, outsideHours: false };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const compileStarted = process.hrtime.bigint();
const compiled = compileRules(buildRules());
const compileMs = Number(process.hrtime.bigint() - compileStarted) / 1e6;

const inbound = Array.from({ length: MATCHES }, (_, i) => message(i));
const micros: number[] = [];
const answeredBy = new Map<string, number>();
for (const facts of inbound) {
  const started = process.hrtime.bigint();
  const rule = firstMatch(compiled, facts, () => false);
  micros.push(Number(process.hrtime.bigint() - started) / 1000);
  const kind = rule?.trigger ?? "none";
  answeredBy.set(kind, (answeredBy.get(kind) ?? 0) + 1);
}
micros.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    rules: RULES,
    matches: MATCHES,
    compileMs: Math.round(compileMs * 10) / 10,
    p50Us: Math.round(percentile(micros, 0.5) * 100) / 100,
    p99Us: Math.round(percentile(micros, 0.99) * 100) / 100,
    maxUs: Math.round(micros[micros.length - 1]!),
    answeredBy: Object.fromEntries(answeredBy),
  }),
);
