// Checks the browser core's answers against docs/api/browser-core.schema.json, the JSON Schema
// written from Sources/Web/BrowserCoreFormat.swift: the glue hands every JSON answer it reads to
// `check(name, value)` when it is loaded with `{ checkAnswer }` (scripts/lib/wasm/core-check.mjs
// does, for every call of its run). Only what that schema uses is read: $ref into $defs, type,
// properties, required, additionalProperties: false, items, minItems, enum, const, pattern,
// minimum, maximum, exclusiveMinimum and anyOf.
import { readFileSync } from "node:fs";

/** A checker over the schema in `file`: `check(name, value)` returns the problems, none when it fits. */
export function answerChecker(file) {
  const schema = JSON.parse(readFileSync(file, "utf8"));
  const definitions = schema.$defs;

  const typeOf = (value) => {
    if (value === null) return "null";
    if (Array.isArray(value)) return "array";
    if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
    return typeof value;
  };

  const fits = (type, value) => typeOf(value) === type || (type === "number" && typeOf(value) === "integer");

  function problems(rule, value, path) {
    if (rule.$ref) return problems(definitions[rule.$ref.replace("#/$defs/", "")], value, path);
    if (rule.anyOf) {
      return rule.anyOf.some((choice) => problems(choice, value, path).length === 0) ? [] : [`${path}: fits none of its choices`];
    }
    if (rule.type && !fits(rule.type, value)) return [`${path}: expected ${rule.type}, found ${typeOf(value)}`];
    if (rule.enum && !rule.enum.includes(value)) return [`${path}: ${JSON.stringify(value)} is not one of ${rule.enum.join(", ")}`];
    if ("const" in rule && rule.const !== value) return [`${path}: expected ${rule.const}`];
    if (rule.pattern && !new RegExp(rule.pattern).test(value)) return [`${path}: "${value}" does not match ${rule.pattern}`];
    if (rule.minimum !== undefined && value < rule.minimum) return [`${path}: ${value} is below ${rule.minimum}`];
    if (rule.maximum !== undefined && value > rule.maximum) return [`${path}: ${value} is above ${rule.maximum}`];
    if (rule.exclusiveMinimum !== undefined && value <= rule.exclusiveMinimum) return [`${path}: ${value} is not above ${rule.exclusiveMinimum}`];
    const found = [];
    if (typeOf(value) === "array") {
      if (rule.minItems && value.length < rule.minItems) found.push(`${path}: fewer than ${rule.minItems} items`);
      if (rule.items) value.forEach((item, index) => found.push(...problems(rule.items, item, `${path}[${index}]`)));
    }
    if (typeOf(value) === "object" && rule.properties) {
      for (const name of rule.required ?? []) if (!(name in value)) found.push(`${path}: no member "${name}"`);
      for (const [name, member] of Object.entries(value)) {
        if (name in rule.properties) found.push(...problems(rule.properties[name], member, `${path}.${name}`));
        else if (rule.additionalProperties === false) found.push(`${path}: unknown member "${name}"`);
      }
    }
    return found;
  }

  return (name, value) => {
    if (!(name in definitions)) return [`${name}: no answer of that name in ${file}`];
    return problems({ $ref: `#/$defs/${name}` }, value, name);
  };
}
