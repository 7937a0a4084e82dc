//! Every message of every catalog with the variables it uses, rendered with made-up values:
//! what the catalog checks here and the Discord adapter's naming checks walk.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::{FluentArgs, FluentValue};
use fluent_syntax::ast;

use super::{Language, bundle_of, sources};

/// Every message of a language with the variables it uses.
pub fn messages(lang: Language) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (name, text) in sources(lang) {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, errors)| panic!("{name}: {errors:?}"));
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern_variables(value, &mut vars);
                }
                let duplicate = out.insert(m.id.name.to_owned(), vars).is_some();
                assert!(!duplicate, "{name}: `{}` twice", m.id.name);
            }
        }
    }
    out
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for arg in &arguments.positional {
                inline_variables(arg, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, out);
        }
        _ => {}
    }
}

/// `key` in `lang` with every variable in `vars` set to `value`, and the errors met on the way
/// (a variable not passed, a message referred to that does not exist).
pub fn render(
    lang: Language,
    key: &str,
    vars: &BTreeSet<String>,
    value: i64,
) -> (String, Vec<fluent_bundle::FluentError>) {
    render_with(lang, key, vars, |_| FluentValue::from(value))
}

/// `key` in `lang` with each variable in `vars` set to `value(variable)`, and the errors met.
pub fn render_with(
    lang: Language,
    key: &str,
    vars: &BTreeSet<String>,
    value: impl Fn(&str) -> FluentValue<'static>,
) -> (String, Vec<fluent_bundle::FluentError>) {
    let bundle = bundle_of(lang);
    let mut args = FluentArgs::new();
    for var in vars {
        args.set(var.clone(), value(var));
    }
    let mut errors = Vec::new();
    let text = bundle
        .get_message(key)
        .and_then(|m| m.value())
        .map(|pattern| {
            bundle
                .format_pattern(pattern, Some(&args), &mut errors)
                .into_owned()
        })
        .unwrap_or_default();
    (text, errors)
}
