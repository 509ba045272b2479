//! The lenient readers give exactly what the copying ones gave ([`super::reference`]), read from
//! a `&Value`, from an owned `Value` and from JSON text, on generated values of every shape:
//! scalars of every kind where strings, booleans and numbers are expected, objects and lists
//! where scalars are, parts that do not fit a nested type, keys given twice.

use proptest::prelude::*;
use serde::Deserialize;
use serde_json::{Map, Value, json};

macro_rules! readers {
    ($name:ident, $inner:ident, $m:literal, $s:literal, $b:literal, $i:literal, $f:literal,
     $map:literal, $vec:literal, $vec_s:literal, $any:literal, $any_o:literal) => {
        #[derive(Debug, Default, Deserialize)]
        #[serde(default)]
        struct $inner {
            /// Not lenient: a part with a wrong `n` does not fit.
            n: u8,
            #[serde(deserialize_with = $s)]
            s: Option<String>,
            #[serde(deserialize_with = $vec_s)]
            t: Vec<String>,
        }

        #[derive(Debug, Default, Deserialize)]
        #[serde(default)]
        struct $name {
            #[serde(deserialize_with = $s)]
            s: Option<String>,
            #[serde(deserialize_with = $b)]
            b: Option<bool>,
            #[serde(deserialize_with = $i)]
            i: Option<i64>,
            #[serde(deserialize_with = $f)]
            f: Option<f64>,
            #[serde(deserialize_with = $map)]
            m: std::collections::BTreeMap<String, String>,
            #[serde(deserialize_with = $vec)]
            v: Vec<$inner>,
            #[serde(deserialize_with = $any)]
            a: $inner,
            #[serde(deserialize_with = $any_o)]
            o: Option<$inner>,
            #[serde(deserialize_with = $m)]
            x: Vec<Value>,
        }
    };
}

readers!(
    New,
    NewInner,
    "super::vec",
    "super::string",
    "super::bool",
    "super::i64",
    "super::f64",
    "super::map",
    "super::vec",
    "super::vec",
    "super::any",
    "super::any"
);
readers!(
    Old,
    OldInner,
    "super::reference::vec",
    "super::reference::string",
    "super::reference::bool",
    "super::reference::i64",
    "super::reference::f64",
    "super::reference::map",
    "super::reference::vec",
    "super::reference::vec",
    "super::reference::any",
    "super::reference::any"
);

/// Both readings of `v`, from every kind of deserializer, as text (a float's NaN compares).
fn both(v: &Value) -> (String, String) {
    let text = v.to_string();
    let new = (
        New::deserialize(v).map_err(|e| e.to_string()),
        New::deserialize(v.clone()).map_err(|e| e.to_string()),
        serde_json::from_str::<New>(&text).map_err(|e| e.to_string()),
    );
    let old = (
        Old::deserialize(v).map_err(|e| e.to_string()),
        Old::deserialize(v.clone()).map_err(|e| e.to_string()),
        serde_json::from_str::<Old>(&text).map_err(|e| e.to_string()),
    );
    // The same shapes under other names.
    (format!("{new:?}"), format!("{old:?}").replace("Old", "New"))
}

const KEYS: [&str; 11] = ["s", "b", "i", "f", "m", "v", "a", "o", "x", "n", "t"];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        prop::sample::select(vec![
            "true", "False", " 12 ", "-3", "1.5", "x", "NaN", "1e400", "", "9e18"
        ])
        .prop_map(|s| json!(s)),
        (0u8..=255).prop_map(|n| json!(n)),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS.to_vec()), inner), 0..8).prop_map(
                |kv| {
                    let mut m = Map::new();
                    for (k, v) in kv {
                        m.insert(k.to_string(), v);
                    }
                    Value::Object(m)
                }
            ),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn every_reader_reads_as_the_copying_one(v in value()) {
        let (new, old) = both(&v);
        prop_assert_eq!(new, old);
    }
}

#[test]
fn the_tricky_shapes_read_as_before() {
    for v in [
        json!({"s": 12, "b": "TRUE", "i": 1.9e3, "f": " 2.5 ", "m": {"a": 1, "b": {"c": 1}},
            "v": [{"n": 1, "s": true}, {"n": "bad"}, 3, {"t": ["a", 1, {}]}],
            "a": {"n": "bad", "s": "lost"}, "o": {"n": 2, "s": "kept"}, "x": [1, null, "y"]}),
        json!({"s": {"nested": 1}, "b": [true], "i": "x", "f": null, "m": [1], "v": {"n": 1},
            "a": [1, "s"], "o": null}),
        json!({"i": 18446744073709551615u64, "f": 18446744073709551615u64, "a": {"n": 300}}),
        json!([1, 2, 3]),
        json!("text"),
    ] {
        let (new, old) = both(&v);
        assert_eq!(new, old, "{v}");
    }
}

#[test]
fn a_key_given_twice_keeps_its_last_value_in_text_too() {
    let text = r#"{"m": {"a": "1", "a": {"x": 1}, "b": {"x": 1}, "b": "2"}}"#;
    let new = serde_json::from_str::<New>(text).map_err(|e| e.to_string());
    let old = serde_json::from_str::<Old>(text).map_err(|e| e.to_string());
    assert!(format!("{new:?}").contains(r#"m: {"b": "2"}"#), "{new:?}");
    assert_eq!(format!("{new:?}"), format!("{old:?}").replace("Old", "New"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn text_read_in_one_pass_reads_as_its_value(v in value()) {
        let text = v.to_string();
        // The text's own value: a float read back from text may differ in its last bit.
        let v: Value = serde_json::from_str(&text).unwrap();
        let read = super::from_text::<New>(&text).map(|n| format!("{n:?}"));
        let from_value = format!("{:?}", super::from_value::<New>(&v));
        prop_assert_eq!(read.ok(), Some(from_value));
    }
}

#[test]
fn text_read_in_one_pass_keeps_a_key_given_twice_by_its_last_value() {
    for text in [
        r#"{"m": {"a": "1", "a": {"x": 1}, "b": {"x": 1}, "b": "2"}}"#,
        r#"{"s": "first", "s": "second", "a": {"n": 1, "n": 2}}"#,
        r#"{"v": [{"s": 1, "s": 2}, {"n": "bad"}], "o": {"t": ["a"], "t": 5}}"#,
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        let read = super::from_text::<New>(text).map(|n| format!("{n:?}"));
        assert_eq!(
            read.ok(),
            Some(format!("{:?}", super::from_value::<New>(&v))),
            "{text}"
        );
    }
}
