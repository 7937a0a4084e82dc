//! The README and the pages in `docs/` hold together: every relative link and picture names a
//! file of the repository, and every `#anchor` a heading of the page it points into (as GitHub
//! makes anchors from headings).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_owned()
}

/// GitHub's anchor of a heading: lower case, letters, digits, `-` and `_` kept, spaces made
/// `-`, everything else dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of the headings of a Markdown text (not those inside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut code = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            code = !code;
        } else if !code && line.starts_with('#') {
            let heading = line.trim_start_matches('#');
            if heading.starts_with(' ') {
                found.insert(anchor(heading));
            }
        }
    }
    found
}

/// The targets of a Markdown text's links and pictures: `](target)` and `src="target"`.
fn targets(text: &str) -> Vec<String> {
    let mut all = Vec::new();
    for (opener, closer) in [("](", ')'), ("src=\"", '"')] {
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            rest = &rest[at + opener.len()..];
            if let Some(end) = rest.find(closer) {
                let target = &rest[..end];
                if !target.contains(char::is_whitespace) {
                    all.push(target.to_owned());
                }
            }
        }
    }
    all
}

/// The broken links of the page at `path`, each with why.
fn broken_links(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the page reads");
    let dir = path.parent().expect("a directory");
    let mut broken = Vec::new();
    for target in targets(&text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, fragment) = match target.split_once('#') {
            Some((file, fragment)) => (file, Some(fragment)),
            None => (target.as_str(), None),
        };
        let file = if file.is_empty() {
            path.to_owned()
        } else {
            dir.join(file)
        };
        if !file.exists() {
            broken.push(format!("{target}: no such file"));
            continue;
        }
        if let Some(fragment) = fragment
            && file.extension().is_some_and(|e| e == "md")
        {
            let page = std::fs::read_to_string(&file).expect("the linked page reads");
            if !anchors(&page).contains(fragment) {
                broken.push(format!("{target}: no such heading"));
            }
        }
    }
    broken
}

#[test]
fn every_link_of_the_readme_and_the_docs_leads_somewhere() {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    assert!(pages.len() > 5, "{pages:?}");
    let broken: Vec<String> = pages
        .iter()
        .flat_map(|page| {
            broken_links(page)
                .into_iter()
                .map(move |why| format!("{}: {why}", page.display()))
        })
        .collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_link_to_a_missing_heading_or_file_is_caught() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let page = dir.path().join("page.md");
    std::fs::write(
        &page,
        "# Title\n\n## In a container (Docker)\n\n[ok](#in-a-container-docker) \
         [gone](#nowhere) [file](missing.md) [web](https://example.org/x)\n\
         ```sh\n# not a heading\n```\n",
    )
    .unwrap();
    assert_eq!(
        broken_links(&page),
        vec![
            "#nowhere: no such heading".to_owned(),
            "missing.md: no such file".to_owned()
        ]
    );
    assert_eq!(
        anchor("Sunucu yöneticileri için (Türkçe)"),
        "sunucu-yöneticileri-için-türkçe"
    );
}

#[test]
fn the_readme_is_short_and_gives_the_two_commands() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(readme.contains("cargo run --release -p dama-bot\n"));
    assert!(readme.contains("cargo test --workspace\n"));
    let lines = readme.lines().count();
    assert!(
        lines < 150,
        "README.md has {lines} lines: move details into docs/"
    );
}

/// The files under `dir` (recursively) whose names end in one of `extensions`, leaving out
/// build output, dependencies and version control.
fn sources(dir: &Path, extensions: &[&str], found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory reads") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | "node_modules" | ".git") {
                sources(&path, extensions, found);
            }
        } else if extensions.iter().any(|e| name.ends_with(e)) {
            found.push(path);
        }
    }
}

/// Code and data cite the rules as the page's path, `#`, and the section's anchor: every such
/// section is a heading of the page, and nothing cites a rules file the repository does not hold.
#[test]
fn every_citation_of_the_rules_names_a_section_of_the_page() {
    let root = root();
    let page = std::fs::read_to_string(root.join("docs/rules.md")).expect("docs/rules.md");
    let headings = anchors(&page);
    for section in [
        "promotion",
        "capturing",
        "decisions",
        "square-numbers",
        "position-text",
    ] {
        assert!(headings.contains(section), "{section}: {headings:?}");
    }
    let mut files = Vec::new();
    let extensions = [".rs", ".md", ".toml", ".ftl", ".txt", ".js", ".sh"];
    sources(&root, &extensions, &mut files);
    assert!(files.len() > 50, "{files:?}");
    let cited = concat!("docs/rules", ".md#");
    let mut broken = Vec::new();
    let mut citations = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        // Spelled in two halves, so that this test does not find itself.
        if text.contains(concat!("RULES", ".md")) {
            broken.push(format!(
                "{}: cites a rules file that is not here",
                file.display()
            ));
        }
        for (at, _) in text.match_indices(cited) {
            citations += 1;
            let section: String = text[at + cited.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if !headings.contains(&section) {
                broken.push(format!("{}: no section {section:?}", file.display()));
            }
        }
    }
    assert!(citations > 10, "{citations} citations");
    assert!(
        broken.is_empty(),
        "broken citations:\n{}",
        broken.join("\n")
    );
}
