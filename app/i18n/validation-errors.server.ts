import { z } from "zod";
import { DEFAULT_LOCALE } from "./config";
import { getFixedT } from "./i18n.server";
import { inRequest, requestLocale } from "./request-locale.server";

/**
 * zod's messages for a rule whose schema gave none, in the language of the
 * request being served: a tampered or unforeseen field must never answer
 * zod's English ('String must contain at most 254 character(s)'). A schema's
 * own message still wins. Outside a request (start-up checks, jobs) zod's
 * English stays, for the operator.
 */
export const validationErrorMap: z.ZodErrorMap = (issue, ctx) => {
  if (!inRequest()) return { message: ctx.defaultError };
  const t = getFixedT(requestLocale() ?? DEFAULT_LOCALE, "server");
  return { message: t(`validation.${validationKey(issue)}`, limits(issue)) };
};

type Key = "required" | "invalid" | "invalidOption" | "notANumber" | "invalidEmail" | "invalidDate" | "tooShort" | "tooLong" | "tooSmall" | "tooBig" | "tooFew" | "tooMany";

function validationKey(issue: z.ZodIssueOptionalMessage): Key {
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined" || issue.received === "null") return "required";
      return issue.expected === "number" || issue.expected === "bigint" || issue.expected === "integer" ? "notANumber" : "invalid";
    case "invalid_enum_value":
    case "invalid_literal":
    case "invalid_union_discriminator":
      return "invalidOption";
    case "invalid_string":
      return issue.validation === "email" ? "invalidEmail" : "invalid";
    case "invalid_date":
      return "invalidDate";
    case "too_small":
      // `.min(1)` on a text is how a schema says "required".
      if (issue.type === "string") return Number(issue.minimum) <= 1 ? "required" : "tooShort";
      if (issue.type === "array" || issue.type === "set") return "tooFew";
      return issue.type === "number" || issue.type === "bigint" ? "tooSmall" : "invalid";
    case "too_big":
      if (issue.type === "string") return "tooLong";
      if (issue.type === "array" || issue.type === "set") return "tooMany";
      return issue.type === "number" || issue.type === "bigint" ? "tooBig" : "invalid";
    default:
      return "invalid";
  }
}

function limits(issue: z.ZodIssueOptionalMessage) {
  if (issue.code === "too_small") return { min: String(issue.minimum) };
  if (issue.code === "too_big") return { max: String(issue.maximum) };
  return undefined;
}

z.setErrorMap(validationErrorMap);
