//! Rule options as files record them (a TOML `[rules]` table in a shard's or a model's
//! metadata): the one comparison of two such tables, and the options on which they differ.

/// Whether two rule tables (TOML) say the same, whatever their layout and key order; text
/// that is not TOML says nothing, so it matches nothing.
pub fn same_rules(a: &str, b: &str) -> bool {
    matches!((table(a), table(b)), (Some(x), Some(y)) if x == y)
}

/// The options on which two rule tables differ, as `key = value` lists (`key unset` where
/// one lacks it); the whole texts, on one line, where either is not TOML.
pub fn rules_difference(found: &str, wanted: &str) -> (String, String) {
    let (Some(a), Some(b)) = (table(found), table(wanted)) else {
        return (one_line(found), one_line(wanted));
    };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    let show = |t: &toml::Table, k: &str| match t.get(k) {
        Some(v) => format!("{k} = {v}"),
        None => format!("{k} unset"),
    };
    let (mut f, mut w) = (Vec::new(), Vec::new());
    for k in keys.into_iter().filter(|k| a.get(*k) != b.get(*k)) {
        f.push(show(&a, k));
        w.push(show(&b, k));
    }
    (f.join(", "), w.join(", "))
}

/// TOML text on one line, its lines separated by commas.
pub fn one_line(toml: &str) -> String {
    toml.trim().replace('\n', ", ")
}

fn table(text: &str) -> Option<toml::Table> {
    toml::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_alike_but_for_layout_and_order_are_the_same_rules() {
        assert!(same_rules("a = 1\nb = true\n", "b = true\n\n a = 1"));
        assert!(!same_rules("a = 1", "a = 2"));
        assert!(!same_rules("a = 1", "a = 1\nb = 2"));
        assert!(
            !same_rules("not toml [", "not toml ["),
            "text that is not TOML matches nothing"
        );
    }

    #[test]
    fn the_difference_names_only_the_options_that_differ() {
        let (f, w) = rules_difference("a = 1\nb = 2\nc = 3", "a = 1\nb = 5\nd = 4");
        assert_eq!(f, "b = 2, c = 3, d unset");
        assert_eq!(w, "b = 5, c unset, d = 4");
        let (f, w) = rules_difference("[", "a = 1\nb = 2");
        assert_eq!((f.as_str(), w.as_str()), ("[", "a = 1, b = 2"));
    }
}
