# Сообщения консоли по-русски. Каждый id есть и в ../en/shashki.ftl (это проверяет тест).
# $side, $winner и $owner: "white" или "black"; количества передаются числами.

## Количества

# Words that need no translating (a name, a number), where a message is expected.
as-is = { $text }
plies = { $count ->
    [one] { $count } полуход
    [few] { $count } полухода
   *[many] { $count } полуходов
}

## Начало, приглашения и вопросы

window-close = Нажмите Enter, чтобы закрыть окно.
welcome = shashki: русские шашки. Введите ход, например c3-d4, или помощь.
prompt-side = { $side ->
    [white] белые
   *[black] чёрные
}
prompt-back = (просмотр)
ask-resume = продолжить её? (д/н)
ask-replace = { $path } уже есть: заменить? (д/н)
ask-draw = согласиться на ничью? (д/н)
ask-new-game = новая партия? (д/н)
ask-quit = выйти? (д/н)
ask-branch = начать новое продолжение? (д/н)
ask-which-one = вы имели в виду { $choice }? (д/н)
ask-side = за какую сторону вы играете? (б/ч)
answer-side = ответьте б (белые) или ч (чёрные), или введите другую команду
side-first = это запись чужой партии: сначала скажите, за какую сторону вы играете (б или ч)
read-as-layout-illegal = { $typed } в русской раскладке — это { $reading }, а такого хода здесь нет: { $reason }
which-declined = ничего не сделано
ask-which = { $typed } можно прочитать как { $choices }: какой ход? (1-{ $count })
answer-which = ответьте номером хода или введите другую команду
answer-please = ответьте д или н
answer-yes = да
    .also = д
answer-no = нет
    .also = н
answer-white = белые
    .also = б, белыми, за белых, белых
answer-black = чёрные
    .also = ч, чёрными, за чёрных, чёрных
line-cleared = (строка стёрта; ещё раз Ctrl-C — выход, Ctrl-D тоже выходит)
input-error = ошибка ввода: { $error }; чтобы выйти, наберите выход
input-gone = ошибка ввода: { $error }; ввод, похоже, пропал, выхожу
input-not-utf8 = введённое — не текст UTF-8
typed-ahead-set-aside = не выполнено, набрано до вопроса: { $lines } (стрелка вверх вернёт)

## Что значит введённая строка

line-empty = введите ход, например c3-d4, или помощь
line-unknown = неизвестная команда «{ $word }»; список команд: помощь
line-unknown-near = неизвестная команда «{ $word }»; может быть, «{ $near }»?
line-bad-argument = { $command }: { $reason }; как: { $usage }
arg-none = без аргументов, а дано «{ $got }»
arg-move-number = нужен номер хода от 1
arg-plies = нужно число полуходов от 1
arg-position = нужна строка позиции
arg-file = нужно имя файла
arg-game-number = партии нумеруются с 1
arg-move = нужен ход
arg-kb-word = нужно перечитать или проверить
arg-kb-unknown = «{ $word }» — не перечитать и не проверить
arg-not-ms = «{ $text }» — не число миллисекунд
arg-not-strength = «{ $text }» — не число миллисекунд и не уровень (новичок, ученик, любитель, разрядник, кандидат, мастер, гроссмейстер)

## Помощь

help-intro =
    Ход вводится так: c3-d4, взятие c3:e5 или c3:e5:c7 (каждое поле остановки) или
    только концы, c3:c7, если это один ход; годятся и C3D4, c3 d4, c3xe5, и краткая
    запись: cd4 или g:e3 (вертикаль, откуда, и поле, куда), и русские буквы-двойники
    (с3-d4), и знаки после хода (cd4!?). Tab дополняет.
    Ctrl-C, пока бот думает: он сходит лучшим из найденного.
    Команды понимаются по-русски и по-английски (помощь или help);
    --lang en: по-английски.
help-commands = Команды:
help-rules =
    Правила (русские шашки): простые ходят на одно поле вперёд по диагонали, а бьют
    и вперёд, и назад; бить обязательно, но можно выбрать любое взятие, и взятие
    продолжается, пока есть кого бить. Простая, дошедшая до последней горизонтали,
    становится дамкой, даже посреди взятия. Дамка ходит и бьёт по диагонали на любое
    расстояние. Побитые шашки снимаются только в конце хода (турецкий удар). Кто не
    может сходить, проиграл; троекратное повторение и правила эндшпиля дают ничью.

cmd-help = эти команды и краткие правила
    .names = помощь, справка, ?
    .also = помоги, помогите
cmd-board = показать доску ещё раз
    .names = доска
    .also = покажи
cmd-moves = перечислить ваши возможные ходы
    .names = ходы
cmd-history = ходы партии по номерам
    .names = история
cmd-back = позиция на N полуходов назад (по умолчанию 1)
    .usage = [N]
    .names = назад
cmd-forward = позиция на N полуходов вперёд; ход там начнёт новое продолжение
    .usage = [N]
    .names = вперёд
cmd-goto = показать позицию перед ходом N
    .usage = N
    .names = перейти, к
    .also = перейди
cmd-hint = спросить бота, как бы он сыграл на вашем месте
    .names = подсказка
    .also = подсказать, подскажи
cmd-analyze = три лучших продолжения этой позиции, всё глубже, до Enter или Ctrl-C
    .names = анализ
    .also = анализировать, анализируй, проанализировать, проанализируй
cmd-review = ошибки партии и решающая ошибка проигравших; ваши (СТОРОНЫ) — в уроки
    .usage = [ГЛУБИНА] [СТОРОНА]
    .names = разбор
    .also = разобрать, разбери
cmd-undo = взять назад ваш последний ход и ответ бота
    .names = отмена
    .also = отменить, отмени, вернуть, верни
cmd-new = новая партия из начальной позиции
    .names = новая
    .also = заново, начать, начни
cmd-flip = поменяться с ботом цветом
    .names = смена
    .also = сменить, смени, поменять, поменяй
cmd-movetime = показать или задать силу бота: уровень или время на ход
    .usage = [МС | УРОВЕНЬ]
    .names = время, уровень
cmd-levels = уровни, и что значит играть с каждым
    .names = уровни
cmd-fen = вывести строку позиции
    .names = позиция
    .also = фен
cmd-load = новая партия из строки позиции
    .usage = FEN
    .names = загрузить
    .also = загрузи
cmd-save = сохранить партию в PDN (поверх файла — только спросив)
    .usage = ФАЙЛ
    .names = сохранить
    .also = сохрани
cmd-save-replace = сохранить партию, заменив файл, если он есть
    .usage = ФАЙЛ
    .names = сохранить!
    .also = сохрани!
cmd-open = открыть партию N файла PDN (без N — список) и играть с её конца
    .usage = ФАЙЛ [N]
    .names = открыть
    .also = открой
cmd-kb = перечитать базу знаний после правки или только проверить
    .usage = перечитать | проверить
    .names = база
cmd-remember = добавить эту позицию и ход в базу знаний
    .usage = ХОД [НАЗВАНИЕ]
    .names = запомнить
    .also = запомни
cmd-forget = убрать ваш факт для этой позиции из ваших фактов
    .names = забыть
cmd-restore = отменить последнее изменение ваших файлов (ваших фактов) по копии
    .names = восстановить
cmd-train = тренировка: позиции ваших ошибок
    .names = тренировка
cmd-learn = найти комбинации партии, которых бот не видит, и выучить их
    .names = выучить
    .also = выучи
cmd-draw = предложить ничью
    .names = ничья
    .also = ничью
cmd-resign = сдаться
    .names = сдаюсь
    .also = сдаться
cmd-quit = выйти (или Ctrl-D); неоконченная партия дождётся запуска
    .names = выход, выйти
    .also = выйди

## Доска

legend-color = ● простая  ♛ дамка (белые и чёрные);  подсветка: последний ход, x: побита
legend-plain = w/b: белая/чёрная простая  W/B: дамка  .: пусто  [ ]: последний ход  x: побита
material = материал: { $white }; { $black }
clock-warning = на ваших часах осталось { $seconds } секунд
clock-flag-press-enter = ваше время истекло: нажмите Enter
clocks-now = часы ({ $control }): у белых { $white }, у чёрных { $black }
clocks-none = эта партия без часов (--time 5+3 — партия на часах)
undo-after-flag = партию, проигранную по времени, назад не взять: новая — новая партия
clocks = часы: у белых { $white }, у чёрных { $black }
material-side = { $side ->
    [white] у белых
   *[black] у чёрных
} { $shape ->
    [kings] { $kings ->
        [one] { $kings } дамка
        [few] { $kings } дамки
       *[many] { $kings } дамок
    }
    [both] { $men ->
        [one] { $men } шашка
        [few] { $men } шашки
       *[many] { $men } шашек
    }, { $kings ->
        [one] { $kings } дамка
        [few] { $kings } дамки
       *[many] { $kings } дамок
    }
   *[men] { $men ->
        [one] { $men } шашка
        [few] { $men } шашки
       *[many] { $men } шашек
    }
}

## Игра

you-play-now = теперь вы играете { $side ->
    [white] белыми
   *[black] чёрными
}
not-your-move = сейчас не ваш ход
move-refused = этот ход сейчас сделать нельзя
read-as = { $typed } прочитано как { $reading }
read-as-illegal = { $typed } прочитано как { $reading }: { $reason }
move-after-end = партия окончена: д — новая партия; или наберите отмена, новая или выход
moves-none = ходов нет: партия окончена
moves-list = { $side ->
    [white] белые
   *[black] чёрные
} могут сыграть ({ $count }): { $moves }
undo-nothing = нечего отменять: вы ещё не ходили
undo-done = взято назад { $count ->
    [one] { $count } ход
    [few] { $count } хода
   *[many] { $count } ходов
}
new-game = новая партия
game-already-over = партия уже окончена
game-over = партия окончена: { $outcome } ({ $verdict }, { $token })
record-over = партия из записи окончена: { $outcome } ({ $token })
record-moves-lost = ходы в записи обрываются после { $plies }: остаток партии утерян, результат — как в записи
game-over-help = д — новая партия, н — выход; сохранить ФАЙЛ сохранит запись{ $undo ->
    [yes] , отмена вернёт ход
   *[no] {""}
}
verdict-you-win = вы выиграли
verdict-bot-wins = выиграл shashki
verdict-draw = ничья
play-on = играем дальше.

## Бот

bot-plays = shashki играет { $mv } ({ $reason })
bot-interrupted = (прервано: играю лучший из найденных ходов)
bot-illegal = shashki: бот выбрал невозможный ход; ходите вы
levels-title = уровни, от слабого к сильному (уровень ИМЯ здесь, --level ИМЯ при запуске):
levels-line = { $ru } ({ $en }): { $limits }; { $means }
level-means-beginner = берёт, что дают, и не замечает угроз
level-means-novice = видит ваш ответ, и не дальше
level-means-casual = на два хода вперёд за каждую сторону, и дебютные факты
level-means-club = на четыре хода вперёд за каждую сторону: тактика разрядника
level-means-easy = ходов на шесть вперёд: видит большинство комбинаций
level-means-normal = сильнее большинства разрядников (по умолчанию)
level-means-hard = полная сила
bot-movetime = бот думает до { $ms } мс на ход
bot-movetime-set = теперь бот думает до { $ms } мс на ход
bot-level = бот играет на уровне «{ $level }»: { $limits }
bot-level-set = теперь бот играет на уровне «{ $level }»: { $limits }
level-depth = расчёт на { $depth ->
    [one] { $depth } полуход
    [few] { $depth } полухода
   *[many] { $depth } полуходов
}, { $kb ->
    [yes] с базой знаний
   *[no] без базы знаний
}
level-time = { $ms } мс на ход, { $kb ->
    [yes] с базой знаний
   *[no] без базы знаний
}
bot-depth = бот считает на { $depth ->
    [one] { $depth } полуход
    [few] { $depth } полухода
   *[many] { $depth } полуходов
} вглубь
bot-limits = бот думает: { $limits }
bot-clock = бот играет по часам: { $control } (время на партию + секунды за каждый ход)
bot-clock-capped = бот играет по часам: { $control } (время на партию + секунды за каждый ход), { $named ->
    [yes] на уровне «{ $level }»: не больше чем { $limits }
   *[no] не больше чем { $limits }
}
progress = думаю: глубина { $depth }  { $score }  { $line }
hint = подсказка: { $mv } ({ $reason })
hint-line = подсказка: { $mv } ({ $reason }): { $line }
hint-interrupted = (прервано: лучший из найденных ходов)
hint-game-over = подсказки нет: партия окончена
hint-no-move = подсказки нет: ходов нет
source-kb = база знаний: «{ $name }», { $origin }:{ $line }
source-book = книга дебютов: { $moves }, расчёт на { $depth ->
    [one] { $depth } полуход
    [few] { $depth } полухода
   *[many] { $depth } полуходов
}, { $origin }:{ $line }
source-line = { $combination ->
    [yes] комбинация
   *[no] линия базы знаний
} «{ $name }», { $origin }:{ $line }
won-with-motifs = { $won }; мотив: { $motifs }
motif-names = { $ru }
review-motifs = { "   " }мотив: { $motifs }
puzzle-none-motif = в базе знаний нет комбинации с мотивом «{ $motifs }»
puzzle-motifs = мотив: { $motifs }
puzzle-list-header = задачи базы знаний по мотивам (задача МОТИВ — задача на него):
puzzle-list-motif = { $count }  { $motifs }
puzzle-list-unnamed = { $count }  без названного мотива
source-proven = комбинация «{ $name }», { $origin }:{ $line }, выигрыш: { $won }
game-record = партии { $number } из { $file }{ $detailed ->
    [yes] { " " }({ $details })
   *[no] {""}
}
game-selfplay = партии самоигры { $number } (seed { $seed })
game-console = партии в консоли { $white } – { $black }, { $date }
game-other = { $place }
learned-place = { $game }{ $known ->
    [yes] , ход { $move_number }
   *[no] {""}
}
source-proven-learned = комбинация «{ $name }», выучена из { $from }{ $more ->
    [0] {""}
    [one] {" "}и ещё { $more } партии
   *[other] {" "}и ещё { $more } партий
}, выигрыш: { $won }
source-only-move = единственный ход
source-database = база окончаний: { $score }
score-men = { $men }
score-win = +выигрыш за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
score-loss = -проигрыш за { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
source-capture-search = расчёт взятий: { $score }
source-search-stopped = расчёт: остановлен до глубины 1
source-search = расчёт: глубина { $depth }, { $score }

## Ничьи

draw-offer = shashki предлагает ничью: дамка против дамки, выиграть не может никто
draw-accepted = shashki согласен на ничью
draw-declined = shashki отказывается от ничьей; играем дальше
draw-interrupted = (прервано: решение по тому, что расчёт успел увидеть)

## Как кончаются партии

win-no-pieces = { $winner ->
    [white] победа белых: у чёрных не осталось шашек
   *[black] победа чёрных: у белых не осталось шашек
}
win-blocked = { $winner ->
    [white] победа белых: чёрным некуда ходить
   *[black] победа чёрных: белым некуда ходить
}
win-resigned = { $winner ->
    [white] победа белых: чёрные сдались
   *[black] победа чёрных: белые сдались
}
win-time = { $winner ->
    [white] победа белых: у чёрных кончилось время
   *[black] победа чёрных: у белых кончилось время
}
draw-repetition = ничья: та же позиция повторилась в третий раз
draw-kings-only = ничья: 15 ходов подряд обе стороны ходили только дамками, без взятий
draw-lone-king = ничья: три дамки не поймали одинокую дамку за 15 ходов
draw-king-ending = ничья: соотношение сил в дамочном окончании не менялось { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
   *[many] { $moves } ходов
}
draw-agreement = ничья по соглашению

## Ходы, которые нельзя сделать

move-empty = хода нет; вводите его так: c3-d4 или c3:e5
move-not-files = { $typed }: { $count ->
    [one] непонятна буква { $letters }
   *[other] непонятны буквы { $letters }
}; поле — это вертикаль a-h и горизонталь 1-8, например c3
move-one-square = только одно поле ({ $square }); в ходе их хотя бы два, например c3-d4
move-unexpected = непонятный знак «{ $found }» ({ $column }-й по счёту); пишите ходы так: c3-d4 или c3:e5:c7
square-malformed = «{ $text }» — не поле (нужна вертикаль a-h и горизонталь 1-8, например c3)
square-light = { $text } — белое поле; играют только на тёмных
illegal-no-moves = возможных ходов нет: партия окончена
illegal-no-piece = на { $square } нет шашки
illegal-not-yours = на { $square } шашка { $owner ->
    [white] белых
   *[black] чёрных
}, а ход { $side ->
    [white] белых
   *[black] чёрных
}
illegal-capture-compulsory = бить обязательно; сыграйте одно из: { $moves }
illegal-piece-stuck = { $role ->
    [man] простой
   *[king] дамке
} на { $square } некуда ходить
illegal-no-such-move = у { $role ->
    [man] простой
   *[king] дамки
} на { $square } нет такого хода; возможны: { $moves }
illegal-no-short-move = ни один ход с вертикали { $file } не кончается на { $to }; возможные ходы: { $moves }
illegal-ambiguous = это может быть несколько ходов; введите один из: { $moves }

## Строки позиции

fen-empty = строка позиции, позиция { $column }: пусто; нужно что-то вроде { $start }
fen-bad-side = строка позиции, позиция { $column }: очередь хода «{ $text }» должна быть W или B
fen-bad-color = строка позиции, позиция { $column }: список шашек «{ $text }» должен начинаться с W или B
fen-color-twice = строка позиции, позиция { $column }: шашки { $side ->
    [white] белых
   *[black] чёрных
} перечислены дважды
fen-no-lists = строка позиции, позиция { $column }: нет списков шашек; нужны очередь хода, затем :W и шашки белых, затем :B и шашки чёрных, например W:Wc3,e3:Bd6
fen-missing-list = строка позиции, позиция { $column }: { $side ->
    [white] нет списка шашек белых; если их нет, напишите только :{ $letter }
   *[black] нет списка шашек чёрных; если их нет, напишите только :{ $letter }
}
fen-no-pieces = строка позиции, позиция { $column }: шашек нет совсем; нужна хотя бы одна
fen-extra-section = строка позиции, позиция { $column }: слишком много разделов через «:»; нужно СТОРОНА:Wшашки:Bшашки
fen-bad-square = строка позиции, позиция { $column }: «{ $text }» — не шашка (нужно тёмное поле, например c3, или Kc3 для дамки)
fen-invalid = строка позиции, позиция { $column }: { $reason }
fen-bad-wrapper = строка позиции, позиция { $column }: обёртка [FEN "..."] не закрыта

## Просмотр партии

history-empty = ходов ещё нет
history-shown = (показана позиция перед ходом { $number }, ход { $side ->
    [white] белых
   *[black] чёрных
}; вперёд вернёт)
view-current = текущая позиция: ход { $number }, ход { $side ->
    [white] белых
   *[black] чёрных
}
view-earlier = ход { $number }, ход { $side ->
    [white] белых
   *[black] чёрных
} ({ $ply } из { $end } полуходов; вперёд или перейти вернёт, ход отсюда начнёт новое продолжение)
goto-beyond = партия дошла до хода { $last }; показана текущая позиция
branch-bot-to-move = здесь ход бота: перейдите к позиции, где ходите вы
branch-warning = ход отсюда начнёт новое продолжение и отбросит { $plies } после него
branch-declined = партия осталась как была

## Файлы

saved = сохранено в { $path }
not-saved = не сохранено
save-exists = не сохранено: { $path } уже есть; сохранить! { $path } заменит его
save-over-kb = не сохранено: { $path } — это база знаний { $kb }; выберите другой файл
save-failed = не удалось сохранить { $path }: { $error }
open-failed = не удалось открыть { $path }: { $error }
io-error = { $kind ->
    [not-found] такого файла или каталога нет
    [denied] нет доступа
    [directory] это каталог
    [full] на диске нет места
   *[other] { $system }
}
write-not-a-file = { $path } — не обычный файл
write-too-many-links = { $path }: слишком много уровней символических ссылок
read-not-a-file = это не обычный файл
read-too-large = в нём { $bytes } байт; текстовые файлы читаются только до { $max } МиБ
read-bad-utf8 = { $line }:{ $column }: { $reason }
open-no-game = { $path }: в файле нет партий
open-out-of-range = в { $path } { $count ->
    [one] { $count } партия: откройте 1
    [few] { $count } партии: откройте одну из 1–{ $count }
   *[many] { $count } партий: откройте одну из 1–{ $count }
}
opened = открыт файл «{ $path }»: { $plies }
opened-one-of = открыт файл «{ $path }», партия { $chosen } из { $count }: { $plies }
open-list = в { $path } { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}; откройте одну так: открыть { $path } N
open-list-game = { $white } - { $black }, { $event }, { $date } ({ $result }, { $plies })
date-unknown = дата неизвестна
open-list-unreadable = не читается: { $path }:{ $error }

## Партия, сохранённая между запусками

autosave-failed = (не удалось сохранить партию в { $path }: { $error }; сохранить ФАЙЛ сохранит её)
resume-offer = с прошлого раза осталась неоконченная партия ({ $plies }, ход { $number })
went-on = { $how ->
    [resumed] продолжаем
   *[opened] восстановлено
}: { $what }
went-on-side = вы играете { $side ->
    [white] белыми
   *[black] чёрными
}
went-on-level = уровень «{ $level }»
went-on-movetime = { $ms } мс на ход
went-on-depth = глубина { $depth }
went-on-clock = часы { $control } (у белых { $white }, у чёрных { $black })
opened-others = партия { $white } – { $black }{ $over ->
    [yes] : её можно просмотреть и разобрать
   *[no] : её можно просмотреть, разобрать или продолжить, выбрав сторону
}
kept-aside = неоконченная партия сохранена в { $path } (откройте её, чтобы продолжить)
keep-aside-failed = не удалось сохранить неоконченную партию в { $path }: { $error }
farewell-kept = неоконченная партия сохранена в { $path }; shashki предложит её при следующем запуске

## База знаний

avoided-by-rule = (правило «{ $name }», { $origin }:{ $line }, избегает { $mv }: этот ход уступает ему меньше четверти шашки)
passed-over = ({ $rule ->
    [yes] правило
   *[no] факт
} «{ $name }», { $origin }:{ $line }, { $rule ->
    [yes] пропущено
   *[no] пропущен
}: после { $mv } соперник выигрывает { $lost }: { $reply })
kb-builtin = { $part ->
    [learned] встроенная база выученных комбинаций
    [book] встроенная книга дебютов
   *[starter] встроенная начальная база
}
kb-file = { $path }
# A knowledge base read from several parts: `kb/combs.txt + kb/learned.txt`.
kb-plus = { $first } + { $second }
kb-none = играем без базы знаний
kb-loaded = { $reloaded ->
    [yes] база знаний перечитана
   *[no] база знаний
}: { $origin } ({ $facts ->
    [one] { $facts } факт
    [few] { $facts } факта
   *[many] { $facts } фактов
}{ $left ->
    [0] {""}
    [one] ; { $left } факт с ошибками пропущен, ошибки выше
    [few] ; { $left } факта с ошибками пропущены, ошибки выше
   *[many] ; { $left } фактов с ошибками пропущены, ошибки выше
})
kb-reload-kept = { $errors ->
    [one] { $errors } ошибка
    [few] { $errors } ошибки
   *[many] { $errors } ошибок
}: файл не прочитать; остаётся прежняя база знаний
kb-reload-none = { $errors ->
    [one] { $errors } ошибка
    [few] { $errors } ошибки
   *[many] { $errors } ошибок
}: файл не прочитать; играем по-прежнему без базы знаний
kb-check-ok = { $origin }: { $facts ->
    [one] { $facts } факт
    [few] { $facts } факта
   *[many] { $facts } фактов
} (точных: { $exact }, шаблонов: { $patterns }, линий: { $lines }{ $rules ->
    [0] {""}
   *[other] , правил: { $rules }
}), { $errors ->
    [0] ошибок нет
    [one] { $errors } ошибка
    [few] { $errors } ошибки
   *[many] { $errors } ошибок
}{ $left ->
    [0] {""}
    [one] : { $left } факт пропущен
    [few] : { $left } факта пропущены
   *[many] : { $left } фактов пропущены
}
kb-check-failed = { $origin }: { $errors ->
    [one] { $errors } ошибка
    [few] { $errors } ошибки
   *[many] { $errors } ошибок
}
won = { $game ->
    [yes] партия
   *[no] { $kings ->
        [0] { $pieces ->
            [one] { $pieces } шашка
            [few] { $pieces } шашки
           *[many] { $pieces } шашек
        }
       *[other] { $pieces ->
            [0] дамка
            [one] { $pieces } шашка и дамка
            [few] { $pieces } шашки и дамка
           *[many] { $pieces } шашек и дамка
        }
    }
}
learn-none = в этой партии нет комбинаций, которых не видит расчёт на 4 полухода
learn-found = ход { $number } ({ $side ->
    [white] белые
   *[black] чёрные
}): { $line }; выигрыш: { $won }; { $found ->
    [yes] найдена
   *[no] упущена
}; { $deep ->
    [same] расчёт на { $depth } полуходов тоже её играет
    [none] расчёт на { $depth } полуходов не находит хода
   *[other] расчёт на { $depth } полуходов играет { $deep }
}
learn-known = в { $path } { $count ->
    [one] она уже есть
   *[other] они уже есть
}: учить нечего
ask-learn = добавить { $count ->
    [one] { $count } факт
    [few] { $count } факта
   *[many] { $count } фактов
} в { $path }? (д/н)
learn-fact = «{ $name }»: { $line }
learn-written = в { $path } { $count ->
    [one] добавлен { $count } факт
    [few] добавлено { $count } факта
   *[many] добавлено { $count } фактов
}
learn-declined = ничего не выучено
learn-unconfirmed = расчёт на { $depth } полуходов играет там другие ходы: учить нечего
learn-no-data = ничего не выучено: нет каталога данных; запустите с --kb ФАЙЛ
ask-remember = всё равно запомнить? (д/н)
remember-declined = ничего не запомнено
remember-loses = { $mv } теряет { $lost }: { $reply }
remember-over = здесь ваш факт играет вместо «{ $fact }» ({ $origin }:{ $line }): ваши факты идут первыми
forgotten = забыто: { $fact }; другие факты этой позиции снова играют
forget-none = для этой позиции нет вашего факта: забывать нечего
restored-file = { $path } восстановлен, каким был до последнего изменения (из { $from })
restore-none = восстанавливать нечего: ваши файлы не менялись
restore-failed = ничего не восстановлено: { $path }: { $error }
backup-failed = ничего не записано: не удалось сохранить прежнюю версию { $path }: { $error }
train-none = уроков пока нет: сделайте разбор проигранной партии, и её ошибки станут уроками
train-next = сейчас уроков нет; следующий — { $day }. Пока можно решить задачу: задача
train-next-session = пропущенные сегодня уроки вернутся в следующий раз. Решите задачу: задача
train-all-learned = все уроки ({ $count }) выучены: каждый решён в три разных дня
train-posed = урок: ход { $side ->
    [white] белых
   *[black] чёрных
}; на { $number }-м ходу { $game } вы сыграли { $played }. Найдите ход лучше
train-right = верно: { $line }
train-wrong = не так: { $line }; { $better } сохраняет партию
train-more = тренировка — следующий урок
train-learned = урок выучен: решён в три разных дня
lessons-looking = ищу уроки в вашей партии (Ctrl-C — пропустить)
lessons-none = новых уроков нет: ни одна ошибка не наказана наверняка, или урок уже записан
lessons-filed = { $count ->
    [one] { $count } урок записан
    [few] { $count } урока записаны
   *[many] { $count } уроков записано
} в { $path }; тренировка их задаёт
lessons-failed = уроки не сохранены: { $path }: { $error }
fact-name-lesson = Урок: ход { $number }, { $played }
remember-no-data = ничего не запомнено: нет каталога данных; запустите с --kb ФАЙЛ
remember-default-name = запомнено на ходу { $number }: { $mv }
remembered = запомнено: { $fact }
remember-renamed = факт «{ $old }» теперь называется «{ $name }»
remember-unchanged = { $fact } уже играет { $mv }: файл не изменён
remember-updated = обновлено { $fact }: играть { $mv } (было: { $old })

## Имена выученных фактов (пишутся в базу на её языке)

fact-name-strike = Удар с поля { $from }{ $crowns ->
    [yes] { " " }с выходом в дамки
   *[no] {""}
}
fact-name-double-strike = Двойной удар с полей { $first } и { $last }{ $crowns ->
    [yes] { " " }с выходом в дамки
   *[no] {""}
}
fact-name-crowning = Выход в дамки на { $square }
fact-name-game = Комбинация из { $game ->
    [self-play] самоигры №{ $number } (seed { $seed })
    [players] партии { $white } – { $black }
    [other] { $file }
   *[record] { $file } №{ $number }
}, ход { $move_number }

## Записи партий

pdn-error = { $line }:{ $column }: { $reason }
pdn-unclosed = эта «{ $sign }» нигде не закрыта
pdn-bad-tag = пара тегов пишется так: [Event "название"]
pdn-bad-fen = тег FEN: { $reason }
pdn-bad-move = «{ $mv }» — не ход: { $reason }
pdn-numeric-move = «{ $mv }» — не ход в номерах полей: пишите 22-18, а взятие 9x18 (поля от 1 до 32)
pdn-illegal-move = { $mv }: { $reason }

## Анализ и разбор

analysis-start = анализ, ход { $side ->
    [white] белых
   *[black] чёрных
}: лучшие продолжения, всё глубже; Enter или Ctrl-C остановит
analysis-start-depth = анализ до глубины { $depth }, ход { $side ->
    [white] белых
   *[black] чёрных
}: лучшие продолжения
analysis-exact = анализ, ход { $side ->
    [white] белых
   *[black] чёрных
}: база окончаний знает каждый ход точно
analysis-exact-line = { $rank }. { $score }  { $line }
analysis-line = { $rank }. глубина { $depth }  { $score }  { $line }
analysis-stopped = анализ остановлен на глубине { $depth }
analysis-done = анализ закончен: глубина { $depth }
analysis-none = анализ остановлен до глубины 1
analysis-no-move = анализа нет: ходов нет
review-none = разбирать нечего: ходов ещё нет
review-start = разбор { $plies } (Ctrl-C остановит)
review-start-depth = разбор { $plies }, глубина { $depth } на позицию (Ctrl-C остановит)
review-progress = разбор
review-interrupted = разбор остановлен после { $reviewed } из { $plies } полуходов: дальнейшие ходы не оценены
review-slip = { $number } { $side ->
    [white] белые
   *[black] чёрные
} { $mv }: { $kind ->
    [blunder] грубая ошибка
   *[mistake] ошибка
} { $cost } ({ $played }; { $best } сохраняет { $score })
review-line = { "   " }ответ { $side ->
    [white] белых
   *[black] чёрных
}: { $line }{ $more ->
    [yes] {" "}...
   *[no] {""}
}
review-combination = { "   " }{ $side ->
    [white] белые
   *[black] чёрные
} отвечают комбинацией: { $line }, выигрыш: { $won }
review-combination-named = { "   " }{ $side ->
    [white] белые
   *[black] чёрные
} отвечают комбинацией «{ $name }»: { $line }, выигрыш: { $won }
review-marks-plain = { "   " }на доске: [ ] сыгранный ход, ( ) лучший ход
review-marks-color = { "   " }на доске: сыгранный ход жёлтым, лучший ход зелёным
review-position = { "   " }позиция: { $fen }
review-decisive = решающая ошибка { $side ->
    [white] белых
   *[black] чёрных
}: { $number } { $mv } ({ $played } после хода{ $has_best ->
    [yes] ; { $best } сохранял { $score }
   *[no] {""}
}), дальше партия проиграна
review-no-decisive = { $how ->
    [from-start] { $side ->
        [white] у белых
       *[black] у чёрных
    } проигранная позиция с начала разбора
    [unavoidable] по этому разбору ни один ход { $side ->
        [white] белых
       *[black] чёрных
    } не был ошибкой, которую исправил бы другой ход
    [time] ни один ход { $side ->
        [white] белых
       *[black] чёрных
    } не проиграл партию: флажок упал в позиции { $score }
    [resigned] ни один ход { $side ->
        [white] белых
       *[black] чёрных
    } не проиграл партию: сдались в позиции { $score }
   *[board] по этому разбору партию не проиграл ни один отдельный ход { $side ->
        [white] белых
       *[black] чёрных
    } (в конце { $score })
}
review-cost-men = стоила около { $halves ->
    [1] половины шашки
    [2] шашки
    [3] полутора шашек
   *[other] { $men } { $men ->
        [one] шашки
       *[other] шашек
    }
}
review-cost-turned = превратила { $from ->
    [win] выигрыш
   *[draw] ничью
} в { $to ->
    [draw] ничью
   *[loss] проигрыш
}
review-summary = { $side ->
    [white] у белых
   *[black] у чёрных
} { $mistakes ->
    [one] { $mistakes } ошибка
    [few] { $mistakes } ошибки
   *[many] { $mistakes } ошибок
}, { $blunders ->
    [one] { $blunders } грубая
    [few] { $blunders } грубые
   *[many] { $blunders } грубых
}

## Задачи

cmd-games = ваши сохранённые партии, сначала новые; партии N открывает одну
    .usage = [N]
    .names = партии
cmd-clock = время на часах обеих сторон
    .names = часы
cmd-stats = ваши победы, ничьи и поражения по уровням и цвету
    .names = статистика
arg-games-number = «{ $text }» — не номер партии из списка
saved-elsewhere = в текущую папку записать нельзя: сохранено в { $path }
game-kept = партия сохранена среди ваших: их список — партии, счёт — статистика
keep-game-failed = не удалось сохранить партию в { $path }: { $error }
games-none = партий пока нет: каждая оконченная партия сохраняется в папке данных
games-title = ваши партии в { $path }, сначала новые (время по UTC); партии N открывает одну:
games-verdict = { $verdict ->
    [win] победа
    [draw] ничья
    [loss] поражение
    [unfinished] не окончена
   *[over] окончена
}
games-moves = { $count ->
    [one] { $count } ход
    [few] { $count } хода
   *[many] { $count } ходов
}
games-out-of-range = партии { $number } нет: в списке { $count }
stats-none = оконченных партий пока нет: каждая оконченная партия сохраняется и учитывается
stats-title = ваши оконченные партии: { $count } (в скобках — последние { $recent })
stats-level = уровень
stats-side = цвет
stats-wins = победы
stats-draws = ничьи
stats-losses = поражения
stats-all = всего
cmd-layout = ходы русскими буквами: русская — по клавишам (в — это d), авто — всеми способами
    .usage = [русская | авто]
    .names = раскладка
arg-layout = «{ $word }» — ни «русская», ни «авто»
layout-is = { $layout ->
    [russian] ходы русскими буквами читаются по клавишам русской раскладки (в — это d); «раскладка авто» читает их всеми способами
   *[auto] ходы русскими буквами читаются всеми способами, а если ходов два — с вопросом; «раскладка русская» читает их по клавишам
}
settings-not-kept = (не удалось сохранить настройку в { $path }: { $error })
word-layout-russian = русская
word-layout-auto = авто
cmd-puzzle = найти комбинацию (с мотивом: задача турецкий удар); список: мотивы
    .usage = [дальше | выход | список | FEN | МОТИВ]
    .names = задача
    .also = задачи, задачу
arg-puzzle-word = «{ $word }» — не дальше, не выход, не список, не позиция и не мотив
prompt-lesson = урок,
prompt-puzzle = задача,
puzzle-title = { $side ->
    [white] Ход белых
   *[black] Ход чёрных
}: выиграйте { $gain }
puzzle-how = введите ход; подсказка: шашка, потом ход; задача выход: назад к партии
puzzle-gain = { $game ->
    [yes] партию
   *[no] { $king ->
        [yes] { $men ->
            [0] дамку
            [1] шашку и дамку
            [one] { $men } шашку и дамку
            [few] { $men } шашки и дамку
           *[many] { $men } шашек и дамку
        }
        [crowned] { $men ->
            [0] дамку, проведя шашку в дамки
            [1] шашку и дамку, проведя шашку в дамки
            [one] { $men } шашку и дамку, проведя шашку в дамки
            [few] { $men } шашки и дамку, проведя шашку в дамки
           *[many] { $men } шашек и дамку, проведя шашку в дамки
        }
       *[no] { $men ->
            [0] ничего
            [1] шашку
            [one] { $men } шашку
            [few] { $men } шашки
           *[many] { $men } шашек
        }
    }
}
puzzle-right = { $mv }: верно; { $side ->
    [white] белые
   *[black] чёрные
} отвечают { $reply }; ваш ход
puzzle-gives-up = { $mv } отдаёт материал даром; попробуйте ещё
puzzle-wins-nothing = { $mv } ничего не выигрывает; попробуйте ещё
puzzle-wins-less = { $mv } выигрывает только { $won }, а здесь можно выиграть { $gain }; попробуйте ещё
puzzle-solved = решено: { $line } выигрывает { $gain }
puzzle-solved-fact = решено: { $line } выигрывает { $gain } («{ $name }», { $origin }:{ $place })
puzzle-answer = не решено: ответ был { $line }{ $named ->
    [yes] { " " }(«{ $name }», { $origin }:{ $place })
   *[no] {""}
}
puzzle-solved-already = решено: задача дальше — другая, задача выход — назад к партии
puzzle-hint-piece = подсказка: ходит { $king ->
    [yes] дамка
   *[no] шашка
} с поля { $square }
puzzle-hint-move = подсказка: { $mv }
puzzle-score-header = счёт задач shashki (команда задача): solved — решено, attempted — начато,
    hints — подсказок, wrong — неверных ходов
puzzle-score = счёт: решено { $solved } из { $attempted } (подсказок: { $hints }, неверных ходов: { $wrong })
puzzle-none = задачи нет: ни один факт базы знаний не дал комбинации; попробуйте задача FEN
puzzle-no-kb = задачи нет: база знаний не загружена; задача FEN ставит позицию
puzzle-no-combination = задачи нет: у { $side ->
    [white] белых
   *[black] чёрных
} здесь нет комбинации
puzzle-not-now = не во время задачи: задача выход — назад к партии
puzzle-off = назад к партии
puzzle-not-on = задача не решается
puzzle-score-unreadable = { $path }: { $error }; счёт задач ведётся только в этом сеансе, файл остаётся как есть
puzzle-score-bad = { $path }:{ $line }: { $reason }; счёт задач ведётся только в этом сеансе, файл остаётся как есть
puzzle-score-failed = не удалось сохранить счёт задач в { $path }: { $error }
score-unknown-word = «{ $word }» — не одно из слов { $words }
score-bad-count = «{ $text }» — не число

## Ошибки базы знаний

kb-severity = { $severity ->
    [warning] предупреждение
   *[error] ошибка
}
kb-syntax = { $shape ->
    [both] не на месте: { $unexpected }; здесь должно быть: { $expected }
    [unexpected] не на месте: { $unexpected }
    [expected] здесь должно быть: { $expected }
   *[none] непонятная синтаксическая ошибка
}
kb-or = { $rest } или { $last }
kb-part = { $part ->
    [end-of-fact] конец факта
    [fact] факт
    [heading] заголовок факта, например `fact "название" for white`
    [name] название в двойных кавычках
    [side] `white` или `black`
    [count] число шашек, например `white 3..6`
    [role] `men` или `kings`
    [range] число или диапазон, например 5 или 3..6
    [row] строка доски
    [file-letters] буквы вертикалей `a b c d e f g h`
    [keyword] ключевое слово
    [play] `play` и ход
    [move] ход, например c3-d4
    [gives] `gives` и число шашек, которые отдаёт гамбит, например `gives 1`
    [priority] приоритет правила, например `priority 2`
    [clause] правило вида `play K-T :- king(K)`
    [condition] условие, например empty(d4)
   *[end-of-line] конец строки
}
kb-parser-stopped = разбор прерван: { $message }
kb-count-too-large = слишком большое число для количества шашек
kb-gives-too-many = гамбит отдаёт не больше 12 шашек
kb-priority-too-high = приоритет правила — от 1 до 9 (без этой строки 0)
kb-board-rows = на доске { $rows ->
    [one] { $rows } строка
    [few] { $rows } строки
   *[many] { $rows } строк
}, а нужно 8: сверху горизонталь 8, внизу горизонталь 1
kb-rank-label = это горизонталь { $rank }, а не { $label }; строки идут сверху вниз, от горизонтали 8 до горизонтали 1
kb-row-squares = горизонталь { $rank }: { $squares ->
    [one] { $squares } поле
    [few] { $squares } поля
   *[many] { $squares } полей
}, а в строке доски их 8
kb-unknown-symbol = неизвестный знак «{ $letter }»; поле обозначается одним из знаков { $symbols }
kb-light-square = на белом поле может быть только «.»: шашки стоят только на тёмных полях
kb-man-on-last-rank = { $side ->
    [white] белая
   *[black] чёрная
} простая не может стоять на { $square }: она уже была бы дамкой
kb-range-empty = диапазон { $min }..{ $max } пуст: ни одно число не подходит
kb-pieces = { $count } { $side ->
    [white] { $count ->
        [one] белая
        [few] белые
       *[many] белых
    }
   *[black] { $count ->
        [one] чёрная
        [few] чёрные
       *[many] чёрных
    }
} { $role ->
    [men] { $count ->
        [one] простая
        [few] простые
       *[many] простых
    }
    [kings] { $count ->
        [one] дамка
        [few] дамки
       *[many] дамок
    }
   *[pieces] { $count ->
        [one] шашка
        [few] шашки
       *[many] шашек
    }
}
kb-too-many = { $pieces }: у стороны не больше 12 шашек
kb-board-demands = на доске уже { $pieces }: больше, чем позволяет диапазон { $min }..{ $max }
kb-board-leaves-room = на доске поместится самое большее { $pieces }: меньше, чем требует диапазон { $min }..{ $max }
kb-invalid-position = такой позиции не бывает: { $reason }
kb-position-square-twice = поле { $square } указано дважды
kb-position-too-many = { $side ->
    [white] у белых
   *[black] у чёрных
} { $count ->
    [one] { $count } шашка
    [few] { $count } шашки
   *[many] { $count } шашек
}; можно не больше 12
kb-illegal-move = ход { $mv } здесь невозможен{ $number ->
    [1] {""}
   *[other] {" "}({ $number }-й ход линии)
}: { $reason }
kb-not-surely-movers = { $mv } начинается с поля { $from }, где по доске может не оказаться { $side ->
    [white] белой шашки (отметьте его w, W или o)
   *[black] чёрной шашки (отметьте его b, B или x)
}
kb-quiet-two-squares = { $mv }: в ходе без взятия только два поля
kb-not-one-diagonal = { $from } и { $to } не на одной диагонали
kb-man-forward = { $mv }: простая ходит на одно поле вперёд по диагонали
kb-may-be-a-man = { $mv }: на { $square } может стоять простая, а она ходит только на одно поле вперёд; для дамки пишите W
kb-count-repeated = эти шашки уже посчитаны строкой выше: по одной строке на каждые
kb-reply-must-capture = { $reply } не может быть ответом: шашка на { $square } наверняка может бить, а бить обязательно
kb-capture-must-go-on = { $mv } обрывается: шашка тогда наверняка бьёт и { $square }, а бить надо до конца
kb-counts-together = ни одна позиция не подходит сразу под доску и все эти числа
kb-rule-unknown = условия `{ $name }` нет; есть такие: { $known }
kb-rule-arity = `{ $name }` { $more ->
    [yes] принимает ход и ещё хотя бы { $wanted }
   *[no] принимает { $wanted ->
        [one] { $wanted } аргумент
        [few] { $wanted } аргумента
       *[many] { $wanted } аргументов
    }
}, а не { $given }
kb-rule-argument = `{ $given }` здесь не подходит{ $name ->
    [play] {""}
   *[other] { " " }для `{ $name }`
}: нужно { $wanted ->
    [square] поле, например c3, переменная, например K, или _
    [square-or-set] поле, переменная или множество полей, например big_road
    [set] множество полей: big_road, doubles, triples или edges
    [direction] направление (ne, nw, se, sw) или переменная
    [side] white или black
    [number] число от 0 до 32
    [move] ход, например K-T или c3:e5
   *[condition] условие, например empty(d4)
}
kb-rule-unbound = { $name ->
    [not] отрицание связало бы { $variable }: свяжите её условием раньше
   *[other] `{ $name }` нужна переменная { $variable }, связанная условием раньше
}
kb-heading-without-side = в заголовке после названия нужна сторона: `for white` или `for black`
kb-cyrillic-move = { $letters }: это русские буквы; ход пишется латинскими буквами a–h, например c3-d4
kb-path-not-free = путь хода { $mv } может быть занят: поле { $square } не отмечено «.»
kb-jump-not-sure = взятие { $from }:{ $to } в ходе { $mv } не обязательно бьёт ровно одну { $side ->
    [white] белую
   *[black] чёрную
} шашку через свободные поля
kb-landing-not-free = взятие { $mv } останавливается на { $square }, а это поле не отмечено «.»
kb-repeats = этот факт повторяет факт в строке { $line }
kb-contradicts = этот факт противоречит факту в строке { $line }: доска та же, ходы другие; играет тот, как первый в файле
kb-not-utf8 = не UTF-8 (байт { $byte }); файл нужно сохранить как текст UTF-8
kb-cannot-read = не удалось прочитать файл: { $reason }
kb-cannot-write = не удалось записать файл: { $reason }
kb-bad-fact-name = в названии факта не может быть «"» или перевода строки
kb-nothing-remembered = в файле есть ошибки, поэтому ничего не запомнено: исправьте их ({ $check }) и попробуйте ещё раз
kb-check-words = { cmd-kb.names } { word-kb-check }
kb-would-not-answer = факт { $fact } всё равно не давал бы этого хода в этой позиции; ничего не записано

## The words that follow a command

word-kb-reload = перечитать
word-kb-check = проверить
word-puzzle-next = дальше
word-puzzle-off = выход
word-puzzle-list = список
word-level-beginner = новичок
word-level-novice = ученик
word-level-casual = любитель
word-level-club = разрядник
word-level-easy = кандидат
    .also = лёгкий
word-level-normal = мастер
    .also = средний
word-level-hard = гроссмейстер
    .also = сильный

## Базы окончаний: почему у позиции нет оценки

probe-missing = в каталоге нет таблицы { $material } ({ $pieces ->
    [one] { $pieces } шашка
    [few] { $pieces } шашки
   *[many] { $pieces } шашек
})
table-file = { $path }: { $problem }
table-unreadable = { $error }
table-not-a-table = это не таблица окончаний shashki
table-old-version = версия формата { $version } (программа читает версии { $oldest } и { $newest }, чьи оценки учитывают правила ничьих): постройте таблицы заново
table-cut-short = файл обрезан
table-other-material = в файле таблица { $found }, а не { $wanted }
table-damaged-header = заголовок повреждён
table-wrong-length = файл обрезан или слишком длинный
table-checksum = контрольная сумма не сходится: файл повреждён
table-damaged-palette = записи оценок повреждены
table-too-large = слишком велик, чтобы прочитать
table-damaged-body = тело файла повреждено
probe-not-ready = таблица ещё читается или решается
probe-no-game = у стороны, которая не ходит, нет шашек: партия уже окончена
probe-over-budget = таблице { $material } нужно { $needs } МБ, больше, чем { $budget } МБ, отведённых таблицам

## Что отвергает библиотека

move-not-legal = { $mv } — не ход в этой позиции
# Каким должно быть число каждой настройки движка (engine::Setting), по сообщению
# на настройку: командная строка, Hub и консоль оформляют его каждый по-своему.
setting-hash = размер хеш-таблицы — от 1 до { $max } МБ
setting-threads = число — от 1 до { $max }
setting-depth = глубина — от 1 до { $max } полуходов
setting-move-time = нужно от 1 до { $max } миллисекунд (час)
hash-no-memory = не удалось выделить таблицу в { $megabytes } МБ: у машины нет столько памяти
material-malformed = «{ $text }» — не соотношение сил вида w1m2k-b0m1k
egtb-io = { $error }
egtb-needs-first = для { $material } сначала нужна таблица { $needs } ({ $path } нет или не читается)
refutation-defended = защита оставляет выигрыш меньше шашки
refutation-too-large = доказательство переросло свой предел узлов
unproven-no-line = у факта нет линии
unproven-no-sample = { $mv } не ходится ни в одной из { $draws } позиций, взятых по образцу
unproven-loses = в { $fen }: { $mv } теряет { $lost }: { $reply }
unproven-refuted = не доказано в { $fen }: { $refutation }
match-no-move = { $player } не нашёл хода в позиции { $position }
match-illegal-move = { $player } сделал невозможный ход в позиции { $position }: { $error }
match-player = { $error }
line-bad-word = { $word }: { $reason }
opening-now = дебют: { $name }
opening-error = { $place }: { $reason }
opening-no-tab = нет табуляции между названием и позицией

## Тексты протокола Hub (позиции и ходы, как их пишет протокол)

hub-text-length = позиция — это W или B и 32 поля (e, w, b, W, B): 33 знака, а не { $length }
hub-text-side = позиция начинается с W или B (чей ход), а не с «{ $found }»
hub-text-square-letter = на поле { $number } «{ $found }»; поле — это e (пусто), w, b (шашки), W или B (дамки)
hub-text-move-form = «{ $text }» — не ход; пишите откуда-куда (10-14) или взятие: откуда x куда x взятые (14x23x19)
hub-text-square-number = «{ $text }» — не номер поля от 1 до 32
hub-text-illegal = { $text } — здесь не ход; возможные ходы: { $legal }

## Файлы дебютной книги

book-bad-record = нечитаемая запись позиции ({ $why }: { $record })
record-not-a-record = это не запись позиции
record-not-a-number = не число
record-illegal-path = невозможный путь
record-bad-position = неверная позиция
record-path-misses = путь не приводит к позиции
record-bad-score = неверная оценка
record-illegal-line = невозможная линия
record-bad-root = неверный корень
record-bad-depth = неверная глубина
job-io = { $path }: { $error }
job-bad-line = { $path }:{ $line }: { $why }
job-other = в { $path } другое задание ({ $theirs }), а не это ({ $ours }): укажите другой файл --job или настройки, с которыми оно начато
job-root-number = неверный номер корня { $text }
job-unknown-line = неизвестная строка { $word }
job-missing = нет строки { $what }: это не файл задания книги
book-bad-move = дебют { $name }: ход { $word } там невозможен: { $reason }
book-other-position = жеребьёвка { $name }: её ходы не приводят к { $fen }
book-ballots = { $error }
book-bad-settings = нечитаемые настройки книги: { $text }
book-mismatch = задания построены по-разному ({ $first } и { $other }): сливайте только задания одной книги

## Файлы весов оценки

weights-not-weights = не файл весов: первая строка — не «{ $magic }»
weights-bad-line = строка { $line }: ожидалось { $expected }
weights-expect-next = комментарий, признак или шаблоны, каждый в своей строке
weights-expect-not-comment = признак или шаблоны, а не комментарий
weights-expect-feature = «feature OPENING ENDING NAME»
weights-expect-patterns = «patterns REGIONS ARRANGEMENTS»
weights-wrong-feature = признак { $index } — «{ $found }», а в оценке — «{ $name }»
weights-missing-features = признаков { $found }, а в оценке их { $features }
weights-wrong-shape = шаблоны: { $regions } областей по { $arrangements } расположений, а в оценке { $eval_regions } по { $eval_arrangements }
weights-wrong-length = таблица шаблонов занимает { $expected } байт, а за ней { $found }
weights-too-large = вес шаблона { $weight } (область { $region }, расположение { $arrangement }) больше ±{ $limit }

## Движок для CheckerBoard (src/app/checkerboard): окно «о программе», справка, строка состояния

cb-about = shashki { $version }: русские шашки, движок для CheckerBoard
    { $kb }
    { $tables }
    Лицензия MIT. Справка: Engine > Engine Help.
cb-about-kb = база знаний: { $parts } (фактов: { $facts })
cb-about-no-kb = база знаний: выключена (book 0)
cb-about-tables = эндшпильные таблицы: до { $pieces } фигур, { $dir }
cb-about-builtin-tables = эндшпильные таблицы: встроенные окончания с дамками
cb-help-file = shashki_checkerboard.ru.html
cb-progress = глубина { $depth }  { $score }  позиций { $nodes }  { $line }
cb-no-move = хода нет: партия окончена
cb-bad-board = это не позиция русских шашек: { $reason }
cb-bad-color = очередь хода { $code }: ни белые (1), ни чёрные (2)
cb-bad-square = на поле [{ $x }][{ $y }] стоит { $code }: это не фигура на тёмном поле
cb-book-values = book: 0 (выключено) или от 1 до 3 (включено)
cb-db-mbytes-values = dbmbytes: мегабайты, 0 — без ограничения
