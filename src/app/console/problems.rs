//! The knowledge base's problems in the player's language: each problem's message,
//! laid out with its place, its line and a caret as `shashki kb check` lays
//! it out (which stays English: other programs read it).

use super::width;
use shashki::files::Severity;
use shashki::kb;
use shashki::msg;
use shashki::words::Text;

/// Each problem of `diagnostics` within 80 columns, in the player's language: its
/// words wrapped (the file's name kept whole), the file's line and the caret cut to a
/// window around the column.
pub(super) fn fitted(diagnostics: &[kb::Diagnostic], text: &Text) -> Vec<String> {
    diagnostics
        .iter()
        .map(|shown| {
            let words = diagnostic(shown, text);
            let mut lines = words.lines();
            let first = lines.next().unwrap_or_default();
            let mut fitted =
                width::wrap_message_keeping(first, std::slice::from_ref(&shown.origin));
            if let (Some(source), Some(caret)) = (lines.next(), lines.next()) {
                let (source, caret) = width::around_caret(source, caret);
                fitted.push_str(&format!("\n{source}\n{caret}"));
            }
            fitted
        })
        .collect()
}

/// `PATH:LINE:COL: ошибка: ...`, then the line and a caret under the column.
pub(super) fn diagnostic(diagnostic: &kb::Diagnostic, text: &Text) -> String {
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let severity = text.render(&msg!("kb-severity", severity = severity));
    let problem = text.render(&diagnostic.problem.message());
    diagnostic.worded(&severity, &problem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::files::{FileFailure, NotAFile, SourceText, Spot};
    use shashki::kb::{FactInfo, KbPart, KnowledgeBase, Origin};
    use shashki::kb::{Part, Problem};
    use shashki::words::Lang;
    use shashki::{Color, PositionError, Role};
    use shashki::{MoveText, Position, Square};

    fn mv(text: &str) -> MoveText {
        text.parse().unwrap()
    }

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    /// Which kind a problem is: the match has no catch-all, so a kind added to
    /// [`Problem`] does not compile here until it has a sample below.
    fn kind(problem: &Problem) -> usize {
        match problem {
            Problem::Syntax { .. } => 0,
            Problem::ParserStopped(_) => 1,
            Problem::CountTooLarge => 2,
            Problem::BoardRows(_) => 3,
            Problem::RankLabel { .. } => 4,
            Problem::RowSquares { .. } => 5,
            Problem::UnknownSymbol(_) => 6,
            Problem::PieceOnLightSquare => 7,
            Problem::BadMove(_) => 8,
            Problem::ManOnPromotionRank { .. } => 9,
            Problem::EmptyRange { .. } => 10,
            Problem::TooManyInRange { .. } => 11,
            Problem::BoardDemandsMore { .. } => 12,
            Problem::BoardLeavesRoom { .. } => 13,
            Problem::InvalidPosition(_) => 14,
            Problem::IllegalMove { .. } => 15,
            Problem::StartNotSurelyMovers { .. } => 16,
            Problem::QuietMoveSquares(_) => 17,
            Problem::NotOneDiagonal { .. } => 18,
            Problem::ManMovesForward(_) => 19,
            Problem::PathNotFree { .. } => 20,
            Problem::JumpNotSure { .. } => 21,
            Problem::LandingNotFree { .. } => 22,
            Problem::RepeatsFact { .. } => 23,
            Problem::ContradictsFact { .. } => 24,
            Problem::NotUtf8 { .. } => 25,
            Problem::CannotRead(_) => 26,
            Problem::CannotWrite(_) => 27,
            Problem::BadFactName => 28,
            Problem::NothingRemembered => 29,
            Problem::WouldNotAnswer(_) => 30,
            Problem::GivesTooMany => 31,
            Problem::MayBeAMan { .. } => 32,
            Problem::HeadingWithoutSide => 33,
            Problem::CyrillicInMove { .. } => 34,
            Problem::CountRepeated { .. } => 35,
            Problem::CountsTogether => 36,
            Problem::ReplyMustCapture { .. } => 37,
            Problem::CaptureMustGoOn { .. } => 38,
            Problem::RuleUnknownCondition(_) => 39,
            Problem::RuleArity { .. } => 40,
            Problem::RuleArgument { .. } => 41,
            Problem::RuleUnbound { .. } => 42,
            Problem::PriorityTooHigh => 43,
        }
    }

    const KINDS: usize = 44;

    /// Every kind of problem at least once, with its Russian words.
    fn samples() -> Vec<(Problem, &'static str)> {
        let after_two = Position::start()
            .play(mv("c3-d4").resolve(&Position::start()).unwrap())
            .unwrap();
        let after_two = after_two
            .play(mv("f6-e5").resolve(&after_two).unwrap())
            .unwrap();
        let compulsory = mv("g3-h4").resolve(&after_two).unwrap_err();
        let not_found = std::io::Error::from(std::io::ErrorKind::NotFound);
        let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        vec![
            (
                Problem::RuleUnknownCondition("emtpy".to_string()),
                "условия `emtpy` нет; есть такие: empty, white, black, man, king, white_man, \
                 white_king, black_man, black_king, empty_or_white, empty_or_black, on, next, \
                 pieces_on, has_capture, captures, attacked, protected, after, safe, not",
            ),
            (
                Problem::RuleArity {
                    condition: "empty".to_string(),
                    wanted: 1,
                    given: 2,
                },
                "`empty` принимает 1 аргумент, а не 2",
            ),
            (
                Problem::RuleArgument {
                    condition: "on".to_string(),
                    given: "road".to_string(),
                    wanted: shashki::kb::rule::Wanted::Set,
                },
                "`road` здесь не подходит для `on`: нужно множество полей: big_road, doubles, \
                 triples или edges",
            ),
            (
                Problem::RuleUnbound {
                    variable: "Z".to_string(),
                    condition: "attacked".to_string(),
                },
                "`attacked` нужна переменная Z, связанная условием раньше",
            ),
            (
                Problem::Syntax {
                    expected: vec![Part::Side],
                    unexpected: vec![],
                },
                "здесь должно быть: `white` или `black`",
            ),
            (
                Problem::Syntax {
                    expected: vec![Part::Count, Part::Row, Part::Play],
                    unexpected: vec![Part::FileLetters],
                },
                "не на месте: буквы вертикалей `a b c d e f g h`; здесь должно быть: число шашек, \
                 например `white 3..6`, строка доски или `play` и ход",
            ),
            (
                Problem::Syntax {
                    expected: vec![Part::EndOfFact, Part::Move],
                    unexpected: vec![],
                },
                "здесь должно быть: конец факта или ход, например c3-d4",
            ),
            (
                Problem::Syntax {
                    expected: vec![],
                    unexpected: vec![Part::Keyword],
                },
                "не на месте: ключевое слово",
            ),
            (
                Problem::ParserStopped("stack limit reached".to_string()),
                "разбор прерван: stack limit reached",
            ),
            (
                Problem::CountTooLarge,
                "слишком большое число для количества шашек",
            ),
            (Problem::GivesTooMany, "гамбит отдаёт не больше 12 шашек"),
            (
                Problem::PriorityTooHigh,
                "приоритет правила — от 1 до 9 (без этой строки 0)",
            ),
            (
                Problem::CountRepeated {
                    side: Color::White,
                    role: Some(Role::King),
                },
                "эти шашки уже посчитаны строкой выше: по одной строке на каждые",
            ),
            (
                Problem::ReplyMustCapture {
                    reply: mv("d6-c5"),
                    from: sq("e5"),
                },
                "d6-c5 не может быть ответом: шашка на e5 наверняка может бить, а бить обязательно",
            ),
            (
                Problem::CaptureMustGoOn {
                    mv: mv("c3:e5"),
                    on: sq("f6"),
                },
                "c3:e5 обрывается: шашка тогда наверняка бьёт и f6, а бить надо до конца",
            ),
            (
                Problem::CountsTogether,
                "ни одна позиция не подходит сразу под доску и все эти числа",
            ),
            (
                Problem::MayBeAMan {
                    mv: mv("b2-c1"),
                    from: sq("b2"),
                },
                "b2-c1: на b2 может стоять простая, а она ходит только на одно поле вперёд; для \
                 дамки пишите W",
            ),
            (
                Problem::HeadingWithoutSide,
                "в заголовке после названия нужна сторона: `for white` или `for black`",
            ),
            (
                Problem::CyrillicInMove {
                    letters: "с".to_string(),
                },
                "с: это русские буквы; ход пишется латинскими буквами a–h, например c3-d4",
            ),
            (
                Problem::BoardRows(9),
                "на доске 9 строк, а нужно 8: сверху горизонталь 8, внизу горизонталь 1",
            ),
            (
                Problem::RankLabel {
                    rank: 6,
                    label: '5',
                },
                "это горизонталь 6, а не 5; строки идут сверху вниз, от горизонтали 8 до \
                 горизонтали 1",
            ),
            (
                Problem::RowSquares {
                    rank: 7,
                    squares: 3,
                },
                "горизонталь 7: 3 поля, а в строке доски их 8",
            ),
            (
                Problem::UnknownSymbol('z'),
                "неизвестный знак «z»; поле обозначается одним из знаков w W b B . ? o x",
            ),
            (
                Problem::PieceOnLightSquare,
                "на белом поле может быть только «.»: шашки стоят только на тёмных полях",
            ),
            (
                Problem::BadMove("c3-d3".parse::<MoveText>().unwrap_err()),
                "d3 — белое поле; играют только на тёмных",
            ),
            (
                Problem::ManOnPromotionRank {
                    side: Color::White,
                    square: sq("b8"),
                },
                "белая простая не может стоять на b8: она уже была бы дамкой",
            ),
            (
                Problem::EmptyRange { min: 5, max: 3 },
                "диапазон 5..3 пуст: ни одно число не подходит",
            ),
            (
                Problem::TooManyInRange {
                    side: Color::Black,
                    role: Some(Role::King),
                    max: 13,
                },
                "13 чёрных дамок: у стороны не больше 12 шашек",
            ),
            (
                Problem::BoardDemandsMore {
                    side: Color::White,
                    role: None,
                    demanded: 3,
                    min: 1,
                    max: 2,
                },
                "на доске уже 3 белые шашки: больше, чем позволяет диапазон 1..2",
            ),
            (
                Problem::BoardLeavesRoom {
                    side: Color::Black,
                    role: Some(Role::Man),
                    possible: 1,
                    min: 2,
                    max: 5,
                },
                "на доске поместится самое большее 1 чёрная простая: меньше, чем требует \
                 диапазон 2..5",
            ),
            (
                Problem::InvalidPosition(PositionError::TooManyPieces(Color::White, 13)),
                "такой позиции не бывает: у белых 13 шашек; можно не больше 12",
            ),
            (
                Problem::InvalidPosition(PositionError::SquareTwice(sq("c3"))),
                "такой позиции не бывает: поле c3 указано дважды",
            ),
            (
                Problem::IllegalMove {
                    mv: mv("g3-h4"),
                    number: 3,
                    reason: compulsory,
                },
                "ход g3-h4 здесь невозможен (3-й ход линии): бить обязательно; сыграйте \
                 одно из: d4:f6",
            ),
            (
                Problem::IllegalMove {
                    mv: mv("c3-e5"),
                    number: 1,
                    reason: mv("c3-e5").resolve(&Position::start()).unwrap_err(),
                },
                "ход c3-e5 здесь невозможен: у простой на c3 нет такого хода; возможны: \
                 c3-b4, c3-d4",
            ),
            (
                Problem::StartNotSurelyMovers {
                    mv: mv("c3-d4"),
                    from: sq("c3"),
                    side: Color::White,
                },
                "c3-d4 начинается с поля c3, где по доске может не оказаться белой шашки \
                 (отметьте его w, W или o)",
            ),
            (
                Problem::QuietMoveSquares(mv("c3-d4-e5")),
                "c3-d4-e5: в ходе без взятия только два поля",
            ),
            (
                Problem::NotOneDiagonal {
                    from: sq("c3"),
                    to: sq("c5"),
                },
                "c3 и c5 не на одной диагонали",
            ),
            (
                Problem::ManMovesForward(mv("c3-a5")),
                "c3-a5: простая ходит на одно поле вперёд по диагонали",
            ),
            (
                Problem::PathNotFree {
                    mv: mv("a1-d4"),
                    blocked: sq("d4"),
                },
                "путь хода a1-d4 может быть занят: поле d4 не отмечено «.»",
            ),
            (
                Problem::JumpNotSure {
                    mv: mv("c3:e5"),
                    from: sq("c3"),
                    to: sq("e5"),
                    victim: Color::Black,
                },
                "взятие c3:e5 в ходе c3:e5 не обязательно бьёт ровно одну чёрную шашку \
                 через свободные поля",
            ),
            (
                Problem::LandingNotFree {
                    mv: mv("c3:e5"),
                    square: sq("e5"),
                },
                "взятие c3:e5 останавливается на e5, а это поле не отмечено «.»",
            ),
            (
                Problem::RepeatsFact { line: 1 },
                "этот факт повторяет факт в строке 1",
            ),
            (
                Problem::ContradictsFact { line: 12 },
                "этот факт противоречит факту в строке 12: доска та же, ходы другие; играет тот, как \
                 первый в файле",
            ),
            (
                Problem::NotUtf8 { byte: 0xFF },
                "не UTF-8 (байт 0xFF); файл нужно сохранить как текст UTF-8",
            ),
            (
                Problem::CannotRead(FileFailure::from(&not_found)),
                "не удалось прочитать файл: такого файла или каталога нет",
            ),
            (
                Problem::CannotRead(FileFailure::NotAFile(NotAFile::Directory)),
                "не удалось прочитать файл: это не обычный файл",
            ),
            (
                Problem::CannotWrite(FileFailure::from(&denied)),
                "не удалось записать файл: нет доступа",
            ),
            (
                Problem::BadFactName,
                "в названии факта не может быть «\"» или перевода строки",
            ),
            (
                Problem::NothingRemembered,
                "в файле есть ошибки, поэтому ничего не запомнено: исправьте их (база \
                 проверить) и попробуйте ещё раз",
            ),
            (
                Problem::WouldNotAnswer(FactInfo {
                    name: "Проверка".to_string(),
                    part: KbPart::file(Origin::Starter, "kb/combs.txt".as_ref()),
                    line: 3,
                    learned_from: Vec::new(),
                    proven_in: None,
                    is_rule: false,
                }),
                "факт \"Проверка\" (kb/combs.txt:3) всё равно не давал бы этого хода в \
                 этой позиции; ничего не записано",
            ),
        ]
    }

    /// `problem` placed on the move of a small file's second line, as a warning where
    /// it is one.
    fn placed(problem: Problem) -> kb::Diagnostic {
        let source = SourceText::new("fact \"x\" for white\n  play c3-d4\n", "kb/combs.txt");
        let spot = Spot { line: 2, column: 8 };
        match problem {
            Problem::RepeatsFact { .. } | Problem::ContradictsFact { .. } => {
                kb::Diagnostic::warning(&source, spot, problem)
            }
            _ => kb::Diagnostic::error(&source, spot, problem),
        }
    }

    #[test]
    fn every_kind_of_problem_reads_in_russian_with_its_place_line_and_caret() {
        let russian = Text::new(Lang::Ru);
        let samples = samples();
        let kinds: std::collections::BTreeSet<usize> =
            samples.iter().map(|(problem, _)| kind(problem)).collect();
        assert_eq!(kinds, (0..KINDS).collect(), "a kind has no sample");
        for (problem, words) in samples {
            let severity = match problem {
                Problem::RepeatsFact { .. } | Problem::ContradictsFact { .. } => "предупреждение",
                _ => "ошибка",
            };
            let shown = diagnostic(&placed(problem), &russian);
            assert_eq!(
                shown,
                format!("kb/combs.txt:2:8: {severity}: {words}\n  play c3-d4\n       ^")
            );
        }
    }

    #[test]
    fn a_problem_of_the_whole_file_reads_in_russian_without_a_line() {
        let failure = FileFailure::from(&std::io::Error::from(std::io::ErrorKind::NotFound));
        let shown = kb::Diagnostic::file_error("нет/базы.txt", Problem::CannotRead(failure));
        assert_eq!(
            diagnostic(&shown, &Text::new(Lang::Ru)),
            "нет/базы.txt: ошибка: не удалось прочитать файл: такого файла или каталога нет"
        );
    }

    #[test]
    fn in_english_the_console_shows_what_the_command_line_prints() {
        let english = Text::new(Lang::En);
        for (problem, _) in samples() {
            let placed = placed(problem);
            assert_eq!(diagnostic(&placed, &english), placed.to_string());
        }
        // And what a broken file really gives: syntax errors of every shape, errors
        // of meaning and warnings.
        let board = "8 . b . b . b . b\n7 b . b . b . b .\n6 . b . b . b . b\n5 . . . . . . . .\n\
                     4 . . . . . . . .\n3 w . w . w . w .\n2 . w . w . w . w\n1 w . w . w . w .\n";
        let text = format!(
            "fact \"a\" for purple\n\
             fact \"b\" for white\n  white 4..2\n{board}play c3-d4\n\
             fact \"c\" for white\n  a b c d e f g h\n  a b c d e f g h\n{board}play c3-d4\n\
             fact \"d\" for white\n{board}play c3-d4 f6-e5 g3-h4\n\
             fact \"e\" for white\n{board}play c3-d3 | c3:e5\n\
             fact \"f\" for white\n{}play c3\n",
            board.replace("5 . .", "5 z .")
        );
        let (_, problems) = KnowledgeBase::parse(&text, "t.txt").unwrap();
        assert!(problems.len() >= 5, "{problems:#?}");
        for shown in &problems {
            assert_eq!(diagnostic(shown, &english), shown.to_string());
        }
        let repeated = format!("fact \"a\" for white\n{board}play c3-d4\n").repeat(2);
        let (_, warnings) = KnowledgeBase::parse(&repeated, "t.txt").unwrap();
        assert_eq!(warnings.len(), 1);
        assert_eq!(diagnostic(&warnings[0], &english), warnings[0].to_string());
    }
}
