//! The model interfaces of an OpenAPI Generator (typescript-fetch) `.d.ts` as JSON-Schema
//! `definitions`. Hand-written because it reads only the subset that generator writes (one
//! member a line, JSDoc above, `@interface Name` marking a model): it is not a TypeScript parser.
//!
//! A member `name: T` is required and `name?: T` optional. `T` is `string`, `number`, `boolean`,
//! `object` (any object), `Array<T>` or `T[]`, `{ [key: string]: T; }` (a map), a union of
//! string literals, a `…Enum` declared as `declare const XEnum: { readonly A: "A"; … }`, or
//! another model, which becomes a `$ref`.

use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// The values of each `declare const NameEnum: { readonly A: "a"; … };`.
type Enums = HashMap<String, Vec<String>>;

/// Every model interface of `text`, keyed by its TypeScript name.
pub fn definitions(text: &str) -> Map<String, Value> {
    let enums = enums(text);
    let mut defs = Map::new();
    let mut model = None;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix(" * @interface ") {
            model = Some(name.trim().to_string());
        } else if let Some(name) = line
            .strip_prefix("interface ")
            .and_then(|l| l.strip_suffix(" {"))
        {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "}").collect();
            if model.take().as_deref() == Some(name) {
                defs.insert(name.to_string(), interface(&body, &enums));
            }
        }
    }
    defs
}

fn enums(text: &str) -> Enums {
    let mut enums = Enums::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line
            .strip_prefix("declare const ")
            .and_then(|l| l.strip_suffix(": {"))
        else {
            continue;
        };
        let values = lines
            .by_ref()
            .take_while(|l| *l != "};")
            .filter_map(|l| l.trim().strip_prefix("readonly "))
            .filter_map(|member| member.split_once(": ").map(|(_, v)| unquote(v)))
            .collect();
        enums.insert(name.to_string(), values);
    }
    enums
}

/// `"A";` or `"A"` as `A`.
fn unquote(literal: &str) -> String {
    literal
        .trim()
        .trim_end_matches(';')
        .trim_matches('"')
        .to_string()
}

/// An interface body (the lines between `interface Name {` and `}`) as an object schema.
fn interface(body: &[&str], enums: &Enums) -> Value {
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut members = body
        .iter()
        .map(|l| l.trim())
        .filter(|l| !(l.is_empty() || l.starts_with("/**") || l.starts_with('*')));
    while let Some(member) = members.next() {
        let Some((name, ty)) = member.split_once(": ") else {
            panic!("not a member of a generated model: {member}");
        };
        // A map's type spans lines up to `};`.
        let ty = if ty == "{" {
            let inner: Vec<&str> = members.by_ref().take_while(|l| *l != "};").collect();
            format!("{{ {} }}", inner.join(" "))
        } else {
            ty.trim_end_matches(';').to_string()
        };
        let optional = name.ends_with('?');
        // The generator prefixes names it reserves (`continue`, `default`, …) with `_`.
        let name = name.trim_end_matches('?').trim_matches(['"', '\'']);
        let name = name.strip_prefix('_').unwrap_or(name).to_string();
        if !optional {
            required.push(Value::String(name.clone()));
        }
        properties.insert(name, schema(&ty, enums));
    }
    let mut object = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        object["required"] = Value::Array(required);
    }
    object
}

/// The schema of one member type.
fn schema(ty: &str, enums: &Enums) -> Value {
    let ty = ty.trim();
    if let Some(item) = ty
        .strip_prefix("Array<")
        .and_then(|t| t.strip_suffix('>'))
        .or_else(|| ty.strip_suffix("[]"))
    {
        return json!({"type": "array", "items": schema(item, enums)});
    }
    if let Some(value) = ty
        .strip_prefix("{ [key: string]: ")
        .and_then(|t| t.strip_suffix("; }"))
    {
        return json!({"type": "object", "additionalProperties": schema(value, enums)});
    }
    if ty.starts_with('"') {
        let values: Vec<String> = ty.split('|').map(unquote).collect();
        return json!({"type": "string", "enum": values});
    }
    match ty {
        "string" | "number" | "boolean" | "object" => json!({"type": ty}),
        "any" | "unknown" => json!({}),
        name => match enums.get(name) {
            Some(values) => json!({"type": "string", "enum": values}),
            None => json!({"$ref": format!("#/definitions/{name}")}),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
/**
 * @export
 * @interface V1Thing
 */
interface V1Thing {
    /**
     * Name of the thing.
     * @type {string}
     * @memberof V1Thing
     */
    name: string;
    count?: number;
    tags?: Array<string>;
    parts?: V1Part[];
    labels?: {
        [key: string]: string;
    };
    kind?: V1ThingKindEnum;
    mode?: "a" | "b";
    _default?: boolean;
}
declare const V1ThingKindEnum: {
    readonly Big: "Big";
    readonly Small: "Small";
};
"#;

    #[test]
    fn reads_the_generated_subset() {
        let defs = definitions(SAMPLE);
        assert_eq!(
            defs["V1Thing"],
            json!({"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"},
                "count": {"type": "number"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "parts": {"type": "array", "items": {"$ref": "#/definitions/V1Part"}},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "kind": {"type": "string", "enum": ["Big", "Small"]},
                "mode": {"type": "string", "enum": ["a", "b"]},
                "default": {"type": "boolean"},
            }})
        );
    }
}
