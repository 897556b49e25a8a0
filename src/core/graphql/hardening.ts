import { GraphQLError, NoSchemaIntrospectionCustomRule, type Source, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import type { Config } from "../config.js";
import { errorStatus, type ErrorCode } from "../errors.js";
import { declaresMoreThan, readBodyWithin } from "../http/body.js";
import { documentError, errorAnswer } from "./errors.js";
import { Request } from "../http/fetch-api.js";

// Limits on what one GraphQL request may ask, all enforced in yoga's envelop, which websocket
// operations also run through (websocket.ts), so HTTP and websockets get the same rules.

const codedError = (code: ErrorCode, message: string) => new GraphQLError(message, { extensions: { code, http: { status: errorStatus[code] } } });

/**
 * graphql-armor reports a breach as a "Syntax Error" with no code; it is reported instead as
 * QUERY_TOO_COMPLEX with armor's own text (which names the limit). Validation rules report it to
 * their context; the token limit runs inside the parser, which has none, so it throws.
 */
const tooComplex = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      const coded = codedError("QUERY_TOO_COMPLEX", error.message.replace(/^Syntax Error: /, ""));
      if (context) context.reportError(coded);
      else throw coded;
    },
  ],
};

/** Deepest nesting of braces, brackets and parentheses a document may have; the schema needs about a dozen. */
export const MAX_DOCUMENT_NESTING = 64;

/**
 * How deeply `source` nests, counted without parsing it (strings, block strings and comments
 * skipped), stopping as soon as it passes `limit`. graphql-js parses recursively, so a document of
 * 10,000 nested lists would overflow the stack before any limit that needs a parsed document (or
 * armor's token count, which runs inside that parser) could refuse it.
 */
export function nestingDepth(source: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length && deepest <= limit; i++) {
    const c = source[i];
    if (c === "#") {
      while (i < source.length && source[i] !== "\n" && source[i] !== "\r") i++;
    } else if (c === '"') {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        i = end < 0 ? source.length : end + 2;
      } else {
        for (i++; i < source.length && source[i] !== '"' && source[i] !== "\n"; i++) if (source[i] === "\\") i++;
      }
    } else if (c === "{" || c === "[" || c === "(") {
      deepest = Math.max(deepest, ++depth);
    } else if (c === "}" || c === "]" || c === ")") {
      depth--;
    }
  }
  return deepest;
}

export function operationLimits(settings: Config["graphql"]): Plugin[] {
  const nesting: Plugin = {
    onParse({ params }) {
      const given = params.source as string | Source;
      const source = typeof given === "string" ? given : given.body;
      if (nestingDepth(source, MAX_DOCUMENT_NESTING) > MAX_DOCUMENT_NESTING) {
        throw codedError("QUERY_TOO_COMPLEX", `Nesting limit of ${MAX_DOCUMENT_NESTING} exceeded.`);
      }
    },
  };
  return [
    nesting,
    // Introspection is as deep as the type system, not as the data: GraphiQL's own query must pass.
    maxDepthPlugin({ n: settings.maxDepth, ignoreIntrospection: true, flattenFragments: true, ...tooComplex }),
    costLimitPlugin({ maxCost: settings.maxCost, ignoreIntrospection: true, ...tooComplex }),
    // Every alias counts, `__typename` ones too (armor lets those through by default, and a
    // thousand aliased `__typename`s are as much work to answer as any other field).
    maxAliasesPlugin({ n: settings.maxAliases, allowList: [], ...tooComplex }),
    maxTokensPlugin({ n: settings.maxTokens, ...tooComplex }),
    maxDirectivesPlugin({ n: settings.maxDirectives, ...tooComplex }),
  ] as Plugin[];
}

/**
 * Without introspection, the schema is not told: `__schema` and `__type` fail validation (HTTP and
 * websockets alike; `__typename` still works). The "Did you mean …?" hints go too: see
 * documentedCodes here for the document's errors and maskError for the variables' errors.
 */
export function introspectionSwitch(enabled: boolean): Plugin[] {
  if (enabled) return [];
  return [
    {
      onValidate({ addValidationRule }) {
        addValidationRule(NoSchemaIntrospectionCustomRule);
      },
    },
  ];
}

/**
 * Every parse and validation error of a document gets a documented code (INVALID_QUERY, unless a
 * limit already said QUERY_TOO_COMPLEX), and loses its hints when `suggestions` is off. These
 * errors never reach the error masking, so this is where they are shaped, on HTTP and websockets alike.
 */
export function documentedCodes(suggestions: boolean): Plugin {
  return {
    onParse() {
      return ({ result, replaceParseResult }) => {
        if (result instanceof GraphQLError) replaceParseResult(documentError(result, suggestions));
      };
    },
    onValidate() {
      return ({ valid, result, setResult }) => {
        if (!valid) setResult((result as readonly GraphQLError[]).map((e) => documentError(e, suggestions)));
      };
    },
  };
}

/**
 * A browser sends a "simple" request (a form post, text/plain, a GET with no custom header) to any
 * site without asking first, with that site's cookies. /graphql refuses such a request unless it
 * names its credential itself: an API key header (which also forces a preflight) or `?api_key=`.
 * A forged request would then need the key, which a foreign page does not have; this service uses
 * no cookies, and this rule keeps that safe if a cookie-based page ever shares the origin.
 * Non-simple requests (a JSON body, the X-GraphQL-Yoga-CSRF header) pass as the plugin has it.
 */
export function csrfPrevention(): Plugin {
  const plugin = useCSRFPrevention({ requestHeaders: ["x-graphql-yoga-csrf", "authorization", "x-api-key", "graphql-require-preflight"] });
  return {
    onRequestParse(payload) {
      if (payload.url.searchParams.has("api_key")) return;
      try {
        return plugin.onRequestParse?.(payload);
      } catch {
        throw codedError("CSRF_HEADER_REQUIRED", "A browser could send this request from any web page: send a JSON body, your API key, or the header X-GraphQL-Yoga-CSRF.");
      }
    },
  };
}

/** Bodies over `maxBytes` are refused with 413, without reading past the limit (body.ts). */
export function bodyLimit(maxBytes: number): Plugin {
  const tooLarge = () => codedError("PAYLOAD_TOO_LARGE", `The body may be at most ${maxBytes} bytes.`);
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      const declared = request.headers.get("content-length");
      if (declaresMoreThan(declared, maxBytes)) throw tooLarge();
      // A declared length is all Node's HTTP parser lets through, so only a chunked body needs counting.
      if (declared !== null || !request.body || !requestParser) return;
      setRequestParser(async (req) => {
        const body = await readBodyWithin(req, maxBytes);
        if (!body) throw tooLarge();
        return requestParser(new Request(req.url, { method: req.method, headers: req.headers, body: new Uint8Array(body) }));
      });
    },
  };
}

/**
 * yoga answers a few refusals with a status and no body (406 for an Accept it cannot serve, 415
 * for a body type it cannot read): they get a body in the GraphQL error shape, with the code of
 * their status, like every other answer.
 */
export function bodiesForBareRefusals(): Plugin {
  return {
    onResponse(payload) {
      if (payload.response.status < 400 || payload.response.headers.has("content-type")) return;
      payload.setResponse(errorAnswer(payload.response));
    },
  };
}
