/**
 * Words of Zod's and JavaScript's own messages ("number musí být <=10", "expected string"): a refusal
 * a person reads never contains them. The tests of both sides hold every message to it.
 */
export const PROGRAMMER_WORDS =
  /\b(number|string|boolean|array|object|int|bigint|undefined|null|NaN|expected|received|invalid|input)\b|[<>]=?|očekáváno|obdrženo|Neplatný vstup|řetězec|regulární/i;
