//! The command line's Russian words, `locales/ru/cli.ftl`: the help text of every
//! command and argument, and the command line's own messages. The English is in the
//! doc comments clap reads and in the `Display` of the error types.

use crate::app::console::text::{Arg, Message, visible};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::langid;

/// The Russian texts of the command line.
pub const SOURCE: &str = include_str!("../../../locales/ru/cli.ftl");

/// `phrase!("value-not-a-number", text = typed)`: a [`Message`] of `cli.ftl` with its
/// arguments, each value anything an [`Arg`] is made from.
macro_rules! phrase {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        crate::app::console::text::Message {
            id: $id,
            args: vec![$((stringify!($name), crate::app::console::text::Arg::from($value))),*],
        }
    };
}
pub(crate) use phrase;

/// The Russian messages of the command line, ready to be formatted.
pub struct Russian {
    bundle: FluentBundle<FluentResource>,
}

impl Russian {
    /// The messages of `cli.ftl`.
    pub fn new() -> Russian {
        let resource = FluentResource::try_new(SOURCE.to_string())
            .unwrap_or_else(|(_, errors)| panic!("cli.ftl does not parse: {errors:?}"));
        let mut bundle = FluentBundle::new(vec![langid!("ru")]);
        // Isolation marks are for bidirectional text; in a terminal they are clutter.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("cli.ftl repeats an id: {errors:?}"));
        Russian { bundle }
    }

    /// `message` in words (its id, if `cli.ftl` lacks it: the tests check every id).
    pub fn render(&self, message: &Message) -> String {
        self.format(message.id, None, &message.args)
            .unwrap_or_else(|| message.id.to_string())
    }

    /// The text of message `id`, if it has one.
    pub fn text(&self, id: &str) -> Option<String> {
        self.format(id, None, &[])
    }

    /// The attribute `name` of message `id`, if it has one.
    pub fn attribute(&self, id: &str, name: &str) -> Option<String> {
        self.format(id, Some(name), &[])
    }

    fn format(
        &self,
        id: &str,
        attribute: Option<&str>,
        args: &[(&'static str, Arg)],
    ) -> Option<String> {
        let message = self.bundle.get_message(id)?;
        let pattern = match attribute {
            Some(name) => message.get_attribute(name)?.value(),
            None => message.value()?,
        };
        let mut fluent_args = FluentArgs::new();
        for (name, arg) in args {
            let value = match arg {
                // Line breaks stay: the command line's messages put lists on lines.
                Arg::Text(text) => FluentValue::String(
                    text.split('\n')
                        .map(visible)
                        .collect::<Vec<_>>()
                        .join("\n")
                        .into(),
                ),
                Arg::Number(number) => FluentValue::from(*number),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some(text.into_owned())
    }
}
