//! The Hub protocol's line syntax: `command name=value name="quoted value" flag`.

use std::fmt;

/// One line: a command and its arguments, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first word.
    pub command: String,
    /// Each argument's name and value; a flag's value is empty.
    pub args: Vec<(String, String)>,
}

/// Why a line cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A quoted value has no closing quote.
    Unterminated { name: String },
    /// An argument has an empty name (`=value`).
    NoName { at: usize },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        shashki::words::english(&self.message(), f)
    }
}

impl LineError {
    /// What is wrong with the line, to be worded.
    pub fn message(&self) -> shashki::words::Message {
        match self {
            LineError::Unterminated { name } => {
                shashki::msg!("hub-line-unterminated", name = name.as_str())
            }
            LineError::NoName { at } => shashki::msg!("hub-line-no-name", at = *at),
        }
    }
}

impl Line {
    /// Reads a line; `None` for a blank one.
    pub fn parse(text: &str) -> Result<Option<Line>, LineError> {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let skip_spaces = |i: &mut usize| {
            while *i < chars.len() && chars[*i].is_whitespace() {
                *i += 1;
            }
        };
        let word = |i: &mut usize| {
            let start = *i;
            while *i < chars.len() && !chars[*i].is_whitespace() && chars[*i] != '=' {
                *i += 1;
            }
            chars[start..*i].iter().collect::<String>()
        };
        skip_spaces(&mut i);
        let command = word(&mut i);
        if command.is_empty() && i >= chars.len() {
            return Ok(None);
        }
        let mut args = Vec::new();
        loop {
            skip_spaces(&mut i);
            if i >= chars.len() {
                break;
            }
            let at = i + 1;
            let name = word(&mut i);
            if name.is_empty() {
                return Err(LineError::NoName { at });
            }
            let mut value = String::new();
            if chars.get(i) == Some(&'=') {
                i += 1;
                if chars.get(i) == Some(&'"') {
                    let close = chars[i + 1..]
                        .iter()
                        .position(|&c| c == '"')
                        .ok_or_else(|| LineError::Unterminated { name: name.clone() })?;
                    value = chars[i + 1..i + 1 + close].iter().collect();
                    i += close + 2;
                } else {
                    let start = i;
                    while i < chars.len() && !chars[i].is_whitespace() {
                        i += 1;
                    }
                    value = chars[start..i].iter().collect();
                }
            }
            args.push((name, value));
        }
        Ok(Some(Line { command, args }))
    }

    /// The value of the argument `name`, if it is there.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(arg, _)| arg == name)
            .map(|(_, value)| value.as_str())
    }

    /// Whether the argument or flag `name` is there.
    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

/// `value` as an argument's value: quoted when it is empty or holds a space, `=` or `"`
/// (a `"` inside cannot be written and becomes `'`).
pub fn quote(value: &str) -> String {
    let plain = !value.is_empty()
        && !value
            .chars()
            .any(|c| c.is_whitespace() || c == '=' || c == '"');
    if plain {
        value.to_string()
    } else {
        format!("\"{}\"", value.replace('"', "'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line {
        Line::parse(text).unwrap().unwrap()
    }

    #[test]
    fn commands_arguments_quotes_and_flags_are_read() {
        let pos = line(r#"pos pos=Wbbbe moves="10-14 23-19""#);
        assert_eq!(pos.command, "pos");
        assert_eq!(pos.get("pos"), Some("Wbbbe"));
        assert_eq!(pos.get("moves"), Some("10-14 23-19"));
        let level = line("  level   infinite ");
        assert!(level.has("infinite"));
        assert_eq!(level.get("depth"), None);
        let set = line(r#"set-param name=kb-file value="my base.txt""#);
        assert_eq!(set.get("value"), Some("my base.txt"));
        assert_eq!(
            line("go think").args,
            vec![("think".to_string(), String::new())]
        );
        assert_eq!(line(r#"id name="""#).get("name"), Some(""));
    }

    #[test]
    fn blank_lines_are_nothing_and_broken_ones_say_why() {
        assert_eq!(Line::parse("   "), Ok(None));
        assert_eq!(
            Line::parse(r#"pos pos="Wbbb"#),
            Err(LineError::Unterminated {
                name: "pos".to_string()
            })
        );
        assert_eq!(Line::parse("level =3"), Err(LineError::NoName { at: 7 }));
    }

    #[test]
    fn values_are_quoted_only_when_they_must_be() {
        assert_eq!(quote("shashki"), "shashki");
        assert_eq!(quote("Russian draughts"), "\"Russian draughts\"");
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("a=b"), "\"a=b\"");
        assert_eq!(quote("say \"hi\""), "\"say 'hi'\"");
        let round = line(&format!("error message={}", quote("no move: 10-15")));
        assert_eq!(round.get("message"), Some("no move: 10-15"));
    }
}
