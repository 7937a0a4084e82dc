//! Discord's published OpenAPI description of its HTTP API (v10), and the check of a request
//! against it: the operation its method and path name must exist, and its JSON body (for a
//! multipart request, its `payload_json`) must validate against the operation's request schema
//! (JSON Schema 2020-12, the `jsonschema` crate) and name no field the schema leaves undeclared.
//! Discord ignores an undeclared field silently, so a misspelt one would pass the schema alone.
//!
//! The description is `tests/data/discord-openapi.json`, from the discord/discord-api-spec
//! repository (`specs/openapi.json`, MIT licence; see `tests/data/README.md`).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use serde_json::{Map, Value};

/// The description, parsed once.
static SPEC: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../data/discord-openapi.json"))
        .expect("the OpenAPI description is JSON")
});

/// Validators by the JSON pointer of their schema, compiled once each.
static VALIDATORS: LazyLock<Mutex<HashMap<String, Arc<jsonschema::Validator>>>> =
    LazyLock::new(Mutex::default);

/// Endpoints Discord documents outside its OpenAPI description: OAuth2's token exchange and
/// revocation (form-encoded, described in its OAuth2 pages).
const OUTSIDE_THE_SPEC: &[&str] = &["/oauth2/token", "/oauth2/token/revoke"];

/// What is wrong with `method` on `path` (relative to `/api/v10`) with JSON `body` (`Null`:
/// none), as Discord's description has it; empty when nothing is.
#[must_use]
pub fn request_problems(method: &str, path: &str, body: &Value) -> Vec<String> {
    let path = path.split('?').next().unwrap_or_default();
    if OUTSIDE_THE_SPEC.contains(&path) {
        return Vec::new();
    }
    let Some(template) = template_of(path) else {
        return vec![format!("{method} {path}: no such path in Discord's API")];
    };
    let escaped = template.replace('~', "~0").replace('/', "~1");
    let operation = format!("/paths/{escaped}/{}", method.to_ascii_lowercase());
    if SPEC.pointer(&operation).is_none() {
        return vec![format!("{method} {path}: {template} has no {method}")];
    }
    if body.is_null() {
        return Vec::new();
    }
    let content = format!("{operation}/requestBody/content");
    let Some(schema) = ["application~1json", "multipart~1form-data"]
        .iter()
        .map(|kind| format!("{content}/{kind}/schema"))
        .find(|pointer| SPEC.pointer(pointer).is_some())
    else {
        return vec![format!(
            "{method} {template}: a body where Discord takes none"
        )];
    };
    let body = as_discord_reads(template, body.clone());
    body_problems(&format!("{method} {template}"), &schema, &body)
}

/// `body` with serenity's own encodings of three things put as Discord's description writes
/// them. Each is read by Discord the same either way, and none is the bot's choice:
/// - an attachment's `id` (its index among the files) is sent as a number, where the
///   description types a snowflake as a string (Discord takes a number for any snowflake);
/// - a command is sent with `nsfw: false`, a field Discord documents for commands that the
///   description's request schema leaves out;
/// - an option is sent with `options: []` when it has none.
fn as_discord_reads(template: &str, mut body: Value) -> Value {
    if template.contains("/commands") {
        let commands = match &mut body {
            Value::Array(commands) => commands.iter_mut().collect(),
            command => vec![command],
        };
        for command in commands {
            if let Some(command) = command.as_object_mut() {
                command.remove("nsfw");
            }
            drop_empty_options(command);
        }
    }
    for pointer in ["/attachments", "/data/attachments"] {
        let Some(attachments) = body.pointer_mut(pointer).and_then(Value::as_array_mut) else {
            continue;
        };
        for id in attachments.iter_mut().filter_map(|a| a.get_mut("id")) {
            if let Some(n) = id.as_u64() {
                *id = Value::String(n.to_string());
            }
        }
    }
    body
}

/// Removes every empty `options` list below `command`.
fn drop_empty_options(command: &mut Value) {
    let Some(fields) = command.as_object_mut() else {
        return;
    };
    if fields
        .get("options")
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
    {
        fields.remove("options");
    }
    if let Some(options) = fields.get_mut("options").and_then(Value::as_array_mut) {
        options.iter_mut().for_each(drop_empty_options);
    }
}

/// What is wrong with `body` as the schema at JSON pointer `schema` of the description has
/// it, each problem led by `what`.
#[must_use]
pub fn body_problems(what: &str, schema: &str, body: &Value) -> Vec<String> {
    let validator = validator(schema);
    let mut problems: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("{what}: {e} (at {})", e.instance_path()))
        .collect();
    if let Some(schema) = SPEC.pointer(schema) {
        undeclared(&[schema], body, "", &mut problems);
    }
    problems
        .iter_mut()
        .for_each(|p| *p = p.replacen("{what}", what, 1));
    problems
}

/// The interaction callback's schema: what an HTTP interactions endpoint answers with, as
/// `POST /interactions/{interaction_id}/{interaction_token}/callback` takes it.
pub const INTERACTION_CALLBACK: &str = "/paths/~1interactions~1{interaction_id}~1{interaction_token}~1callback/post/requestBody/content/application~1json/schema";

/// The validator of the schema at `pointer`: the whole description with a `$ref` to it at its
/// root, so the schema's own `$ref`s resolve within the description.
fn validator(pointer: &str) -> Arc<jsonschema::Validator> {
    let mut compiled = VALIDATORS.lock().unwrap_or_else(|e| e.into_inner());
    compiled
        .entry(pointer.to_owned())
        .or_insert_with(|| {
            let mut root = SPEC.clone();
            if let Some(root) = root.as_object_mut() {
                // A URI fragment: the braces of path templates percent-encoded.
                let fragment = pointer.replace('{', "%7B").replace('}', "%7D");
                root.insert("$ref".to_owned(), Value::String(format!("#{fragment}")));
                root.insert(
                    "$schema".to_owned(),
                    Value::String("https://json-schema.org/draft/2020-12/schema".to_owned()),
                );
            }
            Arc::new(
                jsonschema::validator_for(&root)
                    .unwrap_or_else(|e| panic!("the schema at {pointer} compiles: {e}")),
            )
        })
        .clone()
}

/// The description's path template that `path` fills in: the one with the most fixed segments
/// among those that match (`/channels/{channel_id}/messages/bulk-delete` before
/// `/channels/{channel_id}/messages/{message_id}`).
fn template_of(path: &str) -> Option<&'static str> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let paths = SPEC.get("paths")?.as_object()?;
    paths
        .keys()
        .filter_map(|template| {
            let parts: Vec<&str> = template.trim_matches('/').split('/').collect();
            let fits = parts.len() == segments.len()
                && parts
                    .iter()
                    .zip(&segments)
                    .all(|(part, segment)| part.starts_with('{') || part == segment);
            fits.then(|| {
                (
                    parts.iter().filter(|p| !p.starts_with('{')).count(),
                    template,
                )
            })
        })
        .max_by_key(|(fixed, _)| *fixed)
        .map(|(_, template)| template.as_str())
}

/// Adds to `problems` every field of `value` that none of `schemas` (alternatives, any of
/// which may describe it) declares, by its path below `at`.
fn undeclared(schemas: &[&Value], value: &Value, at: &str, problems: &mut Vec<String>) {
    let schemas: Vec<&Value> = schemas.iter().flat_map(|s| alternatives(s)).collect();
    match value {
        Value::Object(fields) => {
            let declared: Vec<&Map<String, Value>> = schemas
                .iter()
                .filter_map(|s| s.get("properties")?.as_object())
                .collect();
            // A map (no declared fields, only `additionalProperties`), or an object left open.
            let open: Vec<&Value> = schemas
                .iter()
                .filter_map(|s| s.get("additionalProperties"))
                .filter(|a| a.is_object())
                .collect();
            if declared.is_empty() {
                for (name, field) in fields {
                    undeclared(&open, field, &format!("{at}/{name}"), problems);
                }
                return;
            }
            for (name, field) in fields {
                let of_field: Vec<&Value> = declared.iter().filter_map(|p| p.get(name)).collect();
                if of_field.is_empty() {
                    problems.push(format!("{{what}}: undeclared field {at}/{name}"));
                } else {
                    undeclared(&of_field, field, &format!("{at}/{name}"), problems);
                }
            }
        }
        Value::Array(items) => {
            let of_items: Vec<&Value> = schemas
                .iter()
                .filter_map(|s| s.get("items"))
                .chain(
                    schemas
                        .iter()
                        .filter_map(|s| s.get("prefixItems")?.as_array())
                        .flatten(),
                )
                .collect();
            for (i, item) in items.iter().enumerate() {
                undeclared(&of_items, item, &format!("{at}/{i}"), problems);
            }
        }
        _ => {}
    }
}

/// `schema` with its `$ref` followed, and every schema its `oneOf`, `anyOf` and `allOf` name,
/// each followed in turn.
fn alternatives(schema: &Value) -> Vec<&Value> {
    let mut found = Vec::new();
    let mut pending = vec![schema];
    while let Some(schema) = pending.pop() {
        let schema = resolved(schema);
        found.push(schema);
        for key in ["oneOf", "anyOf", "allOf"] {
            if let Some(branches) = schema.get(key).and_then(Value::as_array) {
                pending.extend(branches);
            }
        }
    }
    found
}

/// `schema`, or the schema its `$ref` points at (within the description), followed to the end.
fn resolved(mut schema: &Value) -> &Value {
    let static_spec: &'static Value = &SPEC;
    for _ in 0..32 {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(reference) => match reference
                .strip_prefix('#')
                .and_then(|p| static_spec.pointer(p))
            {
                Some(target) => schema = target,
                None => return schema,
            },
            None => return schema,
        }
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_message_is_checked_against_its_schema_and_its_declared_fields() {
        let path = "/channels/1/messages";
        assert_eq!(
            request_problems("POST", path, &json!({"content": "hi"})),
            Vec::<String>::new()
        );
        let misspelt = request_problems("POST", path, &json!({"contnet": "hi"}));
        assert!(
            misspelt
                .iter()
                .any(|p| p.contains("undeclared field /contnet")),
            "{misspelt:?}"
        );
        let wrong = request_problems("POST", path, &json!({"content": 5}));
        assert!(!wrong.is_empty());
        let nowhere = request_problems("GET", "/channels/1/nowhere", &Value::Null);
        assert!(nowhere[0].contains("no such path"), "{nowhere:?}");
    }

    #[test]
    fn a_fixed_segment_wins_over_a_parameter() {
        assert_eq!(
            template_of("/channels/1/messages/bulk-delete"),
            Some("/channels/{channel_id}/messages/bulk-delete")
        );
    }

    #[test]
    fn a_deferred_answer_is_an_interaction_callback() {
        let fine = body_problems("reply", INTERACTION_CALLBACK, &json!({"type": 5}));
        assert_eq!(fine, Vec::<String>::new());
        let wrong = body_problems("reply", INTERACTION_CALLBACK, &json!({"type": "five"}));
        assert!(!wrong.is_empty());
    }
}
