//! The PromQL subset's lexer and recursive-descent parser.

/// A label matcher.
#[derive(Debug, Clone)]
pub struct Matcher {
    pub label: String,
    pub op: MatchOp,
    pub value: String,
    re: Option<regex::Regex>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchOp {
    Eq,
    Ne,
    Re,
    Nre,
}

impl Matcher {
    fn new(label: String, op: MatchOp, value: String) -> Result<Matcher, String> {
        let re = match op {
            MatchOp::Re | MatchOp::Nre => Some(
                regex::Regex::new(&format!("^(?:{value})$"))
                    .map_err(|e| format!("invalid regular expression {value:?}: {e}"))?,
            ),
            _ => None,
        };
        Ok(Matcher {
            label,
            op,
            value,
            re,
        })
    }

    pub(super) fn matches(&self, v: &str) -> bool {
        match self.op {
            MatchOp::Eq => v == self.value,
            MatchOp::Ne => v != self.value,
            MatchOp::Re => self.re.as_ref().is_some_and(|r| r.is_match(v)),
            MatchOp::Nre => !self.re.as_ref().is_some_and(|r| r.is_match(v)),
        }
    }
}

/// A parsed expression.
#[derive(Debug, Clone)]
pub enum Expr {
    Number(f64),
    Selector(Vec<Matcher>),
    Range {
        func: String,
        matchers: Vec<Matcher>,
        window: f64,
    },
    Aggregate {
        op: String,
        by: bool,
        labels: Vec<String>,
        expr: Box<Expr>,
    },
    Or(Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Num(f64),
    Dur(f64),
    Punct(&'static str),
}

pub(super) fn duration(s: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut num = String::new();
    let mut chars = s.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = if c == 'm' && chars.peek() == Some(&'s') {
            chars.next();
            0.001
        } else {
            match c {
                's' => 1.0,
                'm' => 60.0,
                'h' => 3600.0,
                'd' => 86_400.0,
                'w' => 604_800.0,
                'y' => 31_536_000.0,
                _ => return None,
            }
        };
        total += num.parse::<f64>().ok()? * unit;
        num.clear();
        any = true;
    }
    (any && num.is_empty()).then_some(total)
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || c == ':' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == '_' || b[i] == ':') {
                i += 1;
            }
            out.push(Tok::Ident(b[st..i].iter().collect()));
            continue;
        }
        if c.is_ascii_digit() || c == '.' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == '.') {
                i += 1;
            }
            let text: String = b[st..i].iter().collect();
            if let Ok(n) = text.parse::<f64>() {
                out.push(Tok::Num(n));
            } else if let Some(d) = duration(&text) {
                out.push(Tok::Dur(d));
            } else {
                return Err(format!("bad number or duration syntax: {text:?}"));
            }
            continue;
        }
        if c == '"' || c == '\'' {
            let q = c;
            i += 1;
            let mut v = String::new();
            while i < b.len() && b[i] != q {
                if b[i] == '\\' && i + 1 < b.len() {
                    i += 1;
                    v.push(match b[i] {
                        'n' => '\n',
                        't' => '\t',
                        o => o,
                    });
                } else {
                    v.push(b[i]);
                }
                i += 1;
            }
            if i >= b.len() {
                return Err("unterminated quoted string".into());
            }
            i += 1;
            out.push(Tok::Str(v));
            continue;
        }
        let two: String = b[i..(i + 2).min(b.len())].iter().collect();
        let p = match two.as_str() {
            "=~" => Some("=~"),
            "!~" => Some("!~"),
            "!=" => Some("!="),
            "==" => Some("=="),
            _ => None,
        };
        if let Some(p) = p {
            out.push(Tok::Punct(p));
            i += 2;
            continue;
        }
        let p = match c {
            '(' => "(",
            ')' => ")",
            '{' => "{",
            '}' => "}",
            '[' => "[",
            ']' => "]",
            ',' => ",",
            '=' => "=",
            _ => return Err(format!("unexpected character: {c:?}")),
        };
        out.push(Tok::Punct(p));
        i += 1;
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

const AGGS: &[&str] = &["sum", "min", "max", "avg", "count"];
const RANGE_FUNCS: &[&str] = &["rate", "irate", "increase"];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn expect(&mut self, p: &str) -> Result<(), String> {
        match self.next() {
            Some(Tok::Punct(x)) if x == p => Ok(()),
            other => Err(format!("unexpected {other:?}, expected \"{p}\"")),
        }
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(x)) if *x == p)
    }

    fn expr(&mut self) -> Result<Expr, String> {
        let mut left = self.term()?;
        while matches!(self.peek(), Some(Tok::Ident(k)) if k == "or") {
            self.pos += 1;
            let right = self.term()?;
            left = Expr::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn labels(&mut self) -> Result<Vec<String>, String> {
        self.expect("(")?;
        let mut out = Vec::new();
        while !self.is_punct(")") {
            match self.next() {
                Some(Tok::Ident(l)) => out.push(l),
                other => return Err(format!("unexpected {other:?} in grouping opts")),
            }
            if self.is_punct(",") {
                self.pos += 1;
            }
        }
        self.expect(")")?;
        Ok(out)
    }

    fn modifier(&mut self) -> Result<Option<(bool, Vec<String>)>, String> {
        match self.peek() {
            Some(Tok::Ident(k)) if k == "by" || k == "without" => {
                let by = k == "by";
                self.pos += 1;
                Ok(Some((by, self.labels()?)))
            }
            _ => Ok(None),
        }
    }

    fn term(&mut self) -> Result<Expr, String> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Number(n))
            }
            Some(Tok::Punct("(")) => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Some(Tok::Punct("{")) => Ok(Expr::Selector(self.selector(None)?)),
            Some(Tok::Ident(id)) if AGGS.contains(&id.as_str()) => {
                self.pos += 1;
                let pre = self.modifier()?;
                self.expect("(")?;
                let inner = self.expr()?;
                self.expect(")")?;
                let post = self.modifier()?;
                let (by, labels) = pre.or(post).unwrap_or((true, Vec::new()));
                Ok(Expr::Aggregate {
                    op: id,
                    by,
                    labels,
                    expr: Box::new(inner),
                })
            }
            Some(Tok::Ident(id))
                if RANGE_FUNCS.contains(&id.as_str())
                    && self.toks.get(self.pos + 1) == Some(&Tok::Punct("(")) =>
            {
                self.pos += 2;
                let matchers = match self.peek().cloned() {
                    Some(Tok::Ident(name)) => {
                        self.pos += 1;
                        self.selector(Some(name))?
                    }
                    _ => self.selector(None)?,
                };
                self.expect("[")?;
                let window = match self.next() {
                    Some(Tok::Dur(d)) => d,
                    Some(Tok::Num(n)) => n,
                    other => {
                        return Err(format!("unexpected {other:?} in range, expected duration"));
                    }
                };
                self.expect("]")?;
                self.expect(")")?;
                Ok(Expr::Range {
                    func: id,
                    matchers,
                    window,
                })
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if self.is_punct("(") {
                    return Err(format!("unknown function with name {name:?}"));
                }
                let m = self.selector(Some(name))?;
                if self.is_punct("[") {
                    return Err(
                        "range vectors are only supported inside rate(), irate() and increase()"
                            .into(),
                    );
                }
                Ok(Expr::Selector(m))
            }
            other => Err(format!("unexpected {other:?}")),
        }
    }

    fn selector(&mut self, name: Option<String>) -> Result<Vec<Matcher>, String> {
        let mut ms = Vec::new();
        if let Some(n) = name {
            ms.push(Matcher::new("__name__".into(), MatchOp::Eq, n)?);
        }
        if self.is_punct("{") {
            self.pos += 1;
            while !self.is_punct("}") {
                let label = match self.next() {
                    Some(Tok::Ident(l)) => l,
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in label matching, expected label"
                        ));
                    }
                };
                let op = match self.next() {
                    Some(Tok::Punct("=")) => MatchOp::Eq,
                    Some(Tok::Punct("!=")) => MatchOp::Ne,
                    Some(Tok::Punct("=~")) => MatchOp::Re,
                    Some(Tok::Punct("!~")) => MatchOp::Nre,
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in label matching, expected operator"
                        ));
                    }
                };
                let value = match self.next() {
                    Some(Tok::Str(v)) => v,
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in label matching, expected string"
                        ));
                    }
                };
                ms.push(Matcher::new(label, op, value)?);
                if self.is_punct(",") {
                    self.pos += 1;
                }
            }
            self.expect("}")?;
        }
        if ms.is_empty() {
            return Err("vector selector must contain at least one non-empty matcher".into());
        }
        Ok(ms)
    }
}

/// Parses a PromQL expression of the supported subset.
pub fn parse(q: &str) -> Result<Expr, String> {
    let mut p = Parser {
        toks: lex(q)?,
        pos: 0,
    };
    let e = p.expr()?;
    if p.pos < p.toks.len() {
        return Err(format!(
            "unexpected {:?} after the expression",
            p.toks[p.pos]
        ));
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_backend_query_shapes() {
        for q in [
            r#"rate(kubevirt_vmi_cpu_usage_seconds_total{namespace="prod",name="web-1"}[5m])"#,
            r#"sum by (drive) (rate(kubevirt_vmi_storage_read_traffic_bytes_total{namespace="prod",name="web-1"}[1m30s]))"#,
            r#"sum(rate(x{a=~"b|c"}[30s])) by (interface)"#,
            r#"kubevirt_vmi_migration_data_processed_bytes{namespace="p",name="n"} or kubevirt_migrate_vmi_data_processed_bytes{namespace="p",name="n"}"#,
            r#"{__name__="up"}"#,
            "42",
        ] {
            parse(q).unwrap_or_else(|e| panic!("{q}: {e}"));
        }
        assert_eq!(duration("1m30s"), Some(90.0));
        assert_eq!(duration("250ms"), Some(0.25));
        for bad in ["rate(x[5m]", "foo(x)", "x{a=b}", "x[5m]", "{}"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
